import Synchronization

/// A unique identity for a subscriber or subscription, as Combine gives each one.
///
/// Made from an object it is that object's identity; made with `init()` it is a fresh
/// number, for value types that have no object to stand for them.
///
/// ```swift
/// final class Printer: Subscriber { … }
/// let printer = Printer()
/// print(printer.combineIdentifier == CombineIdentifier(printer))   // true
/// ```
public struct CombineIdentifier: Hashable, CustomStringConvertible, Sendable {
    private let rawValue: UInt64

    // The core runs on one thread, but identifiers may be made on any (a test's, the
    // interpreter's), so the counter is atomic rather than a plain global Swift 6 refuses.
    private static let next = Atomic<UInt64>(0)

    /// A fresh identifier, different from every other made this way.
    public init() {
        // wrappingAdd: 2^64 identifiers will not be made; the high bit keeps these apart
        // from object addresses, which user space never puts there.
        rawValue = Self.next.wrappingAdd(1, ordering: .relaxed).newValue | (1 << 63)
    }

    /// The identity of `object`: equal for the same object while it lives.
    public init(_ object: AnyObject) {
        rawValue = UInt64(UInt(bitPattern: ObjectIdentifier(object)))
    }

    public var description: String { "0x" + String(rawValue, radix: 16) }
}

/// Something with a `CombineIdentifier`; every `Subscriber` and `Subscription` is one.
/// A class gets its identity for free; a struct forwards to the object it stands for.
public protocol CustomCombineIdentifierConvertible {
    var combineIdentifier: CombineIdentifier { get }
}

extension CustomCombineIdentifierConvertible where Self: AnyObject {
    /// The object's own identity, so a hand-written subscriber class needs nothing.
    public var combineIdentifier: CombineIdentifier { CombineIdentifier(self) }
}
