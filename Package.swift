// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "Tapline",
    products: [
        .library(name: "TaplineReactive", targets: ["TaplineReactive"]),
        .executable(name: "tapline", targets: ["tapline"]),
    ],
    targets: [
        // The reactive core: a faithful, single-threaded Combine. Knows no language.
        .target(name: "TaplineReactive"),
        .testTarget(name: "TaplineReactiveTests", dependencies: ["TaplineReactive"]),
        // Ordinary Combine code with only its import changed: proves the core's API is Combine's.
        .testTarget(name: "CombineCodeTests", dependencies: ["TaplineReactive"]),
        // The language: lexer, parser, diagnostics, compiler and runtime. Starts no thread and
        // tunes no memory: the process lends what it chooses (LongEntryHost).
        .target(name: "TaplineLanguage", dependencies: ["TaplineReactive", "CGlibc"]),
        // What a process running the interpreter does for it: a large stack, a thread to read a
        // long script on, malloc made ready for it. The command and the tests' harness use it.
        .target(name: "TaplineHost", dependencies: ["TaplineLanguage", "CGlibc"]),
        // glibc calls Swift's Glibc module does not show: malloc settings, the CPUs usable, memmem.
        .target(name: "CGlibc"),
        .testTarget(name: "TaplineLanguageTests", dependencies: ["TaplineLanguage", "TaplineTestSupport", "TaplineHost"]),
        // For the tests (and the fuzzer): valid programs written from bytes, and the differential grid.
        .target(name: "TaplineTestSupport", dependencies: ["TaplineLanguage", "TaplineHost"], path: "Tests/TestSupport"),
        // Lessons: the lesson file format, checking an exercise, the learner's progress.
        .target(name: "TaplineLearn", dependencies: ["TaplineLanguage"]),
        .testTarget(name: "TaplineLearnTests", dependencies: ["TaplineLearn", "TaplineTestSupport"]),
        // libedit's native API, wrapped where Swift cannot call it (variadic functions).
        .target(name: "CLibedit", linkerSettings: [.linkedLibrary("edit")]),
        // A small line editor on libedit: prompt, history, completion. Knows no Tapline.
        .target(name: "LineEditor", dependencies: ["CLibedit"]),
        .testTarget(name: "LineEditorTests", dependencies: ["LineEditor"]),
        // The command: script runner and REPL.
        .executableTarget(
            name: "tapline", dependencies: ["TaplineLanguage", "TaplineLearn", "LineEditor", "TaplineHost"],
            // A statically linked Swift runtime starts sooner: no Swift libraries to load and bind at launch.
            linkerSettings: [.unsafeFlags(["-static-stdlib"], .when(configuration: .release))]),
        // Starts the real binary on a pseudo-terminal: forkpty's child must run no Swift before exec.
        .target(name: "CPseudoTerminal", path: "Tests/CPseudoTerminal", linkerSettings: [.linkedLibrary("util")]),
        // The command as a user meets it (scripts, arguments, the REPL on a terminal), through the built binary;
        // the generator writes a sample of programs for the export to be tried on.
        .testTarget(name: "CommandTests", dependencies: ["CPseudoTerminal", "TaplineTestSupport"]),
    ]
)
