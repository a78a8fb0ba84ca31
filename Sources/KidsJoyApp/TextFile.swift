/// Text files written by people (config files, scripts): any line ending, any bytes.
public enum TextFile {
    /// Decodes UTF-8 leniently: a byte that is not UTF-8 becomes U+FFFD, and each line
    /// holding one is reported as `file:line`. A leading byte-order mark is dropped.
    public static func decode(_ bytes: [UInt8], file: String) -> (text: String, problems: [String]) {
        var body = bytes[...]
        if body.starts(with: [0xEF, 0xBB, 0xBF]) { body = body.dropFirst(3) }
        var problems: [String] = []
        for (index, line) in body.split(separator: 0x0A, omittingEmptySubsequences: false).enumerated()
        where String(validating: line, as: UTF8.self) == nil {
            problems.append("\(file):\(index + 1): bytes that are not UTF-8 text (read as \u{FFFD})")
        }
        return (String(decoding: body, as: UTF8.self), problems)
    }

    /// The lines of `text`, split at LF and CRLF (Swift sees "\r\n" as one character, so a
    /// plain split at "\n" never splits a Windows file).
    public static func lines(_ text: String) -> [Substring] {
        text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" })
    }
}
