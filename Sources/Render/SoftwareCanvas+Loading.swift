import Dispatch
import Glibc
import GameCore
import Synchronization
import Stage
import SystemIO

/// Pictures decoded on worker threads, each slot written by exactly one of them. A picture
/// kept compressed keeps only its file's bytes and its size: its decoded pixels (checked,
/// then dropped at once) never wait here, so the nine full-screen backgrounds (three shapes)
/// are never all decoded at the same moment (about 30 MB of peak memory at start).
final class DecodedImages: @unchecked Sendable {
    var buffers: [PixelBuffer?]
    var sizes: [Size?]
    var bytes: [[UInt8]?]
    var errors: [String?]
    private let lock = Mutex(())
    init(count: Int) {
        buffers = Array(repeating: nil, count: count)
        sizes = Array(repeating: nil, count: count)
        bytes = Array(repeating: nil, count: count)
        errors = Array(repeating: nil, count: count)
    }
    func set(_ i: Int, _ buffer: PixelBuffer, bytes kept: [UInt8]?) {
        let size = Size(Double(buffer.width), Double(buffer.height))
        lock.withLock { _ in
            buffers[i] = kept == nil ? buffer : nil
            sizes[i] = size
            bytes[i] = kept
        }
    }
    func fail(_ i: Int, _ message: String) {
        lock.withLock { _ in errors[i] = message }
    }
}

extension SoftwareCanvas {
    // MARK: - Loading the images

    /// The pictures loaded now (decoded or kept compressed), by key (NAME or NAME@Nx).
    var loadedImageKeys: [String] { imageStore.loadedKeys }

    /// Loads every image (QOI files); throws naming the first file that fails. The files are
    /// decoded straight to premultiplied pixels on all cores. The @2x/@3x set the screen
    /// wants (WebP files) is loaded the same way, now and on a resize; a file of it that cannot
    /// be read is warned about and its image drawn from a smaller picture. The full-screen backgrounds
    /// named in `keepCompressed` (3 MB each decoded, a few hundred kB as files) are checked
    /// the same way, then kept as file bytes and decoded again (4 ms) when their screen shows.
    public func loadImages(from directory: String, names: [String], keepCompressed: Set<String> = []) throws {
        imageStore.imageDirectory = directory
        imageStore.imageNames = names
        imageStore.keptCompressed = keepCompressed
        for scale in [2, 3] {
            imageStore.variantNames[scale] = Set(names.filter { Self.fileSize(Self.path(directory, Self.variant($0, scale))) > 0 })
        }
        if imageStore.variantNames.values.contains(where: { !$0.isEmpty }) {
            do { try WebPImage.prepare() } catch {
                note("\(error); every picture is drawn from its 1x file")
                imageStore.variantNames.removeAll()
            }
        }
        try decode(names.map { ($0, $0) }, directory: directory)
        // Open the fonts now so the first frame does not stall, and a missing one is said.
        for bold in [false, true] { _ = try font(TextStyle(size: texts.warmUpText.size, bold: bold), outline: false) }
        try loadVariants()
    }

    /// The file name (without extension) of an image's @Nx version.
    nonisolated static func variant(_ name: String, _ scale: Int) -> String { scale == 1 ? name : "\(name)@\(scale)x" }

    /// An image file's path: NAME.qoi (1x, fast to decode) or NAME@Nx.webp (small, `WebPImage`).
    nonisolated static func path(_ directory: String, _ file: String) -> String {
        "\(directory)/\(file).\(file.contains("@") ? WebPImage.fileExtension : QOI.fileExtension)"
    }

    /// Decodes (file, key) pairs into `images` (or `compressed` for the kept backgrounds).
    /// `fatal`: a file that cannot be read stops the start; otherwise it is warned about and
    /// its key returned among the failed ones.
    @discardableResult
    private func decode(_ files: [(file: String, key: String)], directory: String, fatal: Bool = true) throws -> Set<String> {
        let decoded = DecodedImages(count: files.count)
        let paths = files.map { Self.path(directory, $0.file) }
        // Largest first, so the cores finish together.
        let sizes = paths.map(Self.fileSize)
        let order = paths.indices.sorted { sizes[$0] > sizes[$1] }
        let keep = files.map { imageStore.keptCompressed.contains(String($0.key.prefix { $0 != "@" })) }
        DispatchQueue.concurrentPerform(iterations: files.count) { k in
            let i = order[k]
            do {
                let bytes = try QOI.read(path: paths[i])
                let picture = try files[i].file.contains("@") ? WebPImage.decode(bytes, path: paths[i]) : QOI.decode(bytes, path: paths[i])
                if !picture.opaque { picture.findSpans() }
                decoded.set(i, picture, bytes: keep[i] ? bytes : nil)
            } catch {
                decoded.fail(i, "cannot load image \(error)")
            }
        }
        var failed: Set<String> = []
        for (i, file) in files.enumerated() {
            if let error = decoded.errors[i] {
                if fatal { throw AppError.fatal(error) }
                note("\(error); \(file.key.prefix { $0 != "@" }) is drawn from a smaller picture")
                failed.insert(file.key)
                continue
            }
            if let bytes = decoded.bytes[i], let size = decoded.sizes[i] {
                imageStore.compressed[file.key] = (bytes: bytes, size: size)
            } else {
                guard let buffer = decoded.buffers[i] else { throw AppError.fatal("cannot load image \(file.file)") }
                imageStore.images[file.key] = buffer
            }
        }
        return failed
    }

    /// The @Nx set for a scale: the nearest larger one there is (1 up to 1x, 2 up to 2x, 3
    /// above), else the largest there is, drawn scaled up (3 above 2x without @3x files; 3
    /// scaled down between 1x and 2x if only @3x files were installed).
    func wantedImageScale(_ scale: Double) -> Int {
        if scale <= 1.001 { return 1 }
        let sets = imageStore.variantSets
        return sets.first { scale <= Double($0) + 0.001 } ?? sets.last ?? 1
    }

    /// Loads the @Nx set the viewport's scale wants (and frees another one).
    func loadVariants() throws {
        let wanted = wantedImageScale(viewport.scale)
        guard wanted != imageScale else { return }
        imageStore.switchScale(to: wanted)
        guard wanted > 1, !imageStore.imageDirectory.isEmpty else { return }
        // Each image from the wanted set; one it lacks (or whose file could not be read) from
        // the next larger set that has it, else from the next smaller one, else at 1x.
        let sets = imageStore.variantSets
        var remaining = imageStore.imageNames
        for scale in sets.filter({ $0 >= wanted }) + sets.filter({ $0 < wanted }).reversed() {
            let names = remaining.filter { imageStore.variantNames[scale]?.contains($0) == true }
            let keys = names.map { Self.variant($0, scale) }
            let failed = try decode(keys.map { ($0, $0) }, directory: imageStore.imageDirectory, fatal: false)
            for (name, key) in zip(names, keys) where !failed.contains(key) { imageStore.variantScale[name] = scale }
            remaining = remaining.filter { imageStore.variantScale[$0] == nil }
        }
    }

    /// (stat(2): FileManager's attributes also look up the owner's name, a file read each.)
    private nonisolated static func fileSize(_ path: String) -> Int {
        var info = stat()
        return stat(path, &info) == 0 ? Int(info.st_size) : 0
    }
}
