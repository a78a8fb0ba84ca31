import Dispatch
import GameCore
import Synchronization

extension SoftwareCanvas {
    // MARK: - Backgrounds made ahead
    //
    // A full-screen background scaled to the screen is 1.5 million pixels at 1920×1080, 15 ms
    // of resampling each, and a game's first frame needs it and its mirrored copy: two late
    // frames. So the backgrounds the scenes draw (`prepareBackgrounds`) are made on a worker
    // thread as soon as the screen's size is known, by the same code as on demand (the same
    // pixels whether the worker was first or not), and kept while the size stays.

    final class BackgroundInbox: Sendable {
        let state = Mutex<(generation: Int, sprites: [SpriteKey: PixelBuffer])>((0, [:]))
        func withLock<R>(_ body: (inout (generation: Int, sprites: [SpriteKey: PixelBuffer])) -> R) -> R {
            state.withLock { body(&$0) }
        }
    }
    /// The sprites the worker made that wait to be drawn (tests).
    var madeAheadKeys: [SpriteKey] { madeAhead.withLock { Array($0.sprites.keys) } }
    /// Waits until the worker has made the backgrounds (tests).
    func waitForBackgroundsMadeAhead() { aheadWork.wait() }

    func backgroundSprite(for key: SpriteKey, from picture: PixelBuffer) -> PixelBuffer {
        if let kept = backgroundSprites[key] { return kept }
        let generation = sizeGeneration
        if let ready = madeAhead.withLock({ $0.generation == generation ? $0.sprites.removeValue(forKey: key) : nil }) {
            backgroundSprites[key] = ready
            backgroundsMade.ahead += 1
            return ready
        }
        let made = resampled(picture, to: key)
        backgroundSprites[key] = made
        backgroundsMade.onDemand += 1
        return made
    }

    /// Makes the sprites of these backgrounds (names and the frames the scenes draw them in)
    /// for this screen size on a worker thread, now and after each resize.
    public func prepareBackgrounds(_ list: [(name: String, frame: Rect)]) {
        backgroundsAhead = list
        startMakingBackgrounds()
    }

    func startMakingBackgrounds() {
        sizeGeneration += 1
        backgroundSprites.removeAll()
        let generation = sizeGeneration
        madeAhead.withLock { $0 = (generation, [:]) }
        guard !viewport.isIdentity else { return }
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
        for (name, frame) in backgroundsAhead {
            for (piece, at) in backgroundPieces(name, in: frame) {
                let base = String(piece.prefix { $0 != "#" })
                guard let logicalSize = imageSize(base) else { continue }
                var key = base, picture: PixelBuffer? = images[base], packed = compressed[base]?.bytes
                if imageScale > 1, variantNames[imageScale]?.contains(base) == true, let variant = images[Self.variant(base, imageScale)] {
                    key = Self.variant(base, imageScale)
                    picture = variant
                    packed = nil
                }
                if packed != nil { picture = nil }
                let suffix = String(piece.dropFirst(base.count))
                let fitted = viewport.toReal(at.aspectFit(logicalSize))
                let spriteKey = SpriteKey(name: key + suffix, width: 2 * Int((fitted.width / 2).rounded()),
                                          height: 2 * Int((fitted.height / 2).rounded()), degrees: 0)
                guard !jobs.contains(where: { $0.key == spriteKey }) else { continue }
                let flips = suffix.split(separator: "#").map { "#" + $0 == Self.flipSuffix }
                jobs.append(Job(key: spriteKey, picture: picture, packed: packed, flips: flips))
            }
        }
        guard !jobs.isEmpty else { return }
        let inbox = madeAhead, work = jobs
        DispatchQueue.global(qos: .utility).async(group: aheadWork) {
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
