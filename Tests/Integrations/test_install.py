"""scripts/install.sh: installs the binary, man page, completions and editor files under a
prefix (or --user), and --uninstall leaves the tree exactly as it was before: a file it did
not put at a target is neither replaced nor removed, a file edited since it was installed
stays, and the manifest reads back any path (newlines, spaces, backslashes, glob characters).

It uses the release binary already built (--no-build): CI builds it first.
Run: python3 -m unittest discover -s Tests/Integrations -v
"""

import hashlib
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
    "share/tapline/editors/vscode/extension.js",
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


def contents(directory):
    """Every path under directory, relative to it, with a file's bytes or a link's target."""
    found = {}
    for path in snapshot(directory):
        full = os.path.join(directory, path)
        if os.path.islink(full):
            found[path] = "-> " + os.readlink(full)
        elif os.path.isfile(full):
            with open(full, "rb") as handle:
                data = handle.read()
            found[path] = data if len(data) < 100 else hashlib.sha256(data).hexdigest()
        else:
            found[path] = None
    return found


def attempt(*arguments, home):
    environment = dict(os.environ, HOME=home)
    return subprocess.run([INSTALL, *arguments], capture_output=True, text=True, env=environment, timeout=120)


def run(*arguments, home):
    result = attempt(*arguments, home=home)
    if result.returncode != 0:
        raise AssertionError(f"install.sh {' '.join(arguments)} failed: {result.stdout}{result.stderr}")
    return result.stdout


def write(path, text):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w") as handle:
        handle.write(text)


def records(manifest):
    """The manifest's records after its header: (kind, checksum, path) each."""
    with open(manifest, "rb") as handle:
        fields = handle.read().split(b"\0")
    assert fields[-1] == b"", "the manifest ends with a NUL"
    header, fields = fields[0], [field.decode() for field in fields[1:-1]]
    assert header.startswith(b"tapline install manifest"), header
    return [tuple(fields[index:index + 3]) for index in range(0, len(fields), 3)]


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

    def test_a_file_the_install_did_not_put_there_is_never_replaced(self):
        os.makedirs(os.path.join(self.home, ".vscode", "extensions"))
        write(os.path.join(self.home, ".vim", "syntax", "tapline.vim"), "my own syntax\n")
        write(os.path.join(self.home, ".local", "bin", "tapline"), "#!/bin/sh\necho mine\n")
        write(os.path.join(self.home, "elsewhere"), "linked\n")
        os.makedirs(os.path.join(self.home, ".local", "share", "man", "man1"))
        os.symlink(os.path.join(self.home, "elsewhere"),
                   os.path.join(self.home, ".local", "share", "man", "man1", "tapline.1"))
        before = contents(self.home)
        refused = attempt("--user", "--no-build", home=self.home)
        self.assertEqual(refused.returncode, 1, refused.stdout + refused.stderr)
        for path in [".vim/syntax/tapline.vim", ".local/bin/tapline", ".local/share/man/man1/tapline.1"]:
            self.assertIn(os.path.join(self.home, path), refused.stderr)
        self.assertIn("--force", refused.stderr)
        self.assertEqual(contents(self.home), before, "a refused install writes nothing")
        # --force keeps each aside, and --uninstall puts each back.
        run("--user", "--no-build", "--force", home=self.home)
        with open(os.path.join(self.home, ".vim", "syntax", "tapline.vim.tapline-saved")) as handle:
            self.assertEqual(handle.read(), "my own syntax\n")
        self.assertTrue(os.path.islink(os.path.join(self.home, ".local", "share", "man", "man1",
                                                    "tapline.1.tapline-saved")))
        run("--user", "--no-build", home=self.home)   # an upgrade over that install
        run("--user", "--uninstall", home=self.home)
        self.assertEqual(contents(self.home), before)

    def test_a_file_edited_since_the_install_stays(self):
        before = snapshot(self.home)
        run("--user", "--no-build", home=self.home)
        edited = os.path.join(self.home, ".vim", "ftplugin", "tapline.vim")
        write(edited, "my changes\n")
        refused = attempt("--user", "--no-build", home=self.home)
        self.assertEqual(refused.returncode, 1, "an upgrade does not replace an edited file")
        self.assertIn(edited, refused.stderr)
        output = run("--user", "--uninstall", home=self.home)
        self.assertIn(edited, output)
        with open(edited) as handle:
            self.assertEqual(handle.read(), "my changes\n")
        left = {".vim/", ".vim/ftplugin/", ".vim/ftplugin/tapline.vim"}
        self.assertEqual(snapshot(self.home), before | left)

    def test_a_newline_in_home_splits_no_path(self):
        # With a manifest of one path a line, this HOME's binary reads back as two records:
        # "f SCRATCH/x" and "f SCRATCH/y/.local/bin/tapline", both someone else's files.
        self.home = os.path.join(self.scratch, "x\nf " + self.scratch + "/y")
        os.makedirs(os.path.join(self.home, ".vscode", "extensions"))
        unrelated = [os.path.join(self.scratch, "x"), os.path.join(self.scratch, "y", ".local", "bin", "tapline")]
        for path in unrelated:
            write(path, "not tapline's\n")
        before = contents(self.scratch)
        run("--user", "--no-build", home=self.home)
        self.assertTrue(os.path.isfile(os.path.join(self.home, ".local", "bin", "tapline")))
        run("--user", "--no-build", home=self.home)
        run("--user", "--uninstall", home=self.home)
        for path in unrelated:
            self.assertTrue(os.path.isfile(path), f"--uninstall removed {path}")
        self.assertEqual(contents(self.scratch), before)

    def test_odd_characters_in_the_prefix_round_trip(self):
        prefix = os.path.join(self.scratch, " -lead\\back *[ab]? $HOME 'q\"", "tab\tend\n")
        before = snapshot(self.scratch)
        run("--no-build", prefix, home=self.home)
        manifest = os.path.join(prefix, "share", "tapline", "install-manifest")
        installed = {path for kind, _, path in records(manifest) if kind == "f"}
        self.assertEqual(installed, {os.path.join(prefix, path) for path in UNDER_PREFIX[:-1]})
        run("--uninstall", prefix, home=self.home)
        self.assertEqual(snapshot(self.scratch), before)

    def line_a_path_install(self, prefix, *extra):
        """An install whose manifest is in the earlier format, one "KIND PATH" a line."""
        run("--no-build", prefix, home=self.home)
        manifest = os.path.join(prefix, "share", "tapline", "install-manifest")
        lines = [f"{kind} {path}\n" for kind, _, path in records(manifest)] + list(extra)
        with open(manifest, "w") as handle:
            handle.write("".join(lines))
        return manifest

    def test_an_install_by_the_earlier_line_a_path_manifest_upgrades(self):
        prefix = os.path.join(self.scratch, "prefix")
        before = snapshot(self.scratch)
        manifest = self.line_a_path_install(prefix)
        run("--no-build", prefix, home=self.home)
        self.assertEqual(records(manifest)[0][0], "d", "the upgrade rewrites the manifest")
        run("--uninstall", prefix, home=self.home)
        self.assertEqual(snapshot(self.scratch), before)

    def test_the_earlier_manifest_is_believed_only_for_the_installs_own_places(self):
        prefix = os.path.join(self.scratch, "prefix")
        unrelated = os.path.join(self.scratch, "unrelated")
        write(unrelated, "not tapline's\n")
        before = snapshot(self.scratch)
        self.line_a_path_install(prefix, f"f {unrelated}\n", f"d {self.home}\n")
        run("--uninstall", prefix, home=self.home)
        self.assertEqual(snapshot(self.scratch), before)

if __name__ == "__main__":
    unittest.main()
