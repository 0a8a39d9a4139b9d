/// Combine's operators on a sequence publisher: with every value known, each is worked out
/// when it is called (its closure runs then, over the whole sequence) and gives a publisher
/// of the answer — another `Publishers.Sequence`, an `Optional.Publisher`, a
/// `Result.Publisher`, a `Just` — instead of an operator stage. The mapping operators
/// (`dropFirst`, `prefix`, `drop(while:)`) keep the standard library's lazy wrappers.
///
/// ```swift
/// let doubled = [1, 2, 3].publisher.map { $0 * 2 }   // Publishers.Sequence of [2, 4, 6], made now
/// print(doubled.sequence)
/// // [2, 4, 6]
/// ```
extension Publishers.Sequence {
    public func map<T>(_ transform: (Elements.Element) -> T) -> Publishers.Sequence<[T], Failure> {
        Publishers.Sequence<[T], Failure>(sequence: sequence.map(transform))
    }

    public func compactMap<T>(_ transform: (Elements.Element) -> T?) -> Publishers.Sequence<[T], Failure> {
        Publishers.Sequence<[T], Failure>(sequence: sequence.compactMap(transform))
    }

    public func filter(_ isIncluded: (Elements.Element) -> Bool) -> Publishers.Sequence<[Elements.Element], Failure> {
        Publishers.Sequence<[Elements.Element], Failure>(sequence: sequence.filter(isIncluded))
    }

    public func scan<T>(_ initialResult: T, _ nextPartialResult: (T, Elements.Element) -> T) -> Publishers.Sequence<[T], Failure> {
        var partial = initialResult
        return Publishers.Sequence<[T], Failure>(sequence: sequence.map { element in
            partial = nextPartialResult(partial, element)
            return partial
        })
    }

    public func replaceNil<T>(with output: T) -> Publishers.Sequence<[T], Failure> where Elements.Element == T? {
        Publishers.Sequence<[T], Failure>(sequence: sequence.map { $0 ?? output })
    }

    public func setFailureType<E: Error>(to failureType: E.Type) -> Publishers.Sequence<Elements, E> {
        Publishers.Sequence<Elements, E>(sequence: sequence)
    }

    public func ignoreOutput() -> Empty<Elements.Element, Failure> { Empty() }

    public func dropFirst(_ count: Int = 1) -> Publishers.Sequence<DropFirstSequence<Elements>, Failure> {
        Publishers.Sequence<DropFirstSequence<Elements>, Failure>(sequence: sequence.dropFirst(count))
    }

    public func drop(while predicate: (Elements.Element) -> Bool) -> Publishers.Sequence<DropWhileSequence<Elements>, Failure> {
        Publishers.Sequence<DropWhileSequence<Elements>, Failure>(sequence: sequence.drop(while: predicate))
    }

    public func prefix(_ maxLength: Int) -> Publishers.Sequence<PrefixSequence<Elements>, Failure> {
        Publishers.Sequence<PrefixSequence<Elements>, Failure>(sequence: sequence.prefix(maxLength))
    }

    public func prefix(while predicate: (Elements.Element) -> Bool) -> Publishers.Sequence<[Elements.Element], Failure> {
        Publishers.Sequence<[Elements.Element], Failure>(sequence: sequence.prefix(while: predicate))
    }
}

/// The operators that answer one question about the whole sequence.
extension Publishers.Sequence {
    public func allSatisfy(_ predicate: (Elements.Element) -> Bool) -> Result<Bool, Failure>.Publisher {
        Result<Bool, Failure>.Publisher(sequence.allSatisfy(predicate))
    }

    public func tryAllSatisfy(_ predicate: (Elements.Element) throws -> Bool) -> Result<Bool, any Error>.Publisher {
        Result<Bool, any Error>.Publisher(Result { try sequence.allSatisfy(predicate) })
    }

    public func contains(where predicate: (Elements.Element) -> Bool) -> Result<Bool, Failure>.Publisher {
        Result<Bool, Failure>.Publisher(sequence.contains(where: predicate))
    }

    public func tryContains(where predicate: (Elements.Element) throws -> Bool) -> Result<Bool, any Error>.Publisher {
        Result<Bool, any Error>.Publisher(Result { try sequence.contains(where: predicate) })
    }

    public func collect() -> Result<[Elements.Element], Failure>.Publisher {
        Result<[Elements.Element], Failure>.Publisher(Array(sequence))
    }

    public func reduce<T>(_ initialResult: T, _ nextPartialResult: (T, Elements.Element) -> T) -> Result<T, Failure>.Publisher {
        Result<T, Failure>.Publisher(sequence.reduce(initialResult, nextPartialResult))
    }

    public func tryReduce<T>(_ initialResult: T, _ nextPartialResult: (T, Elements.Element) throws -> T) -> Result<T, any Error>.Publisher {
        Result<T, any Error>.Publisher(Result { try sequence.reduce(initialResult, nextPartialResult) })
    }
}

extension Publishers.Sequence where Elements.Element: Equatable {
    public func removeDuplicates() -> Publishers.Sequence<[Elements.Element], Failure> {
        var previous: Elements.Element?
        return Publishers.Sequence<[Elements.Element], Failure>(sequence: sequence.filter { element in
            defer { previous = element }
            return previous != element
        })
    }

    public func contains(_ output: Elements.Element) -> Result<Bool, Failure>.Publisher {
        Result<Bool, Failure>.Publisher(sequence.contains(output))
    }
}

/// With no Failure, an answer that may be missing is an `Optional.Publisher`.
extension Publishers.Sequence where Failure == Never {
    public func min(by areInIncreasingOrder: (Elements.Element, Elements.Element) -> Bool) -> Optional<Elements.Element>.Publisher {
        Optional<Elements.Element>.Publisher(sequence.min(by: areInIncreasingOrder))
    }

    public func max(by areInIncreasingOrder: (Elements.Element, Elements.Element) -> Bool) -> Optional<Elements.Element>.Publisher {
        Optional<Elements.Element>.Publisher(sequence.max(by: areInIncreasingOrder))
    }

    public func first(where predicate: (Elements.Element) -> Bool) -> Optional<Elements.Element>.Publisher {
        Optional<Elements.Element>.Publisher(sequence.first(where: predicate))
    }
}

extension Publishers.Sequence where Failure == Never, Elements.Element: Comparable {
    public func min() -> Optional<Elements.Element>.Publisher { Optional<Elements.Element>.Publisher(sequence.min()) }
    public func max() -> Optional<Elements.Element>.Publisher { Optional<Elements.Element>.Publisher(sequence.max()) }
}
