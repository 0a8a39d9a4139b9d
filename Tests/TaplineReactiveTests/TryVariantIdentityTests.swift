import Testing
import TaplineReactive

/// A Combine try-variant is one object: its upstream's subscriber and its downstream's
/// subscription. So what the upstream is given is a subscription too, and a cancel made
/// through it before the upstream's subscription comes decides what that subscription is
/// asked when it does: nothing (the map-like), a cancel (the filter-like) or unlimited
/// demand (the reduce-like, which ask before their downstream does). Source: OpenCombine's
/// `testTry…CancelBeforeSubscription` tests (MapTests, FilterTests, ReduceTests, …), whose
/// expected histories these are, run against Apple's Combine.
@Suite("try-variants are one subscription")
struct TryVariantIdentityTests {
    typealias Event = RecordingSubscription.Event
    static var variants: [(String, [Event], (LatePublisher<Int, TestError>) -> AnyPublisher<Int, any Error>)] { [
        ("tryMap", [], { $0.tryMap { $0 }.eraseToAnyPublisher() }),
        ("tryScan", [], { $0.tryScan(0) { $0 + $1 }.eraseToAnyPublisher() }),
        ("tryDrop(while:)", [], { $0.tryDrop { _ in false }.eraseToAnyPublisher() }),
        ("tryFilter", [.cancelled], { $0.tryFilter { _ in true }.eraseToAnyPublisher() }),
        ("tryCompactMap", [.cancelled], { $0.tryCompactMap { $0 }.eraseToAnyPublisher() }),
        ("tryRemoveDuplicates", [.cancelled], { $0.tryRemoveDuplicates { $0 == $1 }.eraseToAnyPublisher() }),
        ("tryPrefix(while:)", [.cancelled], { $0.tryPrefix { _ in true }.eraseToAnyPublisher() }),
        ("tryReduce", [.requested(.unlimited)], { $0.tryReduce(0) { $0 + $1 }.eraseToAnyPublisher() }),
        ("tryFirst(where:)", [.requested(.unlimited)], { $0.tryFirst { _ in true }.eraseToAnyPublisher() }),
        ("tryLast(where:)", [.requested(.unlimited)], { $0.tryLast { _ in true }.eraseToAnyPublisher() }),
        ("tryMax(by:)", [.requested(.unlimited)], { $0.tryMax { $0 < $1 }.eraseToAnyPublisher() }),
        ("tryContains(where:)", [.requested(.unlimited)], { $0.tryContains { _ in false }.map { $0 ? 1 : 0 }.eraseToAnyPublisher() }),
        ("tryAllSatisfy", [.requested(.unlimited)], { $0.tryAllSatisfy { _ in true }.map { $0 ? 1 : 0 }.eraseToAnyPublisher() }),
    ] }

    @Test("the upstream's subscriber is the try-variant's subscription", arguments: 0..<13)
    func theUpstreamsSubscriberIsTheSubscription(_ index: Int) throws {
        let (name, expected, make) = Self.variants[index]
        let upstream = LatePublisher<Int, TestError>()
        let recorder = TryRecorder<Int>(demand: .none)
        make(upstream).subscribe(recorder)
        let asSubscription = try #require(upstream.operatorSubscription, "\(name)")
        asSubscription.cancel()
        let late = RecordingSubscription()
        upstream.subscribe(with: late)
        #expect(late.history == expected, "\(name)")
    }
}
