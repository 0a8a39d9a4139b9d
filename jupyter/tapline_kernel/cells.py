"""How a notebook cell becomes requests to `tapline --machine`.

A cell is several REPL entries (DESIGN §8) and runs as one `run` request, except at a few
lines that the notebook shows in its own way, each on a line of its own outside any block:

- `marbles` — the diagram, shown as an SVG picture (an `svg` request) where it stands;
- `:help [TOPIC]` — the REPL's help page;
- `:reset` — an empty session.

The code around them is sent with as many blank lines before it as come before it in the
cell, so the line numbers of errors are the cell's own.
"""

from dataclasses import dataclass


@dataclass
class Step:
    kind: str  # "code", "marbles", "help", "reset" or "unknown"
    text: str = ""  # the code (kind "code"), the help topic, or the unknown command
    line: int = 1  # the cell's line where it starts (1-based)

    def padded_code(self):
        """The code with blank lines before it, so its lines keep the cell's numbers."""
        return "\n" * (self.line - 1) + self.text


def special(line):
    """The step a line stands for on its own, or None for code."""
    stripped = line.strip()
    if stripped == "marbles":
        return Step("marbles")
    if stripped == ":help" or stripped.startswith(":help "):
        return Step("help", stripped[len(":help"):].strip())
    if stripped == ":reset":
        return Step("reset")
    if stripped.startswith(":"):
        return Step("unknown", stripped.split()[0])
    return None


def split_cell(code, is_complete):
    """The steps of a cell. `is_complete(text)` says whether `text` ends outside any block
    (a line there is inside a block, and is code whatever it says)."""
    steps = []
    lines = code.split("\n")
    chunk, start = [], 1
    for number, line in enumerate(lines, start=1):
        step = special(line)
        if step is not None and (not chunk or is_complete("\n".join(chunk))):
            if any(part.strip() for part in chunk):
                steps.append(Step("code", "\n".join(chunk), start))
            step.line = number
            steps.append(step)
            chunk, start = [], number + 1
        else:
            chunk.append(line)
    if any(part.strip() for part in chunk):
        steps.append(Step("code", "\n".join(chunk), start))
    return steps
