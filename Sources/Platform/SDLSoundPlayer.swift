import CSDL2
import GameCore
import Glibc
import Stage
import SystemIO

/// Plays the game's sounds through SDL_mixer on two paths: effects (every sound decoded once
/// at start-up, on any free mixer channel) and the voice (SDL_mixer's music stream: a spoken
/// line is streamed from its file as it plays, one at a time). Effects play at a lower volume
/// while a voice speaks.
@MainActor
public final class SDLSoundPlayer: SoundPlayer {
    private var chunks: [Sound: UnsafeMutablePointer<Mix_Chunk>] = [:]
    public private(set) var isSilent = false
    /// Effects while a voice speaks: this fraction of their volume.
    private static let duckedLevel = 0.35
    private let volume: Double
    private let warn: (String) -> Void
    private let soundDirectory: String
    /// The effects are decoded (or the mixer is closed, or never opened): `loadEffects` is done.
    private var effectsLoaded = false

    /// Opens the audio device. With none, falls back to SDL's dummy driver and says so once
    /// through `warn` (instead of ALSA's eight lines of noise).
    public init(soundDirectory: String, volume: Double = 1, warn: @escaping (String) -> Void) throws {
        self.volume = volume.clamped(0, 1)
        self.warn = warn
        self.soundDirectory = soundDirectory
        if !Self.open() {
            let reason = String(cString: SDL_GetError())
            SDL_QuitSubSystem(SDL_INIT_AUDIO)
            SDL_SetHint(SDL_HINT_AUDIODRIVER, "dummy")
            isSilent = true
            warn("no audio device (\(reason.isEmpty ? "none found" : reason)); playing silently")
            guard Self.open() else { effectsLoaded = true; return }
        }
        Mix_AllocateChannels(16)
        Mix_Volume(-1, level(1))
    }

    /// Decodes every effect into memory (the OGG files take about 25 ms), so that each plays
    /// at once. The game calls it right after its first frame is shown, which it would
    /// otherwise delay; an effect asked for before that loads them all first.
    public func loadEffects() {
        guard !effectsLoaded else { return }
        effectsLoaded = true
        var unreadable: [String] = []
        for sound in Sound.allCases {
            let path = "\(soundDirectory)/\(sound.rawValue).\(AssetManifest.soundExtension)"
            // A damaged sound is left out (silent), like a missing audio device: said once.
            if let problem = SystemFiles.problem(path, limit: SystemFiles.Limit.sound) {
                unreadable.append(problem)
                continue
            }
            guard let chunk = Mix_LoadWAV_RW(SDL_RWFromFile(path, "rb"), 1) else {
                unreadable.append("\(path) (\(String(cString: SDL_GetError())))")
                continue
            }
            chunks[sound] = chunk
        }
        if !unreadable.isEmpty { warn("cannot load sound \(unreadable.joined(separator: ", ")); it stays silent") }
    }

    private func level(_ fraction: Double) -> Int32 {
        Int32((volume * fraction * Double(MIX_MAX_VOLUME)).rounded())
    }

    /// Opens the mixer with stderr silenced (ALSA prints to it directly when there is no card).
    private static func open() -> Bool {
        if SDL_WasInit(SDL_INIT_AUDIO) == 0 && SDL_InitSubSystem(SDL_INIT_AUDIO) != 0 { return false }
        let saved = dup(2)
        let devnull = Glibc.open("/dev/null", O_WRONLY)
        if devnull >= 0 { dup2(devnull, 2); Glibc.close(devnull) }
        let result = Mix_OpenAudio(44_100, kjc_audio_format_default(), 2, 1024)
        if saved >= 0 { dup2(saved, 2); Glibc.close(saved) }
        return result == 0
    }

    public func play(_ sound: Sound) {
        loadEffects()
        guard let chunk = chunks[sound] else { return }
        Mix_PlayChannelTimed(-1, chunk, 0, -1)
    }

    /// A spoken line is streamed (SDL_mixer's music stream, decoded bit by bit on the audio
    /// thread): opening the file reads only its header, so saying a line costs the frame well
    /// under a millisecond (decoding a whole clip first took 9 to 12 ms, a late frame).
    /// A voice is Ogg Vorbis only: SDL_mixer is told so (`MUS_OGG`) instead of sniffing the
    /// format, so a tracker module or a WAV named `.ogg` is refused, never played as a line.
    /// A file that cannot be played is said once (the line may come back many times).
    public func playVoice(_ clip: VoiceClip) -> Bool {
        // SDL_mixer opens the file itself: a FIFO would hang the frame, a huge file fill memory.
        if let problem = SystemFiles.problem(clip.path, limit: SystemFiles.Limit.sound) {
            warnOnce(clip.path, "cannot play voice \(clip.path) (\(problem))")
            return false
        }
        guard let rw = SDL_RWFromFile(clip.path, "rb"), let music = Mix_LoadMUSType_RW(rw, MUS_OGG, 1) else {
            warnOnce(clip.path, "cannot play voice \(clip.path) (it is not Ogg Vorbis, or damaged: \(String(cString: SDL_GetError())))")
            return false
        }
        stopVoice()
        voice = music
        Mix_VolumeMusic(level(1))
        return Mix_PlayMusic(music, 0) == 0
    }

    /// The line being said (or said last), freed when the next one starts.
    private var voice: OpaquePointer?
    /// Voice files already said to be unplayable.
    private var unplayable: Set<String> = []

    private func warnOnce(_ path: String, _ message: String) {
        if unplayable.insert(path).inserted { warn(message) }
    }

    public func stopVoice() {
        Mix_HaltMusic()
        if let voice { Mix_FreeMusic(voice) }
        voice = nil
    }

    public func setEffectsDucked(_ ducked: Bool) {
        Mix_Volume(-1, level(ducked ? Self.duckedLevel : 1))
    }

    public func close() {
        effectsLoaded = true
        Mix_HaltChannel(-1)
        for chunk in chunks.values { Mix_FreeChunk(chunk) }
        stopVoice()
        chunks.removeAll()
        Mix_CloseAudio()
    }
}
