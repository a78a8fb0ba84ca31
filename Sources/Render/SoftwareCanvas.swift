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
    /// Where drawing goes now: the frame, or a layer being redrawn.
    var target: PixelBuffer
    var frameNumber = 0
    /// What shows where the screen goes beyond the scaled canvas (the scenes' paper colour).
    let letterbox: Color
    /// What went wrong reading an @2x/@3x picture (the image is then drawn from a smaller
    /// one): said through `warn` as well.
    public private(set) var warnings: [String] = []
    /// Where warnings go (the app prints them on stderr).
    public var warn: ((String) -> Void)?
    func note(_ message: String) {
        warnings.append(message)
        warn?(message)
    }

    // MARK: - The parts, each owning the state of one job (CanvasParts)
    //
    // The jobs are extensions, a file each: SoftwareCanvas+Loading (the images from their
    // files, the @Nx sets) and +Images use `imageStore`; +Text and +Bidi `texts`; +Drawing
    // (the frame's list, drawn on two cores) and +Damage `drawing`; +Layers `layerCache`;
    // +Sprites `spriteCache`; +Backgrounds (made ahead) `ahead`; +Shapes the `masks` below;
    // +Output (the window's pixels, PNG) the frame.

    let imageStore = ImageStore()
    let texts: TextPictures
    let drawing = DrawList()
    let layerCache = LayerCache()
    let spriteCache = SpriteCache()
    let ahead = BackgroundsAhead()
    /// Shapes: anti-aliased discs and rings, made once.
    var masks: [MaskKey: CoverageMask] = [:]

    /// `fonts` are the paths of the regular and bold font files (Platform's FontLocator).
    /// `letterbox` and `warmUpText` come from the scenes' theme (the renderer does not see
    /// Scenes).
    public init(fonts: (regular: String, bold: String), letterbox: Color, warmUpText: TextStyle) {
        texts = TextPictures(fontFiles: fonts, warmUpText: warmUpText)
        self.letterbox = letterbox
        frame = PixelBuffer(width: Int(Canvas1024.width), height: Int(Canvas1024.height), opaque: true)
        target = frame
    }

    // What the tests and profiles read of the parts.

    /// The @Nx set of images drawn at this viewport's scale (1: the images themselves).
    public var imageScale: Int { imageStore.imageScale }
    /// Scheherazade's regular and bold files, for the Arabic runs of a line (SoftwareCanvas+Bidi).
    public var arabicFontFiles: (regular: String, bold: String)? {
        get { texts.arabicFontFiles }
        set { texts.arabicFontFiles = newValue }
    }
    /// Where the last drawn frame changed, in real pixels (empty: nothing changed). The
    /// window uploads only these.
    public var damage: [IRect] { drawing.damage }
    /// Pixels drawn into the frame since start (for tests and profiles: a still screen adds 0).
    public var redrawnPixels: Int { drawing.redrawnPixels }
    /// Frames whose list changed nothing.
    public var unchangedFrames: Int { drawing.unchangedFrames }
    /// How many times a layer's picture was drawn again (for tests and profiles).
    public var layerRedraws: Int { layerCache.layerRedraws }
    /// Sprites of the pictures made ahead taken from the worker at their first use (tests, profiles).
    public var picturesMadeAhead: Int { spriteCache.picturesMadeAhead }
    /// Sprites resampled while drawing (not made ahead): the benchmark's CSV has them per frame.
    public var spritesResampled: Int { spriteCache.spritesResampled }
    /// Background sprites made by the worker and by demand (for tests and profiles).
    public var backgroundsMade: (ahead: Int, onDemand: Int) { ahead.backgroundsMade }

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
        drawing.shownValid = false
        texts.cache.removeAll()
        spriteCache.removeAll()
        layerCache.layers.removeAll()
        imageStore.mirrored.removeAll()
        if !keepImages { try loadVariants() }
        startMakingBackgrounds()
    }

    func replaceFrame(_ next: PixelBuffer) {
        if target === frame { target = next }
        frame = next
    }

    /// Frees the pictures and closes the fonts (before TTF_Quit).
    public func destroy() {
        for f in texts.fonts.values { TTF_CloseFont(f.font) }
        texts.fonts.removeAll(); texts.measured.removeAll(); texts.cache.removeAll()
        imageStore.removeAll()
        drawing.scratch = []
        spriteCache.removeAll()
        layerCache.layers.removeAll()
        masks.removeAll()
    }

    /// Called once per drawn frame: drops what was not used for a while (text beyond the
    /// limit, sprites and layers of a scene that is gone), so memory follows the screen.
    public func endFrame() {
        drawList()
        frameNumber += 1
        if ahead.picturesDue { startMakingPictures() }
        if frameNumber % 60 == 0 {
            spriteCache.forgetIdle(frame: frameNumber, idle: Self.idleFrames)
            layerCache.forgetIdle(frame: frameNumber, idle: Self.idleFrames)
            imageStore.forgetIdle(frame: frameNumber, idle: Self.idleFrames)
        }
        texts.trim(frame: frameNumber)
    }

    /// Sprites and layers unused for this many frames (5 s) are freed.
    static let idleFrames = 300

    public var cachedTextCount: Int { texts.cache.count }
    public var cachedSpriteCount: Int { spriteCache.sprites.count }
    public var cachedLayerCount: Int { layerCache.layers.count }
    /// Bytes held by pictures (images, their halvings, sprites, text, layers and the frame).
    public var pictureBytes: Int {
        imageStore.byteCount + drawing.scratch.count * 4 + spriteCache.spriteBytes + texts.byteCount
            + layerCache.byteCount + frame.byteCount
    }
}
