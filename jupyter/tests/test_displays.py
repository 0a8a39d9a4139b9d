"""What the kernel shows for a `marbles` line and for `:help`, with the session replaced by
a stand-in that answers as `tapline --machine` will once the language draws SVG — so the
picture's road through the kernel is tested before the diagram exists."""

import os
import unittest
from unittest import mock

from tapline_kernel.kernel import TaplineKernel

SVG = '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"></svg>'


class StandInMachine:
    """Answers requests from a script of replies, and records them."""

    alive = True

    def __init__(self):
        self.requests = []

    def request(self, kind, **fields):
        self.requests.append((kind, fields))
        if kind == "is_complete":
            return {"status": "complete"}
        if kind == "svg":
            return {"status": "ok", "svg": SVG, "stdout": "", "stderr": "", "diagnostics": []}
        if kind == "help":
            return {"status": "ok", "text": ".debounce(for: 300ms)\n", "svg": SVG}
        stdout = "q  -a-|\n" if fields.get("code") == "marbles" else "ran\n"
        return {"status": "ok", "stdout": stdout, "stderr": "", "diagnostics": []}


class DisplayTests(unittest.TestCase):
    def setUp(self):
        self.kernel = TaplineKernel()
        self.kernel.machine = StandInMachine()
        self.sent = []
        self.kernel.send_response = lambda socket, kind, content: self.sent.append((kind, content))

    def test_a_marbles_line_shows_the_picture_where_it_stands(self):
        reply = self.kernel.do_execute("send q 1\nmarbles\nsend q 2", False)
        self.assertEqual(reply["status"], "ok")
        self.assertEqual(
            self.sent,
            [
                ("stream", {"name": "stdout", "text": "ran\n"}),
                ("display_data", {"data": {"image/svg+xml": SVG, "text/plain": "q  -a-|\n"}, "metadata": {}}),
                ("stream", {"name": "stdout", "text": "ran\n"}),
            ],
        )
        kinds = [kind for kind, _ in self.kernel.machine.requests if kind != "is_complete"]
        self.assertEqual(kinds, ["run", "svg", "run", "run"])
        self.assertEqual(self.kernel.machine.requests[-1][1]["code"], "\n\nsend q 2")

    def test_help_with_a_diagram_shows_both(self):
        self.kernel.do_execute(":help debounce", False)
        self.assertEqual(self.sent, [
            ("stream", {"name": "stdout", "text": ".debounce(for: 300ms)\n"}),
            ("display_data", {"data": {"image/svg+xml": SVG, "text/plain": "<marble diagram>"}, "metadata": {}}),
        ])

    def test_a_silent_cell_shows_nothing(self):
        self.kernel.do_execute("send q 1\nmarbles", True)
        self.assertEqual(self.sent, [])

    def test_an_interrupt_while_the_cell_is_split_runs_none_of_it(self):
        self.kernel.machine.request = lambda kind, **fields: (
            self.kernel.machine.requests.append((kind, fields)) or {"status": "interrupted"}
        )
        reply = self.kernel.do_execute("send q 1\nmarbles", False)
        self.assertEqual(reply["status"], "error")
        self.assertEqual(reply["ename"], "interrupted")
        self.assertEqual([kind for kind, _ in self.kernel.machine.requests], ["is_complete"])

    def test_a_view_is_a_panel_that_later_cells_update(self):
        drawn = lambda shown, html: {"name": "Counter", "shown": shown, "text": "box\n" if shown else None, "html": html}
        replies = iter([[drawn(True, "<b>0</b>")], [drawn(True, "<b>1</b>")], [drawn(False, "<i>gone</i>")], [drawn(True, "<b>2</b>")]])
        self.kernel.machine.request = lambda kind, **fields: (
            {"status": "complete"} if kind == "is_complete"
            else {"status": "ok", "stdout": "", "stderr": "", "diagnostics": [], "views": next(replies)}
        )
        for cell in ["show Counter", "tap plus", "hide Counter", "show Counter"]:
            self.kernel.do_execute(cell, False)
        ids = [content["transient"]["display_id"] for _, content in self.sent]
        kinds = [kind for kind, _ in self.sent]
        self.assertEqual(kinds, ["update_display_data", "display_data"] * 4)
        # One mount, one id: the panels of the first cells follow the view until it goes.
        self.assertEqual(len(set(ids[:6])), 1)
        self.assertNotEqual(ids[6], ids[5])
        self.assertEqual(self.sent[3][1]["data"], {"text/html": "<b>1</b>", "text/plain": "box\n"})
        self.assertEqual(self.sent[5][1]["data"], {"text/html": "<i>gone</i>", "text/plain": "<Counter dismantled>"})

    def test_a_session_that_cannot_start_is_a_plain_error(self):
        self.kernel.machine = None
        with mock.patch.dict(os.environ, {"TAPLINE": "/bin/false"}):
            reply = self.kernel.do_execute("print(1)", False)
        self.assertEqual(reply["status"], "error")
        self.assertEqual(
            reply["evalue"],
            "the Tapline session ended (exit status 1); a new, empty session will start with the next cell",
        )


if __name__ == "__main__":
    unittest.main()
