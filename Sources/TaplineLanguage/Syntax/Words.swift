/// Tapline's own words: the declarations and commands that are not Swift. They are not
/// reserved (DESIGN §9, docs/LANGUAGE.md "Words"): the lexer makes each an identifier, and a
/// statement that starts with one is its command only where the words that follow could not
/// be Swift (`subject s: Int`, `tap save`, `wait 300ms`). Anywhere else the word is a name,
/// so a program may declare `let subject = PassthroughSubject<Int, Never>()` and write
/// `subject.send(1)`. The parser, completion and the errors that name a word read this table.
public enum CommandWord: String, CaseIterable, Sendable {
    case button, subject, current, published, subscriber, view
    case tap, set, send, complete, fail, cancel, request, wait, show, hide
    case frame, play, expect, trace, marbles

    /// How the command is written, for errors and completion's help.
    public var form: String {
        switch self {
        case .button: "button NAME [\"Title\"] [{ action }]"
        case .subject: "subject NAME: Type"
        case .current: "current NAME[: Type] = value"
        case .published: "published NAME[: Type] = value"
        case .subscriber: "subscriber NAME(demand: .unlimited) { … }"
        case .view: "view NAME { … }"
        case .tap: "tap BUTTON"
        case .set: "set NAME = value"
        case .send: "send SUBJECT value"
        case .complete: "complete SUBJECT"
        case .fail: "fail SUBJECT \"message\""
        case .cancel: "cancel SUBSCRIPTION"
        case .request: "request SUBSCRIBER N"
        case .wait: "wait 300ms"
        case .show: "show VIEW"
        case .hide: "hide VIEW"
        case .frame: "frame 50ms"
        case .play: "play SUBJECT \"-a--b-|\""
        case .expect: "expect PUBLISHER \"-a--b-|\""
        case .trace: "trace on"
        case .marbles: "marbles"
        }
    }

    /// What it does, in a few words.
    public var meaning: String {
        switch self {
        case .button: "declares a button whose taps are a publisher"
        case .subject: "declares a PassthroughSubject"
        case .current: "declares a CurrentValueSubject"
        case .published: "declares a @Published value"
        case .subscriber: "declares a custom Subscriber"
        case .view: "declares a view that subscribes when it appears"
        case .tap: "taps a button"
        case .set: "sets a value and publishes it"
        case .send: "sends a value to a subject"
        case .complete: "finishes a subject"
        case .fail: "fails a subject"
        case .cancel: "cancels a subscription"
        case .request: "asks a subscription for more values"
        case .wait: "moves the virtual clock on"
        case .show: "shows a view"
        case .hide: "hides a view"
        case .frame: "sets how long one frame of a marble string is"
        case .play: "plays a marble string into a subject"
        case .expect: "checks a publisher against a marble string"
        case .trace: "prints every event as it happens"
        case .marbles: "draws what happened as a marble diagram"
        }
    }

    /// What the word is, for an error about a name spelled like it: "'subject' is one of
    /// Tapline's words: 'subject NAME: Type' declares a PassthroughSubject".
    var asWord: String { "'\(rawValue)' is one of Tapline's words: '\(form)' \(meaning)" }

    /// The word `codes[range]` spells, if any, found without making a `String` of it.
    static func named(_ codes: [UInt8], _ range: Range<Int>) -> CommandWord? { table.lookup(codes, range) }

    private static let table = WordTable<CommandWord>()
}

/// The access levels and modifiers a declaration may start with, which a script (one module)
/// reads past.
enum Modifier: String, CaseIterable, Sendable {
    case `public`, `private`, `fileprivate`, `internal`, `open`, `final`, `nonisolated`

    static func named(_ codes: [UInt8], _ range: Range<Int>) -> Modifier? { table.lookup(codes, range) }

    private static let table = WordTable<Modifier>()
}

/// Swift's words for declarations Tapline does not have yet: a statement that starts with one
/// (and is not an assignment to, or a use of, a name spelled so) says so.
enum TypeDeclarationWord: String, CaseIterable, Sendable {
    case `class`, `struct`, `enum`, `protocol`, `extension`, actor, `typealias`, `init`, `deinit`, `subscript`

    static func named(_ codes: [UInt8], _ range: Range<Int>) -> TypeDeclarationWord? { table.lookup(codes, range) }

    private static let table = WordTable<TypeDeclarationWord>()
}

/// A set of words looked up by their bytes, without making a `String` of the word (making and
/// hashing one for a dictionary would be much of a word's cost): the word's bytes are packed
/// into one integer and looked up in a small open-addressing table, slotted by the word's
/// length and first and last bytes.
struct WordTable<Word: CaseIterable & RawRepresentable & Sendable>: Sendable where Word.RawValue == String {
    private let slots: [(key: UInt128, word: Word?)]
    private let longest: Int

    /// 128 slots: for a few dozen words a probe rarely goes past its first slot.
    init() {
        var slots = [(key: UInt128, word: Word?)](repeating: (0, nil), count: 128)
        for word in Word.allCases {
            let bytes = Array(word.rawValue.utf8)
            var slot = WordTable.slot(count: bytes.count, first: bytes[0], last: bytes[bytes.count - 1])
            while slots[slot].word != nil { slot = (slot + 1) & 127 }
            slots[slot] = (WordTable.packed(bytes, bytes.indices), word)
        }
        self.slots = slots
        longest = Word.allCases.map(\.rawValue.utf8.count).max() ?? 0
    }

    func lookup(_ codes: [UInt8], _ range: Range<Int>) -> Word? {
        guard !range.isEmpty, range.count <= longest else { return nil }
        var slot = WordTable.slot(count: range.count, first: codes[range.lowerBound], last: codes[range.upperBound - 1])
        // Most names meet an empty slot at once, and need no key.
        guard slots[slot].word != nil else { return nil }
        let key = WordTable.packed(codes, range)
        while let word = slots[slot].word {
            if slots[slot].key == key { return word }
            slot = (slot + 1) & (slots.count - 1)
        }
        return nil
    }

    private static func slot(count: Int, first: UInt8, last: UInt8) -> Int {
        (count &* 31 &+ Int(first) &* 7 &+ Int(last)) & 127
    }

    /// The word `bytes[range]` of at most 16 bytes as one integer, its first byte lowest (so
    /// no two words of letters, digits and `_` pack alike: none has a zero byte). A plain loop
    /// over the indices, which compiles to less than a slice and `reduce`.
    @inline(__always) private static func packed(_ bytes: [UInt8], _ range: Range<Int>) -> UInt128 {
        var key: UInt128 = 0
        for index in range.reversed() { key = key << 8 | UInt128(bytes[index]) }
        return key
    }
}
