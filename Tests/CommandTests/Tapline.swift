import Foundation
import Synchronization

/// The real `tapline` binary, run as a user runs it: what every test in this target goes through.
enum Tapline {
    /// The repository's root: scripts are named relative to it, and the binary runs in it.
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The binary `swift build --build-tests` built beside the test bundle (it is a product of
    /// the package, so it is always built with the tests).
    static var binary: URL {
        URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("tapline")
    }

    /// What one run printed and returned.
    struct Result {
        var stdout: String
        var stderr: String
        var status: Int32
    }

    /// Runs the binary in the repository's root with `arguments`, feeding it `stdin` (or an
    /// empty input), without colour, with `environment` added to this process's.
    static func run(_ arguments: [String], stdin: String? = nil, environment added: [String: String] = [:]) throws -> Result {
        let process = Process()
        process.executableURL = binary
        process.arguments = arguments
        process.currentDirectoryURL = root
        var environment = ProcessInfo.processInfo.environment
        environment["NO_COLOR"] = "1"
        // English whatever this machine's locale is (a `ko_*` locale turns the lessons and
        // the help pages Korean); a test that wants another adds it.
        for name in ["LC_ALL", "LC_MESSAGES", "LANG"] { environment[name] = nil }
        environment.merge(added) { _, new in new }
        process.environment = environment
        let out = Pipe(), err = Pipe(), input = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = input
        try process.run()
        if let stdin { input.fileHandleForWriting.write(Data(stdin.utf8)) }
        try input.fileHandleForWriting.close()
        // Read both pipes at once, before waiting: a child that fills one pipe while the
        // other is being read would block for ever.
        let errors = ErrorPipeReader(err.fileHandleForReading)
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        let errData = errors.wait()
        process.waitUntilExit()
        return Result(stdout: String(decoding: outData, as: UTF8.self), stderr: String(decoding: errData, as: UTF8.self),
                      status: process.terminationStatus)
    }
}

/// Reads a pipe to its end on a thread of its own.
private final class ErrorPipeReader: Sendable {
    private let data = Mutex(Data())
    private let done = DispatchSemaphore(value: 0)

    init(_ handle: FileHandle) {
        Thread.detachNewThread { [self] in
            let read = handle.readDataToEndOfFile()
            data.withLock { $0 = read }
            done.signal()
        }
    }

    func wait() -> Data {
        done.wait()
        return data.withLock { $0 }
    }
}

/// Runs `body` with a new empty directory, removed afterwards whatever happens.
func withTemporaryDirectory<T>(_ body: (URL) throws -> T) throws -> T {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("tapline-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    return try body(directory)
}
