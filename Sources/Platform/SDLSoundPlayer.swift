import CSDL2
import GameCore
import Scenes
import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif

/// Plays the game's sounds through SDL_mixer, every sound loaded once at start-up.
@MainActor
public final class SDLSoundPlayer: SoundPlayer {
    private var chunks: [Sound: UnsafeMutablePointer<Mix_Chunk>] = [:]
    public private(set) var isSilent = false

    /// Opens the audio device. With none, falls back to SDL's dummy driver and says so once
    /// through `warn` (instead of ALSA's eight lines of noise).
    public init(soundDirectory: String, volume: Double = 1, warn: (String) -> Void) throws {
        if !Self.open() {
            let reason = String(cString: SDL_GetError())
            SDL_QuitSubSystem(SDL_INIT_AUDIO)
            SDL_SetHint(SDL_HINT_AUDIODRIVER, "dummy")
            isSilent = true
            warn("no audio device (\(reason.isEmpty ? "none found" : reason)); playing silently")
            guard Self.open() else { return }
        }
        Mix_AllocateChannels(16)
        Mix_Volume(-1, Int32((volume.clamped(0, 1) * Double(MIX_MAX_VOLUME)).rounded()))
        for sound in Sound.allCases {
            let path = "\(soundDirectory)/\(sound.rawValue).wav"
            guard let chunk = Mix_LoadWAV_RW(SDL_RWFromFile(path, "rb"), 1) else {
                throw AppError.fatal("cannot load sound \(path): \(String(cString: SDL_GetError()))")
            }
            chunks[sound] = chunk
        }
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
        guard let chunk = chunks[sound] else { return }
        Mix_PlayChannelTimed(-1, chunk, 0, -1)
    }

    public func close() {
        Mix_HaltChannel(-1)
        for chunk in chunks.values { Mix_FreeChunk(chunk) }
        chunks.removeAll()
        Mix_CloseAudio()
    }
}
