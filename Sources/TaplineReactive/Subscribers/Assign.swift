extension Subscribers {
    /// Writes each value into a property of an object, requesting unlimited.
    ///
    /// ```swift
    /// final class Label { var text = "" }
    /// let label = Label()
    /// let token = Just("hello").assign(to: \.text, on: label)
    /// print(label.text)   // hello
    /// ```
    public final class Assign<Root: AnyObject, Input>: Subscriber, Cancellable, CustomStringConvertible {
        public typealias Failure = Never
        public private(set) var object: Root?
        public let keyPath: ReferenceWritableKeyPath<Root, Input>
        private var upstream = UpstreamLink()

        public init(object: Root, keyPath: ReferenceWritableKeyPath<Root, Input>) {
            self.object = object
            self.keyPath = keyPath
        }

        public var description: String { object.map { "Assign \(type(of: $0))." } ?? "Assign" }

        public func receive(subscription: any Subscription) {
            guard upstream.accept(subscription) else { return }
            subscription.request(.unlimited)
        }

        public func receive(_ input: Input) -> Subscribers.Demand {
            guard !upstream.isEnded else { return .none }
            object?[keyPath: keyPath] = input
            return .none
        }

        // The object is taken out before it is released: releasing it may run its deinit,
        // which may cancel or complete this very subscriber again (re-entrancy, as in
        // OpenCombine's AssignTests.testReceiveCompletionWhileCancelling).
        public func receive(completion: Subscribers.Completion<Never>) {
            upstream.end()
            let released = object.take()
            _ = released
        }

        public func cancel() {
            upstream.detach()?.cancel()
            let released = object.take()
            _ = released
        }
    }
}

extension Publisher where Failure == Never {
    /// Assigns each value to `object[keyPath:]`.
    public func assign<Root: AnyObject>(to keyPath: ReferenceWritableKeyPath<Root, Output>, on object: Root) -> AnyCancellable {
        let assign = Subscribers.Assign(object: object, keyPath: keyPath)
        subscribe(assign)
        return AnyCancellable(assign)
    }

    /// Republishes each value through a `@Published` property's publisher; lives as long as it does.
    /// `inout`, as Combine spells it (`assign(to: &$name)`), though only the publisher is read.
    ///
    /// The property keeps the subscription and the subscription only points back weakly, so
    /// the object going away cancels the upstream (Combine: "canceling the subscription
    /// automatically when the Published instance deinitializes").
    public func assign(to published: inout Published<Output>.Publisher) {
        let assign = Subscribers.Assign(object: PublishedTarget(published), keyPath: \.value)
        published.keep(AnyCancellable(assign))
        subscribe(assign)
    }
}

private final class PublishedTarget<Value> {
    weak var subject: PublishedSubject<Value>?
    let initial: Value
    init(_ subject: PublishedSubject<Value>) {
        self.subject = subject
        initial = subject.value
    }
    var value: Value {
        get { subject?.value ?? initial }
        set { subject?.value = newValue }
    }
}
