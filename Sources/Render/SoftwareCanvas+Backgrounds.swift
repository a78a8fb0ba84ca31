import Dispatch
import GameCore
import Stage
import Synchronization

extension SoftwareCanvas {
    // MARK: - Backgrounds made ahead
    //
    // A full-screen background scaled to the screen is 1.5 million pixels at 1920×1080, 15 ms
    // of resampling each, and a game's first frame needs it and its mirrored copy: two late
    // frames. So the backgrounds the scenes draw (`prepareBackgrounds`) are made on a worker
    // thread as soon as the screen's size is known, by the same code as on demand (the same
    // pixels whether the worker was first or not), and kept while the size stays. So are the
    // steps of an animation drawn in fixed sizes (`prepareBackgrounds(_:pictures:)`: the pop's
    // burst, whose first use at 2560x1080 made a 100-400 px sprite a frame for 23 frames in a
    // row), once the first frame at that size is drawn, then kept in the sprite cache.

    final class BackgroundInbox: Sendable {
        let state = Mutex<(generation: Int, sprites: [SpriteKey: PixelBuffer])>((0, [:]))
        func withLock<R>(_ body: (inout (generation: Int, sprites: [SpriteKey: PixelBuffer])) -> R) -> R {
            state.withLock { body(&$0) }
        }
    }
    /// The sprites the worker made that wait to be drawn (tests).
    var madeAheadKeys: [SpriteKey] { ahead.madeAhead.withLock { Array($0.sprites.keys) } }
    /// Waits until the worker has made the backgrounds (tests).
    func waitForBackgroundsMadeAhead() { ahead.aheadWork.wait() }

    func backgroundSprite(for key: SpriteKey, from picture: PixelBuffer) -> PixelBuffer {
        if let kept = ahead.backgroundSprites[key] { return kept }
        if let ready = spriteMadeAhead(key) {
            ahead.backgroundSprites[key] = ready
            ahead.backgroundsMade.ahead += 1
            return ready
        }
        let made = resampled(picture, to: key)
        ahead.backgroundSprites[key] = made
        ahead.backgroundsMade.onDemand += 1
        return made
    }

    /// Makes the sprites of these backgrounds (names and the frames the scenes draw them in)
    /// and of these pictures at their sizes (an animation's steps, drawn with
    /// `ImageOptions.keep`) for this screen size on a worker thread, now and after each
    /// resize (the pictures once the next frame is drawn, so that start-up's first frame does
    /// not share the cores with them). The first use of each takes what the worker made
    /// instead of resampling.
    public func prepareBackgrounds(_ list: [(name: String, frame: Rect)], pictures: [PictureAhead] = []) {
        ahead.backgroundsAhead = list
        ahead.picturesAhead = pictures
        startMakingBackgrounds()
    }

    /// A sprite the worker made for this screen size, taken out of its inbox.
    func spriteMadeAhead(_ key: SpriteKey) -> PixelBuffer? {
        let generation = ahead.sizeGeneration
        return ahead.madeAhead.withLock { $0.generation == generation ? $0.sprites.removeValue(forKey: key) : nil }
    }

    /// The key and pixels `drawImage` draws an image from (its @Nx picture when loaded), or
    /// the bytes of a background kept compressed.
    private func drawnPicture(_ base: String) -> (key: String, picture: PixelBuffer?, packed: [UInt8]?) {
        if let scale = imageStore.variantScale[base] {
            let key = Self.variant(base, scale)
            if let packed = imageStore.compressed[key]?.bytes { return (key, nil, packed) }
            if let picture = imageStore.images[key] { return (key, picture, nil) }
        }
        if let packed = imageStore.compressed[base]?.bytes { return (base, nil, packed) }
        return (base, imageStore.images[base], nil)
    }

    func startMakingBackgrounds() {
        ahead.sizeGeneration += 1
        ahead.backgroundSprites.removeAll()
        let generation = ahead.sizeGeneration
        ahead.madeAhead.withLock { $0 = (generation, [:]) }
        // The pictures wait for the next frame to be drawn: start-up's first frame comes first.
        ahead.picturesDue = !ahead.picturesAhead.isEmpty
        // (At the canvas's own size a background is drawn 1:1: nothing to make.)
        guard !viewport.isIdentity else { return }
        makeAhead(ahead.backgroundsAhead.flatMap { name, frame in backgroundPieces(name, in: frame) })
    }

    /// Starts making the pictures drawn at fixed sizes (`endFrame`, after the first frame at
    /// this size).
    func startMakingPictures() {
        ahead.picturesDue = false
        makeAhead(ahead.picturesAhead.map { ($0.name, Rect(0, 0, $0.size.width, $0.size.height)) })
    }

    /// Makes, on the worker, the sprites `drawImage` would make for these pieces (names and
    /// frames) at this size, into the inbox of this size's generation.
    private func makeAhead(_ pieces: [(String, Rect)]) {
        let generation = ahead.sizeGeneration
        // What drawImage would ask for: each piece's sprite key and its source's pixels (or
        // the bytes of a background kept compressed), resolved here, made there.
        struct Job: @unchecked Sendable {
            let key: SpriteKey
            let picture: PixelBuffer?
            let packed: [UInt8]?
            /// The flips to make, in order (true: upside down, false: left to right).
            let flips: [Bool]
        }
        var jobs: [Job] = []
        for (piece, frame) in pieces {
            let base = String(piece.prefix { $0 != "#" })
            guard let logicalSize = imageSize(base) else { continue }
            let (key, picture, packed) = drawnPicture(base)
            guard picture != nil || packed != nil else { continue }
            let suffix = String(piece.dropFirst(base.count))
            let fitted = viewport.toReal(frame.aspectFit(logicalSize))
            let spriteKey = SpriteKey(name: key + suffix, width: 2 * Int((fitted.width / 2).rounded()),
                                      height: 2 * Int((fitted.height / 2).rounded()), degrees: 0)
            guard spriteKey.width >= 2, spriteKey.height >= 2, !jobs.contains(where: { $0.key == spriteKey }) else { continue }
            let flips = suffix.split(separator: "#").map { "#" + $0 == Self.flipSuffix }
            jobs.append(Job(key: spriteKey, picture: picture, packed: packed, flips: flips))
        }
        guard !jobs.isEmpty else { return }
        let inbox = ahead.madeAhead, work = jobs
        DispatchQueue.global(qos: .utility).async(group: ahead.aheadWork) {
            for job in work {
                guard inbox.withLock({ $0.generation == generation }) else { return }
                guard var picture = job.picture ?? job.packed.flatMap({ try? QOI.decode($0) }) else { continue }
                for vertically in job.flips { picture = Pixels.mirrored(picture, vertically: vertically) }
                // (`source`'s halvings, made here and not kept.)
                var source = picture
                for _ in 0..<Self.halvings(of: picture, scale: Self.scale(of: picture, toFill: job.key)) { source = Pixels.halved(source) }
                let made = Self.makeSprite(job.key, from: source, opaque: picture.opaque)
                inbox.withLock { if $0.generation == generation { $0.sprites[job.key] = made } }
            }
        }
    }
}
