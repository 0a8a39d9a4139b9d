// Adapters between OpenCombine's test helpers (written against Combine's API) and
// TaplineReactive. Nothing here changes what a test asserts; each item supplies an
// API that the core lacks or spells differently, so that the helpers compile.

import Foundation
import TaplineReactive

// The core's `Scheduler` is Combine's, so the helper VirtualTimeScheduler.swift conforms to
// it unchanged, and the time operators take it as they are: no bridge.

// MARK: - Combine's Subscriber.receive() for Void input.

extension Subscriber where Input == Void {
    func receive() -> Subscribers.Demand { receive(()) }
}

// MARK: - Combine's assign(to:on:) has no `Root: AnyObject` constraint; the helper
// AutomaticallyFinish.swift declares a generic forwarding method without it. This overload
// still subscribes the core's Subscribers.Assign, through a box that writes the key path.

final class AssignBox<Root, Value> {
    let object: Root
    let keyPath: ReferenceWritableKeyPath<Root, Value>
    init(_ object: Root, _ keyPath: ReferenceWritableKeyPath<Root, Value>) {
        self.object = object
        self.keyPath = keyPath
    }
    var value: Value {
        get { object[keyPath: keyPath] }
        set { object[keyPath: keyPath] = newValue }
    }
}

extension Publisher where Failure == Never {
    func assign<Root>(to keyPath: ReferenceWritableKeyPath<Root, Output>,
                      on object: Root) -> AnyCancellable {
        let box = AssignBox(object, keyPath)
        let assign = Subscribers.Assign(object: box, keyPath: \AssignBox<Root, Output>.value)
        subscribe(assign)
        return AnyCancellable(assign)
    }
}

// MARK: - Combine's Empty(completeImmediately:outputType:failureType:).

extension Empty {
    init(completeImmediately: Bool = true, outputType: Output.Type, failureType: Failure.Type) {
        self.init(completeImmediately: completeImmediately)
    }
}

// MARK: - Published(initialValue:) is Combine's older spelling.


extension Published {
    init(initialValue: Value) { self.init(wrappedValue: initialValue) }
}

// MARK: - Combine's spellings of what the core spells otherwise.

// Combine's Fail(outputType:failure:) (the core spells it Fail(error:)); CatchTests uses it.
extension Fail {
    init(outputType: Output.Type, failure: Failure) {
        self.init(error: failure)
    }
}
