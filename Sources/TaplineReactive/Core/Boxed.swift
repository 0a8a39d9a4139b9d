/// A value held in a class: the optional state of a stage (the value `removeDuplicates`
/// compares with, the one `debounce` waits to send, a conduit's subscriber) as
/// `Boxed<Output>?` rather than `Output?`.
///
/// A chain that a host builds at run time (the Tapline language) runs the core's generic code
/// unspecialised, and such code looks up the metadata of every generic type it uses but is
/// not handed, at each use: an `Output?` read or written at every value costs a look-up in
/// the runtime's hash table each time. An optional reference has one layout for every type,
/// so reading it, testing it or setting it to nil looks nothing up, and the value inside is
/// of a type the stage already has. Letting go of the box lets go of the value, as setting
/// the optional to nil did.
final class Boxed<Value> {
    var value: Value

    init(_ value: Value) { self.value = value }
}
