import Testing
@testable import TaplineLanguage

/// Annotations, static types and values map onto each other in one place (Check/StaticType.swift);
/// the run-time check is spelled out for speed, so this holds it to the static one.
@Suite("Static types")
struct StaticTypeTests {
    static var values: [Value] { [
        .int(1), .double(1.5), .string("a"), .bool(true), .nil, .void, .tuple([.int(1), .string("x")]),
        .array([.int(1)]), .completion(failure: nil), .demand(.unlimited),
    ] }

    @Test func aValueFitsAnAnnotationExactlyWhenItsStaticTypeDoesNotConflict() {
        for value in Self.values {
            for type in TypeName.allCases {
                #expect(value.fits(type) == !SType(of: value).conflicts(with: type), "\(value) as \(type)")
            }
        }
    }

    @Test func anAnnotationAndItsStaticTypeRoundTrip() {
        for type in TypeName.allCases where type != .any {
            #expect(SType(type).typeName == type)
        }
        #expect(SType(.any) == .unknown)
    }

    @Test func anUnannotatedValueTakesTheTypeOfItsFirstValue() {
        #expect(TypeName(inferredFrom: .int(3)) == .int)
        #expect(TypeName(inferredFrom: .double(3)) == .double)
        #expect(TypeName(inferredFrom: .array([])) == .any)
    }
}
