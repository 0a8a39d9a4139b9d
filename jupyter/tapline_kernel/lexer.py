"""A Pygments lexer for Tapline, so notebooks, nbconvert's HTML and Sphinx colour its code.

Registered under the name `tapline` (files `*.tapline`) through the package's
`pygments.lexers` entry point: `pygmentize -l tapline FILE` works once it is installed.
"""

from pygments.lexer import RegexLexer, bygroups, include, words
from pygments.token import Comment, Keyword, Name, Number, Operator, Punctuation, String, Whitespace

__all__ = ["TaplineLexer"]

# Swift's words (Sources/TaplineLanguage/Syntax/Token.swift, `Keyword`) and Tapline's own
# (Sources/TaplineLanguage/Syntax/Words.swift, `CommandWord`), which are names wherever Swift reads one.
DECLARATIONS = ("button", "subject", "current", "published", "subscriber", "func", "view", "let", "var")
COMMANDS = ("tap", "set", "send", "complete", "fail", "cancel", "request", "wait", "show", "hide")
CONTROL = (
    "switch", "case", "default", "repeat", "for", "if", "else", "return", "throw", "try", "in",
    "import", "guard", "while", "break", "continue",
)
# Words special in one place only: the time commands, a view's hooks, a subscriber's parts.
CONTEXTUAL = ("frame", "play", "expect", "marbles", "trace", "on", "appear", "disappear", "completion", "demand")
CONSTANTS = ("true", "false", "nil", "now")
TYPES = (
    "String", "Int", "Double", "Bool", "Void", "Any", "Error", "Never", "Set", "AnyCancellable", "AnyPublisher",
    "PassthroughSubject", "CurrentValueSubject", "Just", "Empty", "Fail", "Future", "Deferred", "Record",
    "Result", "Timer", "DispatchQueue", "RunLoop", "ImmediateScheduler", "Published",
)


class TaplineLexer(RegexLexer):
    """Tapline: Swift-flavoured declarations and commands over Combine-style operator chains."""

    name = "Tapline"
    aliases = ["tapline"]
    filenames = ["*.tapline"]
    mimetypes = ["text/x-tapline"]

    tokens = {
        "root": [
            (r"\A#!.*?$", Comment.Hashbang),
            (r"\s+", Whitespace),
            (r"//.*?$", Comment.Single),
            (r"/\*", Comment.Multiline, "comment"),
            (r"#.*?$", Comment.Single),
            (r'"', String.Double, "string"),
            (words(DECLARATIONS, suffix=r"\b"), Keyword.Declaration),
            (words(COMMANDS, suffix=r"\b"), Keyword),
            (words(CONTROL, suffix=r"\b"), Keyword),
            (words(CONTEXTUAL, suffix=r"\b"), Keyword.Pseudo),
            (words(CONSTANTS, suffix=r"\b"), Keyword.Constant),
            (words(TYPES, suffix=r"\b"), Name.Builtin),
            (r"\d+(?:\.\d+)?(?:ns|us|ms|min|s)\b", Number),
            (r"\d+\.\d+(?:[eE][+-]?\d+)?", Number.Float),
            (r"\d+", Number.Integer),
            (r"\$\d+", Name.Variable.Magic),
            (r"\$[A-Za-z_]\w*", Name.Variable),
            (r"(\.)(\s*)([A-Za-z_]\w*)", bygroups(Punctuation, Whitespace, Name.Function)),
            (r"@[A-Za-z_]\w*", Name.Decorator),
            (r"\\\.[A-Za-z_]\w*", Name.Attribute),
            (r"print\b", Name.Builtin),
            (r"[A-Za-z_]\w*", Name),
            (r"\.\.\.|\.\.<|->|==|!=|<=|>=|&&|\|\||\?\?|\+=|-=|[-+*/%<>=!?&]", Operator),
            (r"[{}()\[\],:;.\\]", Punctuation),
        ],
        "comment": [
            (r"/\*", Comment.Multiline, "#push"),
            (r"\*/", Comment.Multiline, "#pop"),
            (r"[^/*]+", Comment.Multiline),
            (r"[/*]", Comment.Multiline),
        ],
        "string": [
            (r'"', String.Double, "#pop"),
            (r"\\\(", String.Interpol, "interpolation"),
            (r'\\[nt"\\0r]', String.Escape),
            (r'[^"\\]+', String.Double),
            (r"\\", String.Double),
        ],
        "interpolation": [
            (r"\)", String.Interpol, "#pop"),
            (r"\(", Punctuation, "parenthesis"),
            include("root"),
        ],
        "parenthesis": [
            (r"\)", Punctuation, "#pop"),
            (r"\(", Punctuation, "#push"),
            include("root"),
        ],
    }
