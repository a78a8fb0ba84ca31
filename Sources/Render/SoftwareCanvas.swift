import CSDL2
import Dispatch
import GameCore
import Stage

/// The game's renderer: the `Canvas` drawn in software into one 1024×768 premultiplied
/// picture (`frame`), which the app shows in its window (one texture upload a frame) or,
/// headless, saves for screenshots. `QOI` decodes the images and SDL_ttf rasterizes the
/// text; everything else is `Pixels`: images, cached text and sprites are blended
/// four pixels at a time, shapes are filled from cached anti-aliased coverage masks.
///
/// Why not SDL's own software renderer: it blends straight alpha one pixel at a time, about
/// 4.5 ns a pixel on this kind of machine and 10 ns with an alpha or colour modulation, so a
/// busy Balloons frame took 8-15 ms and a dimmed overlay 4 ms for the dimming alone. With
/// a GPU the window's renderer could do it, but the game must be smooth without one.
@MainActor
public final class SoftwareCanvas: Canvas {
    /// What the scenes drew, at the real pixel size of the screen (`viewport`).
    public private(set) var frame: PixelBuffer
    /// How the logical 1024×768 canvas maps onto `frame`'s real pixels.
    public private(set) var viewport = Viewport.logical
    /// The @Nx set of images drawn at this viewport's scale (1: the images themselves).
    public internal(set) var imageScale = 1
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
    /// What went wrong reading an @2x/@3x picture (the image is then drawn from a smaller
    /// one): said through `warn` as well.
    public private(set) var warnings: [String] = []
    /// Where warnings go (the app prints them on stderr).
    public var warn: ((String) -> Void)?
    func note(_ message: String) {
        warnings.append(message)
        warn?(message)
    }
    /// Mirrored backgrounds (`background`), made when first drawn, freed when unused.
    var mirrored: [String: (buffer: PixelBuffer, lastUsed: Int)] = [:]
    /// Where drawing goes now: the frame, or a layer being redrawn.
    var target: PixelBuffer
    var images: [String: PixelBuffer] = [:]
    /// Backgrounds kept as QOI bytes, decoded into `images` while in use.
    var compressed: [String: (bytes: [UInt8], size: Size)] = [:]
    var decodedUse: [String: Int] = [:]
    /// Images halved again and again, for drawing far below their size without aliasing.
    var halvings: [String: [PixelBuffer]] = [:]
    /// One open font per file and outline, set to the size asked for: every TTF_Font holds
    /// its own FreeType face and HarfBuzz copies of the font's tables (half a megabyte), so
    /// one per text size cost 7 MB.
    var fonts: [FontKey: (font: OpaquePointer, size: Int, outline: Int32)] = [:]
    /// Scheherazade's regular and bold files, for the Arabic runs of a line (SoftwareCanvas+Bidi).
    public var arabicFontFiles: (regular: String, bold: String)?
    var measured: [TextKey: Size] = [:]
    var textCache: [TextKey: CachedText] = [:]
    var frameNumber = 0
    /// The font files: regular and bold.
    let fontFiles: (regular: String, bold: String)

    /// `fonts` are the paths of the regular and bold font files (Platform's FontLocator).
    /// What shows where the screen goes beyond the scaled canvas (the scenes' paper colour).
    let letterbox: Color
    /// The text style opened with the fonts at load time, so the first frame does not stall.
    let warmUpText: TextStyle

    /// `letterbox` and `warmUpText` come from the scenes' theme (the renderer does not see
    /// Scenes).
    public init(fonts: (regular: String, bold: String), letterbox: Color, warmUpText: TextStyle) {
        fontFiles = fonts
        self.letterbox = letterbox
        self.warmUpText = warmUpText
        frame = PixelBuffer(width: Int(Canvas1024.width), height: Int(Canvas1024.height), opaque: true)
        target = frame
    }

    /// Draws at `width` × `height` real pixels from now on (the window's drawable size, or
    /// headless `--size`): the logical canvas is scaled by one factor and centred. Pictures
    /// made for another size (text, sprites, layers) are dropped.
    /// `keepImages`: keep the @Nx set loaded now (a 1024×768 screenshot of a window).
    public func resize(width: Int, height: Int, keepImages: Bool = false) throws {
        let next = Viewport(width: width, height: height)
        guard next != viewport else { return }
        viewport = next
        frame = PixelBuffer(width: next.width, height: next.height, opaque: true)
        target = frame
        shownValid = false
        textCache.removeAll()
        sprites.removeAll(); spriteRequests.removeAll(); spriteBytes = 0
        layers.removeAll()
        mirrored.removeAll()
        if !keepImages { try loadVariants() }
        startMakingBackgrounds()
    }

    func replaceFrame(_ next: PixelBuffer) {
        if target === frame { target = next }
        frame = next
    }

    /// Frees the pictures and closes the fonts (before TTF_Quit).
    public func destroy() {
        for f in fonts.values { TTF_CloseFont(f.font) }
        fonts.removeAll(); measured.removeAll()
        images.removeAll(); compressed.removeAll(); decodedUse.removeAll(); halvings.removeAll(); scratch = []; textCache.removeAll(); sprites.removeAll(); layers.removeAll(); masks.removeAll(); mirrored.removeAll()
        spriteBytes = 0
    }

    /// Called once per drawn frame: drops what was not used for a while (text beyond the
    /// limit, sprites and layers of a scene that is gone), so memory follows the screen.
    public func endFrame() {
        drawList()
        frameNumber += 1
        if picturesDue { startMakingPictures() }
        if frameNumber % 60 == 0 {
            spriteRequests = spriteRequests.filter { frameNumber - $0.value <= 2 }
            for (key, sprite) in sprites where frameNumber - sprite.lastUsed > Self.idleFrames {
                sprites[key] = nil
                spriteBytes -= sprite.buffer.byteCount
            }
            layers = layers.filter { frameNumber - $0.value.lastUsed <= Self.idleFrames }
            mirrored = mirrored.filter { frameNumber - $0.value.lastUsed <= Self.idleFrames }
            for (name, used) in decodedUse where frameNumber - used > Self.idleFrames {
                images[name] = nil
                decodedUse[name] = nil
            }
        }
        guard textCache.count > Self.textCacheLimit else { return }
        textCache = textCache.filter { frameNumber - $0.value.lastUsed <= 30 }
    }

    /// Sprites and layers unused for this many frames (5 s) are freed.
    static let idleFrames = 300

    public var cachedTextCount: Int { textCache.count }
    public var cachedSpriteCount: Int { sprites.count }
    public var cachedLayerCount: Int { layers.count }
    /// Bytes held by pictures (images, their halvings, sprites, text, layers and the frame).
    public var pictureBytes: Int {
        images.values.reduce(0) { $0 + $1.byteCount } + halvings.values.joined().reduce(0) { $0 + $1.byteCount }
            + scratch.count * 4
            + spriteBytes + textCache.values.reduce(0) { $0 + $1.buffer.byteCount }
            + layers.values.reduce(0) { $0 + $1.buffer.byteCount } + frame.byteCount
            + mirrored.values.reduce(0) { $0 + $1.buffer.byteCount }
    }

    // MARK: - The state of the jobs in the other files
    //
    // A class keeps its stored properties in its own body: the ones each job works on are
    // here. The jobs are extensions, a file each: SoftwareCanvas+Loading (the images from
    // their files, the @Nx sets), +Shapes, +Images, +Drawing (the frame's list, drawn on two
    // cores), +Damage, +Layers (the layer cache), +Sprites (the sprite cache), +Backgrounds
    // (made ahead), +Text (+Bidi: lines with Arabic), +Output (the window's pixels, PNG).

    // Shapes
    var masks: [MaskKey: CoverageMask] = [:]

    // Drawing, on two cores
    /// Set between `beginFrame` and `endFrame`: drawing into the frame is listed.
    var listing = false
    var ops: [DrawOp] = []
    /// Reused by one-off resampling with a fade or tint.
    var scratch: [UInt32] = []
    /// The same for each drawing thread, kept from frame to frame: a new one each frame was
    /// a fresh mapping of up to 220 kB (a fading burst), its pages cleared by the kernel
    /// every frame.
    let threadScratch = ThreadScratch(count: SoftwareCanvas.drawThreads)

    // Damage
    /// The operations the frame shows, with the version each picture had then.
    var shown: [(op: DrawOp, version: Int)] = []
    /// False until the frame holds a whole drawn list (new frame, resize).
    var shownValid = false
    /// Where the last drawn frame changed, in real pixels (empty: nothing changed). The
    /// window uploads only these.
    public internal(set) var damage: [IRect] = []
    /// Pixels drawn into the frame since start (for tests and profiles: a still screen adds 0).
    public internal(set) var redrawnPixels = 0
    /// Frames whose list changed nothing.
    public internal(set) var unchangedFrames = 0

    // Layer cache
    var layers: [String: Layer] = [:]
    /// True while a layer's closure runs: drawing calls are recorded, not drawn.
    var recording = false
    var recorded: [RecordedCall] = []
    /// Layers being redrawn (a layer and the layers inside it), never evicted for another.
    var redrawing: [String] = []
    /// How many times a layer's picture was drawn again (for tests and profiles).
    public internal(set) var layerRedraws = 0

    // Sprite cache
    var sprites: [SpriteKey: CachedSprite] = [:]
    var spriteRequests: [SpriteKey: Int] = [:]
    var spriteBytes = 0

    // Backgrounds made ahead
    /// Background sprites at this screen size, never evicted.
    var backgroundSprites: [SpriteKey: PixelBuffer] = [:]
    /// What the worker made, for the screen size of `generation`.
    let madeAhead = BackgroundInbox()
    /// Counts screen sizes: work for an older one is thrown away.
    var sizeGeneration = 0
    /// The backgrounds and frames the scenes draw (`prepareBackgrounds`).
    var backgroundsAhead: [(name: String, frame: Rect)] = []
    /// The pictures drawn at fixed sizes (`prepareBackgrounds(_:pictures:)`).
    var picturesAhead: [PictureAhead] = []
    /// Sprites of those pictures taken from the worker at their first use (tests, profiles).
    public internal(set) var picturesMadeAhead = 0
    /// Sprites resampled while drawing (not made ahead): the benchmark's CSV has them per frame.
    public internal(set) var spritesResampled = 0
    /// The pictures are still to be made at this size (after the next frame).
    var picturesDue = false
    let aheadWork = DispatchGroup()
    /// Background sprites made by the worker and by demand (for tests and profiles).
    public internal(set) var backgroundsMade = (ahead: 0, onDemand: 0)
}
