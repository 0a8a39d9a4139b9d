/// Combine's operators on `Just`: with its one value known, each is worked out when it is
/// called (its closure runs then, once) and gives a publisher of the answer — another `Just`,
/// an `Optional.Publisher` where the value may be dropped, a `Result.Publisher` where a closure
/// may throw or the Failure changes — instead of an operator stage.
///
/// ```swift
/// let doubled = Just(21).map { $0 * 2 }   // a Just<Int> of 42, made now
/// doubled.sink { print($0) }
/// // 42
/// print(Just(3).filter { $0 > 5 } == Optional<Int>.Publisher(nil))
/// // true
/// ```
extension Just {
    public func map<T>(_ transform: (Output) -> T) -> Just<T> { Just<T>(transform(output)) }

    public func tryMap<T>(_ transform: (Output) throws -> T) -> Result<T, any Error>.Publisher {
        Result<T, any Error>.Publisher(Result { try transform(output) })
    }

    public func mapError<E: Error>(_ transform: (Never) -> E) -> Result<Output, E>.Publisher {
        Result<Output, E>.Publisher(output)
    }

    public func setFailureType<E: Error>(to failureType: E.Type) -> Result<Output, E>.Publisher {
        Result<Output, E>.Publisher(output)
    }

    public func compactMap<T>(_ transform: (Output) -> T?) -> Optional<T>.Publisher {
        Optional<T>.Publisher(transform(output))
    }

    public func filter(_ isIncluded: (Output) -> Bool) -> Optional<Output>.Publisher {
        Optional<Output>.Publisher(isIncluded(output) ? output : nil)
    }

    public func scan<T>(_ initialResult: T, _ nextPartialResult: (T, Output) -> T) -> Result<T, Never>.Publisher {
        Result<T, Never>.Publisher(nextPartialResult(initialResult, output))
    }

    public func tryScan<T>(_ initialResult: T, _ nextPartialResult: (T, Output) throws -> T) -> Result<T, any Error>.Publisher {
        Result<T, any Error>.Publisher(Result { try nextPartialResult(initialResult, output) })
    }

    public func reduce<T>(_ initialResult: T, _ nextPartialResult: (T, Output) -> T) -> Result<T, Never>.Publisher {
        scan(initialResult, nextPartialResult)
    }

    public func tryReduce<T>(_ initialResult: T, _ nextPartialResult: (T, Output) throws -> T) -> Result<T, any Error>.Publisher {
        tryScan(initialResult, nextPartialResult)
    }

    public func ignoreOutput() -> Empty<Output, Never> { Empty() }
    public func replaceError(with output: Output) -> Just<Output> { self }
    public func replaceEmpty(with output: Output) -> Just<Output> { self }
    public func retry(_ retries: Int) -> Just<Output> { self }
    public func collect() -> Just<[Output]> { Just<[Output]>([output]) }
    public func count() -> Just<Int> { Just<Int>(1) }
    public func first() -> Just<Output> { self }
    public func last() -> Just<Output> { self }
}

/// The operators that keep the value or drop it.
extension Just {
    public func first(where predicate: (Output) -> Bool) -> Optional<Output>.Publisher { filter(predicate) }
    public func last(where predicate: (Output) -> Bool) -> Optional<Output>.Publisher { filter(predicate) }
    public func prefix(while predicate: (Output) -> Bool) -> Optional<Output>.Publisher { filter(predicate) }

    public func drop(while predicate: (Output) -> Bool) -> Optional<Output>.Publisher {
        Optional<Output>.Publisher(predicate(output) ? nil : output)
    }

    /// A negative count breaks the contract (Combine traps).
    public func dropFirst(_ count: Int = 1) -> Optional<Output>.Publisher {
        guard ContractViolation.check(count >= 0, "dropFirst: count must not be negative") else { return Optional<Output>.Publisher(nil) }
        return Optional<Output>.Publisher(count == 0 ? output : nil)
    }

    /// A negative length breaks the contract (Combine traps).
    public func prefix(_ maxLength: Int) -> Optional<Output>.Publisher {
        guard ContractViolation.check(maxLength >= 0, "prefix: maxLength must not be negative") else { return Optional<Output>.Publisher(nil) }
        return Optional<Output>.Publisher(maxLength > 0 ? output : nil)
    }

    /// A negative index breaks the contract (Combine traps).
    public func output(at index: Int) -> Optional<Output>.Publisher {
        guard ContractViolation.check(index >= 0, "output(at:): index must not be negative") else { return Optional<Output>.Publisher(nil) }
        return Optional<Output>.Publisher(index == 0 ? output : nil)
    }

    /// The value when the range starts at 0 — even when it is empty (`0..<0`), as Apple's
    /// does (OpenCombine's JustTests.testOutputInRangeOperatorSpecialization).
    public func output<R: RangeExpression>(in range: R) -> Optional<Output>.Publisher where R.Bound == Int {
        Optional<Output>.Publisher(range.relative(to: 0..<Int.max).lowerBound == 0 ? output : nil)
    }
}

/// The operators that answer a question about the one value, or put it among others.
extension Just {
    public func allSatisfy(_ predicate: (Output) -> Bool) -> Just<Bool> { Just<Bool>(predicate(output)) }

    public func tryAllSatisfy(_ predicate: (Output) throws -> Bool) -> Result<Bool, any Error>.Publisher {
        Result<Bool, any Error>.Publisher(Result { try predicate(output) })
    }

    public func contains(where predicate: (Output) -> Bool) -> Just<Bool> { Just<Bool>(predicate(output)) }

    public func tryContains(where predicate: (Output) throws -> Bool) -> Result<Bool, any Error>.Publisher {
        Result<Bool, any Error>.Publisher(Result { try predicate(output) })
    }

    /// The comparator is not called: one value is its own minimum.
    public func min(by areInIncreasingOrder: (Output, Output) -> Bool) -> Just<Output> { self }
    /// The comparator is not called: one value is its own maximum.
    public func max(by areInIncreasingOrder: (Output, Output) -> Bool) -> Just<Output> { self }
    /// The comparator is not called: one value has no duplicate.
    public func removeDuplicates(by predicate: (Output, Output) -> Bool) -> Just<Output> { self }

    /// The comparator is called once, with the value twice, as Apple's is: only its throw matters.
    public func tryRemoveDuplicates(by predicate: (Output, Output) throws -> Bool) -> Result<Output, any Error>.Publisher {
        Result<Output, any Error>.Publisher(Result { _ = try predicate(output, output); return output })
    }

    public func prepend(_ elements: Output...) -> Publishers.Sequence<[Output], Never> { prepend(elements) }

    public func prepend<S: Sequence>(_ elements: S) -> Publishers.Sequence<[Output], Never> where S.Element == Output {
        Publishers.Sequence(sequence: Array(elements) + [output])
    }

    public func append(_ elements: Output...) -> Publishers.Sequence<[Output], Never> { append(elements) }

    public func append<S: Sequence>(_ elements: S) -> Publishers.Sequence<[Output], Never> where S.Element == Output {
        Publishers.Sequence(sequence: [output] + Array(elements))
    }
}

extension Just where Output: Comparable {
    public func min() -> Just<Output> { self }
    public func max() -> Just<Output> { self }
}

extension Just where Output: Equatable {
    public func contains(_ output: Output) -> Just<Bool> { Just<Bool>(self.output == output) }
    public func removeDuplicates() -> Just<Output> { self }
}
