import TaplineReactive

/// Reading, storing and calling the members of the program's own types, as the program runs:
/// the one place that knows a stored property from a computed one, a `@Published` one's
/// publisher (`$name`), observers (`willSet`/`didSet`) and a struct's copy on change.
enum UserMembers {
    /// `value.name`: a stored or computed property, `$name`, `objectWillChange`, an enum's
    /// `rawValue`; nil when the value has no such member.
    static func get(_ value: Value, _ site: MemberSite, range: SourceRange) throws -> Value? {
        let name = site.name
        switch value {
        case .instance(let instance):
            let type = instance.type
            if let slot = site.storedSlot(in: type) { return instance.field(slot) }
            if let computed = type.computed[name] {
                return try invoke(computed.getter, name: name, receiver: value, [], range: range).result
            }
            if name.first == "$", let slot = type.storedIndex[String(name.dropFirst())], let subject = instance.published[slot] {
                return .publisher(PublisherValue(subject.setFailureType(to: ScriptFailure.self).eraseToAnyPublisher(),
                                                 output: type.stored[slot].type, failure: .never,
                                                 description: "Published<\(type.stored[slot].type.name)>.Publisher"))
            }
            if name == "objectWillChange", type.isObservable {
                let stream = instance.objectWillChange.map { Value.void }.setFailureType(to: ScriptFailure.self).eraseToAnyPublisher()
                return .publisher(PublisherValue(stream, output: .void, failure: .never, description: "ObservableObjectPublisher"))
            }
            return nil
        case .enumValue(let enumValue):
            if name == "rawValue" { return enumValue.type.enumCase(enumValue.name)?.rawValue }
            if let computed = enumValue.type.computed[name] {
                return try invoke(computed.getter, name: name, receiver: value, [], range: range).result
            }
            return nil
        default:
            return nil
        }
    }

    /// `base.name = newValue`: the base as it is after the store — the same object for a
    /// class, a changed copy for a struct (which the caller stores back where it came from).
    static func set(_ base: Value, _ site: MemberSite, to newValue: Value, range: SourceRange) throws -> Value {
        let name = site.name
        if case .publisher(let publisher) = base, name == "value", let subject = publisher.subject {
            // Checked against the subject's Output, a literal taking its type (`5` is `5.0`).
            let output = publisher.output
            subject.send(try output.checked(newValue, at: range) { got in Messages.typeMismatch("assign", expected: output.name, got: got) })
            return base
        }
        guard case .instance(let original) = base else {
            throw RuntimeError(Messages.noMember(name, on: base.typeName), at: range)
        }
        let type = original.type
        // A stored property first, found by the site: no name is both stored and computed.
        guard let slot = site.storedSlot(in: type) else {
            guard let computed = type.computed[name] else { throw RuntimeError(Messages.noMember(name, on: type.name), at: range) }
            guard let setter = computed.setter else { throw RuntimeError(Messages.assignToConstant(name), at: range) }
            return try invoke(setter, name: name, receiver: base, [newValue], range: range).receiver
        }
        if try site.storeInPlace(newValue, into: original, range: range) { return base }
        let stored = try site.checked(newValue, range: range)
        var receiver = base
        if let willSet = type.stored[slot].willSet {
            receiver = try invoke(willSet, name: "willSet", receiver: receiver, [stored], range: range).receiver
        }
        guard case .instance(var instance) = receiver else { return receiver }
        if type.kind == .struct { instance = instance.copy() }
        let old = instance.field(slot)
        instance.setField(slot, stored)
        receiver = .instance(instance)
        if let didSet = type.stored[slot].didSet {
            receiver = try invoke(didSet, name: "didSet", receiver: receiver, [old], range: range).receiver
        }
        return receiver
    }

    /// `value.method(arguments)`: the result, and the receiver as the method left it (a
    /// `mutating` method of a struct changes its copy). Nil when the value has no such method.
    static func call(_ value: Value, _ name: String, labels: [String?], _ arguments: [Value], range: SourceRange) throws -> (result: Value, receiver: Value)? {
        let type: UserType
        switch value {
        case .instance(let instance): type = instance.type
        case .enumValue(let enumValue): type = enumValue.type
        default: return nil
        }
        guard let method = type.method(name, labels: labels) else { return nil }
        guard method.parameters.count == arguments.count else {
            throw RuntimeError(Messages.functionArguments(method.signature(name), given: arguments.count), at: range)
        }
        return try invoke(method, name: name, receiver: value, arguments, range: range)
    }

    /// Calls a method, an `init`, an accessor or an observer: `self` in slot 0 of its frame
    /// (when it has one), the arguments after it, each checked against its parameter's type.
    static func invoke(_ box: FunctionBox, name: String, receiver: Value?, _ arguments: [Value],
                       range: SourceRange) throws -> (result: Value, receiver: Value) {
        guard let runtime = box.runtime else { return (.void, receiver ?? .void) }
        let first = receiver == nil ? 0 : 1
        let (result, frame) = try box.run(name: name, runtime: runtime, range: range) { frame in
            if let receiver { frame.slots[0] = receiver }
            for (index, argument) in arguments.enumerated() {
                try box.store(argument, in: frame, slot: first + index, parameter: index, name: name, range: range)
            }
        }
        let after = receiver == nil ? Value.void : frame.slots[0]
        if !box.keepsSelf { frame.slots[0] = .void }
        return (result, after)
    }

    /// `Type.init` called as a function: the one `init` that takes as many values, or a
    /// struct's memberwise one, given the values in order.
    static func construct(_ type: UserType, _ values: [Value], range: SourceRange) throws -> Value {
        let made = Value.instance(try instance(of: type, range: range))
        if let box = type.initializers.first(where: { $0.parameters.count == values.count }) {
            return try invoke(box, name: type.name + ".init", receiver: made, values, range: range).receiver
        }
        guard case .instance(let fresh) = made else { return made }
        for (slot, value) in zip(type.memberwiseSlots, values) {
            let property = type.stored[slot]
            fresh.setField(slot, try property.type.checked(value, at: range) { got in
                Messages.typeMismatch(StoreVerb.assign.rawValue, expected: property.type.name, got: got)
            })
        }
        return made
    }

    /// A new instance with every stored property at its initial value (`nil` for an optional
    /// without one), before any `init` runs; a `@Published` property gets its publisher.
    static func instance(of type: UserType, range: SourceRange) throws -> Instance {
        // A property whose value makes another of its type (`let next = Node()`) nests without
        // end: the recursion limit stops it, as a call's does.
        if let runtime = type.runtime {
            guard runtime.callDepth < Runtime.maximumCallDepth else {
                throw RuntimeError(Messages.tooMuchRecursion(type.name + ".init", Runtime.maximumCallDepth), at: range)
            }
            runtime.callDepth += 1
        }
        defer { type.runtime?.callDepth -= 1 }
        var fields: [Value] = []
        fields.reserveCapacity(type.stored.count)
        for property in type.stored {
            fields.append(try property.initial?() ?? (property.type.isOptional ? .nil : .void))
        }
        let instance = Instance(type: type, fields: fields, published: Array(repeating: nil, count: fields.count))
        if type.kind == .class { type.runtime?.track(instance) }
        for (slot, property) in type.stored.enumerated() where property.isPublished {
            let subject = PublishedSubject<Value>(fields[slot])
            if type.isObservable { subject.willChange = instance.objectWillChange }
            instance.published[slot] = subject
        }
        return instance
    }
}

/// A `Subscription` as a value: what a custom subscriber's `receive(subscription:)` is given,
/// to ask for values (`request(.max(3))`) and to cancel.
public final class SubscriptionValue: Equatable {
    let subscription: any Subscription

    init(_ subscription: any Subscription) { self.subscription = subscription }

    public static func == (left: SubscriptionValue, right: SubscriptionValue) -> Bool { left === right }
}

/// An instance of a program's class that is a `Subscriber`, attached to a publisher: Combine
/// calls its `receive(subscription:)`, `receive(_:)` (whose result is more demand) and
/// `receive(completion:)`, as Swift calls the class's methods. The subscription holds it,
/// as Combine's holds a subscriber.
final class ObjectSubscriber: Subscriber, Cancellable {
    typealias Input = Value
    typealias Failure = ScriptFailure

    private let object: Value
    private let type: UserType
    private let range: SourceRange
    private let runtime: Runtime
    private var upstream = UpstreamLink()
    /// An `AnySubscriber`'s closures, in the order of `selectors`; nil for a class's instance.
    private let closures: [Value]?

    /// Nil when the value is no instance with the three methods a subscriber has, nor an
    /// `AnySubscriber`.
    init?(_ object: Value, runtime: Runtime, range: SourceRange) {
        guard case .instance(let instance) = object else { return nil }
        if instance.type === runtime.anySubscriberType {
            closures = instance.fields
        } else {
            guard ObjectSubscriber.selectors.allSatisfy({ instance.type.methods[$0] != nil }) else { return nil }
            closures = nil
        }
        (self.object, type, self.range, self.runtime) = (object, instance.type, range, runtime)
    }

    static let selectors = ["receive(subscription:)", "receive(_:)", "receive(completion:)"]

    func receive(subscription: any Subscription) {
        guard upstream.accept(subscription) else { return }
        call(ObjectSubscriber.selectors[0], .subscription(SubscriptionValue(subscription)))
    }

    func receive(_ input: Value) -> Subscribers.Demand {
        guard !upstream.isEnded else { return .none }
        let result = call(ObjectSubscriber.selectors[1], input)
        var demand = Subscribers.Demand.none
        if result != .void { runtime.deliver { demand = try Value.demand(from: result, range: range, allowZero: true) } }
        return demand
    }

    func receive(completion: Subscribers.Completion<ScriptFailure>) {
        guard !upstream.isEnded else { return }
        upstream.end()
        call(ObjectSubscriber.selectors[2], Value(completion))
    }

    func cancel() { upstream.detach()?.cancel() }

    @discardableResult private func call(_ selector: String, _ argument: Value) -> Value {
        var result = Value.void
        if let closures, let index = ObjectSubscriber.selectors.firstIndex(of: selector) {
            guard case .function(let closure) = closures[index] else { return .void }
            runtime.deliver { result = try closure.call([argument]) }
            return result
        }
        guard let method = type.methods[selector] else { return .void }
        runtime.deliver { result = try UserMembers.invoke(method, name: selector, receiver: object, [argument], range: range).result }
        return result
    }
}

/// The class `AnySubscriber`'s closures stand in.
enum AnySubscriberType {
    static let labels = ["receiveSubscription", "receiveValue", "receiveCompletion"]

    static func make() -> UserType {
        let type = UserType(name: "AnySubscriber", kind: .class)
        for label in labels { type.addStored(StoredProperty(name: label, type: .unknown, isMutable: false, isPublished: false)) }
        type.conformances = ["Subscriber"]
        return type
    }
}

/// A member named at one place of the program (`model.count`), with the stored property's
/// slot in the type it last met there (by the type's serial number): a member read or stored
/// at every value looks its name up in the type's table once per type, not by the name's
/// hash at each run.
final class MemberSite {
    let name: String
    private var lastSerial = 0
    private var lastSlot: Int?
    /// The property's type, and whether it is a class's with no `willSet` or `didSet` (which a
    /// store changes in place), in the type last met: a store reads them at every run, and
    /// reading them out of the type's array of properties retained the array and each field
    /// it read.
    private var storedType = SType.unknown
    private var storesInPlace = false

    init(_ name: String) { self.name = name }

    /// `instance.name = value` for a class's stored property with no observers: checked and
    /// stored in place, the object unchanged. False, with nothing done, for any other member.
    /// The one path of the usual store (`model.count = i`), asked first by the store's code
    /// and by `UserMembers.set`.
    @inline(__always) func storeInPlace(_ value: Value, into instance: Instance, range: SourceRange) throws -> Bool {
        guard let slot = storedSlot(in: instance.type), storesInPlace else { return false }
        instance.storeInPlace(slot, try checked(value, range: range))
        return true
    }

    /// The value as the stored property holds it, or the error for one of another type.
    func checked(_ value: Value, range: SourceRange) throws -> Value {
        try storedType.checked(value, at: range) { got in
            Messages.typeMismatch(StoreVerb.assign.rawValue, expected: storedType.name, got: got)
        }
    }

    /// The slot of the stored property of this name in `type`; nil when it has none. Sets
    /// `storedType` and `storesInPlace` for that property.
    func storedSlot(in type: UserType) -> Int? {
        if type.serial == lastSerial { return lastSlot }
        let slot = type.storedIndex[name]
        (lastSerial, lastSlot) = (type.serial, slot)
        if let slot {
            let property = type.stored[slot]
            storedType = property.type
            storesInPlace = type.kind == .class && property.willSet == nil && property.didSet == nil
        }
        return slot
    }
}
