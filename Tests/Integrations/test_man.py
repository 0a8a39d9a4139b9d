"""The man page: mandoc finds nothing to say about it, and it documents every option that
`tapline --help` lists.

Run: python3 -m unittest discover -s Tests/Integrations -v
"""

import os
import re
import shutil
import subprocess
import unittest

from test_completion import find_binary

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
PAGE = os.path.join(ROOT, "docs", "tapline.1")


class ManPageTests(unittest.TestCase):
    def test_mandoc_lint_is_clean(self):
        if shutil.which("mandoc") is None:
            if os.environ.get("CI"):
                self.fail("mandoc is not installed (.ci/run installs it)")
            self.skipTest("mandoc is not installed")
        result = subprocess.run(["mandoc", "-T", "lint", "-W", "all", PAGE], capture_output=True, text=True)
        self.assertEqual((result.returncode, result.stdout + result.stderr), (0, ""))

    def test_documents_every_option_of_the_help(self):
        binary = find_binary()
        if binary is None:
            self.skipTest("no built tapline")
        usage = subprocess.run([binary, "--help"], capture_output=True, text=True).stdout
        options = {word for line in usage.split("\n") for word in line.split()[1:2] if word.startswith("-")}
        with open(PAGE, encoding="utf-8") as handle:
            page = handle.read()
        # `.It Fl e Ar code`, `.It Fl h , Fl -help`: mdoc writes an option without its first
        # dash, and a bare `.Fl` is `-` (standard input).
        documented = {"-" + flag.strip() for flag in re.findall(r"\bFl((?: [^ \n]+)?)", page)}
        self.assertLessEqual(options, documented)
        self.assertIn(".Dt TAPLINE 1", page)


if __name__ == "__main__":
    unittest.main()
