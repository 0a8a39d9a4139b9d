import CLibedit
#if canImport(Glibc)
import Glibc
#endif

/// A small line editor on libedit: a prompt, history kept in a file, and TAB completion
/// through a closure. It knows nothing of the language it edits.
///
/// Use it only when both standard input and standard output are terminals.
///
/// ```swift
/// let editor = LineEditor(program: "demo", historyFile: "/tmp/.demo_history")
/// editor.prompt = "> "
/// while case .line(let text) = editor.readLine() { editor.addHistory(text) }
/// ```
public final class LineEditor {
    /// What `readLine()` got.
    public enum Input: Equatable {
        case line(String)
        /// Ctrl-C: the line was discarded.
        case interrupted
        /// Ctrl-D on an empty line, or the input closed.
        case endOfInput
    }

    /// Candidates for the word before the cursor: `word` is the part already typed, and each
    /// candidate is a whole replacement for it.
    public struct Completion {
        public var word: String
        public var candidates: [String]

        public init(word: String, candidates: [String]) {
            self.word = word
            self.candidates = candidates
        }
    }

    /// The prompt. Escape sequences (colours) may be marked with `LineEditor.invisible(_:)`
    /// so libedit does not count them as columns.
    public var prompt = "> " {
        didSet { promptBytes = Array(prompt.utf8CString) }
    }

    /// Computes completions from the text before the cursor.
    public var completer: ((String) -> Completion)?

    /// Whether a signal that interrupted reading was Ctrl-C (the caller's SIGINT handler sets
    /// it); any other signal (a window resize) just resumes reading.
    public var isInterrupted: () -> Bool = { false }
    private var sawInterrupt = false

    private let editLine: OpaquePointer
    private let historyHandle: OpaquePointer
    private let historyFile: HistoryFile?
    /// Entries added since the history file was last saved.
    private var unsaved: [String] = []
    /// Problems with the history file not yet reported (found before anyone listened).
    private var problems: [String] = []
    /// Problems already reported: each once per session, not after every entry.
    private var reported: Set<String> = []

    /// Told each problem with the history file (a symbolic link refused, a foreign file moved
    /// aside, a write that failed): the history itself is never silently lost.
    public var reportHistoryProblem: ((String) -> Void)? {
        didSet { flushProblems() }
    }
    private var promptBytes: [CChar] = Array("> ".utf8CString)
    /// The calling thread's signal mask before `readLine` held SIGWINCH back: the mask a wait
    /// for a key runs with.
    private var waitMask = sigset_t()
    /// The screen libedit's cursor position belongs to (nil until the line is laid out).
    private var screen: (columns: Int32, rows: Int32)?

    /// Installs a SIGWINCH handler for the process, so a resize while a line is typed is
    /// followed.
    ///
    /// - Parameters:
    ///   - historyFile: where history is loaded from and saved to after every entry
    ///     (created with mode 0600); nil keeps history in memory only.
    ///   - historySize: the most entries kept.
    public init?(program: String, historyFile: String?, historySize: Int = 1000) {
        // Without a locale libedit silently drops every non-ASCII byte.
        if setlocale(LC_CTYPE, "") == nil { setlocale(LC_CTYPE, "C.UTF-8") }
        guard let editLine = tl_el_init(program), let historyHandle = tl_history_init() else { return nil }
        self.editLine = editLine
        self.historyHandle = historyHandle
        self.historyFile = historyFile.map { HistoryFile(path: $0, size: historySize) }

        tl_history_setsize(historyHandle, Int32(historySize))
        tl_history_setunique(historyHandle, 1)
        if let problem = self.historyFile?.load(into: historyHandle) { problems.append(problem) }

        tl_el_set_clientdata(editLine, Unmanaged.passUnretained(self).toOpaque())
        tl_el_set_prompt(editLine, { editLine in
            guard let editLine, let data = tl_el_get_clientdata(editLine) else { return nil }
            let editor = Unmanaged<LineEditor>.fromOpaque(data).takeUnretainedValue()
            return editor.promptBytes.withUnsafeBufferPointer { $0.baseAddress }
        }, LineEditor.invisibleMarker)
        tl_el_set_editor(editLine, "emacs")
        // libedit restores the terminal on signals, so Ctrl-Z/fg and Ctrl-C leave it usable.
        tl_el_set_signal(editLine, 1)
        tl_el_set_history(editLine, historyHandle)
        // ~/.editrc first: a user's own `bind -v` must not silently drop our bindings.
        _ = tl_el_source(editLine)
        tl_el_add_function(editLine, "tapline-complete", "complete the word before the cursor", { editLine, _ in
            guard let editLine, let data = tl_el_get_clientdata(editLine) else { return UInt8(CC_ERROR) }
            return Unmanaged<LineEditor>.fromOpaque(data).takeUnretainedValue().complete()
        })
        tl_el_bind(editLine, "^I", "tapline-complete")
        // libedit's own reader retries a read that Ctrl-C interrupted (in cooked mode, so the
        // keys echo); ours gives up at once, and decodes UTF-8 itself.
        tl_el_set_getc(editLine, { editLine, character in
            guard let editLine, let character, let data = tl_el_get_clientdata(editLine) else { return -1 }
            return Unmanaged<LineEditor>.fromOpaque(data).takeUnretainedValue().readCharacter(into: character)
        })
        tl_el_bind(editLine, "^R", "em-inc-search-prev")
        tl_watch_resizes()
    }

    deinit {
        tl_el_end(editLine)
        tl_history_end(historyHandle)
    }

    /// The marker around invisible prompt text.
    static let invisibleMarker: CChar = 1

    /// Marks `text` (an escape sequence) as taking no columns in the prompt.
    public static func invisible(_ text: String) -> String { "\u{1}\(text)\u{1}" }

    /// Reads one line (without its newline).
    public func readLine() -> Input {
        var count: Int32 = 0
        // libedit resizes its screen inside its SIGWINCH handler: safe only while it waits for
        // a key, not while it draws (or while this thread is inside malloc).
        tl_hold_resizes(&waitMask)
        defer { tl_release_resizes(&waitMask) }
        // libedit lays every new line out for the terminal's size as it is.
        _ = tl_take_resize()
        screen = nil
        errno = 0
        sawInterrupt = false
        guard let line = tl_el_gets(editLine, &count) else {
            if sawInterrupt || (count < 0 && errno == EINTR) {
                // The terminal may have been left mid-line: start the next prompt afresh.
                tl_el_reset(editLine)
                return .interrupted
            }
            return .endOfInput
        }
        var text = String(cString: line)
        if text.hasSuffix("\n") { text.removeLast() }
        return .line(text)
    }

    /// Whether more input is already waiting to be read, such as the rest of a paste.
    public var hasPendingInput: Bool {
        var descriptor = pollfd(fd: 0, events: Int16(POLLIN), revents: 0)
        return poll(&descriptor, 1, 0) > 0 && descriptor.revents & Int16(POLLIN) != 0
    }

    /// Adds a complete entry (possibly several lines) to the history and saves the file.
    public func addHistory(_ entry: String) {
        guard !entry.allSatisfy(\.isWhitespace) else { return }
        tl_history_enter(historyHandle, entry)
        unsaved.append(entry)
        // A file that keeps failing must not make the unsaved entries grow without end.
        if let historyFile, unsaved.count > historyFile.size { unsaved.removeFirst() }
        save()
    }

    /// Every history entry, oldest first.
    public var history: [String] {
        final class Collector { var entries: [String] = [] }
        let collector = Collector()
        tl_history_each(historyHandle, Unmanaged.passUnretained(collector).toOpaque()) { context, line in
            guard let context, let line else { return }
            Unmanaged<Collector>.fromOpaque(context).takeUnretainedValue().entries.append(String(cString: line))
        }
        return collector.entries
    }

    /// Saves the new entries after what is on disk (another session may have added some);
    /// on failure they stay unsaved, to be tried again with the next entry.
    private func save() {
        guard let historyFile else { return }
        if let problem = historyFile.save(adding: unsaved) {
            problems.append(problem)
            flushProblems()
        } else {
            unsaved.removeAll()
        }
    }

    private func flushProblems() {
        guard let reportHistoryProblem else { return }
        // The same problem once per session, not after every entry.
        for problem in problems where !reported.contains(problem) {
            reported.insert(problem)
            reportHistoryProblem(problem)
        }
        problems.removeAll()
    }

    // MARK: - Reading

    /// Reads one character (a UTF-8 sequence) for libedit: 1 read, 0 end of input, -1 error.
    private func readCharacter(into character: UnsafeMutablePointer<wchar_t>) -> Int32 {
        var bytes: [UInt8] = []
        var expected = 1
        while bytes.count < expected {
            // A Ctrl-C that landed while libedit was busy (not blocked in read) still counts.
            if bytes.isEmpty, isInterrupted() {
                sawInterrupt = true
                return -1
            }
            var byte: UInt8 = 0
            let count = waitThenRead(&byte)
            if count < 0 {
                if errno == EINTR {
                    if isInterrupted() {
                        sawInterrupt = true
                        return -1
                    }
                    followResize()
                    continue
                }
                return -1
            }
            if count == 0 { return bytes.isEmpty ? 0 : -1 }
            // Keys typed while a command ran were read by the terminal in cooked mode, where
            // the kernel stores Ctrl-D (end of file) as a NUL byte; it becomes readable as that
            // NUL once libedit switches to raw mode. Read it as the Ctrl-D it was.
            if bytes.isEmpty, byte == 0 { byte = 4 }
            if bytes.isEmpty {
                expected = byte < 0x80 ? 1 : byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : byte >= 0xC0 ? 2 : 1
            } else if byte & 0xC0 != 0x80 {
                expected = bytes.count   // a broken sequence: stop here
                break
            }
            bytes.append(byte)
        }
        let scalar = String(decoding: bytes, as: UTF8.self).unicodeScalars.first ?? "\u{FFFD}"
        character.pointee = wchar_t(bitPattern: scalar.value)
        return 1
    }

    /// Waits for a byte with SIGWINCH let in (its handlers run only here), then reads it.
    private func waitThenRead(_ byte: inout UInt8) -> Int {
        if screen == nil { screen = screenSize() }
        guard tl_wait_input(0, &waitMask) > 0 else { return -1 }
        return read(0, &byte, 1)
    }

    /// After a signal: libedit may have resized its screen (in its handler, for the first
    /// SIGWINCH of a line) or must be told to (ours, for later ones). It keeps the cursor
    /// position of the old layout, which is outside the new one when the screen shrank, and
    /// the next key would be written there (outside libedit's buffers): then the line is
    /// drawn afresh.
    private func followResize() {
        if tl_take_resize() != 0 { tl_el_resize(editLine) }
        let resized = screenSize()
        if let screen, resized.columns < screen.columns || resized.rows < screen.rows { tl_el_redraw(editLine) }
        screen = resized
    }

    private func screenSize() -> (columns: Int32, rows: Int32) {
        var columns: Int32 = 0
        var rows: Int32 = 0
        tl_el_screen(editLine, &columns, &rows)
        return (columns, rows)
    }

    // MARK: - Completion

    private func complete() -> UInt8 {
        guard let completer else { return UInt8(CC_ERROR) }
        var buffer: UnsafePointer<CChar>?
        var cursor: UnsafePointer<CChar>?
        var last: UnsafePointer<CChar>?
        tl_el_line(editLine, &buffer, &cursor, &last)
        guard let buffer, let cursor else { return UInt8(CC_ERROR) }
        let length = cursor - buffer
        let before = String(decoding: UnsafeBufferPointer(start: UnsafeRawPointer(buffer).assumingMemoryBound(to: UInt8.self), count: length), as: UTF8.self)
        let completion = completer(before)
        let matches = completion.candidates
        guard !matches.isEmpty else { return UInt8(CC_REFRESH_BEEP) }
        let common = LineEditor.commonPrefix(matches)
        if common.count > completion.word.count {
            var insertion = String(common.dropFirst(completion.word.count))
            // A finished word gets a space; an open call or a directory does not.
            if matches.count == 1, !insertion.hasSuffix("("), !insertion.hasSuffix("/") { insertion += " " }
            _ = tl_el_insertstr(editLine, insertion)
            return UInt8(CC_REFRESH)
        }
        if matches.count == 1 {
            _ = tl_el_insertstr(editLine, " ")
            return UInt8(CC_REFRESH)
        }
        // Several candidates and nothing more in common: list them in columns.
        let listing = "\n" + LineEditor.columns(matches, width: Int(tl_terminal_columns(1)))
        _ = listing.withCString { write(1, $0, strlen($0)) }
        return UInt8(CC_REDISPLAY)
    }

    /// The longest prefix all the words share.
    public static func commonPrefix(_ words: [String]) -> String {
        guard var prefix = words.first else { return "" }
        for word in words.dropFirst() {
            while !word.hasPrefix(prefix) { prefix.removeLast() }
        }
        return prefix
    }

    /// Lays words out in columns, down then across, as shells list completions.
    public static func columns(_ words: [String], width: Int) -> String {
        let cell = (words.map(\.count).max() ?? 0) + 2
        let perRow = max(1, width / cell)
        let rows = (words.count + perRow - 1) / perRow
        var out = ""
        for row in 0..<rows {
            var line = ""
            for column in 0..<perRow {
                let index = column * rows + row
                guard index < words.count else { continue }
                let word = words[index]
                line += word + String(repeating: " ", count: cell - word.count)
            }
            while line.hasSuffix(" ") { line.removeLast() }
            out += line + "\n"
        }
        return out
    }
}
