import Foundation
import Testing
@testable import TaplineLanguage

/// The one way Tapline writes a file (`FileWriter`), and `marbles save` through it: nothing is
/// written through a symbolic link or outside the path given, and replacing a file the
/// session did not write is said.
@Suite("Writing files")
struct FileWriterTests {
    /// A fresh folder for one test, removed after it.
    static func inFolder(_ body: (String) throws -> Void) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tapline-files-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try body(folder)
    }

    static func contents(_ path: String) throws -> String { try String(contentsOfFile: path, encoding: .utf8) }

    @Test func createsThenRewritesItsOwnFileThenSaysWhenItReplacesAnother() throws {
        try Self.inFolder { folder in
            let writer = FileWriter()
            let path = folder + "/a.svg"
            #expect(writer.write("one", to: path) == .success(.created))
            #expect(writer.write("two", to: path) == .success(.rewrote))
            try "someone else's".write(toFile: folder + "/b.svg", atomically: false, encoding: .utf8)
            #expect(writer.write("three", to: folder + "/b.svg") == .success(.replaced))
            #expect(try Self.contents(path) == "two")
            #expect(try Self.contents(folder + "/b.svg") == "three")
            // Nothing but the targets is left in the folder.
            #expect(try FileManager.default.contentsOfDirectory(atPath: folder).sorted() == ["a.svg", "b.svg"])
        }
    }

    /// A link planted at the name the old writer used for its temporary file (`PATH.tmp-PID`)
    /// is not followed: its target keeps its contents.
    @Test func aLinkAtAGuessableTemporaryNameIsNotFollowed() throws {
        try Self.inFolder { folder in
            try "secret".write(toFile: folder + "/victim", atomically: false, encoding: .utf8)
            try FileManager.default.createSymbolicLink(atPath: folder + "/a.svg.tmp-\(getpid())", withDestinationPath: folder + "/victim")
            #expect(FileWriter().write("picture", to: folder + "/a.svg") == .success(.created))
            #expect(try Self.contents(folder + "/victim") == "secret")
            #expect(try Self.contents(folder + "/a.svg") == "picture")
        }
    }

    @Test func aTargetThatIsNotARegularFileIsRefusedAndLeftAlone() throws {
        try Self.inFolder { folder in
            try "secret".write(toFile: folder + "/victim", atomically: false, encoding: .utf8)
            try FileManager.default.createSymbolicLink(atPath: folder + "/link.svg", withDestinationPath: folder + "/victim")
            try FileManager.default.createDirectory(atPath: folder + "/dir.svg", withIntermediateDirectories: false)
            #expect(mkfifo(folder + "/fifo.svg", 0o600) == 0)
            let writer = FileWriter()
            let refusals = ["link.svg", "dir.svg", "fifo.svg"].map { name -> String in
                guard case .failure(let failure) = writer.write("x", to: folder + "/" + name) else { return "written" }
                return failure.reason
            }
            #expect(refusals == ["it is a symbolic link, and Tapline writes neither through one nor over it",
                                 "it is a directory", "it is not a regular file"])
            #expect(try Self.contents(folder + "/victim") == "secret")
            #expect(try FileManager.default.destinationOfSymbolicLink(atPath: folder + "/link.svg") == folder + "/victim")
            #expect(try FileManager.default.contentsOfDirectory(atPath: folder).sorted() == ["dir.svg", "fifo.svg", "link.svg", "victim"])
        }
    }

    @Test func aFolderThatCannotBeWrittenIsTheSystemsReason() {
        #expect(FileWriter().write("x", to: "/nonexistent/dir/x.svg")
            == .failure(.init(path: "/nonexistent/dir/x.svg", reason: "No such file or directory")))
    }

    /// A replaced file keeps its permissions (less any the writer's mode does not give).
    @Test func aReplacedFileKeepsItsPermissions() throws {
        try Self.inFolder { folder in
            let path = folder + "/private.svg"
            try "old".write(toFile: path, atomically: false, encoding: .utf8)
            #expect(chmod(path, 0o600) == 0)
            #expect(FileWriter().write("new", to: path) == .success(.replaced))
            let attributes = try FileManager.default.attributesOfItem(atPath: path)
            #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)
        }
    }

    /// Runs a program as a script does, collecting its warnings and its error as text.
    static func run(_ program: String, writesFiles: Bool = true) -> [String] {
        var said: [String] = []
        let interpreter = Interpreter(output: { _ in })
        interpreter.writesFiles = writesFiles
        interpreter.warn = { said.append("warning: " + $0.message) }
        if let diagnostic = interpreter.run(program) { said.append("error: " + diagnostic.message) }
        return said
    }

    @Test func marblesSaveSaysWhenItReplacesAFileButNotItsOwn() throws {
        try Self.inFolder { folder in
            let path = folder + "/old.svg"
            try "not a picture".write(toFile: path, atomically: false, encoding: .utf8)
            let said = Self.run("subject q: Int\nq.sink { _ in }\nmarbles save \(path)\nsend q 1\nmarbles save \(path)")
            #expect(said == ["warning: 'marbles save' replaced '\(path)', an existing file this session had not written"])
            #expect(try Self.contents(path).hasPrefix("<svg"))
        }
    }

    @Test func marblesSaveNeverWritesThroughALink() throws {
        try Self.inFolder { folder in
            try "secret".write(toFile: folder + "/victim", atomically: false, encoding: .utf8)
            try FileManager.default.createSymbolicLink(atPath: folder + "/b.svg", withDestinationPath: folder + "/victim")
            let said = Self.run("subject q: Int\nmarbles save \(folder)/b.svg")
            #expect(said == ["error: cannot write '\(folder)/b.svg': it is a symbolic link, and Tapline writes neither through one nor over it"])
            #expect(try Self.contents(folder + "/victim") == "secret")
        }
    }

    /// The bare file name ends where a comment begins, by the language's own rule (`#` or `//`).
    @Test func aCommentAfterTheFileNameIsNotPartOfIt() throws {
        try Self.inFolder { folder in
            #expect(Self.run("subject q: Int\nmarbles save \(folder)/b.svg # note\nmarbles save \(folder)/c.svg// note") == [])
            let names = try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
            #expect(names == ["b.svg", "c.svg"])
        }
    }

    /// A session that writes no files (a lesson's) draws the picture, writes nothing, and says so.
    @Test func withoutFileWritingMarblesSaveSaysItWroteNothing() throws {
        try Self.inFolder { folder in
            let said = Self.run("subject q: Int\nmarbles save \(folder)/x.svg", writesFiles: false)
            #expect(said == ["warning: 'marbles save' drew the diagram but wrote no file: a lesson's programs write no files"])
            let names = try FileManager.default.contentsOfDirectory(atPath: folder)
            #expect(names == [])
        }
    }
}
