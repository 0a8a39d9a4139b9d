"""`tapline serve` without a browser: the HTTP server and the JSON API the page uses (the
page itself is tested in headless Chromium, Tests/Browser). It refuses what is not its own
page's, keeps a session per tab, stops a program that runs away and goes on serving."""

import http.client
import json
import os
import subprocess
import time
import unittest

from serving import Server
from test_completion import ROOT, find_binary


class ServeTests(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.binary = find_binary()
        if cls.binary is None:
            raise unittest.SkipTest("no tapline binary built")
        cls.server = Server(cls.binary, "scripts/examples/tap-button.tapline", cwd=ROOT)
        cls.port = cls.server.port

    @classmethod
    def tearDownClass(cls):
        cls.server.stop()

    def request(self, method, path, body=None, headers=None):
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=30)
        try:
            connection.request(method, path, body=body, headers=headers or {})
            response = connection.getresponse()
            return response.status, response.read().decode()
        finally:
            connection.close()

    def api(self, name, **fields):
        status, text = self.request("POST", "/api/" + name, json.dumps(fields), {"Content-Type": "application/json"})
        return status, json.loads(text)

    def test_the_page_holds_the_program_and_the_words(self):
        status, page = self.request("GET", "/")
        self.assertEqual(status, 200)
        self.assertIn('button dummy \\"Dummy Button\\"', page)
        self.assertIn('"commands":["button","subject"', page)
        self.assertIn("/codemirror/lib/codemirror.js", page)

    def test_a_run_then_a_tap_in_the_same_tab(self):
        status, reply = self.api("run", tab="a", code='button b "B"\nb.tap.sink { print("tapped") }')
        self.assertEqual((status, reply["status"], reply["output"]), (200, "ok", ""))
        self.assertEqual(reply["world"][0], {"keyword": "button", "name": "b", "type": None, "detail": '"B"'})
        self.assertTrue(reply["svg"].startswith("<svg"))
        status, reply = self.api("do", tab="a", code="tap b")
        self.assertEqual(reply["output"], "tapped\n")
        # Another tab has a session of its own.
        status, reply = self.api("do", tab="b", code="tap b")
        self.assertEqual(status, 400)
        self.assertIn("press Run", reply["error"])

    def test_errors_are_placed_in_the_editor(self):
        status, reply = self.api("check", code="subject s: Int\ntap nothing")
        self.assertEqual(status, 200)
        [error] = reply["diagnostics"]
        self.assertEqual((error["id"], error["line"], error["column"], error["end_column"]), ("unknownName", 2, 5, 12))
        # The whole program is checked before it runs; an error while it runs stops it there.
        status, reply = self.api("run", tab="c", code="print(1)\nsend nothing 1")
        self.assertEqual((reply["status"], reply["output"], reply["diagnostics"][0]["line"]), ("error", "", 2))
        status, reply = self.api("run", tab="c", code="print(1)\nlet z = 0\nprint(1 / z)")
        self.assertEqual((reply["status"], reply["output"], reply["diagnostics"][0]["id"]), ("error", "1\n", "divisionByZero"))

    def test_the_clock_moves_when_the_page_asks(self):
        self.api("run", tab="d", code="subject s: Int\ns.delay(for: 300ms, scheduler: RunLoop.main).sink { print($0) }\nsend s 7")
        status, reply = self.api("do", tab="d", code="wait 200ms")
        self.assertEqual((reply["time"], reply["output"]), ("200ms", ""))
        status, reply = self.api("do", tab="d", code="wait 200ms")
        self.assertEqual((reply["time"], reply["output"]), ("400ms", "7\n"))

    def test_a_program_that_runs_away_is_stopped_and_the_server_goes_on(self):
        started = time.monotonic()
        status, reply = self.api("run", tab="e", code="var n = 0\nwhile true { n += 1 }")
        self.assertEqual(reply["status"], "interrupted")
        self.assertLess(time.monotonic() - started, 20)
        status, reply = self.api("check", code="print(1)")
        self.assertEqual((status, reply["diagnostics"]), (200, []))

    def test_a_connection_that_sends_nothing_does_not_hold_the_others(self):
        import socket
        idle = socket.create_connection(("127.0.0.1", self.port))
        try:
            started = time.monotonic()
            status, _ = self.api("check", code="print(1)")
            self.assertEqual(status, 200)
            self.assertLess(time.monotonic() - started, 5)
        finally:
            idle.close()

    def test_what_is_not_the_pages_is_refused(self):
        status, _ = self.request("GET", "/", headers={"Host": "evil.example:80"})
        self.assertEqual(status, 403)
        status, _ = self.request("POST", "/api/check", json.dumps({"code": "print(1)"}), {"Origin": "http://evil.example"})
        self.assertEqual(status, 403)
        status, _ = self.request("GET", "/codemirror/../../../etc/passwd")
        self.assertEqual(status, 404)
        status, _ = self.request("GET", "/nowhere")
        self.assertEqual(status, 404)
        status, text = self.request("POST", "/api/run", "not json")
        self.assertEqual(status, 400)
        status, text = self.request("POST", "/api/check", headers={"Content-Length": str(1 << 40)})
        self.assertEqual(status, 413)

    def test_usage_errors(self):
        for arguments, message in [(["--port", "x"], "'--port' needs a port number"), (["--learn"], "'--learn' needs a lesson number"),
                                   (["--learn", "99"], "there is no lesson '99'"), (["a", "b"], "'serve' takes one file")]:
            result = subprocess.run([self.binary, "serve", *arguments], capture_output=True, text=True, timeout=30)
            self.assertEqual(result.returncode, 2, arguments)
            self.assertIn(message, result.stderr)


if __name__ == "__main__":
    unittest.main()
