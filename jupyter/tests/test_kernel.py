"""The installed `tapline` kernel through jupyter_client, as a notebook or console talks to
it: one session for all cells, Jupyter errors with Tapline's caret, completion,
is_complete, help, and an interrupt that keeps the session.

Needs the kernel installed (`python -m tapline_kernel install ...`) and a tapline binary
(TAPLINE, the install's --tapline, or PATH). Every wait is for a message, never for a time.
"""

import queue
import unittest

from jupyter_client.manager import start_new_kernel


class KernelTests(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.manager, cls.client = start_new_kernel(kernel_name="tapline")

    @classmethod
    def tearDownClass(cls):
        cls.client.stop_channels()
        cls.manager.shutdown_kernel(now=True)

    def execute(self, code):
        """Runs a cell; returns the reply's content and the cell's outputs, in order."""
        message_id = self.client.execute(code)
        reply = self.client.get_shell_msg(timeout=60)
        self.assertEqual(reply["parent_header"]["msg_id"], message_id)
        return reply["content"], self.outputs(message_id)

    def outputs(self, message_id):
        outputs = []
        while True:
            message = self.client.get_iopub_msg(timeout=60)
            if message["parent_header"].get("msg_id") != message_id:
                continue
            kind, content = message["msg_type"], message["content"]
            if kind == "status" and content["execution_state"] == "idle":
                return outputs
            if kind == "stream":
                outputs.append((content["name"], content["text"]))
            elif kind == "error":
                outputs.append(("error", content))
            elif kind == "display_data":
                outputs.append(("display", content["data"]))

    def test_a_view_body_is_an_html_panel_not_text(self):
        reply, outputs = self.execute('published n = 1\nview V { body { Text("n is \\(n)") } }\nshow V\nprint("shown")')
        self.assertEqual(reply["status"], "ok")
        self.assertEqual(outputs[0], ("stdout", "shown\n"))
        kind, data = outputs[1]
        self.assertEqual(kind, "display")
        self.assertIn('class="tapline-view" data-view="V"', data["text/html"])
        self.assertIn("<div>n is 1</div>", data["text/html"])
        self.assertEqual(data["text/plain"], "╭─ V ────╮\n│ n is 1 │\n╰────────╯\n")

    def test_cells_share_one_session(self):
        reply, outputs = self.execute('subject shared: String\nshared.sink { print("got", $0) }')
        self.assertEqual(reply["status"], "ok")
        self.assertEqual(outputs, [])
        reply, outputs = self.execute('send shared "a"\nsend shared "b"')
        self.assertEqual(reply["status"], "ok")
        self.assertEqual(outputs, [("stdout", "got a\ngot b\n")])

    def test_an_error_is_a_jupyter_error_with_the_caret(self):
        reply, outputs = self.execute("print(1)\n\ntap nothing")
        self.assertEqual(reply["status"], "error")
        self.assertEqual(reply["ename"], "unknownName")
        self.assertEqual(reply["evalue"], "unknown name 'nothing'")
        [(kind, error)] = outputs
        self.assertEqual(kind, "error")
        plain = [strip_ansi(line) for line in error["traceback"]]
        count = reply["execution_count"]
        self.assertEqual(plain, [f"In[{count}]:3:5: error: unknown name 'nothing'", " 3 | tap nothing", "   |     ^~~~~~~"])

    def test_lines_keep_their_numbers_after_a_help_line(self):
        reply, outputs = self.execute("print(1)\n:help map\ntap nothing")
        self.assertEqual(reply["status"], "error")
        self.assertEqual(outputs[0], ("stdout", "1\n"))
        self.assertTrue(outputs[1][1].startswith(".map { value }"), outputs[1])
        self.assertEqual(outputs[2][0], "display")   # the operator's diagram as a picture
        self.assertIn(":3:5: error: unknown name", strip_ansi(outputs[3][1]["traceback"][0]))

    def test_a_warning_goes_to_stderr_and_the_cell_runs(self):
        reply, outputs = self.execute('subject w: String\nw.map { Just($0) }.sink { print("ran") }\nsend w "x"')
        self.assertEqual(reply["status"], "ok")
        self.assertEqual(outputs[0][0], "stderr")
        self.assertIn("warning: the values of this chain are publishers", outputs[0][1])
        self.assertEqual(outputs[1], ("stdout", "ran\n"))

    def test_a_terminal_only_command_is_named(self):
        reply, outputs = self.execute(":list")
        self.assertEqual(reply["status"], "error")
        self.assertIn("':list' is a command of the terminal REPL", reply["evalue"])

    def test_completion_comes_from_the_session(self):
        self.execute("button launch")
        content = self.client.complete("tap la", 6, reply=True, timeout=60)["content"]
        self.assertEqual((content["matches"], content["cursor_start"], content["cursor_end"]), (["launch"], 4, 6))
        content = self.client.complete("launch.tap.thr", 14, reply=True, timeout=60)["content"]
        self.assertEqual(content["matches"], ["throttle(for:"])

    def test_is_complete_asks_for_more_inside_a_block(self):
        cases = [("button b {", "incomplete", "  "), ("print(1)", "complete", None), ("print(1))", "invalid", None)]
        for code, status, indent in cases:
            with self.subTest(code):
                self.client.is_complete(code)
                content = self.client.get_shell_msg(timeout=60)["content"]
                self.assertEqual(content["status"], status)
                self.assertEqual(content.get("indent"), indent)

    def test_inspect_shows_an_operators_help(self):
        content = self.client.inspect("q.debounce(for: 1s)", 5, reply=True, timeout=60)["content"]
        self.assertTrue(content["found"])
        self.assertTrue(content["data"]["text/plain"].startswith(".debounce(for: 300ms)"))

    def test_an_interrupt_stops_the_cell_and_keeps_the_session(self):
        self.execute("current counter = 0")
        message_id = self.client.execute("repeat 1000000000 { set counter = counter + 1 }")
        reply = None
        while reply is None:
            self.manager.interrupt_kernel()
            try:
                reply = self.client.get_shell_msg(timeout=0.5)
            except queue.Empty:
                pass
        self.assertEqual(reply["parent_header"]["msg_id"], message_id)
        self.assertEqual(reply["content"]["status"], "error")
        self.assertEqual(reply["content"]["ename"], "interrupted")
        self.outputs(message_id)
        reply, outputs = self.execute("print(counter > 0)")
        self.assertEqual(reply["status"], "ok")
        self.assertEqual(outputs, [("stdout", "true\n")])


def strip_ansi(text):
    import re

    return re.sub(r"\x1b\[[0-9;]*m", "", text)


if __name__ == "__main__":
    unittest.main()
