extension Publishers {
    /// Reads one property of each value through a key path (Combine's `map(_:)` with a key path).
    ///
    /// ```swift
    /// struct Point { var x: Int; var y: Int }
    /// let token = [Point(x: 1, y: 2)].publisher.map(\.x).sink { print($0) }
    /// // 1
    /// let pairs = [Point(x: 3, y: 4)].publisher.map(\.x, \.y).sink { print($0) }
    /// // (3, 4)
    /// ```
    public struct MapKeyPath<Upstream: Publisher, Output>: Publisher {
        public typealias Failure = Upstream.Failure
        public let upstream: Upstream
        public let keyPath: KeyPath<Upstream.Output, Output>

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let keyPath = self.keyPath
            upstream.subscribe(KeyPathReader(downstream: subscriber, name: "ValueForKey",
                                             children: [("keyPath", keyPath)]) { $0[keyPath: keyPath] })
        }
    }

    /// Reads two properties of each value, as a tuple.
    public struct MapKeyPath2<Upstream: Publisher, Output0, Output1>: Publisher {
        public typealias Output = (Output0, Output1)
        public typealias Failure = Upstream.Failure
        public let upstream: Upstream
        public let keyPath0: KeyPath<Upstream.Output, Output0>
        public let keyPath1: KeyPath<Upstream.Output, Output1>

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let (keyPath0, keyPath1) = (self.keyPath0, self.keyPath1)
            upstream.subscribe(KeyPathReader(downstream: subscriber, name: "ValueForKeys",
                                             children: [("keyPath0", keyPath0), ("keyPath1", keyPath1)]) {
                ($0[keyPath: keyPath0], $0[keyPath: keyPath1])
            })
        }
    }

    /// Reads three properties of each value, as a tuple.
    public struct MapKeyPath3<Upstream: Publisher, Output0, Output1, Output2>: Publisher {
        public typealias Output = (Output0, Output1, Output2)
        public typealias Failure = Upstream.Failure
        public let upstream: Upstream
        public let keyPath0: KeyPath<Upstream.Output, Output0>
        public let keyPath1: KeyPath<Upstream.Output, Output1>
        public let keyPath2: KeyPath<Upstream.Output, Output2>

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let (keyPath0, keyPath1, keyPath2) = (self.keyPath0, self.keyPath1, self.keyPath2)
            let children: [(String, Any)] = [("keyPath0", keyPath0), ("keyPath1", keyPath1), ("keyPath2", keyPath2)]
            upstream.subscribe(KeyPathReader(downstream: subscriber, name: "ValueForKeys", children: children) {
                ($0[keyPath: keyPath0], $0[keyPath: keyPath1], $0[keyPath: keyPath2])
            })
        }
    }
}

extension Publisher {
    /// Each value's property at `keyPath`.
    public func map<T>(_ keyPath: KeyPath<Output, T>) -> Publishers.MapKeyPath<Self, T> {
        Publishers.MapKeyPath(upstream: self, keyPath: keyPath)
    }

    /// Each value's properties at two key paths, as a tuple.
    public func map<T0, T1>(_ keyPath0: KeyPath<Output, T0>, _ keyPath1: KeyPath<Output, T1>)
        -> Publishers.MapKeyPath2<Self, T0, T1> {
        Publishers.MapKeyPath2(upstream: self, keyPath0: keyPath0, keyPath1: keyPath1)
    }

    /// Each value's properties at three key paths, as a tuple.
    public func map<T0, T1, T2>(_ keyPath0: KeyPath<Output, T0>, _ keyPath1: KeyPath<Output, T1>,
                                _ keyPath2: KeyPath<Output, T2>) -> Publishers.MapKeyPath3<Self, T0, T1, T2> {
        Publishers.MapKeyPath3(upstream: self, keyPath0: keyPath0, keyPath1: keyPath1, keyPath2: keyPath2)
    }
}

/// The key-path maps' subscriber: only a subscriber, as `map`'s is, handing the upstream's
/// subscription straight to the downstream and passing on every event, each value read
/// through the key paths. Named and reflected as Combine's ("ValueForKey", "ValueForKeys",
/// its key paths; OpenCombine's MapKeyPathTests, run against Apple's).
final class KeyPathReader<Input, Downstream: Subscriber>: Subscriber, CustomStringConvertible, CustomReflectable,
    CustomPlaygroundDisplayConvertible {
    typealias Failure = Downstream.Failure
    private let downstream: Downstream
    private let name: String
    private let children: [(String, Any)]
    private let read: (Input) -> Downstream.Input

    init(downstream: Downstream, name: String, children: [(String, Any)], read: @escaping (Input) -> Downstream.Input) {
        self.downstream = downstream
        self.name = name
        self.children = children
        self.read = read
    }

    var description: String { name }
    var customMirror: Mirror { Mirror(self, children: children.map { (label: $0.0, value: $0.1) }) }
    var playgroundDescription: Any { description }

    func receive(subscription: any Subscription) { downstream.receive(subscription: subscription) }
    func receive(_ input: Input) -> Subscribers.Demand { downstream.receive(read(input)) }
    func receive(completion: Subscribers.Completion<Failure>) { downstream.receive(completion: completion) }
}
