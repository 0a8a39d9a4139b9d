import Testing
@testable import TaplineLanguage

/// Swift that Tapline does not read is named in the parse error's note: each entry of the
/// table gets its own note on its own example, and a typo in code Tapline reads gets none.
@Suite("Swift that Tapline does not read")
struct MissingSwiftTests {
    @Test("each feature's example is refused with the feature's note",
          arguments: MissingSwiftFeature.all.map(\.example))
    func exampleGetsItsNote(_ example: String) throws {
        let feature = try #require(MissingSwiftFeature.all.first { $0.example == example })
        let error = try #require(parseError(example), "the example parsed")
        #expect(error.notes.map(\.message) == [feature.note], "error: \(error.message)")
        #expect(error.notes.first?.id == .missingSwift)
    }

    /// The note points at the feature, on the statement's earlier line when the parser only
    /// stumbled at its end.
    @Test func theNotePointsAtTheFeatureOnAnEarlierLine() throws {
        let error = try #require(parseError("let x =\n  0x10"))
        let range = try #require(error.notes.first?.range)
        #expect((range.start.line, range.start.column, range.end.column) == (2, 3, 7))
    }

    @Test("a typo in code Tapline reads gets no note",
          arguments: ["print(1,, 2)", "let x = (1 + 2", "func f(a: Int b: Int) {}", "let = 3"])
    func typosKeepTheirPlainMessage(_ source: String) throws {
        let error = try #require(parseError(source))
        #expect(error.notes.isEmpty, "note: \(error.notes.map(\.message))")
    }

    private func parseError(_ source: String) -> Diagnostic? {
        do {
            _ = try Parser.parse(source + "\n")
            return nil
        } catch {
            return error
        }
    }

    /// A type of Foundation's that Tapline lacks, used as a value or as a type, is named in
    /// a note rather than left as an unknown name.
    @Test("a Foundation type Tapline lacks gets its note", arguments: MissingLibrary.notes.keys.sorted())
    func missingLibraryNamesItsType(_ name: String) throws {
        for program in ["let x = \(name)()", "let x: \(name)? = nil", "print(\(name).self)"] {
            let interpreter = Interpreter(output: { _ in })
            defer { interpreter.close() }
            let error = try #require(interpreter.run(program, name: "t"), "\(program) ran")
            #expect(error.notes.map(\.message) == [MissingLibrary.notes[name]], "\(program): \(error.message)")
            #expect(error.notes.first?.id == .missingLibrary)
        }
    }
}
