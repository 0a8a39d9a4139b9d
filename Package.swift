// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "Tapline",
    products: [
        .library(name: "TaplineReactive", targets: ["TaplineReactive"]),
    ],
    targets: [
        // The reactive core: a faithful, single-threaded Combine. Knows no language.
        .target(name: "TaplineReactive"),
        .testTarget(name: "TaplineReactiveTests", dependencies: ["TaplineReactive"]),
    ]
)
