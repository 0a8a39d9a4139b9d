"""How a cell is split into requests: a table of cells and their steps."""

import unittest

from tapline_kernel.cells import Step, split_cell


def braces_closed(text):
    """A stand-in for the `is_complete` request: complete when every `{` is closed."""
    return text.count("{") == text.count("}")


class SplitCellTests(unittest.TestCase):
    cases = [
        ("plain code is one step", "subject s\nsend s 1", [Step("code", "subject s\nsend s 1", 1)]),
        ("marbles on its own line draws there", "send s 1\nmarbles\nsend s 2",
         [Step("code", "send s 1", 1), Step("marbles", "", 2), Step("code", "send s 2", 3)]),
        ("indented marbles too", "  marbles  ", [Step("marbles", "", 1)]),
        ("marbles inside a block is code", "repeat 2 {\nmarbles\n}", [Step("code", "repeat 2 {\nmarbles\n}", 1)]),
        ("marbles clear is code", "marbles clear\nsend s 1", [Step("code", "marbles clear\nsend s 1", 1)]),
        (":help with a topic", ":help debounce", [Step("help", "debounce", 1)]),
        (":help alone", "print(1)\n:help", [Step("code", "print(1)", 1), Step("help", "", 2)]),
        (":reset", ":reset\nsubject s", [Step("reset", "", 1), Step("code", "subject s", 2)]),
        ("another meta-command is named", ":list", [Step("unknown", ":list", 1)]),
        ("blank chunks are dropped", "\n\nmarbles\n\n", [Step("marbles", "", 3)]),
    ]

    def test_table(self):
        for name, cell, steps in self.cases:
            with self.subTest(name):
                self.assertEqual(split_cell(cell, braces_closed), steps)

    def test_code_keeps_the_cells_line_numbers(self):
        steps = split_cell("print(1)\nmarbles\n\ntap nothing", braces_closed)
        self.assertEqual(steps[-1].padded_code(), "\n\n\ntap nothing")


if __name__ == "__main__":
    unittest.main()
