"""Generate the field table of `asc_xdsl/dialects/ascendc/struct_fields.py` from the
Ascend C headers.

    ASC_XDSL_ASC_DEVKIT=... ASC_XDSL_ASC_TOOLS=... python tools/gen_struct_fields.py
    python tools/gen_struct_fields.py --check    # exit 1 when the committed table differs

The headers are preprocessed with g++ exactly as `tools/check_headers.py` compiles
emitted code (CANN's CPU-debug build for dav-2201, once per core; both must agree), so
every `#if` is resolved as for a real kernel. The preprocessed text is then read with a
small C++ declaration reader: namespaces, class and enum definitions, member
declarations, constructors and type aliases (function bodies are skipped by brace
matching). For every C++ class an `ascendc` struct type stands for
(`struct_types.STRUCT_TYPE_TABLE`, the data copy parameter types, ShapeInfo, the
element-typed structs) it records how `T v{f0, f1, ...}` can be written:

- a class with constructors: one form per field count its constructors accept
  (default arguments give several counts; copy/move, template and deleted
  constructors do not count);
- an aggregate (no constructor, every data member public): the data members in
  order, any prefix of them;
- an enum: no field (zero-initialised) or one value of its underlying type.

A field whose C++ type has no IR counterpart (a union, a C array member, a class the
dialect has no type for) ends an aggregate's forms there and removes a constructor.
The table between the GENERATED markers of struct_fields.py is rewritten; the rest of
that file is hand-written.
"""

from __future__ import annotations

import argparse
import re
import subprocess
import sys
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tools"))

import check_headers  # noqa: E402

TARGET = ROOT / "asc_xdsl" / "dialects" / "ascendc" / "struct_fields.py"
BEGIN, END = "# BEGIN GENERATED", "# END GENERATED"
# Headers an emitted kernel may include (matmul and list-tensor types live outside
# kernel_operator.h).
INCLUDES = (
    "kernel_operator.h",
    "kernel_tiling/kernel_tiling.h",
    "matmul/matmul_intf.h",
    "kernel_operator_list_tensor_intf.h",
)

# C++ scalar spellings -> IR types.
SCALARS: dict[str, str] = {
    "bool": "i1",
    "int8_t": "i8",
    "uint8_t": "ui8",
    "int16_t": "i16",
    "uint16_t": "ui16",
    "int32_t": "i32",
    "int": "i32",
    "uint32_t": "ui32",
    "unsigned": "ui32",
    "unsigned int": "ui32",
    "int64_t": "i64",
    "uint64_t": "ui64",
    "half": "f16",
    "bfloat16_t": "bf16",
    "float": "f32",
    "double": "f64",
}
# C++ spellings of the scalars, as the printer writes them.
CPP_SCALARS: dict[str, str] = {"int": "int32_t", "unsigned": "uint32_t", "unsigned int": "uint32_t"}
# Class templates over an element type that are IR types with the element as parameter.
TENSOR_TEMPLATES = {
    "AscendC::LocalTensor": "local_tensor",
    "AscendC::GlobalTensor": "global_tensor",
}

_TOKEN = re.compile(
    r"""(?P<line>^\#\s*\d+\s+"[^"]*".*$)
      | (?P<directive>^\#.*$)
      | (?P<ws>\s+)
      | (?P<str>(?:u8|u|U|L)?R?"(?:[^"\\\n]|\\.)*")
      | (?P<chr>'(?:[^'\\\n]|\\.)*')
      | (?P<num>\.?\d(?:[\w.]|[eEpP][+-])*)
      | (?P<id>[A-Za-z_]\w*)
      | (?P<punct>::|->\*?|\.\.\.|&&|\|\||[-+*/%^&|<>=!]=|<<=|>>=|\+\+|--|[^\s])
    """,
    re.VERBOSE | re.MULTILINE,
)
# Tokens a function body's `{` follows (a brace initialiser follows `=` or a name).
_BEFORE_BODY = frozenset({")", "const", "noexcept", "override", "final", "mutable", "}", "&", "&&"})
_LINE = re.compile(r'#\s*(\d+)\s+"([^"]*)"')


@dataclass
class Tok:
    text: str
    file: str
    line: int = 0


def tokenize(text: str, system: tuple[str, ...] = ("/usr/",)) -> list[Tok]:
    """Tokens of preprocessed text, each with its header; the C++ standard library's
    headers (under `system`) are left out: they hold nothing the table needs, and
    their template metaprogramming is beyond this reader."""
    toks: list[Tok] = []
    current, keep, line = "", True, 0
    for m in _TOKEN.finditer(text):
        kind = m.lastgroup
        if kind == "line":
            marker = _LINE.match(m.group())
            current, line = marker.group(2), int(marker.group(1)) - 1  # type: ignore[union-attr]
            keep = not current.startswith(system)
        elif kind == "ws":
            line += m.group().count("\n")
        elif kind == "directive" or not keep:
            continue
        else:
            toks.append(Tok(m.group(), current, line))
    return toks


@dataclass
class Param:
    name: str
    type: str  # C++ spelling, cv-qualifiers and references removed
    array: bool = False  # `T x[]` (a pointer as a parameter, a C array as a member)
    has_default: bool = False
    gm: bool = False  # a pointer to global memory (`__gm__`, empty in the CPU build)


@dataclass
class ClassDecl:
    qname: str
    file: str
    # (kind, name, has default): ("typename", "T", False), ("uint8_t", "enableHardPoll", True)
    template: list[tuple[str, str, bool]]
    is_class: bool
    has_bases: bool = False
    ctors: list[list[Param]] = field(default_factory=list)
    user_ctor: bool = False  # any constructor declared (an aggregate has none)
    members: list[Param] = field(default_factory=list)
    private_member: bool = False
    virtual: bool = False


@dataclass
class EnumDecl:
    qname: str
    file: str
    underlying: str | None  # None: an unscoped enum without a fixed type
    scoped: bool


class Reader:
    """Reads declarations out of a token list (function bodies are skipped)."""

    def __init__(self, toks: list[Tok]):
        self.t = toks
        self.classes: dict[str, ClassDecl] = {}
        self.enums: dict[str, EnumDecl] = {}
        self.aliases: dict[str, str] = {}  # qualified name -> type as written
        self.alias_scope: dict[str, str] = {}  # qualified alias name -> its scope
        self.using_ns: dict[str, list[str]] = {}  # scope -> namespaces it uses

    # -- token helpers ---------------------------------------------------------

    def text(self, i: int) -> str:
        return self.t[i].text if i < len(self.t) else ""

    def match(self, i: int) -> int:
        """Index after the bracket that closes the one at i."""
        pairs = {"(": ")", "[": "]", "{": "}"}
        opening = self.text(i)
        closing, depth = pairs[opening], 0
        while i < len(self.t):
            s = self.t[i].text
            if s == opening:
                depth += 1
            elif s == closing:
                depth -= 1
                if depth == 0:
                    return i + 1
            i += 1
        raise ValueError(f"unbalanced {opening}")

    def match_angle(self, i: int) -> int:
        """Index after the `>` closing the `<` at i (`>>` closes two)."""
        depth = 0
        while i < len(self.t):
            s = self.t[i].text
            if s in "([{":
                i = self.match(i)
                continue
            if s == "<":
                depth += 1
            elif s == ">":
                depth -= 1
            elif s == ">>":
                depth -= 2
            elif s == ">=":
                depth -= 1
            i += 1
            if depth <= 0:
                return i
        raise ValueError("unbalanced <")

    def skip_decl(self, i: int) -> int:
        """Skip one declaration: to its `;`, or past a function body."""
        while i < len(self.t):
            s = self.t[i].text
            if s in "([":
                i = self.match(i)
            elif s == "{":
                body = self.text(i - 1) in _BEFORE_BODY
                i = self.match(i)
                if self.text(i) == ";":
                    return i + 1
                if body:
                    return i
            elif s == ";":
                return i + 1
            else:
                i += 1
        return i

    # -- scopes ----------------------------------------------------------------

    def read(self, i: int = 0, end: int | None = None, ns: str = "") -> None:
        end = len(self.t) if end is None else end
        template: list[tuple[str, str, bool]] | None = None
        while i < end:
            s = self.text(i)
            if s == "namespace":
                j = i + 1
                name = ""
                while self.text(j) not in ("{", "=", ";"):
                    if self.text(j) not in ("::", "inline"):
                        name = f"{name}::{self.text(j)}" if name else self.text(j)
                    j += 1
                if self.text(j) == "{":
                    close = self.match(j)
                    inner = f"{ns}::{name}" if ns and name else (name or ns)
                    self.read(j + 1, close - 1, inner)
                    i = close
                else:
                    i = self.skip_decl(j)
                continue
            if s == "inline" and self.text(i + 1) == "namespace":
                i += 1
                continue
            if s == "extern" and self.text(i + 1).startswith('"') and self.text(i + 2) == "{":
                close = self.match(i + 2)
                self.read(i + 3, close - 1, ns)
                i = close
                continue
            if s == "template" and self.text(i + 1) == "<":
                close = self.match_angle(i + 1)
                template = self._template_params(i + 2, close - 1)
                i = close
                continue
            if s in ("struct", "class", "union", "enum"):
                i = self._type_decl(i, ns, template)
                template = None
                continue
            if s == "using":
                i = self._using(i, ns)
                template = None
                continue
            if s == "typedef":
                i = self._typedef(i, ns)
                continue
            template = None
            i = self.skip_decl(i)

    def _template_params(self, i: int, end: int) -> list[tuple[str, str, bool]]:
        params, start = [], i
        while i <= end:
            s = self.text(i)
            if s == "<":
                i = self.match_angle(i)
                continue
            if s in "([{":
                i = self.match(i)
                continue
            if s == "," or i == end:
                toks = [t.text for t in self.t[start:i]]
                default = "=" in toks
                if default:
                    toks = toks[: toks.index("=")]
                if toks:
                    kind = "typename" if toks[0] in ("typename", "class") else " ".join(toks[:-1])
                    params.append((kind, toks[-1], default))
                start = i + 1
            i += 1
        return params

    def _using(self, i: int, ns: str) -> int:
        end = self.skip_decl(i)
        toks = [t.text for t in self.t[i + 1 : end - 1]]
        if toks[:1] == ["namespace"]:
            self.using_ns.setdefault(ns, []).append("".join(toks[1:]).lstrip(":"))
        elif len(toks) >= 3 and toks[1] == "=":
            self._alias(ns, toks[0], spell(toks[2:]))
        elif toks and "(" not in toks:
            # `using A::B::C;` brings C into this scope.
            name = "".join(toks).lstrip(":")
            self._alias(ns, name.rsplit("::", 1)[-1], name)
        return end

    def _typedef(self, i: int, ns: str) -> int:
        end = self.skip_decl(i)
        toks = [t.text for t in self.t[i + 1 : end - 1]]
        if toks and "(" not in toks and "{" not in toks:
            self._alias(ns, toks[-1], spell(toks[:-1]))
        return end

    def _alias(self, ns: str, name: str, target: str) -> None:
        q = f"{ns}::{name}" if ns else name
        self.aliases.setdefault(q, target)
        self.alias_scope.setdefault(q, ns)

    def _type_decl(self, i: int, ns: str, template: list[tuple[str, str, bool]] | None) -> int:
        kind = self.text(i)
        j = i + 1
        scoped = False
        if kind == "enum" and self.text(j) in ("class", "struct"):
            scoped = True
            j += 1
        while self.text(j) in ("alignas",) or self.text(j) == "[":
            j = self.match(j + 1) if self.text(j) == "alignas" else self.match(j)
        name = self.text(j) if re.match(r"[A-Za-z_]", self.text(j)) else ""
        if name:
            j += 1
        if self.text(j) == "<":  # a specialisation: not the primary template
            j = self.match_angle(j)
            name = ""
        if self.text(j) == "final":
            j += 1
        if kind == "enum":
            underlying = None
            if self.text(j) == ":":
                k = j + 1
                while self.text(k) not in ("{", ";"):
                    k += 1
                underlying = spell([t.text for t in self.t[j + 1 : k]])
                j = k
            if self.text(j) == "{":
                close = self.match(j)
                if name:
                    q = f"{ns}::{name}" if ns else name
                    self.enums.setdefault(
                        q,
                        EnumDecl(
                            q, self.t[i].file, underlying or ("int" if scoped else None), scoped
                        ),
                    )
                return self.skip_decl(close)
            return self.skip_decl(j)
        has_bases = self.text(j) == ":"
        # A base clause runs to the body; a name or `*` after the class name makes this
        # the declaration of a variable or function instead.
        while self.text(j) not in ("{", ";", "") and (has_bases or self.text(j) == "<"):
            j = self.match(j) if self.text(j) in "([" else j + 1
        if self.text(j) != "{":
            return self.skip_decl(i)
        close = self.match(j)
        if name and kind != "union":
            q = f"{ns}::{name}" if ns else name
            decl = ClassDecl(q, self.t[i].file, template or [], kind == "class", has_bases)
            self._class_body(decl, name, j + 1, close - 1)
            if q not in self.classes:
                self.classes[q] = decl
        return self.skip_decl(close)

    # -- class bodies ----------------------------------------------------------

    def _class_body(self, decl: ClassDecl, name: str, i: int, end: int) -> None:
        access_public = not decl.is_class
        while i < end:
            s = self.text(i)
            if s in ("public", "private", "protected") and self.text(i + 1) == ":":
                access_public = s == "public"
                i += 2
                continue
            if s == "template":
                close = self.match_angle(i + 1)
                after = self._member_end(close)
                if self._is_ctor(close, name):
                    decl.user_ctor = True
                i = after
                continue
            if s in ("struct", "class", "enum"):
                j = self._type_decl(i, decl.qname, None)
                i = j
                continue
            if s == "union":
                # An anonymous union member: one field with no IR counterpart.
                j = i + 1
                while self.text(j) != "{":
                    j += 1
                close = self.match(j)
                decl.members.append(Param("<union>", "<union>"))
                i = self.skip_decl(close)
                continue
            if s in ("using", "typedef", "static_assert", "friend"):
                i = self.skip_decl(i)
                continue
            if s == ";":
                i += 1
                continue
            j = self._member_end(i)
            self._member(decl, name, i, j, access_public)
            i = j

    def _is_ctor(self, i: int, name: str) -> bool:
        while self.text(i) in ("inline", "constexpr", "explicit", "static", "virtual"):
            i += 1
        return self.text(i) == name and self.text(i + 1) == "("

    def _member_end(self, i: int) -> int:
        """Index after a member declaration (data, function or constructor)."""
        while i < len(self.t):
            s = self.text(i)
            if s == "(":
                i = self.match(i)
                # After a parameter list: a ctor-initialiser, a body, `= default;` or `;`.
                k = i
                while self.text(k) in (
                    "const",
                    "noexcept",
                    "override",
                    "final",
                    "volatile",
                    "&",
                    "&&",
                ):
                    k = self.match(k + 1) if self.text(k + 1) == "(" else k + 1
                if self.text(k) == "->":  # trailing return type
                    while self.text(k) not in ("{", ";", "="):
                        k += 1
                if self.text(k) == ":":
                    k += 1
                    while self.text(k) != "{" or self.text(k - 1) not in (")", "}"):
                        if self.text(k) in "([{":
                            k = self.match(k)
                        else:
                            k += 1
                    end = self.match(k)
                    return end + 1 if self.text(end) == ";" else end
                if self.text(k) == "{":
                    end = self.match(k)
                    return end + 1 if self.text(end) == ";" else end
                i = k
                continue
            if s in "[{":
                i = self.match(i)
                continue
            if s == ";":
                return i + 1
            i += 1
        return i

    def _member(self, decl: ClassDecl, name: str, i: int, end: int, public: bool) -> None:
        toks = [t.text for t in self.t[i:end]]
        while toks and toks[0] == "[" and toks[1:2] == ["["]:
            toks = toks[toks.index("]") + 2 :]
        specifiers = {"inline", "constexpr", "explicit", "mutable", "volatile"}
        while toks and toks[0] in specifiers:
            toks = toks[1:]
        if not toks:
            return
        if toks[0] == "virtual":
            decl.virtual = True
            return
        if toks[0] == "static":
            return
        if toks[0] == "~":
            return
        if toks[0] == name and toks[1:2] == ["("]:
            decl.user_ctor = True
            self._ctor(decl, name, i + (len(self.t[i:end]) - len(toks)))
            return
        if "(" in toks and not _is_init_paren(toks):
            if "virtual" in toks:
                decl.virtual = True
            return  # a member function
        # A data member: `type name [= init | {init} | [N] | : bits];`
        cut = len(toks)
        for k, s in enumerate(toks):
            if s in ("=", "{", "[", ":", ";", ","):
                cut = k
                break
        head = toks[:cut]
        if len(head) < 2:
            return
        if not public:
            decl.private_member = True
        array = cut < len(toks) and toks[cut] == "["
        member = Param(head[-1], spell(_strip_cv(head[:-1])), array=array)
        member.gm = _global_pointer(member.name, self.t[i:end])
        decl.members.append(member)

    def _ctor(self, decl: ClassDecl, name: str, i: int) -> None:
        open_paren = i + 1
        close = self.match(open_paren)
        after = [t.text for t in self.t[close : close + 3]]
        if after[:2] == ["=", "delete"]:
            return
        params = split_params(self.t[open_paren + 1 : close - 1])
        if len(params) == 1 and _base_name(params[0].type) == name:
            return  # copy or move constructor
        decl.ctors.append(params)


def _is_init_paren(toks: list[str]) -> bool:
    """`T x = f(...)` or `T x{f(...)}`: the parenthesis belongs to an initialiser."""
    first = toks.index("(")
    return any(s in ("=", "{") for s in toks[:first])


def _strip_cv(toks: list[str]) -> list[str]:
    return [s for s in toks if s not in ("const", "volatile", "&", "&&", "typename", "struct")]


def _base_name(t: str) -> str:
    return t.split("<", 1)[0].rsplit("::", 1)[-1]


def spell(toks: list[str]) -> str:
    """Tokens of a type as one C++ spelling (`AscendC::LocalTensor<T>`, `uint8_t*`)."""
    out = ""
    for s in toks:
        if out and re.match(r"\w", s) and re.search(r"\w$", out):
            out += " "
        out += ", " if s == "," else s
    return out


def split_params(toks: list[Tok]) -> list[Param]:
    """A constructor's parameter list."""
    params: list[Param] = []
    current: list[str] = []
    first = 0  # index of the current parameter's first token
    depth = angle = 0
    in_default = False
    texts = [t.text for t in toks]
    for k, s in enumerate([*texts, ","]):
        if s in ("(", "[", "{"):
            depth += 1
        elif s in (")", "]", "}"):
            depth -= 1
        elif s == "=" and depth == 0 and angle == 0:
            in_default = True
        elif s == "<" and not in_default and k > 0 and re.match(r"\w", texts[k - 1]):
            angle += 1
        elif s == ">" and not in_default and angle:
            angle -= 1
        elif s == ">>" and not in_default and angle:
            angle -= 2
        if s == "," and depth == 0 and angle <= 0:
            if current and current != ["void"]:
                param = _param(current)
                param.gm = _global_pointer(param.name, toks[first:k])
                params.append(param)
            current, in_default, angle, first = [], False, 0, k + 1
            continue
        current.append(s)
    return params


_SOURCE_LINES: dict[str, list[str]] = {}


def _global_pointer(name: str, toks: list[Tok]) -> bool:
    """Whether the header writes `__gm__` in front of `name` (the CPU build's
    preprocessor erases the qualifier, so the header's own text is read)."""
    if not toks or not name or not Path(toks[0].file).is_file():
        return False
    lines = _SOURCE_LINES.setdefault(
        toks[0].file, Path(toks[0].file).read_text(errors="replace").splitlines()
    )
    text = " ".join(lines[toks[0].line - 1 : toks[-1].line])  # lines count from 1
    return re.search(rf"__gm__[^,;()]*\b{re.escape(name)}\b", text) is not None


def _param(toks: list[str]) -> Param:
    has_default = "=" in toks
    if has_default:
        toks = toks[: toks.index("=")]
    array = "[" in toks
    if array:
        toks = toks[: toks.index("[")]
    toks = _strip_cv(toks)
    # The last identifier is the name unless the type stands alone.
    if len(toks) >= 2 and re.match(r"[A-Za-z_]\w*$", toks[-1]) and toks[-2] not in ("::",):
        name, type_toks = toks[-1], toks[:-1]
    else:
        name, type_toks = "", toks
    return Param(name, spell(type_toks), array=array, has_default=has_default)


# -- from declarations to the table ----------------------------------------------


class Resolver:
    """Name lookup and the IR counterpart of each C++ type."""

    def __init__(
        self,
        reader: Reader,
        ir_of_class: dict[str, str],
        header: Callable[[str], str] = lambda f: f,
    ):
        self.r = reader
        self.ir_of_class = ir_of_class  # qualified C++ class -> IR type ("!ascendc.x")
        self.header = header  # a header's path as the table shows it

    def lookup(self, name: str, scope: str) -> str | None:
        """The qualified declaration `name` refers to from `scope` (aliases followed)."""
        name = name.lstrip(":") if name.startswith("::") else name
        for _ in range(10):
            found = self._find(name, scope)
            if found is None:
                return None
            if found in self.r.aliases:
                target = self.r.aliases[found]
                scope = self.r.alias_scope[found]
                if target.startswith("::"):
                    target, scope = target[2:], ""
                name = target
                continue
            return found
        return None

    def _find(self, name: str, scope: str) -> str | None:
        parts = scope.split("::") if scope else []
        scopes = ["::".join(parts[:k]) for k in range(len(parts), -1, -1)]
        for s in scopes:
            for ns in [s, *self.r.using_ns.get(s, [])]:
                q = f"{ns}::{name}" if ns else name
                if q in self.r.classes or q in self.r.enums or q in self.r.aliases:
                    return q
        return None

    def field(
        self, p: Param, scope: str, template: list[tuple[str, str, bool]]
    ) -> tuple[str, str, str, str] | None:
        """(name, C++ type, IR type, role) of a field, or None when it has no IR form."""
        t = p.type
        tparams = [n for k, n, _ in template if k == "typename"]
        pointer = p.array or t.endswith("*")
        base = t.rstrip("*").strip()
        if pointer:
            if t.count("*") + p.array > 1:
                return None
            elem = self._scalar(base, scope, tparams)
            if elem is None and base != "void":
                return None
            ir = f"memref<?x{elem or 'ui8'}{', 22' if p.gm else ''}>"
            cpp = f"{'__gm__ ' if p.gm else ''}{self._cpp(base, scope)}*"
            return (p.name, CPP_SCALARS.get(cpp, cpp), ir, "pointer")
        if p.array:
            return None
        if base in tparams:
            return (p.name, base, base, "value")
        scalar = self._scalar(base, scope, tparams)
        if scalar is not None:
            cpp = base if base in SCALARS else (self._alias_target(base, scope) or base)
            return (p.name, CPP_SCALARS.get(cpp, cpp), scalar, "value")
        name, _, args = base.partition("<")
        target = self.lookup(name, scope)
        if target is None:
            return None
        if target in self.r.enums:
            ir = self.ir_of_class.get(target)
            underlying = self.r.enums[target].underlying or "int"
            ir = ir or SCALARS.get(underlying)
            return (p.name, target, ir, "enum") if ir else None
        if target in TENSOR_TEMPLATES and args.rstrip(">").strip() in tparams:
            return (p.name, f"{target}<T>", f"!ascendc.{TENSOR_TEMPLATES[target]}<T>", "struct")
        ir = self.ir_of_class.get(target)
        if ir is None:
            return None
        cls = self.r.classes.get(target)
        if cls is not None and cls.template:
            if args.rstrip(">").strip() not in tparams:
                return None
            return (p.name, f"{target}<T>", ir, "struct")
        return (p.name, target, ir, "struct")

    def _scalar(self, base: str, scope: str, tparams: list[str]) -> str | None:
        if base in SCALARS:
            return SCALARS[base]
        if base in tparams:
            return base
        target = self.lookup(base, scope)
        if target is not None and target in self.r.aliases:
            return None
        if target is None and base in self.r.aliases:
            return None
        # An alias of a scalar (`using TBufHandle = uint8_t*` is a pointer, not here).
        q = self._alias_target(base, scope)
        return SCALARS.get(q) if q else None

    def _alias_target(self, name: str, scope: str) -> str | None:
        parts = scope.split("::") if scope else []
        for k in range(len(parts), -1, -1):
            s = "::".join(parts[:k])
            q = f"{s}::{name}" if s else name
            if q in self.r.aliases:
                return self.r.aliases[q]
        return None

    def _cpp(self, base: str, scope: str) -> str:
        if base in SCALARS:
            return base
        target = self.lookup(base, scope)
        return target or base

    def param_field(
        self, p: Param, scope: str, template: list[tuple[str, str, bool]]
    ) -> tuple[str, str, str, str] | None:
        # Aliases of pointer types (`TBufHandle`) become their pointer type first.
        alias = self._alias_target(p.type, scope)
        if alias is not None and alias.endswith("*"):
            p = Param(p.name, alias, p.array, p.has_default, p.gm)
        return self.field(p, scope, template)


def class_entry(res: Resolver, decl: ClassDecl) -> dict:
    """The table entry of a class: its constructors' forms, or an aggregate's fields."""
    notes: list[str] = []
    scope = decl.qname
    entry: dict = {"kind": "constructors", "cpp": decl.qname}
    required = [n for _, n, default in decl.template if not default]
    if any(kind != "typename" for kind, _, default in decl.template if not default):
        entry.update(kind="template", forms={})
        notes.append("a class template over values the IR type does not carry")
    if entry["kind"] == "template":
        pass
    elif decl.user_ctor:
        forms: dict[int, tuple] = {}
        if not decl.ctors:
            notes.append("only template constructors")
        for params in decl.ctors:
            fields = [res.param_field(p, scope, decl.template) for p in params]
            if any(f is None for f in fields):
                bad = [p.type for p, f in zip(params, fields, strict=True) if f is None]
                notes.append(f"a constructor takes {', '.join(bad)}: no IR form")
                continue
            first = sum(not p.has_default for p in params)
            for n in range(first, len(params) + 1):
                if n in forms and forms[n] != tuple(fields[:n]):
                    notes.append(f"two constructors take {n} fields; the first is used")
                    continue
                forms.setdefault(n, tuple(fields[:n]))
        entry["forms"] = dict(sorted(forms.items()))
    elif decl.has_bases or decl.private_member or decl.virtual:
        why = "base classes" if decl.has_bases else "private members or virtual functions"
        notes.append(f"not an aggregate ({why}): default construction only")
        entry["forms"] = {0: ()}
    else:
        entry["kind"] = "aggregate"
        fields: list[tuple] = []
        for m in decl.members:
            f = res.param_field(m, scope, decl.template) if m.type != "<union>" else None
            if f is None or m.array:
                notes.append(f"fields stop before `{m.type} {m.name}`: no IR form")
                break
            fields.append(f)
        entry["fields"] = tuple(fields)
    entry["template"] = tuple(required)
    # Parameters with defaults: such a class is spelled `C<>` when the IR names none,
    # and a defaulted element type `T` may still be given (`!ascendc.x<f16>`).
    defaulted = tuple(
        n if kind == "typename" else f"{kind} {n}" for kind, n, default in decl.template if default
    )
    if defaulted:
        entry["template_defaults"] = defaulted
    entry["header"] = res.header(decl.file)
    entry["notes"] = tuple(dict.fromkeys(notes))
    return entry


def constructible_classes() -> dict[str, str]:
    """C++ class -> IR type (`!ascendc.x`, `!ascendc.x<T>` when the type carries the
    class's template argument) of every type `ascendc.construct` can build."""
    from asc_xdsl.dialects.ascendc import types
    from asc_xdsl.dialects.ascendc.param_types import PARAM_TYPES
    from asc_xdsl.dialects.ascendc.struct_types import STRUCT_TYPES

    classes: dict[str, str] = {}
    # TensorDesc<T> is declared by the list-tensor ops' family (types.TensorDescType).
    extra = [t for t in (getattr(types, "TensorDescType", None),) if t is not None]
    for t in (*types.CONSTRUCTIBLE_TYPES, *STRUCT_TYPES.values(), *PARAM_TYPES, *extra):
        if not t.CPP_CLASS:
            continue
        element = "element_type" in getattr(t, "__annotations__", {}) or any(
            "element_type" in getattr(b, "__annotations__", {}) for b in t.__mro__
        )
        classes[t.CPP_CLASS] = f"!{t.name}<T>" if element else f"!{t.name}"
    return classes


def generate(headers: check_headers.Headers) -> tuple[dict, list[str]]:
    CONSTRUCTIBLE_CLASSES = constructible_classes()

    readers = {}
    with check_headers.Checker(headers) as checker:
        for core in check_headers.CORE_DEFINES:
            flags = [f for f in checker.flags(core) if f != "-fsyntax-only"]
            source = "".join(f'#include "{h}"\n' for h in INCLUDES)
            done = subprocess.run(
                ["g++", *flags, "-E", "-x", "c++", "-"],
                input=source,
                capture_output=True,
                text=True,
                check=False,
            )
            if done.returncode != 0:
                raise SystemExit(f"preprocessing failed ({core}):\n{done.stderr[-3000:]}")
            reader = Reader(tokenize(done.stdout))
            reader.read()
            readers[core] = reader
    tables = {}
    problems: list[str] = []
    for core, reader in readers.items():
        probe = Resolver(reader, {})
        ir_of_class = {}
        for cpp, ir in CONSTRUCTIBLE_CLASSES.items():
            q = probe.lookup(cpp, "")
            if q is not None:
                ir_of_class[q] = ir
        res = Resolver(reader, ir_of_class, lambda f: _short(f, headers))
        table = {}
        for cpp in sorted(CONSTRUCTIBLE_CLASSES):
            q = res.lookup(cpp, "")
            if q is None:  # the verifier reports it: the type's C++ name is wrong
                table[cpp] = {"kind": "undeclared", "cpp": cpp, "notes": ()}
            elif q in reader.enums:
                e = reader.enums[q]
                underlying = CPP_SCALARS.get(e.underlying or "int", e.underlying or "int")
                table[cpp] = {
                    "kind": "enum",
                    "cpp": q,
                    "underlying": (underlying, SCALARS[underlying]),
                    "header": res.header(e.file),
                    "notes": () if e.underlying else ("an unscoped enum without a fixed type",),
                }
            else:
                table[cpp] = class_entry(res, reader.classes[q])
        tables[core] = table
    first, *others = tables.values()
    for core, table in zip(list(tables)[1:], others, strict=True):
        for cpp in sorted(set(first) | set(table)):
            if first.get(cpp) != table.get(cpp):
                problems.append(f"{cpp}: the cores disagree (vec vs {core})")
    return first, problems


def _short(path: str, headers: check_headers.Headers) -> str:
    for root, prefix in ((headers.devkit, "asc-devkit/"), (headers.tools, "asc-tools/")):
        try:
            return prefix + str(Path(path).resolve().relative_to(root.resolve()))
        except ValueError:
            continue
    try:
        return "asc_xdsl/" + str(Path(path).resolve().relative_to(ROOT))
    except ValueError:
        return Path(path).name


def _fields(fields: tuple, indent: str) -> list[str]:
    return [f"{indent}{f!r}," for f in fields]


def render(table: dict) -> str:
    """The table as Python source, one field a line."""
    lines = [
        f"{BEGIN} by tools/gen_struct_fields.py: do not edit by hand",
        "STRUCT_FIELDS: dict[str, dict[str, Any]] = {",
    ]
    for cpp, entry in table.items():
        lines.append(f"    {cpp!r}: {{")
        for key, value in entry.items():
            if key == "forms":
                lines.append('        "forms": {')
                for n, fields in value.items():
                    if not fields:
                        lines.append(f"            {n}: (),")
                        continue
                    lines.append(f"            {n}: (")
                    lines += _fields(fields, " " * 16)
                    lines.append("            ),")
                lines.append("        },")
            elif key == "fields" and value:
                lines.append('        "fields": (')
                lines += _fields(value, " " * 12)
                lines.append("        ),")
            else:
                lines.append(f"        {key!r}: {value!r},")
        lines.append("    },")
    lines.append("}")
    lines.append(END)
    return "\n".join(lines).replace("'", '"')


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--check", action="store_true", help="compare, do not write")
    args = parser.parse_args(argv)
    try:
        headers = check_headers.find_headers()
    except check_headers.HeadersMissing as e:
        print(f"gen_struct_fields: {e}", file=sys.stderr)
        return 2
    table, problems = generate(headers)
    for p in problems:
        print(f"gen_struct_fields: {p}", file=sys.stderr)
    if problems:
        return 1
    text = TARGET.read_text()
    start, end = text.index(BEGIN), text.index(END) + len(END)
    new = text[:start] + render(table) + text[end:]
    if args.check:
        if new != text:
            print("gen_struct_fields: struct_fields.py is out of date", file=sys.stderr)
            return 1
        print(f"struct_fields.py is up to date ({len(table)} classes)")
        return 0
    TARGET.write_text(new)
    print(f"wrote {len(table)} classes to {TARGET.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
