"""The editor files colour Tapline the way the table below says.

- The TextMate grammar (VS Code): every expression compiles with Oniguruma (the engine VS
  Code uses, through Debian's libonig5), and tokenizing sample.tapline gives each marked
  token the expected innermost scope.
- The Vim syntax: `vim -es` loads it with no error, the ftdetect file recognises *.tapline
  and a '#!…tapline' first line, and each marked token gets the expected syntax group.

Run: python3 -m unittest discover -s Tests/Integrations -v
"""

import json
import os
import subprocess
import tempfile
import unittest

import textmate

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
EDITORS = os.path.join(ROOT, "editors")
GRAMMAR = os.path.join(EDITORS, "vscode", "syntaxes", "tapline.tmLanguage.json")
SAMPLE = os.path.join(HERE, "sample.tapline")

# (line of sample.tapline, the token «marked» in its context, innermost TextMate scope,
#  Vim syntax group). An empty group, or the bare source scope, means "not coloured".
EXPECTED = [
    (1, "#«!/usr/bin/env tapline»", "comment.line.number-sign.tapline", "taplineComment"),
    (2, "//« A sample»", "comment.line.double-slash.tapline", "taplineComment"),
    (3, "«button» dummy", "storage.type.tapline", "taplineDeclaration"),
    (3, "button «dummy»", "variable.other.definition.tapline", "taplineDeclaredName"),
    (3, "\"«Dummy Button»\"", "string.quoted.double.tapline", "taplineString"),
    (3, "{ «set» count", "keyword.other.command.tapline", "taplineCommand"),
    (3, "count «+=» 1", "keyword.operator.tapline", "taplineOperator"),
    (3, "+= «1»", "constant.numeric.integer.tapline", "taplineNumber"),
    (4, "subject «query»", "variable.other.definition.tapline", "taplineDeclaredName"),
    (4, ": «String»", "support.type.tapline", "taplineType"),
    (5, "«published» count", "storage.type.tapline", "taplineDeclaration"),
    (6, "= «1_000»", "constant.numeric.integer.tapline", "taplineNumber"),
    (7, "«subscriber» didTap", "storage.type.function.tapline", "taplineDeclaration"),
    (7, "subscriber «didTap»", "entity.name.function.tapline", "taplineFunctionName"),
    (7, "(«demand»:", "variable.parameter.label.tapline", "taplineLabel"),
    (7, "«.unlimited»", "support.constant.tapline", "taplineImplicitMember"),
    (7, "{ «print»(\"tapped", "support.function.builtin.tapline", "taplineBuiltin"),
    (7, "tapped «\\(»count", "punctuation.section.embedded.begin.tapline", "taplineInterpolationDelimiter"),
    (7, "\\(«count» +", "source.tapline", "taplineInterpolation"),
    (7, "+ «max»(1", "support.function.builtin.tapline", "taplineBuiltin"),
    (7, "(1, «2»)", "constant.numeric.integer.tapline", "taplineNumber"),
    (7, "2)«)» times", "punctuation.section.embedded.end.tapline", "taplineInterpolationDelimiter"),
    (7, ")) «times»", "string.quoted.double.tapline", "taplineString"),
    (7, "times«\\n»", "constant.character.escape.tapline", "taplineEscape"),
    (7, "} «completion» {", "keyword.other.lifecycle.tapline", "taplineLifecycle"),
    (7, "print(«$0»)", "variable.language.closure-argument.tapline", "taplineClosureArgument"),
    (8, "«view» Screen", "storage.type.view.tapline", "taplineDeclaration"),
    (8, "view «Screen»", "entity.name.type.view.tapline", "taplineViewName"),
    (9, "func «refresh»", "entity.name.function.tapline", "taplineFunctionName"),
    (10, "«on» appear", "keyword.other.lifecycle.tapline", "taplineLifecycle"),
    (10, "on «appear»", "keyword.other.lifecycle.tapline", "taplineLifecycle"),
    (10, "{ «$count».filter", "variable.other.publisher.tapline", "taplinePublisher"),
    (10, ".«filter» {", "entity.name.function.member.tapline", "taplineMember"),
    (10, "$0 «>» 1", "keyword.operator.tapline", "taplineOperator"),
    (10, "v «in» print", "keyword.control.tapline", "taplineRepeat"),
    (12, "«let» c", "storage.type.tapline", "taplineDeclaration"),
    (12, ".«debounce»(", "entity.name.function.member.tapline", "taplineMember"),
    (12, "(«for»: 300ms", "variable.parameter.label.tapline", "taplineLabel"),
    (12, "for: «300ms»", "constant.numeric.duration.tapline", "taplineDuration"),
    (12, "«RunLoop».main", "support.class.combine.tapline", "taplineCombine"),
    (13, "dummy.«tap».subscribe", "source.tapline", ""),
    (13, ".«subscribe»(", "entity.name.function.member.tapline", "taplineMember"),
    (14, "«tap» dummy;", "keyword.other.command.tapline", "taplineCommand"),
    (14, "; «wait» 1.5s", "keyword.other.command.tapline", "taplineCommand"),
    (14, "wait «1.5s»", "constant.numeric.duration.tapline", "taplineDuration"),
    (14, "wait «.seconds»(1)", "constant.numeric.duration.tapline", "taplineDuration"),
    (15, "«play» query", "keyword.other.command.tapline", "taplineCommand"),
    (15, "«\"»-a-(bc)", "punctuation.definition.string.begin.tapline", "taplineMarbleQuote"),
    (15, "\"«-»a-(bc)", "punctuation.separator.frame.marble.tapline", "taplineMarbleFrame"),
    (15, "\"-«a»-(bc)", "constant.other.value.marble.tapline", "taplineMarbleValue"),
    (15, "-«(»bc)", "punctuation.definition.group.marble.tapline", "taplineMarbleGroup"),
    (15, ") «1s» d", "constant.numeric.duration.marble.tapline", "taplineMarbleTime"),
    (15, "d--«|»\"", "keyword.control.complete.marble.tapline", "taplineMarbleComplete"),
    (15, "\"a\": \"«sw»\"", "string.quoted.double.tapline", "taplineString"),
    (16, "«expect» query", "keyword.other.command.tapline", "taplineCommand"),
    (16, ".«map» {", "entity.name.function.member.tapline", "taplineMember"),
    (16, "$0)«!»\"", "string.quoted.double.tapline", "taplineString"),
    (16, "\"--«a»--#\"", "constant.other.value.marble.tapline", "taplineMarbleValue"),
    (16, "--a--«#»", "keyword.control.error.marble.tapline", "taplineMarbleError"),
    (17, "«frame» 50ms", "keyword.other.command.tapline", "taplineCommand"),
    (17, "frame «50ms»", "constant.numeric.duration.tapline", "taplineDuration"),
    (18, "«if» 3.5", "keyword.control.tapline", "taplineConditional"),
    (18, "if «3.5»", "constant.numeric.float.tapline", "taplineFloat"),
    (18, "«>=» 2e3", "keyword.operator.tapline", "taplineOperator"),
    (18, ">= «2e3»", "constant.numeric.float.tapline", "taplineFloat"),
    (18, "«&&» true", "keyword.operator.tapline", "taplineOperator"),
    (18, "&& «true»", "constant.language.tapline", "taplineBoolean"),
    (18, "{ «cancel» c", "keyword.other.command.tapline", "taplineCommand"),
    (18, "} «else» {", "keyword.control.tapline", "taplineConditional"),
    (18, "print(«nil»)", "constant.language.tapline", "taplineNil"),
    (18, "# «a comment after code»", "comment.line.number-sign.tapline", "taplineComment"),
    (19, "«for» i", "keyword.control.tapline", "taplineRepeat"),
    (19, "1«...»3", "keyword.operator.tapline", "taplineOperator"),
    (19, "{ «send» query", "keyword.other.command.tapline", "taplineCommand"),
    (19, "\"«q»\\(i)", "string.quoted.double.tapline", "taplineString"),
    (20, "«:help» debounce", "keyword.other.meta-command.tapline", "taplineMetaCommand"),
    (21, "print(\"«-a-|»\"", "string.quoted.double.tapline", "taplineString"),
    (21, "t.«cancel»()", "entity.name.function.member.tapline", "taplineMember"),
]


def sample_lines():
    with open(SAMPLE, encoding="utf-8") as handle:
        return handle.read().split("\n")


def locate(lines, line, marked):
    """The 0-based column range of the «token» in `marked`, found on `line`."""
    context = marked.replace("«", "").replace("»", "")
    found = lines[line - 1].find(context)
    if found < 0 or lines[line - 1].find(context, found + 1) >= 0:
        raise AssertionError(f"line {line}: {context!r} must occur exactly once")
    start = found + marked.index("«")
    return start, start + marked.index("»") - marked.index("«") - 1


class TextMateGrammarTests(unittest.TestCase):
    def test_every_expression_compiles_with_oniguruma(self):
        grammar = textmate.Grammar(GRAMMAR)   # raises with the expression and Oniguruma's message
        self.assertGreater(len(grammar.regexes()), 40)

    def test_the_checker_rejects_what_oniguruma_rejects(self):
        for bad in ["[a", "a{2,1}x(", "(?<name>a)\\k<other>"]:
            with self.assertRaises(textmate.OnigError, msg=bad):
                textmate.Regex(bad)

    def test_the_sample_is_coloured_as_the_table_says(self):
        grammar = textmate.Grammar(GRAMMAR)
        lines = sample_lines()
        scopes = grammar.tokenize("\n".join(lines))
        failures = []
        for line, marked, scope, _ in EXPECTED:
            start, end = locate(lines, line, marked)
            got = {scopes[line - 1][column][-1] for column in range(start, end)}
            if got != {scope}:
                failures.append(f"line {line} {marked}: expected {scope}, got {sorted(got)}")
        self.assertEqual(failures, [])

    def test_vscode_manifest_points_at_the_grammar(self):
        with open(os.path.join(EDITORS, "vscode", "package.json"), encoding="utf-8") as handle:
            manifest = json.load(handle)
        grammar = manifest["contributes"]["grammars"][0]
        language = manifest["contributes"]["languages"][0]
        self.assertEqual(grammar["scopeName"], "source.tapline")
        self.assertTrue(os.path.exists(os.path.join(EDITORS, "vscode", grammar["path"])))
        self.assertTrue(os.path.exists(os.path.join(EDITORS, "vscode", language["configuration"])))
        self.assertIn(".tapline", language["extensions"])
        with open(os.path.join(EDITORS, "vscode", language["configuration"]), encoding="utf-8") as handle:
            self.assertEqual(json.load(handle)["comments"]["lineComment"], "//")


def run_vim(script_lines, files):
    """Runs `vim -es` on a script with editors/vim first on the runtime path; returns its output file."""
    with tempfile.TemporaryDirectory() as directory:
        output = os.path.join(directory, "out")
        script = os.path.join(directory, "check.vim")
        prelude = [
            "set nocompatible",
            f"let &runtimepath = {json.dumps(os.path.join(EDITORS, 'vim'))} . ',' . &runtimepath",
            "filetype plugin on",
            "syntax on",
            "let v:errmsg = ''",
            "let g:out = []",
        ]
        loading = [f"execute 'edit' fnameescape({json.dumps(path)})" for path in files]
        ending = [f"call writefile(g:out + ['errmsg:' . v:errmsg], {json.dumps(output)})", "qall!"]
        with open(script, "w", encoding="utf-8") as handle:
            handle.write("\n".join(prelude + loading + script_lines + ending) + "\n")
        result = subprocess.run(["vim", "-es", "-N", "-u", "NONE", "-i", "NONE", "-S", script],
                                capture_output=True, text=True, timeout=60)
        if result.returncode != 0:
            raise AssertionError(f"vim failed ({result.returncode}): {result.stdout}{result.stderr}")
        with open(output, encoding="utf-8") as handle:
            return handle.read().split("\n")[:-1]


class VimSyntaxTests(unittest.TestCase):
    def test_loads_without_error_and_colours_the_sample(self):
        lines = sample_lines()
        probes = []
        for line, marked, _, _ in EXPECTED:
            start, end = locate(lines, line, marked)
            columns = ", ".join(str(c + 1) for c in range(start, end))
            probes.append(f"call add(g:out, join(uniq(sort(map([{columns}], "
                          f"{{i, c -> synIDattr(synID({line}, c, 1), 'name')}}))), ','))")
        output = run_vim(["call add(g:out, &filetype)", "call add(g:out, get(b:, 'current_syntax', ''))"] + probes,
                         [SAMPLE])
        self.assertEqual(output[-1], "errmsg:")
        self.assertEqual(output[:2], ["tapline", "tapline"])
        failures = [f"line {line} {marked}: expected {group!r}, got {got!r}"
                    for (line, marked, _, group), got in zip(EXPECTED, output[2:-1]) if got != group]
        self.assertEqual(failures, [])

    def test_ftdetect_knows_a_tapline_shebang(self):
        with tempfile.TemporaryDirectory() as directory:
            script = os.path.join(directory, "lesson")
            with open(script, "w", encoding="utf-8") as handle:
                handle.write("#!/usr/bin/env tapline\nprint(1)\n")
            output = run_vim(["call add(g:out, &filetype)", "call add(g:out, &commentstring)"], [script])
        self.assertEqual(output, ["tapline", "// %s", "errmsg:"])


if __name__ == "__main__":
    unittest.main()
