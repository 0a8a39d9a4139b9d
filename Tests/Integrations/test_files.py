"""Files, as a person meets them: no command writes through a symbolic link, over a file it
did not create without saying so, or outside the path it was given; `tapline learn` reads
only regular files of a bounded size, and runs only the lessons the learner chose.

Run: python3 -m unittest discover -s Tests/Integrations -v
"""

import json
import os
import shutil
import subprocess
import tempfile
import unittest

from test_completion import find_binary

LESSON = """# Planted
--- text
A lesson found in whatever folder one happens to be in.
--- demo
subject q: Int
q.sink { _ in }
marbles save precious.txt
--- exercise
Print x.
--- starter
subject q: Int
___
--- output
x
--- solution
print("x")
"""

SVG_SCRIPT = "subject q: Int\nq.sink { _ in }\nsend q 1\n"


class FileTests(unittest.TestCase):
    def setUp(self):
        self.binary = find_binary()
        if self.binary is None:
            self.skipTest("no built tapline")
        self.folder = tempfile.mkdtemp(prefix="tapline-files-")
        self.addCleanup(shutil.rmtree, self.folder)
        self.state = os.path.join(self.folder, "state")
        os.makedirs(os.path.join(self.state, "tapline"), mode=0o700)

    def path(self, *names):
        return os.path.join(self.folder, *names)

    def write(self, name, text):
        with open(self.path(name), "w", encoding="utf-8") as handle:
            handle.write(text)

    def read(self, name):
        with open(self.path(name), encoding="utf-8") as handle:
            return handle.read()

    def tapline(self, *arguments, stdin="", environment=None):
        env = dict(os.environ, NO_COLOR="1", XDG_STATE_HOME=self.state)
        env.pop("TAPLINE_LESSONS", None)
        env.update(environment or {})
        # A timeout on every run: a FIFO that blocked tapline must fail the test, not hang it.
        return subprocess.run([self.binary, *arguments], input=stdin, capture_output=True, text=True,
                              cwd=self.folder, env=env, timeout=20)

    def save(self, target):
        return self.tapline("-", stdin=SVG_SCRIPT + "marbles save " + target + "\n")

    # marbles save

    def test_a_link_at_the_target_is_refused_and_its_target_untouched(self):
        self.write("victim", "secret")
        os.symlink("victim", self.path("b.svg"))
        result = self.save("b.svg")
        self.assertEqual(result.returncode, 1)
        self.assertIn("cannot write 'b.svg': it is a symbolic link", result.stderr)
        self.assertEqual(self.read("victim"), "secret")
        self.assertTrue(os.path.islink(self.path("b.svg")))

    def test_a_link_planted_at_the_old_temporary_name_is_not_followed(self):
        # The old writer's name was PATH.tmp-PID; the next pids are guessable. Plant a few.
        self.write("victim", "secret")
        probe = subprocess.Popen(["true"])
        probe.wait()
        for pid in range(probe.pid, probe.pid + 50):
            os.symlink("victim", self.path(f"b.svg.tmp-{pid}"))
        result = self.save("b.svg")
        self.assertEqual((result.returncode, result.stderr), (0, ""))
        self.assertEqual(self.read("victim"), "secret")
        self.assertTrue(self.read("b.svg").startswith("<svg"))

    def test_replacing_a_file_it_did_not_write_says_so(self):
        self.write("b.svg", "my drawing")
        result = self.save("b.svg")
        self.assertEqual(result.returncode, 0)
        self.assertIn("<stdin>:4:14: warning: 'marbles save' replaced 'b.svg', an existing file this session had not written",
                      result.stderr)
        self.assertTrue(self.read("b.svg").startswith("<svg"))

    def test_a_directory_at_the_target_is_a_located_error(self):
        os.mkdir(self.path("b.svg"))
        result = self.save("b.svg")
        self.assertEqual(result.returncode, 1)
        self.assertIn("<stdin>:4:14: error: cannot write 'b.svg': it is a directory", result.stderr)

    def test_the_file_name_ends_where_a_comment_begins(self):
        result = self.save("b.svg # the diagram")
        self.assertEqual((result.returncode, result.stderr), (0, ""))
        self.assertEqual(sorted(os.listdir(self.folder)), ["b.svg", "state"])

    def test_machine_svg_writes_no_file(self):
        # It once wrote TMPDIR/tapline-machine-PID-N.svg through PATH.tmp-PID: plant links there.
        temporary = self.path("tmp")
        os.mkdir(temporary)
        self.write("victim", "secret")
        probe = subprocess.Popen(["true"])
        probe.wait()
        planted = [f"tapline-machine-{pid}-1.svg.tmp-{pid}" for pid in range(probe.pid, probe.pid + 50)]
        for name in planted:
            os.symlink(self.path("victim"), os.path.join(temporary, name))
        requests = json.dumps({"id": 1, "type": "run", "code": SVG_SCRIPT}) + "\n" + json.dumps({"id": 2, "type": "svg"}) + "\n"
        result = self.tapline("--machine", stdin=requests, environment={"TMPDIR": temporary})
        reply = json.loads(result.stdout.splitlines()[2])
        self.assertEqual((reply["id"], reply["status"]), (2, "ok"))
        self.assertTrue(reply["svg"].startswith("<svg"))
        self.assertEqual(sorted(os.listdir(temporary)), sorted(planted))
        self.assertEqual(self.read("victim"), "secret")

    # tapline learn: the progress file

    def progress(self):
        return os.path.join(self.state, "tapline", "progress")

    def test_a_fifo_progress_file_neither_blocks_nor_is_replaced(self):
        os.mkfifo(self.progress())
        result = self.tapline("learn")
        self.assertEqual(result.returncode, 0)
        self.assertIn("progress", result.stderr)
        self.assertIn("cannot be read: it is not a regular file", result.stderr)
        self.assertTrue(os.path.exists(self.progress()) and not os.path.isfile(self.progress()))

    def test_dev_zero_as_the_progress_file_is_refused(self):
        os.symlink("/dev/zero", self.progress())
        result = self.tapline("learn")
        self.assertEqual(result.returncode, 0)
        self.assertIn("cannot be read: it is a symbolic link", result.stderr)
        self.assertIn("Tapline lessons: 0 of", result.stdout)

    def test_a_crlf_progress_file_keeps_the_lessons_passed(self):
        with open(self.progress(), "w", newline="") as handle:
            handle.write("# Tapline lesson progress (tapline learn)\r\npassed subjects\r\nopened subjects\r\n")
        result = self.tapline("learn")
        self.assertEqual(result.stderr, "")
        self.assertIn("Tapline lessons: 1 of", result.stdout)

    # tapline learn: which lessons

    def test_a_lessons_folder_in_the_current_folder_is_not_run(self):
        os.mkdir(self.path("lessons"))
        self.write("lessons/01-planted.lesson", LESSON)
        self.write("precious.txt", "precious")
        result = self.tapline("learn", "1")
        self.assertEqual(result.returncode, 0)
        self.assertNotIn("Planted", result.stdout)
        self.assertEqual(self.read("precious.txt"), "precious")

    def test_a_lesson_folder_asked_for_runs_but_writes_no_file(self):
        os.mkdir(self.path("lessons"))
        self.write("lessons/01-planted.lesson", LESSON)
        self.write("precious.txt", "precious")
        result = self.tapline("learn", "1", environment={"TAPLINE_LESSONS": self.path("lessons")})
        self.assertEqual(result.returncode, 0)
        self.assertIn("Lesson 1 of 1: Planted", result.stdout)
        self.assertIn("demo:3:14: warning: 'marbles save' drew the diagram but wrote no file", result.stderr)
        self.assertEqual(self.read("precious.txt"), "precious")

    def test_a_lesson_file_that_is_not_a_regular_file_is_skipped_not_read(self):
        os.mkdir(self.path("lessons"))
        os.symlink("/dev/zero", self.path("lessons", "01-zero.lesson"))
        os.mkfifo(self.path("lessons", "02-fifo.lesson"))
        self.write("lessons/03-planted.lesson", LESSON)
        self.write("lessons/04-large.lesson", "# Large\n" + "x" * (1 << 20))
        result = self.tapline("learn", environment={"TAPLINE_LESSONS": self.path("lessons")})
        self.assertEqual(result.returncode, 0)
        self.assertIn("01-zero.lesson:1: cannot be read: it is not a regular file", result.stdout)
        self.assertIn("02-fifo.lesson:1: cannot be read: it is not a regular file", result.stdout)
        self.assertIn("04-large.lesson:1: cannot be read: lesson file size limit: larger than 1048576 bytes", result.stdout)
        self.assertIn("1  Planted", result.stdout)


if __name__ == "__main__":
    unittest.main()
