"""A small TextMate tokenizer on the real Oniguruma (Debian's libonig5, through ctypes).

VS Code runs TextMate grammars with Oniguruma (vscode-oniguruma), so a grammar is only
checked when its expressions go through the same engine: Python's `re` or ICU would accept
and reject other things. This module compiles every expression of a grammar with
Oniguruma's default syntax and the options VS Code uses, and tokenizes lines the way
vscode-textmate does for the features the grammar uses: match, begin/end, captures,
beginCaptures/endCaptures, name/contentName, patterns, and includes of #rules and $self.
At each position every candidate is searched; the earliest match wins and, at the same
position, the end pattern first, then the patterns in their order. Each line is searched
with a newline appended, as vscode-textmate does.
"""

import ctypes
import ctypes.util
import json

ONIG_OPTION_CAPTURE_GROUP = 1 << 8
ONIG_MISMATCH = -1


class _Region(ctypes.Structure):
    _fields_ = [
        ("allocated", ctypes.c_int),
        ("num_regs", ctypes.c_int),
        ("beg", ctypes.POINTER(ctypes.c_int)),
        ("end", ctypes.POINTER(ctypes.c_int)),
        ("history_root", ctypes.c_void_p),
    ]


class _ErrorInfo(ctypes.Structure):
    _fields_ = [("enc", ctypes.c_void_p), ("par", ctypes.c_void_p), ("par_end", ctypes.c_void_p)]


def _load():
    name = ctypes.util.find_library("onig") or "libonig.so.5"
    lib = ctypes.CDLL(name)
    lib.onig_new.argtypes = [ctypes.POINTER(ctypes.c_void_p), ctypes.c_char_p, ctypes.c_char_p,
                             ctypes.c_uint, ctypes.c_void_p, ctypes.c_void_p, ctypes.POINTER(_ErrorInfo)]
    lib.onig_new.restype = ctypes.c_int
    lib.onig_search.argtypes = [ctypes.c_void_p] + [ctypes.c_void_p] * 4 + [ctypes.POINTER(_Region), ctypes.c_uint]
    lib.onig_search.restype = ctypes.c_int
    lib.onig_region_new.restype = ctypes.POINTER(_Region)
    lib.onig_region_free.argtypes = [ctypes.POINTER(_Region), ctypes.c_int]
    lib.onig_error_code_to_str.restype = ctypes.c_int
    utf8 = ctypes.addressof(ctypes.c_char.in_dll(lib, "OnigEncodingUTF8"))
    encodings = (ctypes.c_void_p * 1)(utf8)
    lib.onig_initialize(encodings, 1)
    syntax = ctypes.c_void_p.in_dll(lib, "OnigDefaultSyntax").value
    return lib, utf8, syntax


_LIB, _UTF8, _SYNTAX = _load()


class OnigError(Exception):
    pass


class Regex:
    """One compiled Oniguruma expression."""

    def __init__(self, source):
        self.source = source
        pattern = source.encode("utf-8")
        self._handle = ctypes.c_void_p()
        info = _ErrorInfo()
        code = self._compile(pattern, info)
        if code != 0:
            buffer = ctypes.create_string_buffer(256)
            _LIB.onig_error_code_to_str(buffer, code, ctypes.byref(info))
            raise OnigError(f"{source!r}: {buffer.value.decode()}")

    def _compile(self, pattern, info):
        start = ctypes.create_string_buffer(pattern, len(pattern))
        self._pattern = start   # keeps the bytes alive while compiling
        base = ctypes.addressof(start)
        return _LIB.onig_new(ctypes.byref(self._handle), ctypes.c_char_p(base), ctypes.c_char_p(base + len(pattern)),
                             ONIG_OPTION_CAPTURE_GROUP, _UTF8, _SYNTAX, ctypes.byref(info))

    def search(self, subject, start):
        """Searches subject (a _Subject) from character `start`; returns [(begin, end)] per group or None."""
        region = _LIB.onig_region_new()
        try:
            base = subject.address
            found = _LIB.onig_search(self._handle, base, base + subject.size, base + subject.byte_of[start],
                                     base + subject.size, region, 0)
            if found == ONIG_MISMATCH:
                return None
            if found < 0:
                raise OnigError(f"{self.source!r}: search failed ({found})")
            groups = []
            for i in range(region.contents.num_regs):
                b, e = region.contents.beg[i], region.contents.end[i]
                groups.append(None if b < 0 else (subject.char_of[b], subject.char_of[e]))
            return groups
        finally:
            _LIB.onig_region_free(region, 1)


class _Subject:
    """A line as UTF-8 bytes, with maps between character and byte offsets."""

    def __init__(self, text):
        data = text.encode("utf-8")
        self.buffer = ctypes.create_string_buffer(data, len(data))
        self.address = ctypes.addressof(self.buffer)
        self.size = len(data)
        self.byte_of, self.char_of = [], {}
        offset = 0
        for index, character in enumerate(text):
            self.byte_of.append(offset)
            self.char_of[offset] = index
            offset += len(character.encode("utf-8"))
        self.byte_of.append(offset)
        self.char_of[offset] = len(text)


class Rule:
    def __init__(self, data):
        self.data = data
        self.name = data.get("name")
        self.content_name = data.get("contentName")
        self.match = Regex(data["match"]) if "match" in data else None
        self.begin = Regex(data["begin"]) if "begin" in data else None
        self.end = Regex(data["end"]) if "end" in data else None
        self.captures = data.get("captures", {})
        self.begin_captures = data.get("beginCaptures", self.captures)
        self.end_captures = data.get("endCaptures", self.captures)
        self.patterns = []   # filled once every rule exists
        if self.begin is not None and self.end is None:
            raise OnigError(f"a begin rule needs an end: {data}")
        for group in list(self.captures.values()) + list(self.begin_captures.values()) + list(self.end_captures.values()):
            if "patterns" in group:
                raise OnigError("captures with patterns are not supported by this checker")


class Grammar:
    """A TextMate grammar, every expression compiled by Oniguruma when it is loaded."""

    def __init__(self, path):
        with open(path, encoding="utf-8") as handle:
            self.data = json.load(handle)
        self.scope = self.data["scopeName"]
        self.rules = {}
        self.root = self._rule(self.data, "$self")
        for name, data in self.data.get("repository", {}).items():
            self._rule(data, "#" + name)
        for rule in list(self.rules.values()):
            rule.patterns = [self._resolve(p) for p in rule.data.get("patterns", [])]

    def _rule(self, data, key):
        rule = Rule(data)
        self.rules[key] = rule
        return rule

    def _resolve(self, data):
        if "include" in data:
            key = data["include"]
            if key == "$base":
                key = "$self"
            if key not in self.rules:
                raise OnigError(f"include of an unknown rule: {key}")
            return self.rules[key]
        key = f"inline:{id(data)}"
        if key not in self.rules:
            self._rule(data, key)
            self.rules[key].patterns = [self._resolve(p) for p in data.get("patterns", [])]
        return self.rules[key]

    def regexes(self):
        """Every compiled expression, for the test that they all compile."""
        return [r for rule in self.rules.values() for r in (rule.match, rule.begin, rule.end) if r is not None]

    def _candidates(self, rule, seen=None):
        """The match and begin rules reachable from rule's patterns, includes flattened in order."""
        seen = set() if seen is None else seen
        result = []
        for child in rule.patterns:
            if child.match is not None or child.begin is not None:
                result.append(child)
            elif id(child) not in seen:
                seen.add(id(child))
                result.extend(self._candidates(child, seen))
        return result

    def tokenize(self, text):
        """Scopes of every character: a list (one per line) of lists of scope tuples."""
        stack = [(self.root, (self.scope,))]
        return [self._line(line, stack) for line in text.split("\n")]

    def _line(self, line, stack):
        subject = _Subject(line + "\n")
        scopes = [None] * len(line)
        position, stalled = 0, 0
        while position <= len(line):
            rule, base = stack[-1]
            best = self._earliest(rule, subject, position)
            if best is None:
                break
            kind, chosen, groups = best
            start, end = groups[0]
            self._paint(scopes, position, start, base)
            if kind == "end":
                outer = stack[-2][1] + ((rule.name,) if rule.name else ())
                self._paint_match(scopes, groups, outer, rule.end_captures)
                stack.pop()
            elif chosen.begin is not None:
                inner = base + ((chosen.name,) if chosen.name else ())
                self._paint_match(scopes, groups, inner, chosen.begin_captures)
                stack.append((chosen, inner + ((chosen.content_name,) if chosen.content_name else ())))
            else:
                inner = base + ((chosen.name,) if chosen.name else ())
                self._paint_match(scopes, groups, inner, chosen.captures)
            stalled = stalled + 1 if end == position else 0
            if stalled > 3 or (end == position and kind == "match"):
                raise OnigError(f"the grammar does not advance at column {position + 1} of {line!r}")
            position = end
        self._paint(scopes, position, len(line), stack[-1][1])
        return scopes

    def _earliest(self, rule, subject, position):
        best = None
        if rule.end is not None:
            groups = rule.end.search(subject, position)
            if groups is not None:
                best = ("end", rule, groups)
        for child in self._candidates(rule):
            regex = child.match or child.begin
            groups = regex.search(subject, position)
            if groups is not None and (best is None or groups[0][0] < best[2][0][0]):
                best = ("match" if child.match else "begin", child, groups)
        return best

    @staticmethod
    def _paint(scopes, start, end, base):
        for index in range(start, min(end, len(scopes))):
            scopes[index] = base

    @staticmethod
    def _paint_match(scopes, groups, base, captures):
        start, end = groups[0]
        Grammar._paint(scopes, start, end, base)
        for index in sorted(captures, key=int):
            number = int(index)
            if number >= len(groups) or groups[number] is None:
                continue
            name = captures[index].get("name")
            if not name:
                continue
            b, e = groups[number]
            for i in range(b, min(e, len(scopes))):
                scopes[i] = scopes[i] + (name,)
