"""House rules the code is held to, checked on the sources: no function longer than 60 lines,
no force-unwrap or try! outside the tests.
Run: python3 -m unittest discover -s Tests/Integrations -v
"""

import os
import re
import unittest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SOURCES = os.path.join(ROOT, "Sources")
DECLARATION = re.compile(r"^\s*(?:@\w+(?:\([^)]*\))?\s+)*(?:(?:public|package|private|fileprivate|internal|static|final|"
                         r"override|mutating|nonmutating|convenience|required|@inlinable|@usableFromInline)\s+)*"
                         r"(func\s+[^\s(<]+|init[?!]?\s*[(<])")


def code(line):
    """The line without its strings and its comment."""
    return re.sub(r'"(?:\\.|[^"\\])*"', '""', line).split("//")[0]


def functions(path):
    """(name, first line, length in lines) of each function and init in a Swift file."""
    with open(path, encoding="utf-8") as source:
        lines = source.read().split("\n")
    found = []
    for start, line in enumerate(lines):
        match = DECLARATION.match(line)
        if not match:
            continue
        depth, opened, end = 0, False, start
        while end < len(lines):
            for character in code(lines[end]):
                if character == "{":
                    depth, opened = depth + 1, True
                elif character == "}":
                    depth -= 1
            if opened and depth <= 0:
                break
            if not opened and end > start + 8:
                break
            end += 1
        if opened:
            found.append((match.group(1), start + 1, end - start + 1))
    return found


def swift_files():
    for base, _, files in os.walk(SOURCES):
        for name in files:
            if name.endswith(".swift"):
                yield os.path.join(base, name)


class StyleTests(unittest.TestCase):
    def test_no_function_is_longer_than_60_lines(self):
        long = [f"{os.path.relpath(path, ROOT)}:{line} {name} ({length} lines)"
                for path in swift_files() for name, line, length in functions(path) if length > 60]
        self.assertEqual(long, [])

    def test_no_force_unwrap_or_force_try_in_the_sources(self):
        found = []
        for path in swift_files():
            with open(path, encoding="utf-8") as source:
                numbered = list(enumerate(source, 1))
            for number, line in numbered:
                text = code(line)
                if re.search(r"\btry!|\w[)\]]?!(?![=])[.\s)\],]", text) and not text.lstrip().startswith("///"):
                    found.append(f"{os.path.relpath(path, ROOT)}:{number}: {line.strip()}")
        self.assertEqual(found, [])


if __name__ == "__main__":
    unittest.main()
