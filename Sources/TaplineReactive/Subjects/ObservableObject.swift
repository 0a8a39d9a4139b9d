/// A publisher of "something is about to change", with no value: `objectWillChange`'s type.
///
/// Unlike the subjects it does not count demand. Any request turns a subscription on, and
/// from then on every `send()` reaches it, as in Combine (SwiftUI asks for one value and
/// expects to hear of every change).
///
/// ```swift
/// let changes = ObservableObjectPublisher()
/// let token = changes.sink { print("will change") }
/// changes.send()                                     // will change
/// ```
public final class ObservableObjectPublisher: Publisher {
    public typealias Output = Void
    public typealias Failure = Never

    private var conduits: [ObjectIdentifier: any ChangeConduit] = [:]

    public init() {}

    public func receive<S: Subscriber>(subscriber: S) where S.Input == Void, S.Failure == Never {
        let conduit = WillChangeConduit(parent: self, downstream: subscriber)
        conduits[ObjectIdentifier(conduit)] = conduit
        subscriber.receive(subscription: conduit)
    }

    /// Tells every subscriber that has asked for anything that the object will change.
    public func send() {
        for conduit in Array(conduits.values) { conduit.willChange() }
    }

    fileprivate func remove(_ conduit: AnyObject) {
        conduits[ObjectIdentifier(conduit)] = nil
    }

    /// How many subscribers are attached now.
    public var subscriberCount: Int { conduits.count }
}

private protocol ChangeConduit: AnyObject {
    func willChange()
}

/// One subscriber's line: off until its first request, on until it cancels.
private final class WillChangeConduit<Downstream: Subscriber>: ChangeConduit, Subscription, CustomReflectable,
    CustomPlaygroundDisplayConvertible
where Downstream.Input == Void, Downstream.Failure == Never {
    private weak var parent: ObservableObjectPublisher?
    private let downstream: Downstream
    private var requested = false
    private var cancelled = false

    init(parent: ObservableObjectPublisher, downstream: Downstream) {
        self.parent = parent
        self.downstream = downstream
    }

    func willChange() {
        guard requested, !cancelled else { return }
        _ = downstream.receive(())
    }

    func request(_ demand: Subscribers.Demand) {
        if demand > 0 { requested = true }
    }

    func cancel() {
        guard !cancelled else { return }
        cancelled = true
        parent?.remove(self)
    }

    var description: String { "ObservableObjectPublisher" }
    var customMirror: Mirror { Mirror(self, children: ["downstream": downstream]) }
    var playgroundDescription: Any { description }
}

/// An object whose `objectWillChange` publisher emits before any of its `@Published`
/// properties changes — the protocol SwiftUI's views watch.
///
/// A class that declares no `objectWillChange` of its own gets one that every `@Published`
/// stored property (its superclasses' too) sends to, in willSet, before the property's own
/// `$name` publisher emits.
///
/// ```swift
/// final class Contact: ObservableObject {
///     @Published var age = 40
/// }
/// let john = Contact()
/// let token = john.objectWillChange.sink { print("will change from \(john.age)") }
/// john.age += 1                                      // will change from 40
/// ```
public protocol ObservableObject: AnyObject {
    /// The publisher's type; by default an `ObservableObjectPublisher`.
    associatedtype ObjectWillChangePublisher: Publisher = ObservableObjectPublisher
    where ObjectWillChangePublisher.Failure == Never

    /// Emits before the object changes.
    var objectWillChange: ObjectWillChangePublisher { get }
}

extension ObservableObject where ObjectWillChangePublisher == ObservableObjectPublisher {
    /// The publisher the object's `@Published` properties share, made on first use.
    ///
    /// Found by reflection, since a property wrapper cannot see the object it lives in
    /// without compiler support the core does not rely on: the first property that already
    /// has one gives it; otherwise a new one is made and handed to them all. An object with
    /// no `@Published` property gets a fresh publisher that nothing sends to.
    public var objectWillChange: ObservableObjectPublisher {
        let properties = publishedProperties(of: self)
        if let existing = properties.lazy.compactMap(\.willChange).first { return existing }
        let made = ObservableObjectPublisher()
        for property in properties { property.willChange = made }
        return made
    }
}

/// Every `@Published` stored property of `object`, its superclasses' included.
private func publishedProperties(of object: AnyObject) -> [any PublishedStorage] {
    var found: [any PublishedStorage] = []
    var mirror: Mirror? = Mirror(reflecting: object)
    while let current = mirror {
        for child in current.children {
            if let property = child.value as? any PublishedStorage { found.append(property) }
        }
        mirror = current.superclassMirror
    }
    return found
}

/// What reflection needs of a `@Published` property: the object publisher it tells.
protocol PublishedStorage {
    var willChange: ObservableObjectPublisher? { get nonmutating set }
}
