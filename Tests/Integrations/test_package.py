"""TaplineReactive as another package uses it: a scratch package depends on it through a
file:// git URL and a version tag, as a user's package depends on a release, and builds and
runs Combine code against it. SwiftPM refuses a dependency by version whose library targets
use unsafe flags, so this fails if any does.

The repository is the working tree's tracked files, committed afresh and tagged 1.0.0, so the
test sees uncommitted changes too. It builds the core in debug mode (about a minute).
Run: python3 -m unittest discover -s Tests/Integrations -v
"""

import os
import shutil
import subprocess
import tempfile
import unittest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

MANIFEST = """// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "UsesTapline",
    dependencies: [.package(url: "{url}", from: "1.0.0")],
    targets: [
        .executableTarget(name: "UsesTapline", dependencies: [.product(name: "TaplineReactive", package: "{name}")]),
    ]
)
"""

PROGRAM = """import TaplineReactive

let subject = PassthroughSubject<Int, Never>()
let doubled = subject.map { $0 * 2 }.filter { $0 > 2 }.sink { print("got", $0) }
subject.send(1)
subject.send(21)
[1, 2, 3].publisher.print("p").prefix(1).sink { _ in }
doubled.cancel()
"""

EXPECTED = """got 42
p: receive subscription: ([1, 2, 3])
p: request unlimited
p: receive value: (1)
p: receive cancel
"""


def git(*arguments, cwd):
    subprocess.run(["git", *arguments], cwd=cwd, check=True, capture_output=True, timeout=120,
                   env=dict(os.environ, GIT_AUTHOR_NAME="t", GIT_AUTHOR_EMAIL="t@t", GIT_COMMITTER_NAME="t",
                            GIT_COMMITTER_EMAIL="t@t"))


class PackageDependencyTests(unittest.TestCase):
    def setUp(self):
        if shutil.which("swift") is None or shutil.which("git") is None:
            self.skipTest("swift and git are needed")
        self.scratch = tempfile.mkdtemp()
        self.addCleanup(shutil.rmtree, self.scratch, ignore_errors=True)

    def repository(self):
        """The tracked files as a fresh repository with the tag 1.0.0."""
        repo = os.path.join(self.scratch, "tapline")
        files = subprocess.run(["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"], cwd=ROOT,
                               check=True, capture_output=True).stdout.decode().split("\0")
        for name in filter(None, files):
            source = os.path.join(ROOT, name)
            if not os.path.isfile(source):
                continue
            target = os.path.join(repo, name)
            os.makedirs(os.path.dirname(target), exist_ok=True)
            shutil.copy2(source, target)
        git("init", "-q", cwd=repo)
        git("add", "-A", cwd=repo)
        git("commit", "-q", "-m", "release", cwd=repo)
        git("tag", "1.0.0", cwd=repo)
        return repo

    def test_a_package_depends_on_the_core_by_version_and_runs_combine_code(self):
        repo = self.repository()
        user = os.path.join(self.scratch, "uses-tapline")
        os.makedirs(os.path.join(user, "Sources", "UsesTapline"))
        with open(os.path.join(user, "Package.swift"), "w") as manifest:
            manifest.write(MANIFEST.format(url="file://" + repo, name="tapline"))
        with open(os.path.join(user, "Sources", "UsesTapline", "main.swift"), "w") as program:
            program.write(PROGRAM)
        build = subprocess.run(["swift", "build", "--package-path", user], capture_output=True, text=True, timeout=1200)
        self.assertEqual(build.returncode, 0, build.stdout + build.stderr)
        self.assertIn("Compiling TaplineReactive", build.stdout + build.stderr)
        run = subprocess.run([os.path.join(user, ".build", "debug", "UsesTapline")], capture_output=True, text=True, timeout=60)
        self.assertEqual(run.returncode, 0, run.stderr)
        self.assertEqual(run.stdout, EXPECTED)


if __name__ == "__main__":
    unittest.main()
