import GameCore
import Stage

extension SoftwareCanvas {
    // MARK: - Layer cache
    //
    // A layer is a full-screen picture of what a closure draws (a game's still background,
    // the scenes beneath an overlay). Scenes say what to keep, never when it is stale: the
    // closure runs every frame, but while it runs its drawing calls are only recorded (their
    // arguments: no text is rasterized, no image looked at, no pixel touched) and compared
    // with the calls the kept picture was drawn from. Equal, the picture is copied; different,
    // the recorded calls are drawn into it. Text and images are recorded by what names their
    // pixels (string, style, colours and alpha; image name, frame and options), and the
    // images and fonts never change while the game runs, so equal calls draw equal pixels.

    /// One drawing call, with its arguments.
    enum RecordedCall: Equatable {
        case clear(Color)
        case fill(Rect, Color)
        case rounded(Rect, radius: Double, Color)
        case stroke(Rect, radius: Double, width: Double, Color)
        case circle(Point, radius: Double, Color)
        case line(Point, Point, width: Double, Color)
        case image(String, Rect, ImageOptions)
        case background(String, Rect, ImageOptions)
        case text(String, TextStyle, at: Point, align: TextAlign, color: Color, outline: Color?, alpha: Double)
        /// A layer inside the one recorded (a game's background beneath an overlay): its
        /// calls are the next `count`.
        case layer(String, count: Int)
    }

    struct Layer {
        let buffer: PixelBuffer
        /// What `buffer` shows, as the calls that drew it (nil: not drawn yet).
        var calls: [RecordedCall]?
        var lastUsed: Int
    }

    /// Full-screen layers are 3 MB each: two at most (a game's background and what lies
    /// beneath an overlay).
    static let layerLimit = 2

    public func layer(_ id: String, _ draw: () -> Void) {
        if layerCache.recording {
            let marker = layerCache.recorded.count
            layerCache.recorded.append(.layer(id, count: 0))
            draw()
            layerCache.recorded[marker] = .layer(id, count: layerCache.recorded.count - marker - 1)
            return
        }
        layerCache.recording = true
        draw()
        layerCache.recording = false
        show(id, layerCache.recorded[...])
        layerCache.recorded.removeAll(keepingCapacity: true)
    }

    /// Draws the layer `id` showing `calls` into the current target: copies its picture, after
    /// drawing it again if it shows other calls.
    private func show(_ id: String, _ calls: ArraySlice<RecordedCall>) {
        if var kept = layerCache.layers[id], let drawn = kept.calls, drawn.elementsEqual(calls) {
            kept.lastUsed = frameNumber
            layerCache.layers[id] = kept
            drawOp(.draw(kept.buffer, x: 0, y: 0, .none))
            return
        }
        if let kept = layerCache.layers[id], kept.lastUsed == frameNumber, kept.calls != nil {
            // Already shown this frame with other drawing: the frame's list still holds that
            // picture, so this drawing goes straight to the target, uncached.
            replay(calls)
            return
        }
        let buffer: PixelBuffer
        if let kept = layerCache.layers[id] {
            buffer = kept.buffer
        } else {
            if layerCache.layers.count >= Self.layerLimit,
               let victim = layerCache.layers.filter({ !layerCache.redrawing.contains($0.key) }).min(by: { $0.value.lastUsed < $1.value.lastUsed })?.key {
                layerCache.layers[victim] = nil
            }
            buffer = PixelBuffer(width: frame.width, height: frame.height, opaque: true)
        }
        layerCache.layers[id] = Layer(buffer: buffer, calls: nil, lastUsed: frameNumber)
        layerCache.layerRedraws += 1
        buffer.version += 1
        layerCache.redrawing.append(id)
        let previousTarget = target, previousOps = drawing.ops
        target = buffer
        drawing.ops = []
        // (As a frame: beyond 4:3 what the calls leave undrawn shows the page colour.)
        if !viewport.isIdentity { drawOp(.fill(buffer.bounds, Pixels.pixel(letterbox))) }
        replay(calls)
        let list = drawing.ops
        target = previousTarget
        drawing.ops = previousOps
        run(list, on: buffer)
        layerCache.redrawing.removeLast()
        layerCache.layers[id]?.calls = Array(calls)
        drawOp(.draw(buffer, x: 0, y: 0, .none))
    }

    /// Draws recorded calls into the current target.
    private func replay(_ calls: ArraySlice<RecordedCall>) {
        var i = calls.startIndex
        while i < calls.endIndex {
            switch calls[i] {
            case .clear(let color): clear(color)
            case .fill(let rect, let color): fill(rect, color)
            case .rounded(let rect, let radius, let color): fillRounded(rect, radius: radius, color)
            case .stroke(let rect, let radius, let width, let color): strokeRounded(rect, radius: radius, width: width, color)
            case .circle(let center, let radius, let color): fillCircle(center: center, radius: radius, color)
            case .line(let a, let b, let width, let color): line(from: a, to: b, width: width, color)
            case .image(let name, let frame, let options): image(name, in: frame, options)
            case .background(let name, let frame, let options): background(name, in: frame, options)
            case .text(let string, let style, let at, let align, let color, let outline, let alpha):
                text(string, style, at: at, align: align, color: color, outline: outline, alpha: alpha)
            case .layer(let id, let count):
                show(id, calls[(i + 1)..<(i + 1 + count)])
                i += count
            }
            i += 1
        }
    }
}
