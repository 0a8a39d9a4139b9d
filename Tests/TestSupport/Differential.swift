#if canImport(Glibc)
import Glibc
#endif
import TaplineHost
import TaplineLanguage

/// The differential grid: a program run four ways — fast paths on and off, recording for
/// `marbles` and `trace` forced on and left as the program decides — must print the same,
/// end with the same error (or none), and so exit alike. A fast path or a recording tap is
/// only allowed where it cannot change what a program prints.
public enum Differential {
    /// One way of running a program.
    public struct Way: Sendable, CustomStringConvertible {
        public let fastPaths: Bool
        public let records: Bool
        public var description: String { "fast paths \(fastPaths ? "on" : "off"), recording \(records ? "on" : "as decided")" }
    }

    public static let ways = [Way(fastPaths: true, records: false), Way(fastPaths: false, records: false),
                              Way(fastPaths: true, records: true), Way(fastPaths: false, records: true)]

    /// What one run printed: its output, then its error as the command writes it (exit 1),
    /// or nil when it ran out of `budget` (where it stops depends on how fast it ran). It runs
    /// on a thread of its own with a stack large enough for every limit of docs/LIMITS.md to
    /// trip before the stack runs low, as on the command's (a test's own thread has too small
    /// a stack), but smaller than the command's: a program that recurses until the stack is low
    /// gets there sooner in a test build.
    public static func outcome(of entries: [(text: String, name: String)], _ way: Way,
                               budget nanoseconds: UInt64 = 2_000_000_000) -> String? {
        final class Result: @unchecked Sendable { var text: String? }
        let result = Result()
        let work = { result.text = run(entries, way, budget: nanoseconds) }
        if let thread = LargeStackThread.start(stackSize: 64 << 20, work) { pthread_join(thread, nil) } else { work() }
        return result.text
    }

    private static func run(_ entries: [(text: String, name: String)], _ way: Way, budget nanoseconds: UInt64) -> String? {
        Interpreter.reportContractViolationsAsErrors()
        var output = ""
        let interpreter = Interpreter(output: { if output.utf8.count < 1 << 20 { output += $0 } })
        interpreter.fastPaths = way.fastPaths
        interpreter.recordsEvents = way.records
        interpreter.writesFiles = false
        let deadline = now() + nanoseconds
        var interrupted = false
        interpreter.isInterrupted = {
            if now() > deadline { interrupted = true }
            return interrupted
        }
        var failed = false
        for (text, name) in entries {
            guard let diagnostic = interpreter.run(text, name: name) else { continue }
            output += "\n--- exit 1\n" + interpreter.format(diagnostic)
            failed = true
            break
        }
        // As a script ends: the clock runs on while scheduled work waits.
        if !failed, let diagnostic = interpreter.runUntilQuiet() { output += "\n--- exit 1\n" + interpreter.format(diagnostic) }
        interpreter.close()
        return interrupted ? nil : output
    }

    /// What the four runs of a program showed.
    public enum Comparison: Equatable, Sendable {
        /// Every way printed this.
        case same(String)
        /// Two ways differ: both shown.
        case differs(String)
        /// A run reached the budget, so nothing is compared.
        case outOfBudget
    }

    /// Runs `entries` (one session, an entry each, as the REPL or a notebook sends them) every way.
    public static func compare(_ entries: [(text: String, name: String)], budget: UInt64 = 2_000_000_000) -> Comparison {
        var first: (Way, String)?
        for way in ways {
            guard let result = outcome(of: entries, way, budget: budget) else { return .outOfBudget }
            guard let (firstWay, expected) = first else {
                first = (way, result)
                continue
            }
            if result != expected { return .differs("--- \(firstWay):\n\(expected)\n--- \(way):\n\(result)") }
        }
        return .same(first?.1 ?? "")
    }

    private static func now() -> UInt64 {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
    }
}

extension ProgramGenerator {
    /// The program of seed `seed`: bytes of a fixed pseudo-random sequence (SplitMix64), so the
    /// same seed always gives the same program. Odd seeds never show time, so that recording
    /// is off in two of the four ways and the fast paths are taken.
    public static func program(seed: UInt64, length: Int = 160) -> String {
        var state = seed &* 0x9E37_79B9_7F4A_7C15 ^ 0xD1B5_4A32_D192_ED03
        var bytes: [UInt8] = []
        bytes.reserveCapacity(length)
        for _ in 0..<length {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            // The top byte: the low bits of SplitMix's output follow the low bits of its state.
            bytes.append(UInt8(truncatingIfNeeded: (z ^ (z >> 31)) >> 56))
        }
        var generator = ProgramGenerator(entropy: bytes, showsTime: seed % 2 == 0)
        return generator.program()
    }
}
