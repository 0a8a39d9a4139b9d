/// The first frame where a failed `expect`'s two marble strings differ, told in words:
/// "at frame 6 the check expects b (swift), but nothing arrived then".
struct MarbleDifference {
    let sentence: String

    /// Reads the notes of a failed `expect` (`expected: …`, `actual: …`, `where x is v`).
    init?(notes: [String]) {
        guard let expected = notes.first(where: { $0.hasPrefix("expected: ") }).map({ String($0.dropFirst(10)) }),
              let actual = notes.first(where: { $0.hasPrefix("actual: ") }).map({ String($0.dropFirst(8)).trimmingSpaces })
        else { return nil }
        var meanings: [Character: String] = [:]
        for note in notes where note.hasPrefix("where ") {
            let words = note.dropFirst(6).split(separator: " ", maxSplits: 2)
            if words.count == 3, words[1] == "is", let letter = words[0].first { meanings[letter] = String(words[2]) }
        }
        guard let wanted = MarbleDifference.frames(expected) else { return nil }
        let got = actual == "(nothing arrived)" ? [:] : (MarbleDifference.frames(actual) ?? [:])
        let last = max(wanted.keys.max() ?? 0, got.keys.max() ?? 0)
        guard let frame = (0...last).first(where: { wanted[$0] ?? [] != got[$0] ?? [] }) else { return nil }
        let say = { (symbols: [Character]) in MarbleDifference.words(symbols, meanings: meanings) }
        let expectedWords = wanted[frame].map(say) ?? "nothing"
        let actualWords = got[frame].map(say) ?? "nothing"
        sentence = "At frame \(frame) (counting from 0) the check expects \(expectedWords), but your publisher sent \(actualWords) then."
    }

    /// The events of a marble string by frame, read by RxJS's rules (a group takes its
    /// width); nil for a string with time progressions, which this does not read.
    static func frames(_ text: String) -> [Int: [Character]]? {
        var frames: [Int: [Character]] = [:]
        var frame = 0
        var group: [Character]?
        var groupStart = 0
        let words = text.split(separator: " ")
        if words.contains(where: { $0.first?.isNumber == true && ($0.hasSuffix("ms") || $0.hasSuffix("s")) }) { return nil }
        for symbol in text where symbol != " " {
            switch symbol {
            case "(":
                group = []
                groupStart = frame
                frame += 1
            case ")":
                frames[groupStart] = group
                group = nil
                frame += 1
            case "-", "^", "!":
                frame += 1
            default:
                if group != nil {
                    group?.append(symbol)
                } else {
                    frames[frame, default: []].append(symbol)
                }
                frame += 1
            }
        }
        return frames
    }

    static func words(_ symbols: [Character], meanings: [Character: String]) -> String {
        let each = symbols.map { symbol -> String in
            switch symbol {
            case "|": return "the completion (finished)"
            case "#": return "a failure"
            default: return "the value \(meanings[symbol] ?? String(symbol))"
            }
        }
        return each.joined(separator: " and ")
    }
}
