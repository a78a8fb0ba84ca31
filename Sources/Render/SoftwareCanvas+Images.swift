import GameCore
import Stage

extension SoftwareCanvas {
    // MARK: - Images

    public func imageSize(_ name: String) -> Size? {
        imageStore.size(of: name)
    }

    /// The picture drawn for an image at this scale (its @Nx version when there is one) and
    /// its key; NAME#mirror is that picture flipped left to right, NAME#flip upside down.
    private func picture(_ name: String) -> (key: String, buffer: PixelBuffer)? {
        for suffix in [Self.mirrorSuffix, Self.flipSuffix] where name.hasSuffix(suffix) {
            guard let (key, buffer) = picture(String(name.dropLast(suffix.count))) else { return nil }
            let flippedKey = key + suffix
            return (flippedKey, imageStore.flipped(flippedKey, buffer, vertically: suffix == Self.flipSuffix, frame: frameNumber))
        }
        if let scale = imageStore.variantScale[name] {
            let key = Self.variant(name, scale)
            if let buffer = imageStore.picture(key: key, frame: frameNumber) { return (key, buffer) }
        }
        return imageStore.picture(key: name, frame: frameNumber).map { (name, $0) }
    }

    static let mirrorSuffix = "#mirror"
    static let flipSuffix = "#flip"

    public func image(_ name: String, in frame: Rect, _ options: ImageOptions) {
        if layerCache.recording { layerCache.recorded.append(.image(name, frame, options)); return }
        drawImage(name, in: frame, options, background: false)
    }

    /// `background`: a full-screen background's piece, whose sprite is kept while the screen
    /// keeps its size (see "Backgrounds made ahead").
    private func drawImage(_ name: String, in frame: Rect, _ options: ImageOptions, background: Bool) {
        guard options.alpha > 0.004, let (key, picture) = picture(name),
              let logicalSize = imageSize(String(name.prefix { $0 != "#" })) else { return }
        // Placed in logical units by the image's 1x size, drawn from the @Nx picture at real size.
        let fitted = viewport.toReal(frame.aspectFit(logicalSize).scaled(options.scaleX, options.scaleY))
        let size = Size(Double(picture.width), Double(picture.height))
        let modulation = Modulation(alpha: UInt8((options.alpha.clamped(0, 1) * 255).rounded()), tint: options.tint)
        let scaled = abs(fitted.width - size.width) > 0.5 || abs(fitted.height - size.height) > 0.5
        guard scaled || options.rotation != 0 else {
            put(picture, at: fitted.origin, modulation)
            return
        }
        guard fitted.width >= 1, fitted.height >= 1 else { return }
        // Sizes snap to even pixels so animations reuse their sprites from one run to the next.
        let width = 2 * Int((fitted.width / 2).rounded()), height = 2 * Int((fitted.height / 2).rounded())
        let small = !background && width * height <= Self.smallSprite
        let spriteKey = SpriteKey(name: key, width: width, height: height,
                                  degrees: small ? Self.steppedDegrees(options.rotation, width: width, height: height)
                                                 : Int(options.rotation.rounded()))
        if let sprite = background ? backgroundSprite(for: spriteKey, from: picture) : sprite(for: spriteKey, from: picture, keepAtOnce: small || options.keep) {
            put(sprite, at: Point(fitted.midX - Double(sprite.width) / 2, fitted.midY - Double(sprite.height) / 2), modulation)
        } else {
            // Resampled straight into the frame, at the exact size and angle.
            let w = fitted.width, h = fitted.height
            drawOp(.transformed(source(key, picture, scale: min(w / size.width, h / size.height)),
                                centerX: fitted.midX, centerY: fitted.midY, width: w, height: h, degrees: options.rotation, modulation))
        }
    }

    /// The visible area in logical units (x or y negative beyond a 4:3 screen).
    public var visibleRect: Rect { viewport.visibleRect }

    /// A full-screen picture in `frame`. The scenes draw the picture made for the canvas's
    /// shape, covering it (SceneBackgrounds); where the screen goes beyond the canvas (a
    /// window dragged to another shape) the frame's clear colour shows, never a mirrored copy.
    public func background(_ name: String, in frame: Rect, _ options: ImageOptions) {
        if layerCache.recording { layerCache.recorded.append(.background(name, frame, options)); return }
        for (piece, at) in backgroundPieces(name, in: frame) { drawImage(piece, in: at, options, background: true) }
    }

    /// The images a background is drawn from: itself in `frame`.
    func backgroundPieces(_ name: String, in frame: Rect) -> [(String, Rect)] {
        [(name, frame)]
    }
}
