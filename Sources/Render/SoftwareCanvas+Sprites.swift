import GameCore

extension SoftwareCanvas {
    // MARK: - Sprite cache
    //
    // A scaled or turned image is resampled into a sprite of that size (snapped to even
    // pixels) and angle (whole degrees). A sprite asked for again the next frame (a balloon
    // swaying slowly, a card) is kept and from then on copied 1:1; a big one whose size or
    // angle changes every frame (a balloon turning fast) is resampled each frame and never
    // pushes out the sprites in use. The cache is bounded by bytes and evicts what was used
    // least recently.
    //
    // Two kinds are kept from their first use instead. A small picture (a sparkle, a star: at
    // most `smallSprite` pixels), turned in the coarsest steps of whole degrees that move none
    // of its pixels more than one pixel from where the exact angle puts them: a sparkle
    // spinning through a pop is then a few dozen sprites copied again at every pop, not a
    // resampling every frame (they were a fifth of a Balloons Hard frame's instructions). And
    // a picture drawn with `ImageOptions.keep` (the pop burst, growing in fixed steps).

    struct SpriteKey: Hashable {
        let name: String
        let width: Int
        let height: Int
        let degrees: Int
        /// At most `smallSprite` pixels asked for (its turned box may hold more).
        var isSmall: Bool { width * height <= SoftwareCanvas.smallSprite }
    }
    struct CachedSprite {
        let buffer: PixelBuffer
        var lastUsed: Int
    }
    /// Enough for every balloon at every sway angle plus the pop animations.
    static let spriteBudget = 8 << 20
    /// The budget at this scale: sprites grow with its square, plus room for three screens'
    /// worth (every balloon at every sway angle at 1920x1080 is 22 MB). (The scaled
    /// backgrounds are kept apart, see "Backgrounds made ahead".)
    private var spriteBudget: Int {
        viewport.isIdentity ? Self.spriteBudget
            : Int(Double(Self.spriteBudget) * max(1, viewport.scale * viewport.scale)) + 3 * frame.byteCount
    }

    /// At most this many pixels (64 × 64), a sprite is small: kept from its first use, its
    /// angle stepped (`steppedDegrees`).
    nonisolated static let smallSprite = 64 * 64

    /// `degrees` in the coarsest whole-degree steps that keep every pixel of a `width` ×
    /// `height` sprite within one pixel of its exact place (a corner at distance r from the
    /// centre moves r × step / 2 at most), as 0..<360.
    nonisolated static func steppedDegrees(_ degrees: Double, width: Int, height: Int) -> Int {
        let radius = max(1, (Double(width * width + height * height)).squareRoot() / 2)
        let step = max(1, Int((2 / radius * 180 / .pi).rounded(.down)))
        let stepped = Int((degrees / Double(step)).rounded()) * step
        return (stepped % 360 + 360) % 360
    }

    /// The cached sprite, or a new one if this key was also asked for in the last frame (or
    /// `keepAtOnce`: a small one); nil for a one-off.
    func sprite(for key: SpriteKey, from picture: PixelBuffer, keepAtOnce: Bool = false) -> PixelBuffer? {
        if let cached = spriteCache.cached(key, frame: frameNumber) { return cached }
        // One the worker made ahead (`prepareBackgrounds(_:pictures:)`) is taken at once.
        let made: PixelBuffer
        if let ready = spriteMadeAhead(key) {
            spriteCache.picturesMadeAhead += 1
            made = ready
        } else {
            if !keepAtOnce {
                guard spriteCache.askedAgain(key, frame: frameNumber) else { return nil }
            }
            spriteCache.spritesResampled += 1
            made = resampled(picture, to: key)
        }
        spriteCache.keep(made, for: key, frame: frameNumber, budget: spriteBudget)
        return made
    }

    /// `source` resampled to the key's size and angle.
    nonisolated static func makeSprite(_ key: SpriteKey, from source: PixelBuffer, opaque: Bool) -> PixelBuffer {
        let made = Pixels.transformed(source, width: Double(key.width), height: Double(key.height), degrees: Double(key.degrees))
        // An opaque picture scaled upright (a background) stays opaque: copied, not blended.
        if opaque && key.degrees % 360 == 0 { made.opaque = made.isAllOpaque } else { made.findSpans() }
        return made
    }

    /// How many times `picture` is halved before drawing it at `scale` needs no more than
    /// halving again.
    nonisolated static func halvings(of picture: PixelBuffer, scale: Double) -> Int {
        var scale = scale, level = 0
        while scale < 0.5 && picture.width >> (level + 1) >= 2 && picture.height >> (level + 1) >= 2 {
            scale *= 2
            level += 1
        }
        return level
    }

    /// The scale at which `picture` fills the sprite `key`.
    nonisolated static func scale(of picture: PixelBuffer, toFill key: SpriteKey) -> Double {
        min(Double(key.width) / Double(picture.width), Double(key.height) / Double(picture.height))
    }

    /// `picture` resampled to the sprite `key`, from its halvings (kept in `halvings`).
    func resampled(_ picture: PixelBuffer, to key: SpriteKey) -> PixelBuffer {
        Self.makeSprite(key, from: source(key.name, picture, scale: Self.scale(of: picture, toFill: key)), opaque: picture.opaque)
    }

    /// The picture, halved until drawing it at `scale` needs no more than halving again.
    func source(_ name: String, _ picture: PixelBuffer, scale: Double) -> PixelBuffer {
        let level = Self.halvings(of: picture, scale: scale)
        guard level > 0 else { return picture }
        return imageStore.halved(name, picture, level: level)
    }
}
