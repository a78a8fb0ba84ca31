extension StringProtocol {
    /// Every `target` replaced with `replacement`, left to right, by whole characters (what
    /// `replacing(_:with:)` answers). Written here because that method lives in
    /// _StringProcessing, whose regex engine and parser (1.2 MB of the static binary) the game
    /// otherwise never needs (issue #17).
    func replacingEvery(_ target: String, with replacement: String) -> String {
        let pattern = Array(target)
        // An empty target is found before every character and at the end, as there.
        guard !pattern.isEmpty else { return replacement + map { String($0) + replacement }.joined() }
        var out = ""
        var i = startIndex
        while i < endIndex {
            if self[i...].starts(with: pattern) {
                out += replacement
                i = index(i, offsetBy: pattern.count)
            } else {
                out.append(self[i])
                i = index(after: i)
            }
        }
        return out
    }
}
