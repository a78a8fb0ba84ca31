/// How long an Ogg Vorbis recording plays, read from its pages without decoding the sound:
/// the sample rate of its identification header and the granule position (samples) of its
/// last page. A set's own recordings of its names are known this way, as the game's own are
/// by their index (`VoiceLibrary`): a headless run knows how long a line speaks.
public enum OggDuration {
    /// The seconds of a recording, or nil when the bytes are not an Ogg Vorbis stream.
    public static func seconds(_ bytes: [UInt8]) -> Double? {
        guard bytes.count > 58, bytes[0] == 0x4F, bytes[1] == 0x67, bytes[2] == 0x67, bytes[3] == 0x53 else { return nil }
        // The first page holds the identification packet: 0x01 "vorbis", version (4 bytes),
        // channels (1), sample rate (4, little endian).
        let segments = Int(bytes[26])
        let packet = 27 + segments
        guard bytes.count >= packet + 16, bytes[packet] == 1,
              Array(bytes[packet + 1..<packet + 7]) == Array("vorbis".utf8) else { return nil }
        let rate = le(bytes, packet + 12, 4)
        guard rate > 0 else { return nil }
        // The last page ("OggS" searched from the end): its granule position is the samples.
        var i = bytes.count - 27
        while i >= 0 {
            if bytes[i] == 0x4F, bytes[i + 1] == 0x67, bytes[i + 2] == 0x67, bytes[i + 3] == 0x53, bytes[i + 4] == 0 {
                let granule = le(bytes, i + 6, 8)
                guard granule > 0, granule < UInt64(Int64.max) else { return nil }
                return Double(granule) / Double(rate)
            }
            i -= 1
        }
        return nil
    }

    private static func le(_ b: [UInt8], _ at: Int, _ count: Int) -> UInt64 {
        var v: UInt64 = 0
        for k in (0..<count).reversed() { v = v << 8 | UInt64(b[at + k]) }
        return v
    }
}
