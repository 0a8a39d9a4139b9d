/// The publisher behind an `@Published` property: it emits in willSet, so a subscriber
/// that reads the property while handling a value still sees the old one. It never
/// completes, and assigning an equal value emits again.
///
/// Subscribers get the current value on their first request, like a `CurrentValueSubject`
/// (its subscription prints as `PublishedSubject`, as in Combine).
///
/// ```swift
/// let name = PublishedSubject("aaa")
/// let token = name.sink { print($0, "(was \(name.value))") }   // aaa (was aaa)
/// name.value = "bbb"                                            // bbb (was aaa)
/// ```
public final class PublishedSubject<Output>: Publisher {
    public typealias Failure = Never

    private let core = Broadcast<Output, Never>(name: "PublishedSubject", replays: true)
    private var stored: Output
    /// The `objectWillChange` of the `ObservableObject` this property belongs to, once the
    /// object has handed it out; told before the property's own subscribers. (Combine keeps
    /// the same link inside its subject; a host that plays the object sets it directly.)
    public var willChange: ObservableObjectPublisher?
    /// The `assign(to: &$name)` subscriptions feeding it, which end when it does.
    private var assignments: [AnyCancellable] = []

    public init(_ value: Output) { stored = value }

    /// Not in Combine: lets go of every subscriber without telling it, for a host whose
    /// session has ended (see `Broadcast.releaseAll`).
    public func releaseAllSubscribers() { core.releaseAll() }

    /// The current value. Setting it emits the new value first, then stores it (willSet).
    public var value: Output {
        get { stored }
        set {
            willChange?.send()
            core.send(newValue)
            stored = newValue
        }
    }

    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Never {
        core.attach(subscriber, current: { self.stored })   // held by the conduit until it ends
    }
}

extension PublishedSubject {
    /// Holds an `assign(to:)` subscription for as long as the property lives.
    func keep(_ assignment: AnyCancellable) { assignments.append(assignment) }

    /// Bounds re-entrant sends into this subject (see `FeedbackGuard`).
    public var feedback: FeedbackGuard { core.feedback }
    /// How many subscribers are attached now.
    public var subscriberCount: Int { core.subscriberCount }
    /// Told what the property is set to, for traces and diagrams (not in Combine).
    public var monitor: SubjectMonitor<Output, Never>? {
        get { core.monitor }
        set { core.monitor = newValue }
    }
}

/// A property wrapper like Combine's `@Published`: `$name` is its publisher.
///
/// ```swift
/// final class Model { @Published var company = "apple" }
/// let model = Model()
/// let token = model.$company.sink { print($0) }   // apple
/// model.company = "google"                        // google
/// Just("here").assign(to: &model.$company)        // here
/// ```
@propertyWrapper
public struct Published<Value>: PublishedStorage {
    /// Combine's name for `$name`'s type, so `Published<Int>.Publisher` can be spelled.
    public typealias Publisher = PublishedSubject<Value>

    private let subject: PublishedSubject<Value>

    public init(wrappedValue: Value) { subject = PublishedSubject(wrappedValue) }

    public var wrappedValue: Value {
        get { subject.value }
        nonmutating set { subject.value = newValue }
    }

    var willChange: ObservableObjectPublisher? {
        get { subject.willChange }
        nonmutating set { subject.willChange = newValue }
    }

    /// Settable, as in Combine, so that `assign(to: &$name)` can take it `inout`. Setting it
    /// changes nothing, as in Combine: `a.$x = b.$x` leaves `a.x` as it was.
    public var projectedValue: Publisher {
        get { subject }
        set {}   // the property keeps its own publisher
    }
}
