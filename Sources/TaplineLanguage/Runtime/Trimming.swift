extension StringProtocol {
    /// The text up to its last character that `isTrailing` does not match, as a slice (a
    /// reversed view, dropped from and reversed back, is copied a character at a time).
    public func droppingTrailing(while isTrailing: (Character) -> Bool) -> SubSequence {
        guard let last = lastIndex(where: { !isTrailing($0) }) else { return self[startIndex..<startIndex] }
        return self[...last]
    }
}
