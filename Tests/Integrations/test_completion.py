"""The shell completions: bash's driven through `complete -p` and its function in a real
bash, table-driven; zsh's checked to parse (zsh -n) where zsh is installed.

Run: python3 -m unittest discover -s Tests/Integrations -v
"""

import os
import shutil
import subprocess
import tempfile
import unittest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
BASH = os.path.join(ROOT, "completions", "tapline.bash")
ZSH = os.path.join(ROOT, "completions", "_tapline")

# (the command line up to the cursor, what TAB offers). The folder has: lesson.tapline,
# notes.txt, sub/ (with more.tapline), and -odd.tapline.
CASES = [
    ("tapline --", ["--", "--check", "--help", "--machine", "--swift", "--trace", "--version"]),
    ("tapline --ch", ["--check"]),
    ("tapline -", ["--", "--check", "--help", "--machine", "--swift", "--trace", "--version", "-e", "-h", "-i", "-q", "-v"]),
    ("tapline ", ["-odd.tapline", "lesson.tapline", "sub"]),
    ("tapline le", ["lesson.tapline"]),
    ("tapline sub/", ["sub/more.tapline"]),
    ("tapline --check ", ["-odd.tapline", "lesson.tapline", "sub"]),
    ("tapline -i l", ["lesson.tapline"]),
    ("tapline -e ", []),
    ("tapline -e 'print(1)' ", []),
    ("tapline lesson.tapline ", ["-odd.tapline", "lesson.tapline", "notes.txt", "sub"]),
    ("tapline lesson.tapline n", ["notes.txt"]),
    ("tapline -- -o", ["-odd.tapline"]),
    ("tapline x.tapline --c", []),
]


def bash_complete(line, directory):
    """What bash's completion function offers for `line`, run in `directory`."""
    script = f"""
source {BASH!r}
complete -p tapline
line={line!r}
read -ra COMP_WORDS <<< "$line"
[[ $line == *' ' ]] && COMP_WORDS+=("")
COMP_CWORD=$(( ${{#COMP_WORDS[@]}} - 1 ))
COMP_LINE=$line
COMP_POINT=${{#line}}
$(complete -p tapline | sed -E 's/.* -F ([^ ]+) .*/\\1/') tapline "${{COMP_WORDS[COMP_CWORD]}}" "${{COMP_WORDS[COMP_CWORD-1]}}"
printf '%s\\n' "${{COMPREPLY[@]}}"
"""
    result = subprocess.run(["bash", "--norc", "--noprofile", "-c", script], cwd=directory,
                            capture_output=True, text=True, timeout=30)
    if result.returncode != 0:
        raise AssertionError(f"bash failed: {result.stderr}")
    lines = result.stdout.split("\n")
    return lines[0], sorted(word for word in lines[1:] if word)


class BashCompletionTests(unittest.TestCase):
    def setUp(self):
        self.directory = tempfile.mkdtemp()
        for name in ["lesson.tapline", "notes.txt", "-odd.tapline", os.path.join("sub", "more.tapline")]:
            path = os.path.join(self.directory, name)
            os.makedirs(os.path.dirname(path), exist_ok=True)
            open(path, "w").close()

    def tearDown(self):
        shutil.rmtree(self.directory)

    def test_registers_a_function_for_tapline(self):
        registration, _ = bash_complete("tapline ", self.directory)
        self.assertEqual(registration, "complete -o filenames -F _tapline tapline")

    def test_offers_what_the_table_says(self):
        failures = []
        for line, expected in CASES:
            # A single quote inside the line is one word for this test's simple splitting.
            _, got = bash_complete(line.replace("'print(1)'", "print"), self.directory)
            if got != sorted(expected):
                failures.append(f"{line!r}: expected {sorted(expected)}, got {got}")
        self.assertEqual(failures, [])

    def test_offers_every_option_of_the_help(self):
        binary = find_binary()
        if binary is None:
            self.skipTest("no built tapline")
        usage = subprocess.run([binary, "--help"], capture_output=True, text=True).stdout
        options = {word for line in usage.split("\n") for word in line.split()[1:2] if word.startswith("-") and word != "-"}
        _, offered = bash_complete("tapline -", self.directory)
        self.assertLessEqual(options, set(offered))


class ZshCompletionTests(unittest.TestCase):
    def test_parses(self):
        if shutil.which("zsh") is None:
            if os.environ.get("CI"):
                self.fail("zsh is not installed (.ci/run installs it)")
            self.skipTest("zsh is not installed")
        result = subprocess.run(["zsh", "-n", ZSH], capture_output=True, text=True)
        self.assertEqual((result.returncode, result.stderr), (0, ""))

    def test_names_the_same_options_as_bash(self):
        with open(ZSH, encoding="utf-8") as handle:
            text = handle.read()
        for option in ["--help", "--version", "--machine", "--check", "--trace", "-e", "-i", "-q", "-h", "-v"]:
            self.assertIn(option, text)


def find_binary():
    """The tapline to test: $TAPLINE, else the release build, else the debug build."""
    for candidate in [os.environ.get("TAPLINE"), os.path.join(ROOT, ".build", "release", "tapline"),
                      os.path.join(ROOT, ".build", "debug", "tapline")]:
        if candidate and os.access(candidate, os.X_OK):
            return candidate
    return None


if __name__ == "__main__":
    unittest.main()
