"""Every public name of pyasc's Python API (the reference tables python_api.tsv and
python_methods.tsv) exists in asc_xdsl with pyasc's signature: for each of pyasc's
forms (overloads) one of ours takes the same parameters, in the same order, with the
same defaults (ours may add optional parameters after them). The differences that are
deliberate are listed below, each with its reason."""

from __future__ import annotations

import ast
import csv
import enum
import inspect
import re
from pathlib import Path
from typing import Any

import asc_xdsl as asc

TABLES = Path(__file__).parent / "pyasc_api"

# pyasc's IR plumbing: its values wrap MLIR handles (`from_ir`/`to_ir`, `get_ir_type`, a
# constructor form taking `handle`); asc_xdsl's frontend builds xDSL IR itself and its
# values hold an SSA value, so these have no user-facing counterpart.
INTERNAL_METHODS = {"from_ir", "to_ir", "get_ir_type"}

_STUB = "pyasc's @overload stub differs from its own implementation, which ours follows"
DELIBERATE = {
    # name or class.method: why ours differs
    **dict.fromkeys(
        [f"asc.set_atomic_{op}" for op in ("add", "max", "min", "type")],
        _STUB + ": SetAtomicAdd<T>() needs the dtype",
    ),
    **dict.fromkeys(
        ["asc.UnaryRepeatParams", "asc.UnaryRepeatParams.__init__"],
        _STUB + " (the stub repeats DataCopyParams' parameters; it takes the strides)",
    ),
    **dict.fromkeys(
        ["asc.LocalTensor", "asc.LocalTensor.__init__"],
        "pyasc declares a (dtype, addr) overload that its dispatcher does not implement; "
        "pos/addr/tile_size default to None so that LocalTensor(dtype) (the declaration) "
        "differs from LocalTensor(dtype, pos, addr, 0), a located error (tile_size must "
        "be positive)",
    ),
    "asc.SliceInfo.__getitem__": "Ascend C's SliceInfo has no operator[] (the dialect's "
    "slice_info.subindex, pyasc's IR for it, has no C++ form)",
    "asc.adv.axpy": "count is required: Ascend C's Axpy has no form without calCount "
    "(pyasc's count=None would print a call that does not compile)",
    "asc.adv.get_normal_config": "iterate_order defaults to IterateOrder.UNDEF (the "
    "tiling's order), as the headers' GetNormalConfig and the C++ prototype pyasc's own "
    "docstring gives; its Python default, ORDER_M, contradicts both",
    **dict.fromkeys(
        ["asc.adv.MatmulConfig", "asc.adv.MatmulConfig.__init__"],
        "batch_mode defaults to BatchMode.NONE: the C++ member has no initialiser, so "
        "MatmulConfig{} value-initialises it (pyasc's Python default is BATCH_LESS_THAN_L1)",
    ),
}

# Not there yet (listed in docs/frontend.md's status; remove an entry when it is done).
NOT_YET: dict[str, str] = {}


def _rows(table: str) -> list[dict[str, str]]:
    with (TABLES / table).open() as f:
        return list(csv.DictReader(f, delimiter="\t"))


def _resolve(dotted: str) -> Any:
    obj: Any = asc
    for part in dotted.split(".")[1:]:
        obj = getattr(obj, part)
    return obj


def _pyasc_forms(text: str) -> list[list[tuple[str, str, Any]]]:
    """(name, kind, default source) per parameter of each of pyasc's forms."""
    forms = []
    # defaults printed as `<...>` (a bound method, an enum's repr) become strings
    text = re.sub(r"<[^<>]*>", lambda m: repr(m.group(0)), text)
    for form in re.split(r" \| (?=\()", text):
        params = form.rsplit(") ->", 1)[0].strip() + ")" if ") ->" in form else form
        tree = ast.parse(f"def f{params}: pass").body[0].args  # type: ignore[attr-defined]
        out = []
        positional = tree.posonlyargs + tree.args
        defaults = [None] * (len(positional) - len(tree.defaults)) + tree.defaults
        for i, (a, d) in enumerate(zip(positional, defaults, strict=True)):
            out.append((a.arg, "posonly" if i < len(tree.posonlyargs) else "positional", d))
        if tree.vararg:
            out.append((tree.vararg.arg, "*", None))
        for a, d in zip(tree.kwonlyargs, tree.kw_defaults, strict=True):
            out.append((a.arg, "keyword", d))
        if tree.kwarg:
            out.append((tree.kwarg.arg, "**", None))
        if any(name == "handle" for name, _, _ in out):
            continue  # the IR-handle form (internal)
        forms.append([p for p in out if p[0] not in ("self", "cls")])
    return forms


def _our_forms(obj: Any) -> list[inspect.Signature]:
    if hasattr(obj, "forms"):
        return list(obj.forms)
    if isinstance(obj, type) and getattr(obj, "_FORMS", None):
        return [f.signature for f in obj._FORMS]
    return [inspect.signature(obj)]


def _same_default(theirs: ast.expr | None, ours: Any) -> bool:
    if theirs is None:
        return True  # pyasc requires it: a default of ours only accepts more calls
    if ours is inspect.Parameter.empty:
        return False
    source = ast.unparse(theirs)
    try:
        value = ast.literal_eval(theirs)
    except ValueError:  # a name: an enum member or a dtype (TPosition.VECIN, float32)
        try:  # the same member of our enum (or its number, where ours takes a number)
            named = _resolve(f"asc.{source}")
        except AttributeError:
            try:
                named = _resolve(f"asc.adv.{source}")
            except AttributeError:
                named = None
        if named is not None:
            return named == ours or (isinstance(named, enum.Enum) and named.value == ours)
        if isinstance(ours, enum.Enum):
            return source.split(".")[-1] == ours.name
        return source.split(".")[-1] == getattr(ours, "name", repr(ours))
    if isinstance(value, str) and re.fullmatch(r"<\w+: -?\d+>", value):  # an enum's repr
        number = int(value[1:-1].split(": ")[1])
        return number == (ours.value if isinstance(ours, enum.Enum) else ours)
    if isinstance(value, str) and value.startswith("<"):
        # `<bound method FixpipeConfig.cfg_row_major of ...>`, `<TPosition.VECIN: 9>`
        name = value[1:].removeprefix("bound method ").split()[0].rstrip(":")
        mine = (repr(ours)[1:].split() or [""])[0].rstrip(":")
        return name in (mine, getattr(ours, "__qualname__", ""))
    if isinstance(ours, enum.Enum):
        return value == ours.value
    return value == ours or (isinstance(value, tuple) and tuple(ours) == value)


def _fits(theirs: list[tuple[str, str, Any]], sig: inspect.Signature) -> str | None:
    """None when `sig` takes pyasc's form; else what differs."""
    ours = [p for p in sig.parameters.values() if p.name not in ("self", "cls")]
    if any(kind in ("*", "**") for _, kind, _ in theirs):
        # pyasc's (*args, **kwargs) dispatches on its own: any signature of ours does
        return None
    by_name = {p.name: (i, p) for i, p in enumerate(ours)}
    takes_args = any(p.kind is p.VAR_POSITIONAL for p in ours)
    for i, (name, kind, default) in enumerate(theirs):
        if kind == "posonly":  # only its place matters
            if takes_args or (i < len(ours) and ours[i].kind is not ours[i].KEYWORD_ONLY):
                continue
            return f"no positional parameter {i} ({name})"
        if name not in by_name:
            if any(p.kind is p.VAR_KEYWORD for p in ours) and kind == "keyword":
                continue
            return f"no parameter {name!r}"
        j, p = by_name[name]
        if kind == "positional" and (j != i or p.kind is p.KEYWORD_ONLY):
            return f"{name!r} is not positional parameter {i}"
        if not _same_default(default, p.default):
            theirs_default = ast.unparse(default) if default else "nothing"
            return f"{name!r} defaults to {p.default!r}, pyasc's to {theirs_default}"
    named = {name for name, _, _ in theirs}
    given = sum(kind in ("posonly", "positional") for _, kind, _ in theirs)
    for i, p in enumerate(ours):
        if i < given and p.kind is not p.KEYWORD_ONLY:
            continue  # filled by pyasc's positional arguments
        variadic = p.kind in (p.VAR_POSITIONAL, p.VAR_KEYWORD)
        if p.name not in named and p.default is p.empty and not variadic:
            return f"ours requires {p.name!r}, which pyasc does not take"
    return None


def _entries() -> list[tuple[str, str, str]]:
    out = []
    for row in _rows("python_api.tsv"):
        if row["kind"] in ("class", "function") and row["signature"]:
            out.append((row["name"], row["name"], row["signature"]))
        else:
            out.append((row["name"], row["name"], ""))
    for row in _rows("python_methods.tsv"):
        if row["method"] in INTERNAL_METHODS:
            continue
        key = f"{row['class']}.{row['method']}"
        out.append((key, key, row["signature"]))
    return out


def _check(key: str, dotted: str, text: str) -> str | None:
    try:
        obj = _resolve(dotted.removesuffix(".__init__"))
    except AttributeError as e:
        return f"missing: {e}"
    if not text:
        return None
    try:
        ours = _our_forms(obj)
    except (TypeError, ValueError):
        return None  # a builtin or a value without a signature (an enum, a constant)
    for theirs in _pyasc_forms(text):
        problems = [_fits(theirs, sig) for sig in ours]
        if all(problems):
            return f"pyasc's form {[n for n, _, _ in theirs]} fits none of ours: {problems[0]}"
    return None


def test_every_pyasc_name_has_pyasc_s_signature():
    failures = []
    for key, dotted, text in _entries():
        if key in DELIBERATE or key in NOT_YET:
            continue
        problem = _check(key, dotted, text)
        if problem:
            failures.append(f"{key}: {problem}")
    assert not failures, "\n".join(failures)


def test_the_listed_differences_are_still_differences():
    # an entry that now matches pyasc is stale: remove it from its list
    entries = {key: (dotted, text) for key, dotted, text in _entries()}
    for key in [*DELIBERATE, *NOT_YET]:
        assert _check(key, *entries[key]) is not None, key
