import Dispatch
import GameCore
import Stage

// The parts of `SoftwareCanvas`, each owning the state of one job (issue #49): the canvas
// holds one of each (a `let`, read directly: no lookup on the frame path) and is the facade
// the scenes draw through (Stage's `Canvas`). What a part does with its own fields alone
// (forgetting what was not used for a while, its bytes) is its own method; the jobs that join
// several parts (drawing an image: its picture, a sprite, the frame's list) are the canvas's,
// in its extension files.

/// The images (SoftwareCanvas+Loading, +Images): the pictures loaded, the @Nx set drawn
/// now, compressed backgrounds and what is made from the pictures (halvings, mirrored copies).
@MainActor
final class ImageStore {
    /// The @Nx set of images drawn at this viewport's scale (1: the images themselves).
    var imageScale = 1
    /// The images folder and names, for loading another @Nx set when the scale changes.
    var imageDirectory = ""
    var imageNames: [String] = []
    var keptCompressed: Set<String> = []
    /// Names that have an @2x or @3x file, by scale.
    var variantNames: [Int: Set<String>] = [:]
    /// The @Nx picture each image is drawn from now (absent: its 1x picture): the nearest
    /// larger set there is, or for an image without (or with an unreadable) file in it, the
    /// next smaller one.
    var variantScale: [String: Int] = [:]
    var images: [String: PixelBuffer] = [:]
    /// Backgrounds kept as QOI bytes, decoded into `images` while in use.
    var compressed: [String: (bytes: [UInt8], size: Size)] = [:]
    var decodedUse: [String: Int] = [:]
    /// Images halved again and again, for drawing far below their size without aliasing.
    var halvings: [String: [PixelBuffer]] = [:]
    /// Mirrored backgrounds (`background`), made when first drawn, freed when unused.
    var mirrored: [String: (buffer: PixelBuffer, lastUsed: Int)] = [:]

    /// The pictures loaded now (decoded or kept compressed), by key (NAME or NAME@Nx).
    var loadedKeys: [String] { Array(images.keys) + Array(compressed.keys) }

    /// Whether a picture is loaded under `key`.
    func has(_ key: String) -> Bool { images[key] != nil || compressed[key] != nil }

    /// Adds a picture under `key`, unless one is there.
    func add(_ key: String, _ picture: LoadedSetPicture) {
        guard !has(key) else { return }
        switch picture {
        case .qoi(let bytes, let size): compressed[key] = (bytes: bytes, size: size)
        case .pixels(let buffer): images[key] = buffer
        }
    }

    /// A loaded picture's size (of its decoded pixels or its compressed file).
    func size(of key: String) -> Size? {
        images[key].map { Size(Double($0.width), Double($0.height)) } ?? compressed[key]?.size
    }

    /// A loaded image by key (a name or NAME@Nx), decoding a compressed background when it
    /// is first drawn again (`frame`: now).
    func picture(key name: String, frame: Int) -> PixelBuffer? {
        guard let packed = compressed[name] else { return images[name] }
        decodedUse[name] = frame
        if let picture = images[name] { return picture }
        // The bytes decoded once at start-up, so this cannot fail short of memory corruption.
        guard let picture = try? QOI.decode(packed.bytes) else { return nil }
        images[name] = picture
        return picture
    }

    /// `buffer` (the picture of `key`) flipped, made once and kept while it is used.
    func flipped(_ key: String, _ buffer: PixelBuffer, vertically: Bool, frame: Int) -> PixelBuffer {
        if let made = mirrored[key] {
            mirrored[key]?.lastUsed = frame
            return made.buffer
        }
        let flipped = Pixels.mirrored(buffer, vertically: vertically)
        mirrored[key] = (flipped, frame)
        return flipped
    }

    /// `picture` (the image `name`) halved `level` times, the halvings kept.
    func halved(_ name: String, _ picture: PixelBuffer, level: Int) -> PixelBuffer {
        var levels = halvings[name] ?? []
        while levels.count < level { levels.append(Pixels.halved(levels.last ?? picture)) }
        halvings[name] = levels
        return levels[level - 1]
    }

    /// The @Nx sets that have files (2, 3).
    var variantSets: [Int] { [2, 3].filter { !(variantNames[$0] ?? []).isEmpty } }

    /// Drops the @Nx pictures loaded (and the halvings) and draws from the `wanted` set from now on.
    func switchScale(to wanted: Int) {
        for key in Array(images.keys) + Array(compressed.keys) where key.contains("@") {
            images[key] = nil
            compressed[key] = nil
            decodedUse[key] = nil
        }
        halvings.removeAll()
        imageScale = wanted
        variantScale.removeAll()
    }

    /// Frees mirrored copies and decoded backgrounds unused since `frame - idle`.
    func forgetIdle(frame: Int, idle: Int) {
        mirrored = mirrored.filter { frame - $0.value.lastUsed <= idle }
        for (name, used) in decodedUse where frame - used > idle {
            images[name] = nil
            decodedUse[name] = nil
        }
    }

    func removeAll() {
        images.removeAll(); compressed.removeAll(); decodedUse.removeAll(); halvings.removeAll(); mirrored.removeAll()
    }

    /// Bytes held by the pictures, their halvings and mirrored copies.
    var byteCount: Int {
        images.values.reduce(0) { $0 + $1.byteCount } + halvings.values.joined().reduce(0) { $0 + $1.byteCount }
            + mirrored.values.reduce(0) { $0 + $1.buffer.byteCount }
    }
}

/// The text (SoftwareCanvas+Text, +Bidi): the font files, the open fonts, the lines measured
/// and the rasterized lines.
@MainActor
final class TextPictures {
    /// The font files: regular and bold.
    let fontFiles: (regular: String, bold: String)
    /// Scheherazade's regular and bold files, for the Arabic runs of a line (SoftwareCanvas+Bidi).
    var arabicFontFiles: (regular: String, bold: String)?
    /// The text style opened with the fonts at load time, so the first frame does not stall.
    let warmUpText: TextStyle
    /// One open font per file and outline, set to the size asked for: every TTF_Font holds
    /// its own FreeType face and HarfBuzz copies of the font's tables (half a megabyte), so
    /// one per text size cost 7 MB.
    var fonts: [SoftwareCanvas.FontKey: (font: OpaquePointer, size: Int, outline: Int32)] = [:]
    var measured: [SoftwareCanvas.TextKey: Size] = [:]
    var cache: [SoftwareCanvas.TextKey: SoftwareCanvas.CachedText] = [:]

    init(fontFiles: (regular: String, bold: String), warmUpText: TextStyle) {
        self.fontFiles = fontFiles
        self.warmUpText = warmUpText
    }

    /// A line rasterized before, marked used at `frame`.
    func cached(_ key: SoftwareCanvas.TextKey, frame: Int) -> PixelBuffer? {
        guard var cached = cache[key] else { return nil }
        cached.lastUsed = frame
        cache[key] = cached
        return cached.buffer
    }

    func keep(_ picture: PixelBuffer, for key: SoftwareCanvas.TextKey, frame: Int) {
        cache[key] = SoftwareCanvas.CachedText(buffer: picture, lastUsed: frame)
    }

    /// Remembers a measured size (forgetting all past a thousand).
    func remember(_ size: Size, for key: SoftwareCanvas.TextKey) {
        if measured.count > 1000 { measured.removeAll() }
        measured[key] = size
    }

    /// Past `SoftwareCanvas.textCacheLimit` lines, those unused for 30 frames go.
    func trim(frame: Int) {
        guard cache.count > SoftwareCanvas.textCacheLimit else { return }
        cache = cache.filter { frame - $0.value.lastUsed <= 30 }
    }

    var byteCount: Int { cache.values.reduce(0) { $0 + $1.buffer.byteCount } }
}

/// The frame's list (SoftwareCanvas+Drawing, +Damage): what is listed during a frame, what
/// the frame shows, where the last frame changed it, and the drawing threads' scratch.
@MainActor
final class DrawList {
    /// Set between `beginFrame` and `endFrame`: drawing into the frame is listed.
    var listing = false
    var ops: [SoftwareCanvas.DrawOp] = []
    /// Reused by one-off resampling with a fade or tint.
    var scratch: [UInt32] = []
    /// The same for each drawing thread, kept from frame to frame: a new one each frame was
    /// a fresh mapping of up to 220 kB (a fading burst), its pages cleared by the kernel
    /// every frame.
    let threadScratch = SoftwareCanvas.ThreadScratch(count: SoftwareCanvas.drawThreads)
    /// The operations the frame shows, with the version each picture had then.
    var shown: [(op: SoftwareCanvas.DrawOp, version: Int)] = []
    /// False until the frame holds a whole drawn list (new frame, resize).
    var shownValid = false
    /// Where the last drawn frame changed, in real pixels (empty: nothing changed).
    var damage: [IRect] = []
    /// Pixels drawn into the frame since start (a still screen adds 0).
    var redrawnPixels = 0
    /// Frames whose list changed nothing.
    var unchangedFrames = 0
}

/// The layer cache (SoftwareCanvas+Layers): the kept layers and the calls being recorded.
@MainActor
final class LayerCache {
    var layers: [String: SoftwareCanvas.Layer] = [:]
    /// True while a layer's closure runs: drawing calls are recorded, not drawn.
    var recording = false
    var recorded: [SoftwareCanvas.RecordedCall] = []
    /// Layers being redrawn (a layer and the layers inside it), never evicted for another.
    var redrawing: [String] = []
    /// How many times a layer's picture was drawn again (for tests and profiles).
    var layerRedraws = 0

    /// Frees the layers unused since `frame - idle`.
    func forgetIdle(frame: Int, idle: Int) {
        layers = layers.filter { frame - $0.value.lastUsed <= idle }
    }

    var byteCount: Int { layers.values.reduce(0) { $0 + $1.buffer.byteCount } }
}

/// The sprite cache (SoftwareCanvas+Sprites): scaled and turned pictures, and the sizes
/// asked for in the last frames.
@MainActor
final class SpriteCache {
    var sprites: [SoftwareCanvas.SpriteKey: SoftwareCanvas.CachedSprite] = [:]
    var spriteRequests: [SoftwareCanvas.SpriteKey: Int] = [:]
    var spriteBytes = 0
    /// Sprites of the pictures made ahead taken from the worker at their first use.
    var picturesMadeAhead = 0
    /// Sprites resampled while drawing (not made ahead): the benchmark's CSV has them per frame.
    var spritesResampled = 0

    func removeAll() {
        sprites.removeAll(); spriteRequests.removeAll(); spriteBytes = 0
    }

    /// A sprite made before, marked used at `frame`.
    func cached(_ key: SoftwareCanvas.SpriteKey, frame: Int) -> PixelBuffer? {
        guard var cached = sprites[key] else { return nil }
        cached.lastUsed = frame
        sprites[key] = cached
        return cached.buffer
    }

    /// Notes that `key` was asked for at `frame`: true when it was also asked for in the
    /// frame before (or this one).
    func askedAgain(_ key: SoftwareCanvas.SpriteKey, frame: Int) -> Bool {
        guard let previous = spriteRequests.updateValue(frame, forKey: key) else { return false }
        return frame - previous <= 1
    }

    /// Keeps a new sprite; past `budget` bytes, evicts (`evict`).
    func keep(_ made: PixelBuffer, for key: SoftwareCanvas.SpriteKey, frame: Int, budget: Int) {
        sprites[key] = SoftwareCanvas.CachedSprite(buffer: made, lastUsed: frame)
        spriteBytes += made.byteCount
        if spriteBytes > budget { evict(budget: budget, frame: frame) }
    }

    /// Small sprites go first, least recently used first, then the big ones, down to three
    /// quarters of `budget`; none used in this frame. A star balloon's sparkles, spinning and
    /// twinkling, are a thousand small sprites (five megabytes at 1024x768): evicted in plain
    /// use order, they pushed out the swaying balloons' sprites, and the benchmark's busy sky
    /// resampled a 96x144 balloon again about every eighth frame. A sparkle has a twentieth
    /// of its pixels.
    func evict(budget: Int, frame: Int) {
        let order = sprites.sorted {
            $0.key.isSmall != $1.key.isSmall ? $0.key.isSmall : $0.value.lastUsed < $1.value.lastUsed
        }
        for (key, sprite) in order {
            guard spriteBytes > budget * 3 / 4 else { break }
            guard sprite.lastUsed < frame else { continue }
            sprites[key] = nil
            spriteBytes -= sprite.buffer.byteCount
        }
    }

    /// Forgets requests older than two frames and frees the sprites unused since `frame - idle`.
    func forgetIdle(frame: Int, idle: Int) {
        spriteRequests = spriteRequests.filter { frame - $0.value <= 2 }
        for (key, sprite) in sprites where frame - sprite.lastUsed > idle {
            sprites[key] = nil
            spriteBytes -= sprite.buffer.byteCount
        }
    }
}

/// The backgrounds and pictures made ahead on a worker (SoftwareCanvas+Backgrounds).
@MainActor
final class BackgroundsAhead {
    /// Background sprites at this screen size, never evicted.
    var backgroundSprites: [SoftwareCanvas.SpriteKey: PixelBuffer] = [:]
    /// What the worker made, for the screen size of `generation`.
    let madeAhead = SoftwareCanvas.BackgroundInbox()
    /// Counts screen sizes: work for an older one is thrown away.
    var sizeGeneration = 0
    /// The backgrounds and frames the scenes draw (`prepareBackgrounds`).
    var backgroundsAhead: [(name: String, frame: Rect)] = []
    /// The pictures drawn at fixed sizes (`prepareBackgrounds(_:pictures:)`).
    var picturesAhead: [PictureAhead] = []
    /// The pictures are still to be made at this size (after the next frame).
    var picturesDue = false
    let aheadWork = DispatchGroup()
    /// Background sprites made by the worker and by demand (for tests and profiles).
    var backgroundsMade = (ahead: 0, onDemand: 0)
}
