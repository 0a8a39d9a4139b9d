"""The Pygments lexer: registered by name, colours a sample the expected way, and reads
every script in the repository without an error token."""

import pathlib
import unittest

from pygments.lexers import get_lexer_by_name, get_lexer_for_filename
from pygments.token import Comment, Error, Keyword, Name, Number, String

from tapline_kernel.lexer import TaplineLexer

ROOT = pathlib.Path(__file__).resolve().parents[2]

SAMPLE = """\
// a search box
subject query: String
query.debounce(for: 300ms).sink { print("searching \\($0.count)") }
send query "swift"
play query "-a-|" ["a": "s"]
"""


class LexerTests(unittest.TestCase):
    def test_it_is_found_by_name_and_by_file(self):
        self.assertIsInstance(get_lexer_by_name("tapline"), TaplineLexer)
        self.assertIsInstance(get_lexer_for_filename("search.tapline"), TaplineLexer)

    def test_a_sample_is_coloured_as_expected(self):
        tokens = [(kind, text) for kind, text in TaplineLexer().get_tokens(SAMPLE) if text.strip()]
        expected = [
            (Comment.Single, "// a search box"),
            (Keyword.Declaration, "subject"),
            (Name.Builtin, "String"),
            (Name.Function, "debounce"),
            (Number, "300ms"),
            (Name.Function, "sink"),
            (Name.Builtin, "print"),
            (String.Interpol, "\\("),
            (Name.Variable.Magic, "$0"),
            (Name.Function, "count"),
            (String.Interpol, ")"),
            (Keyword, "send"),
            (String.Double, "swift"),
            (Keyword.Pseudo, "play"),
            (String.Double, "-a-|"),
        ]
        for kind, text in expected:
            with self.subTest(text):
                self.assertIn((kind, text), tokens)

    def test_every_script_lexes_without_an_error_token(self):
        scripts = sorted(ROOT.glob("scripts/**/*.tapline"))
        self.assertTrue(scripts)
        for script in scripts:
            with self.subTest(script.name):
                errors = [text for kind, text in TaplineLexer().get_tokens(script.read_text()) if kind is Error]
                self.assertEqual(errors, [])


if __name__ == "__main__":
    unittest.main()
