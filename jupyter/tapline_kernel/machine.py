"""A client for `tapline --machine`: one Tapline session in a child process.

The protocol (docs/MACHINE.md) is one JSON request a line on the child's stdin and one JSON
reply a line on its stdout, in order. Nothing here scrapes terminal output.
"""

import contextlib
import json
import os
import shutil
import signal
import subprocess

PROTOCOL = 1


class MachineError(Exception):
    """The child could not be started, or it ended while a request was waiting."""


def find_binary(binary=None):
    """The `tapline` to run: the argument, else $TAPLINE, else `tapline` on PATH."""
    candidate = binary or os.environ.get("TAPLINE") or shutil.which("tapline")
    if not candidate:
        raise MachineError(
            "cannot find the tapline command: put it on PATH, or set TAPLINE to its path "
            "(or install the kernel with --tapline PATH)"
        )
    return candidate


class Machine:
    """One `tapline --machine` session.

    The child runs in a session of its own, so an interrupt meant for the kernel reaches it
    only through `interrupt()`: once, and only while a request is running.
    """

    def __init__(self, binary=None, cwd=None):
        self.binary = find_binary(binary)
        self.cwd = cwd
        self.process = None
        self.version = None
        self._next_id = 0
        self.start()

    def start(self):
        environment = dict(os.environ, NO_COLOR="1")
        try:
            self.process = subprocess.Popen(
                [self.binary, "--machine"],
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                cwd=self.cwd,
                env=environment,
                start_new_session=True,
            )
        except OSError as error:
            raise MachineError(f"cannot start {self.binary} --machine: {error}") from error
        hello = self._read_line()
        if hello.get("type") != "ready" or hello.get("protocol") != PROTOCOL:
            raise MachineError(f"{self.binary} --machine said {hello!r}, not ready with protocol {PROTOCOL}")
        self.version = hello.get("version")

    @property
    def alive(self):
        return self.process is not None and self.process.poll() is None

    def request(self, kind, **fields):
        """Sends one request and returns its reply (a dict). An interrupt (SIGINT, the
        kernel's) while it is under way is passed on to the child, and the reply of the
        interrupted request is still read, so requests and replies never fall out of step."""
        self._next_id += 1
        line = json.dumps(dict(id=self._next_id, type=kind, **fields), ensure_ascii=False) + "\n"
        with self._forwarding_interrupts():
            try:
                self.process.stdin.write(line.encode("utf-8"))
                self.process.stdin.flush()
            except (BrokenPipeError, OSError) as error:
                raise MachineError(self._ended()) from error
            reply = self._read_line()
        if reply.get("id") != self._next_id:
            raise MachineError(f"reply {reply.get('id')!r} came for request {self._next_id}")
        return reply

    @contextlib.contextmanager
    def _forwarding_interrupts(self):
        """While a request is under way, SIGINT goes to the child instead of raising
        KeyboardInterrupt here (possible only on the main thread, where ipykernel runs cells)."""
        try:
            previous = signal.signal(signal.SIGINT, lambda number, frame: self.interrupt())
        except ValueError:
            yield
            return
        try:
            yield
        finally:
            signal.signal(signal.SIGINT, previous)

    def interrupt(self):
        if self.alive:
            os.kill(self.process.pid, signal.SIGINT)

    def _read_line(self):
        line = self.process.stdout.readline()
        if not line:
            raise MachineError(self._ended())
        return json.loads(line.decode("utf-8"))

    def _ended(self):
        status = self.process.wait() if self.process else None
        return f"the Tapline session ended (exit status {status})"

    def close(self):
        if self.process is None:
            return
        try:
            self.process.stdin.close()
            self.process.wait(timeout=5)
        except (OSError, subprocess.TimeoutExpired):
            self.process.kill()
            self.process.wait()
        finally:
            self.process.stdout.close()
            self.process = None
