/// Draws what a program does on the virtual clock: the program runs in a session of its own
/// with recording on, then its `marbles` diagram is drawn — as text or as an SVG picture.
/// `:help OPERATOR` and the operator diagrams in docs/LANGUAGE.md are made this way, from
/// the same renderer as `marbles`, so a diagram cannot disagree with the behaviour.
public enum Diagrams {
    /// The diagram of `program` in `width` columns; nil if the program stops with an error.
    public static func text(of program: String, width: Int = 80) -> String? {
        diagram(of: program, forPicture: false).map { $0.text(width: width) }
    }

    /// The same diagram as a self-contained SVG document; nil if the program stops with an error.
    public static func svg(of program: String) -> String? {
        diagram(of: program, forPicture: true).map { MarbleSVG($0).document }
    }

    private static func diagram(of program: String, forPicture: Bool) -> MarbleDiagram? {
        let interpreter = Interpreter(output: { _ in })
        defer { interpreter.close() }
        interpreter.recordsEvents = true
        guard interpreter.run(program, name: "<diagram>") == nil else { return nil }
        return interpreter.runtime.marbleDiagram(forPicture: forPicture)
    }
}

extension Interpreter {
    /// Where the session's virtual clock stands, as `trace` writes a time (`1200ms`).
    public var clockTime: String { runtime.clock.now.description }

    /// The session's `marbles` diagram as `marbles save` draws it, as an SVG document, with no
    /// file in between (`--machine`'s `svg` request); nil while recording is off.
    public var marblesSVG: String? {
        runtime.marbleDiagram(forPicture: true).map { MarbleSVG($0).document }
    }
}
