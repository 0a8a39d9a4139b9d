/// Combine's operators on a sequence publisher whose values are a collection: they can count
/// and index without walking, and, with no Failure, answer with an `Optional.Publisher` or a
/// `Just`.
///
/// ```swift
/// print([1, 2, 3].publisher.output(at: 1) == Optional<Int>.Publisher(2))
/// // true
/// ```
extension Publishers.Sequence where Elements: Collection {
    public func count() -> Result<Int, Failure>.Publisher { Result<Int, Failure>.Publisher(sequence.count) }

    public func output<R: RangeExpression>(in range: R) -> Publishers.Sequence<[Elements.Element], Failure>
    where R.Bound == Int {
        let offsets = range.relative(to: 0..<Int.max).clamped(to: 0..<sequence.count)
        return Publishers.Sequence<[Elements.Element], Failure>(sequence: Array(sequence.dropFirst(offsets.lowerBound).prefix(offsets.count)))
    }
}

extension Publishers.Sequence where Elements: Collection, Failure == Never {
    public func first() -> Optional<Elements.Element>.Publisher { Optional<Elements.Element>.Publisher(sequence.first) }

    /// Nil for an index outside the collection, a negative one included.
    public func output(at index: Int) -> Optional<Elements.Element>.Publisher {
        Optional<Elements.Element>.Publisher(index >= 0 && index < sequence.count
            ? sequence[sequence.index(sequence.startIndex, offsetBy: index)] : nil)
    }
}

extension Publishers.Sequence where Elements: RandomAccessCollection, Failure == Never {
    public func count() -> Just<Int> { Just(sequence.count) }
}

extension Publishers.Sequence where Elements: BidirectionalCollection, Failure == Never {
    public func last() -> Optional<Elements.Element>.Publisher { Optional<Elements.Element>.Publisher(sequence.last) }

    public func last(where predicate: (Elements.Element) -> Bool) -> Optional<Elements.Element>.Publisher {
        Optional<Elements.Element>.Publisher(sequence.last(where: predicate))
    }
}
