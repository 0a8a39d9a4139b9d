"""The Tapline kernel: ipykernel's wrapper-kernel API over `tapline --machine`.

Each notebook (each kernel) is one Tapline session: what one cell declares, the next can
use. Program output goes to stdout, warnings to stderr, an error becomes a Jupyter error
whose traceback is Tapline's own (file:line:col, the line, the caret, the hint).
"""

import re

from ipykernel.kernelbase import Kernel

from . import __version__
from .cells import split_cell
from .machine import Machine, MachineError

# Tapline's diagnostic parts, coloured as the terminal colours them (Jupyter shows ANSI).
_HEADER = re.compile(r"^(\S.*?:\d+:\d+: )(error: |warning: |note: )(.*)$")
_MARKER = re.compile(r"^( *\d* *\| *)(\^~*)$")
_LABEL_COLOUR = {"error: ": "\x1b[1;31m", "warning: ": "\x1b[1;35m", "note: ": "\x1b[1;36m"}


def coloured(rendered):
    """The lines of a rendered diagnostic, with ANSI colour on its labels and caret."""
    lines = []
    for line in rendered.rstrip("\n").split("\n"):
        header = _HEADER.match(line)
        marker = _MARKER.match(line)
        if header:
            location, label, message = header.groups()
            line = f"\x1b[1m{location}\x1b[0m{_LABEL_COLOUR[label]}{label}\x1b[0m\x1b[1m{message}\x1b[0m"
        elif marker:
            line = f"{marker.group(1)}\x1b[1;32m{marker.group(2)}\x1b[0m"
        lines.append(line)
    return lines


class TaplineKernel(Kernel):
    implementation = "tapline_kernel"
    implementation_version = __version__
    language = "tapline"
    language_version = "0.1"
    language_info = {
        "name": "tapline",
        "mimetype": "text/x-tapline",
        "file_extension": ".tapline",
        "pygments_lexer": "tapline",
        # Tapline is Swift-flavoured: Swift's mode colours it well in the browser.
        "codemirror_mode": "swift",
    }
    banner = "Tapline — reactive bindings with Combine's semantics. `:help` for help, `marbles` draws a diagram."

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.machine = None
        self._silent = False
        # The display id of each view's current mount (`_view`).
        self._view_mounts = {}
        self._view_count = 0

    # -- the session ---------------------------------------------------------------------

    def _machine(self):
        if self.machine is None or not self.machine.alive:
            self.machine = Machine()
            self.language_version = self.machine.version or self.language_version
        return self.machine

    def _request(self, kind, **fields):
        """A request to the session; if the session has died, a new one is started and the
        error says so (what was declared is gone)."""
        try:
            return self._machine().request(kind, **fields)
        except MachineError as error:
            self.machine = None
            return {"status": "error", "error": f"{error}; a new, empty session will start with the next cell"}

    # -- output --------------------------------------------------------------------------

    def _stream(self, name, text):
        if text and not self._silent:
            self.send_response(self.iopub_socket, "stream", {"name": name, "text": text})

    def _display(self, data):
        if not self._silent:
            self.send_response(self.iopub_socket, "display_data", {"data": data, "metadata": {}})

    def _view(self, view):
        """A view's body as a panel in this cell; the panels earlier cells show for the same
        mount follow it, as a screen shows one view. A view mounted again gets new panels."""
        if self._silent:
            return
        mounts = self._view_mounts
        name = view["name"]
        if name not in mounts:
            self._view_count += 1
            mounts[name] = f"tapline-view-{self._view_count}"
        display_id = mounts[name]
        data = {"text/html": view["html"], "text/plain": view.get("text") or f"<{name} dismantled>"}
        content = {"data": data, "metadata": {}, "transient": {"display_id": display_id}}
        self.send_response(self.iopub_socket, "update_display_data", content)
        self.send_response(self.iopub_socket, "display_data", content)
        if not view["shown"]:
            del mounts[name]

    def _error(self, ename, evalue, traceback):
        content = {"ename": ename, "evalue": evalue, "traceback": traceback}
        if not self._silent:
            self.send_response(self.iopub_socket, "error", content)
        return dict(content, status="error", execution_count=self.execution_count)

    def _outcome(self, reply):
        """Shows a run-like reply's output; returns an error reply, or None when it went well."""
        diagnostics = reply.get("diagnostics", [])
        # Warnings are said before the code runs, so they come before its output.
        for warning in (d for d in diagnostics if d["severity"] != "error"):
            self._stream("stderr", warning["rendered"])
        self._stream("stdout", reply.get("stdout", ""))
        for view in reply.get("views", []):
            self._view(view)
        if reply.get("status") == "ok":
            return None
        errors = [d for d in diagnostics if d["severity"] == "error"]
        if not errors:
            return self._error("TaplineError", reply.get("error", "failed"), [reply.get("error", "failed")])
        error = errors[0]
        return self._error(error["id"], error["message"], coloured(error["rendered"]))

    # -- requests ------------------------------------------------------------------------

    def do_execute(self, code, silent, store_history=True, user_expressions=None, allow_stdin=False):
        self._silent = silent
        try:
            for step in split_cell(code, self._is_complete_text):
                failure = self._run_step(step)
                if failure is not None:
                    return failure
        except KeyboardInterrupt:
            # An interrupt that came between requests: the session is as it was.
            return self._error("interrupted", "interrupted", ["interrupted"])
        return {"status": "ok", "execution_count": self.execution_count, "payload": [], "user_expressions": {}}

    def _run_step(self, step):
        if step.kind == "code":
            return self._outcome(self._request("run", code=step.padded_code(), name=f"In[{self.execution_count}]"))
        if step.kind == "marbles":
            return self._marbles()
        if step.kind == "help":
            return self._help(step.text)
        if step.kind == "reset":
            reply = self._request("reset")
            self._view_mounts.clear()
            if reply.get("status") == "ok":
                self._stream("stdout", "the session is empty again\n")
            return self._outcome(reply)
        message = f"'{step.text}' is a command of the terminal REPL; in a notebook, ':help' and ':reset' work"
        return self._error("unknownCommand", message, [message])

    def _marbles(self):
        """The diagram as a picture, with the text diagram for front ends that show no
        pictures (`jupyter console`); neither clears what was recorded."""
        reply = self._request("svg")
        failure = self._outcome(reply)
        if failure is None:
            text = self._request("run", code="marbles", name=f"In[{self.execution_count}]")
            plain = text.get("stdout", "") if text.get("status") == "ok" else ""
            self._display({"image/svg+xml": reply["svg"], "text/plain": plain or "<marble diagram>"})
        return failure

    def _help(self, topic):
        reply = self._request("help", topic=topic)
        if reply.get("status") != "ok":
            return self._outcome(reply)
        # The page as text (it holds the text diagram too), then an operator's diagram as a picture.
        self._stream("stdout", reply["text"])
        if "svg" in reply:
            self._display({"image/svg+xml": reply["svg"], "text/plain": "<marble diagram>"})
        return None

    def _is_complete_text(self, text):
        status = self._request("is_complete", code=text).get("status")
        if status == "interrupted":
            # The interrupt came while the cell was being split: none of it runs.
            raise KeyboardInterrupt
        return status != "incomplete"

    def do_is_complete(self, code):
        reply = self._request("is_complete", code=code)
        status = reply.get("status")
        if status == "incomplete":
            return {"status": "incomplete", "indent": reply.get("indent", "")}
        return {"status": status if status in ("complete", "invalid") else "unknown"}

    def do_complete(self, code, cursor_pos):
        reply = self._request("complete", code=code, cursor=cursor_pos)
        if reply.get("status") != "ok":
            return {"status": "ok", "matches": [], "cursor_start": cursor_pos, "cursor_end": cursor_pos, "metadata": {}}
        return {
            "status": "ok",
            "matches": reply["matches"],
            "cursor_start": reply["cursor_start"],
            "cursor_end": reply["cursor_end"],
            "metadata": {},
        }

    def do_inspect(self, code, cursor_pos, detail_level=0, omit_sections=()):
        """Shift-Tab on an operator's name: its `:help` page."""
        word = re.search(r"[A-Za-z_][A-Za-z0-9_]*$", code[:cursor_pos] + re.match(r"[A-Za-z0-9_]*", code[cursor_pos:]).group(0))
        if word:
            reply = self._request("help", topic=word.group(0))
            text = reply.get("text", "")
            if reply.get("status") == "ok" and not text.startswith("no help on"):
                return {"status": "ok", "found": True, "data": {"text/plain": text}, "metadata": {}}
        return {"status": "ok", "found": False, "data": {}, "metadata": {}}

    def do_shutdown(self, restart):
        if self.machine is not None:
            self.machine.close()
            self.machine = None
        return {"status": "ok", "restart": restart}
