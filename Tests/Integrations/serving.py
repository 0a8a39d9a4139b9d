"""`tapline serve` started for a test, on a free port: the server tests here and the browser
tests (Tests/Browser) both start it this way."""

import re
import subprocess


class Server:
    """`tapline serve --port 0 ARGUMENTS…` run from `cwd`; `url` and `port` say where it
    listens. `stop()` ends it."""

    def __init__(self, binary, *arguments, cwd):
        self.process = subprocess.Popen([binary, "serve", "--port", "0", *arguments], cwd=cwd,
                                        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        line = self.process.stdout.readline()
        match = re.search(r"http://127\.0\.0\.1:(\d+)/", line)
        if not match:
            self.process.kill()
            raise RuntimeError(f"tapline serve did not start: {line!r} {self.process.stderr.read()!r}")
        self.url = match.group(0)
        self.port = int(match.group(1))

    def stop(self):
        self.process.terminate()
        self.process.wait(timeout=10)
        self.process.stdout.close()
        self.process.stderr.close()
