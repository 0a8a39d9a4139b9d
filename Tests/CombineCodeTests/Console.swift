import TaplineReactive

/// Stands in for the terminal: the pages print into it, so each test can read back what an
/// app using Combine would have printed. A class, so that `print(_:to:)` (which writes to
/// its own copy of the stream, as Combine's does) still writes here.
final class Console: TextOutputStream {
    private(set) var lines: [String] = []
    private var pending = ""

    /// Swift's `print`, into the console.
    func print(_ items: Any..., separator: String = " ") {
        lines.append(items.map { "\($0)" }.joined(separator: separator))
    }

    /// What `Publisher.print(_:to:)` writes: whole lines, each ending with a newline.
    func write(_ string: String) {
        pending += string
        while let newline = pending.firstIndex(of: "\n") {
            lines.append(String(pending[..<newline]))
            pending = String(pending[pending.index(after: newline)...])
        }
    }
}
