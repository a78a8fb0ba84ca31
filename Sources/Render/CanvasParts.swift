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
