"""scripts/install.sh: installs the binary, man page, completions and editor files under a
prefix (or --user), and --uninstall leaves the tree exactly as it was before.

It uses the release binary already built (--no-build): CI builds it first.
Run: python3 -m unittest discover -s Tests/Integrations -v
"""

import os
import shutil
import subprocess
import tempfile
import unittest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
INSTALL = os.path.join(ROOT, "scripts", "install.sh")
RELEASE = os.path.join(ROOT, ".build", "release", "tapline")

UNDER_PREFIX = [
    "bin/tapline",
    "share/man/man1/tapline.1",
    "share/bash-completion/completions/tapline",
    "share/zsh/site-functions/_tapline",
    "share/vim/vimfiles/syntax/tapline.vim",
    "share/vim/vimfiles/ftdetect/tapline.vim",
    "share/vim/vimfiles/ftplugin/tapline.vim",
    "share/tapline/editors/vscode/package.json",
    "share/tapline/editors/vscode/language-configuration.json",
    "share/tapline/editors/vscode/syntaxes/tapline.tmLanguage.json",
    "share/tapline/install-manifest",
]


def snapshot(directory):
    """Every path under directory (folders end in /), relative to it."""
    paths = set()
    for base, folders, files in os.walk(directory):
        for name in folders:
            paths.add(os.path.relpath(os.path.join(base, name), directory) + "/")
        for name in files:
            paths.add(os.path.relpath(os.path.join(base, name), directory))
    return paths


def run(*arguments, home):
    environment = dict(os.environ, HOME=home)
    result = subprocess.run([INSTALL, *arguments], capture_output=True, text=True, env=environment, timeout=120)
    if result.returncode != 0:
        raise AssertionError(f"install.sh {' '.join(arguments)} failed: {result.stdout}{result.stderr}")
    return result.stdout


class InstallTests(unittest.TestCase):
    def setUp(self):
        if not os.access(RELEASE, os.X_OK):
            if os.environ.get("CI"):
                self.fail("no release binary: .ci/run builds it before these tests")
            self.skipTest("no release binary (swift build -c release)")
        self.scratch = tempfile.mkdtemp()
        self.home = os.path.join(self.scratch, "home")
        os.makedirs(self.home)

    def tearDown(self):
        shutil.rmtree(self.scratch)

    def test_prefix_install_then_uninstall_leaves_what_was_there(self):
        prefix = os.path.join(self.scratch, "prefix")
        # Someone else's files in the same folders must survive the uninstall.
        os.makedirs(os.path.join(prefix, "share", "man", "man1"))
        with open(os.path.join(prefix, "share", "man", "man1", "other.1"), "w") as handle:
            handle.write(".Dd\n")
        before = snapshot(self.scratch)
        run("--no-build", prefix, home=self.home)
        for path in UNDER_PREFIX:
            self.assertTrue(os.path.isfile(os.path.join(prefix, path)), path)
        version = subprocess.run([os.path.join(prefix, "bin", "tapline"), "--version"], capture_output=True, text=True)
        self.assertTrue(version.stdout.startswith("tapline "))
        run("--no-build", prefix, home=self.home)   # a second install over the first
        run("--uninstall", prefix, home=self.home)
        self.assertEqual(snapshot(self.scratch), before)

    def test_user_install_then_uninstall_leaves_home_as_it_was(self):
        os.makedirs(os.path.join(self.home, ".vscode", "extensions"))
        before = snapshot(self.home)
        output = run("--user", "--no-build", home=self.home)
        local = os.path.join(self.home, ".local")
        for path in UNDER_PREFIX:
            if not path.startswith("share/vim/"):
                self.assertTrue(os.path.isfile(os.path.join(local, path)), path)
        for kind in ["syntax", "ftdetect", "ftplugin"]:
            self.assertTrue(os.path.isfile(os.path.join(self.home, ".vim", kind, "tapline.vim")), kind)
        extension = [name for name in os.listdir(os.path.join(self.home, ".vscode", "extensions"))]
        self.assertEqual(len(extension), 1)
        self.assertTrue(extension[0].startswith("tapline.tapline-"))
        self.assertIn("installed tapline", output)
        run("--user", "--uninstall", home=self.home)
        self.assertEqual(snapshot(self.home), before)

    def test_uninstall_of_nothing_fails_and_says_why(self):
        result = subprocess.run([INSTALL, "--uninstall", os.path.join(self.scratch, "none")],
                                capture_output=True, text=True, env=dict(os.environ, HOME=self.home))
        self.assertEqual(result.returncode, 1)
        self.assertIn("nothing installed", result.stderr)


if __name__ == "__main__":
    unittest.main()
