"""FileCheck directives matched "value names aside".

pyasc's tests check its printer's exact spelling, value names included (`v12`,
`c0_i32`, `%arg0`). Our printer names values readably (`x_local`, `arg0`), so a
value name in a CHECK line is a wildcard for one identifier of ours, bound
consistently within a case: the same pyasc name always stands for the same name of
ours, and two pyasc names never for one of ours. Everything else (types, API names,
punctuation, literals) must match, token by token, so whitespace does not matter.
Numeric literals compare by value (`1.000000e+00f` equals `1.0f`).

Lines are tokenised, not matched as regexes: a wildcard can only ever swallow one
identifier token, never a type, a literal or an API name.
"""

from __future__ import annotations

import difflib
import math
import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field

# -- directives -------------------------------------------------------------------

KINDS = (
    "CHECK",
    "CHECK-NEXT",
    "CHECK-SAME",
    "CHECK-NOT",
    "CHECK-LABEL",
    "CHECK-EMPTY",
    "CHECK-DAG",
)
_DIRECTIVE = re.compile(r"(?<![\w-])CHECK(-NEXT|-SAME|-NOT|-LABEL|-EMPTY|-DAG)?:(.*)$")


@dataclass(frozen=True)
class Directive:
    kind: str  # one of KINDS
    pattern: str
    line: int  # 1-based line of the directive in its source file


def parse_directives(text: str) -> list[Directive]:
    """Every CHECK directive of a text (any comment style: `//`, `#`)."""
    out = []
    for number, line in enumerate(text.splitlines(), 1):
        m = _DIRECTIVE.search(line)
        if m:
            out.append(Directive("CHECK" + (m.group(1) or ""), m.group(2).strip(), number))
    return out


def group_directives(directives: Sequence[Directive]) -> list[list[Directive]]:
    """Split a file's directives into cases: a CHECK-LABEL starts a case, and so does
    the first directive of a block of consecutive directive lines (files that check
    one function per block without labels)."""
    groups: list[list[Directive]] = []
    previous_line = -1
    for d in directives:
        if not groups or d.kind == "CHECK-LABEL" or d.line != previous_line + 1:
            groups.append([])
        groups[-1].append(d)
        previous_line = d.line
    return groups


# -- tokens -----------------------------------------------------------------------


@dataclass(frozen=True)
class Token:
    kind: str  # ident | num | str | ssa | block | punct
    text: str
    start: int
    end: int


_TOKEN = re.compile(
    r"""
    (?P<str>"(?:[^"\\]|\\.)*")
  | (?P<ssa>%[\w.$-]+(?:\#\d+)?)
  | (?P<block>\^[\w.$-]+)
  | (?P<num>0[xX][0-9a-fA-F]+[uUlL]*|(?:\d+\.\d*|\.\d+|\d+)(?:[eE][+-]?\d+)?[fFuUlL]*)
  | (?P<ident>[A-Za-z_]\w*)
  | (?P<punct>\S)
    """,
    re.VERBOSE,
)


def tokenize(text: str) -> list[Token]:
    return [
        Token(m.lastgroup or "punct", m.group(), m.start(), m.end()) for m in _TOKEN.finditer(text)
    ]


def number_value(text: str) -> float | int | None:
    t = text.lower()
    try:
        if t.startswith("0x"):
            return int(t.rstrip("ul"), 16)
        t = t.rstrip("ful")
        if any(c in t for c in ".e"):
            return float(t)
        return int(t, 10)
    except ValueError:
        return None


def numbers_equal(a: str, b: str) -> bool:
    va, vb = number_value(a), number_value(b)
    if va is None or vb is None:
        return a == b
    if isinstance(va, int) and isinstance(vb, int):
        return va == vb
    # Float literals are printed with different precision (float32 values as 9
    # significant digits by pyasc, as shortest double repr by us).
    return math.isclose(va, vb, rel_tol=1e-6, abs_tol=0.0)


# -- value names --------------------------------------------------------------------

# pyasc's C++ printer (lib/Target/AscendC/EmitNameStack.cpp) names values `v<N>`;
# integer constants `c<value>_i<bits>` / `c<value>_idx` (minus spelled `m`), float
# constants `c<digits>_f<bits>` ('.'->'_', '-'->'m', '+'->'p': `c2_5_f32`, `cpInf_f32`),
# missing values
# `NULL<N>`; helper variables derived from a value add a suffix (`v1_mask_list0`).
C_VALUE_NAME = re.compile(
    r"""
    v\d+(?:_\w+)?
  | cm?\d+_(?:i\d+|idx)
  | c[mp]?(?:\d[0-9A-Za-z_]*|Inf|NaN)_b?f\d+
  | NULL\d+
    """,
    re.VERBOSE,
)

# Identifiers of ours that a wildcard never binds: keywords, builtin types and
# Ascend C qualifiers are spelling, not value names.
# fmt: off
NOT_A_VALUE = frozenset(
    {
        "auto", "bool", "break", "case", "char", "const", "constexpr", "continue", "default", "do",
        "double", "else", "enum", "extern", "false", "float", "for", "goto", "if", "inline", "int",
        "long", "namespace", "nullptr", "return", "short", "signed", "sizeof", "static", "struct",
        "switch", "template", "true", "typename", "unsigned", "using", "void", "volatile", "while",
        "int8_t", "int16_t", "int32_t", "int64_t", "uint8_t", "uint16_t", "uint32_t", "uint64_t",
        "size_t", "half", "bfloat16_t", "__gm__", "__ca__", "__cb__", "__cc__", "__ubuf__",
        "__cbuf__", "__fbuf__", "__aicore__", "__global__", "__inline__", "__attribute__",
        "always_inline", "AscendC",
    }
)
# fmt: on

# Type spellings pyasc uses where we legitimately differ; counted as a mismatch, but
# a case that passes once these are equated is reported as its own kind.
INDEX_TYPE_PAIRS = frozenset({("uint32_t", "int64_t")})

# xDSL prints these MLIR spellings differently from MLIR's own printer.
MLIR_SPELLINGS = (
    (re.compile(r"\bbuiltin\.module\b"), "module"),
    (re.compile(r"\bfunc\.return\b"), "return"),
    (re.compile(r"\)\s*->\s*\(\)"), ")"),  # a function type without results
    (re.compile(r"(memref<[^<>]*?,\s*\d+)\s*:\s*i64>"), r"\1>"),  # memory space `22 : i64`
)


# -- patterns -----------------------------------------------------------------------


@dataclass(frozen=True)
class Elem:
    kind: str  # lit | name | regex | capture | use
    text: str  # token text, pyasc name, regex, or variable name
    token: Token | None = None
    regex: re.Pattern[str] | None = None
    declares: bool = False  # a name being declared (`int32_t v3 = ...`): bound afresh


_FILECHECK_BLOCK = re.compile(r"\{\{(.*?)\}\}|\[\[(\w+)(?::(.*?))?\]\]")


def compile_pattern(pattern: str, mlir: bool) -> list[Elem]:
    """CHECK pattern text -> elements. `mlir`: the checked text is MLIR, where value
    names are the `%...` / `^...` tokens; otherwise it is C++ and value names follow
    pyasc's naming schemes."""
    elems: list[Elem] = []
    pos = 0
    for m in _FILECHECK_BLOCK.finditer(pattern):
        elems += _literal_elems(pattern[pos : m.start()], mlir)
        if m.group(1) is not None:
            elems.append(Elem("regex", m.group(1), regex=re.compile(m.group(1))))
        elif m.group(3) is not None:
            elems.append(Elem("capture", m.group(2), regex=re.compile(m.group(3))))
        else:
            elems.append(Elem("use", m.group(2)))
        pos = m.end()
    elems += _literal_elems(pattern[pos:], mlir)
    return elems


def _literal_elems(text: str, mlir: bool) -> list[Elem]:
    tokens = tokenize(text)
    out = []
    for i, tok in enumerate(tokens):
        if _is_pattern_value_name(tokens, i, mlir):
            out.append(Elem("name", tok.text, tok, declares=_declares(tokens, i, mlir)))
        else:
            out.append(Elem("lit", tok.text, tok))
    return out


def _is_pattern_value_name(tokens: Sequence[Token], i: int, mlir: bool) -> bool:
    tok = tokens[i]
    if mlir:
        return tok.kind in ("ssa", "block")
    if tok.kind != "ident" or not C_VALUE_NAME.fullmatch(tok.text):
        return False
    return not _is_member_or_scope(tokens, i)


# Words that may precede a value name without being its type.
_NOT_A_TYPE = frozenset({"return", "case", "goto", "else", "do", "sizeof", "throw", "delete"})


def _declares(tokens: Sequence[Token], i: int, mlir: bool) -> bool:
    """Is the value name at i declared here? pyasc reuses names (sibling scopes,
    each function's parameters, re-emitted constants such as two `c0_idx`), so a
    declaration starts a new binding instead of checking the old one.

    C++: `T name =`, `T name;`, `T name[`, `T name{`, a parameter `T name,` / `T name)`
    where T ends in a type word, `>` closing a template, `*` or `&`.
    MLIR: the results before `=` at the start of a line."""
    if mlir:
        j = 0
        while j < len(tokens) and (tokens[j].kind == "ssa" or tokens[j].text in (",", ":")):
            j += 1
        return i < j < len(tokens) and tokens[j].text == "="
    after = [t.text for t in tokens[i + 1 : i + 3]]
    if not after or after[0] not in ("=", ";", "[", "{", ",", ")") or after == ["=", "="]:
        return False
    return i > 0 and _ends_type(tokens, i - 1)


def _ends_type(tokens: Sequence[Token], k: int) -> bool:
    tok = tokens[k]
    if tok.kind == "ident":
        return tok.text not in _NOT_A_TYPE and not C_VALUE_NAME.fullmatch(tok.text)
    if tok.text in ("*", "&"):
        return k > 0 and _ends_type(tokens, k - 1)
    if tok.text == ">":  # a template's closing bracket, not greater-than
        depth = 0
        for j in range(k, -1, -1):
            depth += {">": 1, "<": -1}.get(tokens[j].text, 0)
            if depth == 0:
                return j > 0 and tokens[j - 1].kind == "ident"
    return False


def _is_member_or_scope(tokens: Sequence[Token], i: int) -> bool:
    """`x.field`, `p->field`, `ns::name`, `name::member`: spelling, not a value."""
    before = "".join(t.text for t in tokens[max(0, i - 2) : i])
    after = "".join(t.text for t in tokens[i + 1 : i + 3])
    return before.endswith((".", "->", "::")) or after.startswith("::")


# -- matching -----------------------------------------------------------------------


@dataclass(frozen=True)
class Bindings:
    """pyasc name -> our name (and back, to keep the map one-to-one), plus FileCheck
    `[[VAR:...]]` captures."""

    names: dict[str, str] = field(default_factory=dict)
    ours: dict[str, str] = field(default_factory=dict)
    variables: dict[str, str] = field(default_factory=dict)

    def bind(self, pyasc: str, our: str) -> Bindings | None:
        bound = self.names.get(pyasc)
        if bound is not None:
            return self if bound == our else None
        if our in self.ours:
            return None
        return Bindings({**self.names, pyasc: our}, {**self.ours, our: pyasc}, self.variables)

    def declare(self, pyasc: str, our: str) -> Bindings:
        """A fresh binding: earlier values under either name are out of scope."""
        names = {p: o for p, o in self.names.items() if p != pyasc and o != our}
        ours = {o: p for o, p in self.ours.items() if o != our and p != pyasc}
        return Bindings({**names, pyasc: our}, {**ours, our: pyasc}, self.variables)

    def capture(self, name: str, text: str) -> Bindings:
        return Bindings(self.names, self.ours, {**self.variables, name: text})


@dataclass(frozen=True)
class Options:
    mlir: bool = False  # the checked text is MLIR (else C++)
    full_lines: bool = False  # FileCheck -match-full-lines
    relax_index: bool = False  # equate pyasc's index type spelling with ours


class Line:
    """One line of checked output, tokenised once."""

    def __init__(self, text: str, mlir: bool):
        self.text = text
        norm = text
        if mlir:
            for pattern, repl in MLIR_SPELLINGS:
                norm = pattern.sub(repl, norm)
        self.norm = norm
        self.tokens = tokenize(norm)


def _value_token_ok(tokens: Sequence[Token], j: int, mlir: bool) -> bool:
    tok = tokens[j]
    if mlir:
        return tok.kind in ("ssa", "block")
    if tok.kind != "ident" or tok.text in NOT_A_VALUE:
        return False
    return not _is_member_or_scope(tokens, j)


def _lit_equal(p: Token, t: Token, opts: Options, edges: set[str]) -> bool:
    if p.kind == "num" and t.kind == "num":
        return numbers_equal(p.text, t.text)
    if p.text == t.text:
        return True
    if opts.relax_index and (p.text, t.text) in INDEX_TYPE_PAIRS:
        return True
    # FileCheck matches substrings: the pattern's first token may end a longer
    # identifier, its last may begin one.
    if p.kind == t.kind == "ident":
        return ("first" in edges and t.text.endswith(p.text)) or (
            "last" in edges and t.text.startswith(p.text)
        )
    return False


def _match(
    elems: Sequence[Elem],
    i: int,
    line: Line,
    j: int,
    b: Bindings,
    opts: Options,
) -> Iterator[tuple[int, Bindings]]:
    """All ways elems[i:] match line tokens from j: (end token index, bindings)."""
    if i == len(elems):
        yield j, b
        return
    toks = line.tokens
    e = elems[i]
    if e.kind in ("regex", "capture"):
        assert e.regex is not None
        for k in range(len(toks), j - 1, -1):  # greedy, like FileCheck's regexes
            text = line.norm[toks[j].start : toks[k - 1].end] if k > j else ""
            if e.regex.fullmatch(text):
                nb = b.capture(e.text, text) if e.kind == "capture" else b
                yield from _match(elems, i + 1, line, k, nb, opts)
        return
    if e.kind == "use":
        want = tokenize(b.variables.get(e.text, "\0"))
        got = toks[j : j + len(want)]
        if want and [t.text for t in got] == [t.text for t in want]:
            yield from _match(elems, i + 1, line, j + len(want), b, opts)
        return
    if j >= len(toks):
        return
    if e.kind == "name":
        if _value_token_ok(toks, j, opts.mlir):
            our = toks[j].text
            nb = b.declare(e.text, our) if e.declares else b.bind(e.text, our)
            if nb is not None:
                yield from _match(elems, i + 1, line, j + 1, nb, opts)
        return
    assert e.token is not None
    edges: set[str] = set()
    if not opts.full_lines:
        edges = {name for name, on in (("first", i == 0), ("last", i == len(elems) - 1)) if on}
    if _lit_equal(e.token, toks[j], opts, edges):
        yield from _match(elems, i + 1, line, j + 1, b, opts)


def match_line(
    elems: Sequence[Elem], line: Line, start: int, b: Bindings, opts: Options
) -> tuple[int, int, Bindings] | None:
    """First match of the pattern in the line at token index >= start:
    (first token, end token, bindings)."""
    if opts.full_lines:
        if start != 0:
            return None
        for end, nb in _match(elems, 0, line, 0, b, opts):
            if end == len(line.tokens):
                return 0, end, nb
        return None
    for j in range(start, len(line.tokens) + 1):
        for end, nb in _match(elems, 0, line, j, b, opts):
            return j, end, nb
    # FileCheck matches substrings, so a pattern may lie inside a string literal
    # (`#define X` in `emitasc.verbatim "#define X"`): that token matches as a whole.
    for j in range(start, len(line.tokens)):
        tok = line.tokens[j]
        if tok.kind == "str" and (m := match_line(elems, Line(tok.text[1:-1], False), 0, b, opts)):
            return j, j + 1, m[2]
    return None


# -- running a case -----------------------------------------------------------------


@dataclass
class CaseResult:
    passed: bool
    failed: Directive | None = None  # the first directive that did not hold
    nearest: str | None = None  # the output line closest to what it wanted
    expected: str | None = None  # the first pattern token that did not match there
    got: str | None = None  # and what the output had instead
    bindings: Bindings | None = None
    matched: dict[int, str] = field(default_factory=dict)  # directive line -> our line

    def side_by_side(self, directives: Sequence[Directive]) -> str:
        """Each directive beside the line of ours it matched (or, for the one that
        failed, the nearest line), the failing one marked `>>`."""
        rows = []
        for d in directives:
            mark = ">>" if d is self.failed else "  "
            ours = self.matched.get(d.line)
            if d is self.failed:
                ours = f"nearest: {(self.nearest or '<none>').strip()}"
            elif ours is None:
                ours = "(not reached)" if d.kind != "CHECK-NOT" else "(not found: good)"
            rows.append((f"{mark} {d.line:4d} {d.kind}: {d.pattern}", ours.strip()))
        width = min(max((len(r[0]) for r in rows), default=0), 90)
        return "\n".join(f"{left:<{width}} | {right}" for left, right in rows)

    def reason(self) -> str:
        if self.passed or self.failed is None:
            return "passed"
        d = self.failed
        text = f"line {d.line} {d.kind}: {d.pattern}"
        if d.kind == "CHECK-NOT":
            return f"{text} -- found: {(self.nearest or '').strip()}"
        return f"{text} -- nearest: {(self.nearest or '<none>').strip()}"


def run_checks(directives: Sequence[Directive], output: str, opts: Options) -> CaseResult:
    """Check one case's directives against the output, FileCheck-style: each directive
    matches after the previous one (CHECK-NEXT on the next line, CHECK-SAME on the
    same line, CHECK-NOT nowhere in between)."""
    matched: dict[int, str] = {}
    result = _run_checks(directives, output, opts, matched)
    result.matched = matched
    return result


def _run_checks(
    directives: Sequence[Directive], output: str, opts: Options, matched: dict[int, str]
) -> CaseResult:
    lines = [Line(text, opts.mlir) for text in output.splitlines()]
    b = Bindings()
    cur_line, cur_tok = 0, 0  # where the next match may start
    pending_not: list[tuple[Directive, list[Elem]]] = []
    first = True
    for d in directives:
        elems = compile_pattern(d.pattern, opts.mlir)
        if d.kind == "CHECK-NOT":
            pending_not.append((d, elems))
            continue
        found: tuple[int, int, int, Bindings] | None = None  # line, tok start, tok end, b
        if d.kind in ("CHECK-NEXT", "CHECK-EMPTY") and not first:
            target = cur_line + 1
            if target < len(lines):
                if d.kind == "CHECK-EMPTY":
                    if not lines[target].tokens:
                        found = (target, 0, 0, b)
                else:
                    m = match_line(elems, lines[target], 0, b, opts)
                    if m:
                        found = (target, *m)
            if found is None:
                return _failure(d, elems, lines, [target], b, opts)
        elif d.kind == "CHECK-SAME" and not first:
            m = (
                match_line(elems, lines[cur_line], cur_tok, b, opts)
                if cur_line < len(lines)
                else None
            )
            if m is None:
                return _failure(d, elems, lines, [cur_line], b, opts)
            found = (cur_line, *m)
        else:  # CHECK, CHECK-LABEL, CHECK-DAG (taken in order)
            for n in range(cur_line, len(lines)):
                m = match_line(elems, lines[n], cur_tok if n == cur_line else 0, b, opts)
                if m:
                    found = (n, *m)
                    break
            if found is None:
                return _failure(d, elems, lines, range(cur_line, len(lines)), b, opts)
        n, tstart, tend, nb = found
        bad = _check_nots(pending_not, lines, (cur_line, cur_tok), (n, tstart), b, opts)
        if bad is not None:
            return bad
        pending_not = []
        b, cur_line, cur_tok, first = nb, n, tend, False
        matched[d.line] = lines[n].text
    bad = _check_nots(pending_not, lines, (cur_line, cur_tok), (len(lines), 0), b, opts)
    if bad is not None:
        return bad
    return CaseResult(True, bindings=b)


def _check_nots(
    nots: Sequence[tuple[Directive, list[Elem]]],
    lines: Sequence[Line],
    start: tuple[int, int],
    end: tuple[int, int],
    b: Bindings,
    opts: Options,
) -> CaseResult | None:
    for d, elems in nots:
        for n in range(start[0], min(end[0], len(lines) - 1) + 1):
            first_tok = start[1] if n == start[0] else 0
            m = match_line(elems, lines[n], first_tok, b, opts)
            if m and (n < end[0] or m[1] <= end[1]):
                return CaseResult(False, d, lines[n].text, bindings=b)
    return None


def _failure(
    d: Directive,
    elems: Sequence[Elem],
    lines: Sequence[Line],
    candidates: Sequence[int],
    b: Bindings,
    opts: Options,
) -> CaseResult:
    """Describe a directive that matched nowhere: the candidate line that matches the
    longest prefix of the pattern (ties: the most similar text), and the first
    pattern token that line does not have."""
    best: tuple[int, float, int, int] | None = None  # prefix, similarity, line, end tok
    wanted = " ".join(e.text for e in elems)
    for n in candidates:
        if not 0 <= n < len(lines):
            continue
        k, end = _longest_prefix(elems, lines[n], b, opts)
        sim = difflib.SequenceMatcher(
            None, wanted, " ".join(t.text for t in lines[n].tokens)
        ).ratio()
        key = (k, sim, n, end)
        if best is None or key[:2] > best[:2]:
            best = key
    if best is None:
        return CaseResult(False, d, None, _show(elems, 0), "<end of output>", b)
    k, _, n, end = best
    toks = lines[n].tokens
    got = toks[end].text if end < len(toks) else "<end of line>"
    return CaseResult(False, d, lines[n].text, _show(elems, k), got, b)


def _show(elems: Sequence[Elem], k: int) -> str:
    if k >= len(elems):
        return "<end of line>"
    e = elems[k]
    return {"regex": "{{%s}}", "capture": "[[%s]]", "use": "[[%s]]"}.get(e.kind, "%s") % e.text


def _longest_prefix(
    elems: Sequence[Elem], line: Line, b: Bindings, opts: Options
) -> tuple[int, int]:
    loose = Options(opts.mlir, False, opts.relax_index)
    for k in range(len(elems), 0, -1):
        m = match_line(elems[:k], line, 0, b, loose)
        if m:
            return k, m[1]
    return 0, 0
