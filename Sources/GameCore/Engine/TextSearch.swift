extension StringProtocol {
    /// Whether `text` occurs in this string, by whole characters (what `contains(_:)` with a
    /// string answers). Written here because that method lives in _StringProcessing, whose
    /// regex engine (1.2 MB of the static binary) the game otherwise never links (issue #17;
    /// packaging/test-deb.sh fails on it).
    public func containsText(_ text: String) -> Bool {
        let pattern = Array(text)
        guard !pattern.isEmpty else { return true }
        var i = startIndex
        while i < endIndex {
            if self[i...].starts(with: pattern) { return true }
            i = index(after: i)
        }
        return false
    }
}
