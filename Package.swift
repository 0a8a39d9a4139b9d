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
        // The language: lexer, parser, diagnostics, compiler and runtime.
        .target(name: "TaplineLanguage", dependencies: ["TaplineReactive"]),
        .testTarget(name: "TaplineLanguageTests", dependencies: ["TaplineLanguage"]),
        // The command: script runner now, REPL next.
        .executableTarget(name: "tapline", dependencies: ["TaplineLanguage"]),
    ]
)
