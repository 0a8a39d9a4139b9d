extension StringProtocol {
    /// How many terminal columns the text takes: two for a wide character (Hangul, CJK, the
    /// full-width forms), one for any other, so that Korean text wraps and rules end at 80.
    public var terminalColumns: Int {
        unicodeScalars.reduce(0) { total, scalar in
            switch scalar.value {
            case 0x1100...0x115F, 0x2E80...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60,
                 0xFFE0...0xFFE6, 0x20000...0x3FFFD:
                return total + 2
            default:
                return total + 1
            }
        }
    }
}
