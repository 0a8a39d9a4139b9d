import Foundation
import Testing
import TaplineReactive

/// Combine's values as Combine's other API treats them: saved and read back as JSON, a
/// subject behind `AnySubscriber`, any `Cancellable` kept in a set or an array, publishers
/// compared. Sources: OpenCombine's CompletionTests, SubscribersDemandTests.testEncodeDecodeJSON,
/// RecordTests.testRecordDecode, AnySubscriberTests.testErasingSubject, AnyCancellableTests.
/// testStoreInSet, EmptyTests.testEquatable and ShareTests.testEquatable, run against Apple's Combine.
@Suite("Combine's values: Codable, erased, stored, compared")
struct CombineValuesTests {
    struct Oops: Error, Codable, Equatable { var description = "oops" }

    private func json(_ value: some Encodable) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }

    @Test func completionsDemandsAndRecordsAreCodable() throws {
        #expect(try json(Subscribers.Completion<Oops>.finished) == #"{"success":true}"#)
        #expect(try json(Subscribers.Completion<Oops>.failure(Oops())) == #"{"error":{"description":"oops"},"success":false}"#)
        #expect(try json([Subscribers.Demand.max(42), .unlimited]) == "[42,\(UInt(Int.max) + 1)]")
        let record = Record<Int, Oops>(output: [1, 2], completion: .finished)
        let text = try json(record)
        #expect(text == #"{"recording":{"completion":{"success":true},"output":[1,2]}}"#)
        let read = try JSONDecoder().decode(Record<Int, Oops>.self, from: Data(text.utf8))
        #expect(read.recording.output == [1, 2])
        #expect(read.recording.completion == .finished)
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(Subscribers.Demand.self, from: Data("-1".utf8)) }
    }

    @Test func aSubjectBehindAnySubscriberGetsOneSubscriptionAndTheFirstCompletion() {
        let subject = PassthroughSubject<Int, TestError>()
        let recorder = IntRecorder()
        subject.subscribe(recorder)
        let erased = AnySubscriber(subject)
        #expect(erased.description == "Subject")
        erased.receive(subscription: RecordingSubscription())
        _ = erased.receive(1)
        erased.receive(completion: .finished)
        _ = erased.receive(2)
        #expect(recorder.events == [.subscription("PassthroughSubject"), .value(1), .completion(.finished)])
    }

    @Test func anyCancellableIsStoredWrappedAndPublishersCompare() {
        var set = Set<AnyCancellable>()
        var array: [AnyCancellable] = []
        let token = AnyCancellable {}
        token.store(in: &set)
        token.store(in: &set)
        let abstracted: any Cancellable = token
        abstracted.store(in: &set)
        abstracted.store(in: &array)
        #expect(set.count == 2)
        #expect(array.count == 1)
        #expect(Empty<Int, Never>() == Empty<Int, Never>())
        #expect(Empty<Int, Never>() != Empty<Int, Never>(completeImmediately: false))
        let shared = Just(1).share()
        #expect(shared == shared)
        #expect(shared != Just(1).share())
        #expect(Just(1).eraseToAnyPublisher().description == "AnyPublisher")
    }
}
