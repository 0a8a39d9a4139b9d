import Synchronization
import TaplineReactive

/// The serial number the next type made gets (`UserType.serial`); sessions may run on
/// several threads (a test run, the playground's), hence the atomic.
private let nextTypeSerial = Atomic<Int>(1)

/// A type the program declares (`struct`, `class`, `enum`), made when its declaration
/// compiles and filled in as its members compile. Instances reach their members by index.
final class UserType {
    let name: String
    let kind: TypeDecl.Kind
    /// A number no other type of the process has, before or after: what a `MemberSite`
    /// remembers the type by (an object's address may be a later type's, and a reference
    /// would keep the type, and the code of its methods, alive).
    let serial: Int
    /// The stored properties of an instance, in the order written: each is a slot of its fields.
    var stored: [StoredProperty] = []
    var storedIndex: [String: Int] = [:]
    /// Computed properties: a getter (and a setter), each a method whose `self` is slot 0.
    var computed: [String: (getter: FunctionBox, setter: FunctionBox?)] = [:]
    /// Instance methods by name and labels (`receive(_:)`, `receive(completion:)`: Swift tells
    /// methods of one name apart by their labels), whose frame has `self` in slot 0 and the
    /// parameters after it; and their names.
    var methods: [String: FunctionBox] = [:]
    var methodNames: Set<String> = []
    /// `static let`/`static var` values, and `static func`s (no `self`).
    var statics: [String: ValueBox] = [:]
    var staticMethods: [String: FunctionBox] = [:]
    /// The `init`s written, each with `self` in slot 0; none: the memberwise one (a struct)
    /// or the one that takes nothing (a class whose properties all have values).
    var initializers: [FunctionBox] = []
    /// An enum's cases in the order written, with their payload labels and raw values.
    var cases: [EnumCase] = []
    /// An enum's raw type (`String`, `Int`), if it has one.
    var rawType: SType?
    /// The protocols and the superclass it names (`Error`, `ObservableObject`, `Subscriber`).
    var conformances: [String] = []
    /// `deinit`'s body, run with the instance's last field values when its last reference goes.
    var deinitializer: FunctionBox?
    /// The runtime, for `deinit` (it reports its errors there).
    var runtimeLink: RuntimeLink?
    var runtime: Runtime? { runtimeLink?.runtime }

    init(name: String, kind: TypeDecl.Kind) {
        self.name = name
        self.kind = kind
        serial = nextTypeSerial.add(1, ordering: .relaxed).oldValue
    }

    /// `ObservableObject`: its `@Published` properties tell `objectWillChange` first.
    var isObservable: Bool { conformances.contains("ObservableObject") }
    /// What the type's own `description` (`CustomStringConvertible`) or `debugDescription`
    /// (`CustomDebugStringConvertible`) gives for a value, as Swift's `String(describing:)`
    /// (`debug` false: `print`) and `String(reflecting:)` (`debug`: inside a collection or a
    /// case's payload) choose them; nil when it declares neither, or the getter fails.
    func customDescription(of value: Value, debug: Bool) -> String? {
        let plain = conformances.contains("CustomStringConvertible") ? "description" : nil
        let detailed = conformances.contains("CustomDebugStringConvertible") ? "debugDescription" : nil
        guard let property = debug ? detailed ?? plain : plain ?? detailed,
              case .string(let text)? = try? UserMembers.get(value, MemberSite(property), range: .zero) else { return nil }
        return text
    }

    var conformsToError: Bool { conformances.contains("Error") || conformances.contains("Swift.Error") || conformances.contains("LocalizedError") }

    func enumCase(_ name: String) -> EnumCase? { cases.first { $0.name == name } }

    /// Adds a stored property, in the next slot of an instance's fields.
    func addStored(_ property: StoredProperty) {
        storedIndex[property.name] = stored.count
        stored.append(property)
    }

    /// The slots a struct's memberwise `init` takes, in order: every `var`, and every `let`
    /// without a value (a class has no memberwise `init`).
    var memberwiseSlots: [Int] {
        kind == .struct ? stored.indices.filter { stored[$0].isMutable || stored[$0].initial == nil } : []
    }

    /// What `:list` says of it: its stored properties, or its cases.
    var summary: String {
        if kind == .enum { return cases.map(\.name).joined(separator: ", ") }
        return stored.map { $0.name + ": " + $0.type.name }.joined(separator: ", ")
    }

    /// What completion offers after an instance's dot: its properties and its methods
    /// (`name(` when they take arguments, `name()` when not), and `objectWillChange` for an
    /// `ObservableObject`.
    var instanceMembers: [String] {
        stored.map(\.name) + computed.keys + methods.compactMap { selector, box in UserType.completion(selector, box) }
            + (isObservable ? ["objectWillChange"] : [])
    }

    /// What completion offers after the type's name: its cases, static members and `init(`.
    var typeMembers: [String] {
        cases.map { $0.types.isEmpty ? $0.name : $0.name + "(" } + statics.keys
            + staticMethods.compactMap { selector, box in UserType.completion(selector, box) } + (kind == .enum ? [] : ["init("])
    }

    private static func completion(_ selector: String, _ box: FunctionBox) -> String? {
        guard let name = selector.split(separator: "(").first else { return nil }
        return name + (box.parameters.isEmpty ? "()" : "(")
    }

    /// Lets go of its compiled code and static values, which may hold instances of it.
    func release() {
        let boxes = Array(methods.values) + Array(staticMethods.values) + initializers + computed.values.flatMap { [$0.getter] + ($0.setter.map { [$0] } ?? []) }
        boxes.forEach { $0.body = nil }
        statics.values.forEach { $0.value = .void }
        deinitializer = nil
        for index in stored.indices { (stored[index].initial, stored[index].willSet, stored[index].didSet) = (nil, nil, nil) }
    }

    /// Whether a member of this name exists: what makes a bare name inside a method `self.name`.
    func hasMember(_ name: String) -> Bool {
        storedIndex[name] != nil || computed[name] != nil || methodNames.contains(name) || (name == "objectWillChange" && isObservable)
    }

    /// The method a call names with its labels (a trailing closure's is the last parameter's).
    func method(_ name: String, labels: [String?]) -> FunctionBox? {
        if let method = methods[UserType.selector(name, labels)] { return method }
        // A trailing closure, or arguments left to their defaults: the labels name no selector.
        return methods.first { key, box in key.hasPrefix(name + "(") && box.accepts(labels: labels) }?.value
    }

    /// `receive(_:)`: a method's name with its labels, as Swift writes it.
    static func selector(_ name: String, _ labels: [String?]) -> String {
        name + "(" + labels.map { ($0 ?? "_") + ":" }.joined() + ")"
    }
}

/// One stored property: its type, its value before `init` runs, and its observers.
struct StoredProperty {
    let name: String
    let type: SType
    let isMutable: Bool
    let isPublished: Bool
    /// The value it starts with, if it is given one (evaluated for each new instance).
    var initial: (() throws -> Value)?
    /// `willSet`/`didSet`, as methods taking the new or the old value after `self`.
    var willSet: FunctionBox?
    var didSet: FunctionBox?
}

/// One case of an enum.
struct EnumCase {
    let name: String
    let labels: [String?]
    let types: [SType]
    let rawValue: Value?
}

extension UserType {
    /// The types of a case's payload, if this type has the case.
    func payloadTypes(of name: String) -> [SType]? { enumCase(name)?.types }
}

/// An instance of a struct or a class. A class's instance is shared by every value holding
/// it (reference semantics); a struct's is copied whenever it is changed, so a value never
/// sees another's change (value semantics). When the last reference to a class's instance
/// goes, its `deinit` runs, as Swift's reference counting runs it.
public final class Instance: Equatable {
    let type: UserType
    var fields: [Value]
    /// The publishers of its `@Published` properties, by slot (nil for a plain property).
    var published: [PublishedSubject<Value>?]
    /// `objectWillChange`, made when first asked for or when a `@Published` property is made.
    private(set) lazy var objectWillChange = ObservableObjectPublisher()
    /// The stand-in `self` a `deinit` runs with: its own end runs no `deinit`.
    private var isDeinitSelf = false

    init(type: UserType, fields: [Value], published: [PublishedSubject<Value>?]) {
        self.type = type
        self.fields = fields
        self.published = published
    }

    /// The value in a slot: a `@Published` property's current value.
    func field(_ slot: Int) -> Value {
        if let subject = published[slot] { return subject.value }
        return fields[slot]
    }

    /// Stores a class's property in place, as a plain store does. The old value lives until
    /// the store is done: a `deinit` it runs may read or change this instance. A `@Published`
    /// property's subject holds it that long itself (it emits, then stores).
    func storeInPlace(_ slot: Int, _ value: Value) {
        if let subject = published[slot] {
            subject.value = value
            return
        }
        withExtendedLifetime(fields[slot]) { fields[slot] = value }
    }

    /// Stores a value in a slot; a `@Published` property emits it (after `objectWillChange`).
    func setField(_ slot: Int, _ value: Value) {
        if let subject = published[slot] {
            subject.value = value
        } else {
            fields[slot] = value
        }
    }

    /// Lets go of every property's value (the session's end breaks the program's cycles).
    func releaseFields() {
        fields = []
        published = []
    }

    /// A struct's copy, to change without changing the value it was copied from.
    func copy() -> Instance { Instance(type: type, fields: fields, published: published) }

    /// Two instances of a class are the same when they are the same object (`===`); of a
    /// struct, when every property is equal (Swift's synthesized `Equatable`).
    public static func == (left: Instance, right: Instance) -> Bool {
        if left === right { return true }
        guard left.type === right.type, left.type.kind == .struct else { return false }
        return left.fields.indices.allSatisfy { ValueArithmetic.equal(left.field($0), right.field($0)) }
    }

    deinit {
        if type.kind == .class { type.runtime?.untrack(self) }
        guard type.kind == .class, !isDeinitSelf, let deinitializer = type.deinitializer, let runtime = type.runtime,
              runtime.runsDeinit else { return }
        // `self` in `deinit` is an instance that has the fields this one had.
        let stand = Instance(type: type, fields: fields, published: published)
        stand.isDeinitSelf = true
        runtime.runDeinit(deinitializer, of: .instance(stand))
    }
}

/// An instance held weakly: the object a weak `assign(to:on:)` stores into.
struct WeakInstance {
    weak var instance: Instance?

    init(_ instance: Instance) { self.instance = instance }
}

/// A reference to an instance that does not keep it alive: a `[weak self]` or `[unowned self]`
/// capture.
public final class WeakReference: Equatable {
    private(set) weak var instance: Instance?
    let isUnowned: Bool
    let typeName: String

    init(_ instance: Instance, isUnowned: Bool) {
        self.instance = instance
        self.isUnowned = isUnowned
        typeName = instance.type.name
    }

    /// The value a read of the capture gives: `Optional(instance)` or nil for `weak`; the
    /// instance for `unowned`, and an error once it is gone (Swift's run-time trap).
    func read(at range: SourceRange) throws -> Value {
        guard let instance else {
            if isUnowned { throw RuntimeError(Messages.unownedGone(typeName), at: range) }
            return .nil
        }
        return isUnowned ? .instance(instance) : .some(.instance(instance))
    }

    public static func == (left: WeakReference, right: WeakReference) -> Bool { left.instance === right.instance }
}

/// A value of an enum: its case and the payload it carries. A class, though a value never
/// changes: inline, its three fields would make every `Value` twice as large.
public final class EnumValue: Equatable {
    let type: UserType
    let name: String
    let payload: [Value]

    init(type: UserType, name: String, payload: [Value]) {
        self.type = type
        self.name = name
        self.payload = payload
    }

    public static func == (left: EnumValue, right: EnumValue) -> Bool {
        left.type === right.type && left.name == right.name && left.payload == right.payload
    }

    /// `tooShort("Bob")`, `unknown`: how `print` shows it, unless the enum says (`description`).
    var description: String {
        if let custom = type.customDescription(of: .enumValue(self), debug: false) { return custom }
        guard !payload.isEmpty, let labels = type.enumCase(name)?.labels else { return name }
        let parts = zip(labels, payload).map { ($0.map { $0 + ": " } ?? "") + $1.debugDescription }
        return name + "(" + parts.joined(separator: ", ") + ")"
    }
}

extension Instance {
    /// How `print` shows it: a struct as `Point(x: 1, y: 2)`, a class by its name (Swift
    /// adds its module, which Tapline, a script of one module, leaves out).
    var description: String {
        if let custom = type.customDescription(of: .instance(self), debug: false) { return custom }
        return type.kind == .struct ? fieldsDescription : type.name
    }

    /// `Point(x: 1, y: 2)`: its type and stored properties, as `:list` shows any instance.
    var fieldsDescription: String {
        let parts = type.stored.indices.map { type.stored[$0].name + ": " + field($0).debugDescription }
        return type.name + "(" + parts.joined(separator: ", ") + ")"
    }
}
