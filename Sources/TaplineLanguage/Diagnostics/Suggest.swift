/// "Did you mean …?": the closest candidate by edit distance, if it is close enough.
public enum Suggest {
    /// Names longer than this get no suggestion.
    static let maximumLength = 64

    public static func closest(to name: String, in candidates: [String]) -> String? {
        // Edit distance costs the product of the lengths: no real name is this long, and a
        // pasted huge one must be turned away at once.
        guard name.count <= maximumLength else { return nil }
        let limit = max(1, name.count / 3)
        var best: (String, Int)?
        for candidate in candidates where candidate != name && abs(candidate.count - name.count) <= limit {
            let distance = editDistance(name.lowercased(), candidate.lowercased())
            // Among equally close names the first in alphabetical order, whatever order the
            // candidates come in (names in scope come from a dictionary: the order of its keys
            // changes from run to run, and the suggestion must not).
            guard distance <= limit else { continue }
            if let (name, closest) = best, closest < distance || (closest == distance && name < candidate) { continue }
            best = (candidate, distance)
        }
        return best?.0
    }

    /// Edits from one name to the other: a letter inserted, removed or changed, or two
    /// neighbours swapped (`snik` is one edit from `sink`, as a typo is).
    static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var beforePrevious = Array(0...b.count)
        var previous = Array(0...b.count)
        var current = previous
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] { current[j] = min(current[j], beforePrevious[j - 2] + 1) }
            }
            (beforePrevious, previous, current) = (previous, current, beforePrevious)
        }
        return previous[b.count]
    }
}
