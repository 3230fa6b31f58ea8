"""Write the typed source of the kernel language's spec-made API, from the op specs.

The functions (`asc.add`, `asc.adv.acos`, ...) and methods (`LocalTensor.get_size`,
...) whose ops are declared as specs (`asc_xdsl/dialects/ascendc/spec.py`) are built at
run time, when a kernel first calls them (`language/spec_functions.py`). This tool
writes a real `def` for each, with its own docstring (the op's doc, its Ascend C API
and every form) and annotated parameters (one `typing.overload` per form), so type
checkers, IDEs and `help()` see them:

- `asc_xdsl/language/basic/_spec_api.py`: `asc.*`;
- `asc_xdsl/language/adv/_spec_api.py`: `asc.adv.*`;
- `asc_xdsl/language/_spec_methods.py`: one mixin class per language class with member
  ops (`LocalTensorSpecMethods`), which the class inherits;
- beside each of these three, a `.pyi` stub with the typed forms (one `@overload` per
  form) that type checkers read: the runtime module holds only the defs and their
  docstrings, so a process loads no code object it never runs (`_spec_api.pyc`
  195 KB -> 125 KB);
- `asc_xdsl/language/core/_struct_api.py`: the parameter structs' classes
  (`BinaryRepeatParams`, ...; made from `core/types.py`'s table) as type checkers see them;
- `asc_xdsl/dialects/ascendc/_op_stubs/<family>.pyi`: the spec-made IRDL op classes
  (`AddL2Op`) with their operand, result and property fields.

python tools/gen_api.py          # rewrite them
python tools/gen_api.py --check  # exit 1 if one is stale (the unit tests run this)

Run it after changing an op spec's Python name, operands, properties or doc.
"""

from __future__ import annotations

import functools
import inspect
import sys
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:  # run from a source tree
    sys.path.insert(0, str(ROOT))

REGENERATE = "python tools/gen_api.py"

# Hand-written over the spec's function (pyasc's defaults): no generated def.
HAND_WRITTEN = {"fixpipe", "adv.quant"}

# What each vector op computes (their specs state no doc), by semantics key.
VECTOR_DOCS = {
    "binary:add": "dst = src0 + src1, elementwise.",
    "binary:sub": "dst = src0 - src1, elementwise.",
    "binary:mul": "dst = src0 * src1, elementwise.",
    "binary:div": "dst = src0 / src1, elementwise.",
    "binary:max": "dst = max(src0, src1), elementwise.",
    "binary:min": "dst = min(src0, src1), elementwise.",
    "binary:and": "dst = src0 & src1, bitwise.",
    "binary:or": "dst = src0 | src1, bitwise.",
    "binary:add_relu": "dst = max(src0 + src1, 0), elementwise.",
    "binary:sub_relu": "dst = max(src0 - src1, 0), elementwise.",
    "binary:fused_mul_add": "dst = src0 * dst + src1, elementwise.",
    "binary:fused_mul_add_relu": "dst = max(src0 * dst + src1, 0), elementwise.",
    "binary:fused_abs_sub": "dst = |src0 - src1|, elementwise.",
    "binary:fused_exp_sub": "dst = exp(src0 - src1), elementwise.",
    "binary:prelu": "dst = src0 where src0 >= 0, else src0 * src1, elementwise.",
    "binary:add_deq_relu": "dst = max(src0 + src1, 0) dequantized (with the DEQSCALE "
    "register) into dst's type, elementwise.",
    "binary:mul_add_dst": "dst = src0 * src1 + dst, elementwise.",
    "binary:mul_cast": "dst = src0 * src1 converted to dst's type, elementwise.",
    "unary:abs": "dst = |src|, elementwise.",
    "unary:exp": "dst = exp(src), elementwise.",
    "unary:ln": "dst = ln(src), elementwise.",
    "unary:sqrt": "dst = sqrt(src), elementwise.",
    "unary:rsqrt": "dst = 1 / sqrt(src), elementwise.",
    "unary:reciprocal": "dst = 1 / src, elementwise.",
    "unary:relu": "dst = max(src, 0), elementwise.",
    "unary:not": "dst = ~src, bitwise.",
    "unary:neg": "dst = -src, elementwise.",
    "scalar:adds": "dst = src + scalar, elementwise.",
    "scalar:muls": "dst = src * scalar, elementwise.",
    "scalar:maxs": "dst = max(src, scalar), elementwise.",
    "scalar:mins": "dst = min(src, scalar), elementwise.",
    "scalar:leaky_relu": "dst = src where src >= 0, else src * scalar, elementwise.",
    "scalar:shift_left": "dst = src << scalar, elementwise.",
    "scalar:shift_right": "dst = src >> scalar, elementwise.",
}

# The forms of a vector op, by mnemonic suffix.
LEVEL_DOCS = {
    "_l0": "`mask` elements per repeat, `repeat_times` repeats with the strides of `repeat_params`",
    "_l1": "a bit mask (two 64-bit words, a list) per repeat, `repeat_times` repeats with "
    "the strides of `repeat_params`",
    "_l2": "the first `count` elements",
}

# ---------------------------------------------------------------------------
# Annotations: what a Python argument of each type rule may be
# ---------------------------------------------------------------------------

# Type rule doc -> annotation (language classes; `Int`, `Scalar`, `Bool` are the
# aliases of `language/_typing.py`: a Python number or a runtime value).
DOC_TYPES = {
    "int": "Int",
    "uint64": "Int",
    "ui64": "Int",
    "ui8": "Int",
    "i64": "Int",
    "ui32": "Int",
    "i32": "Int",
    "scalar": "Scalar",
    "float": "Scalar",
    "f32": "Scalar",
    "bool": "Bool",
    "any": "Any",
    "GM*": "GlobalAddress",
    "__gm__ uint8_t*": "GlobalAddress",
    "!ascendc.pipe": "TPipe",
    "!ascendc.shape_info": "ShapeInfo",
    "!ascendc.list_tensor_desc": "ListTensorDesc",
    "!ascendc.mmad_bit_mode_params": "MmadBitModeParams",
    "TQue|TQueBind": "TQueBind",
    "TBufHandle": "IRValue",
    "SoftMaxTiling": "SoftmaxTiling",
    "RmsNormTiling": "RmsNormTiling",
    "AscendC::TBufPool": "TBufPool",
    "AscendC::TensorDesc": "TensorDesc",
    "AscendC::LocalMemAllocator": "LocalMemAllocator",
    "AscendC::AscendQuantConfig": "QuantConfig",
    "AscendC::SoftMaxShapeInfo": "IRValue",
}

# Result type doc -> annotation (`spec_forms._result` makes these).
RESULT_TYPES = {
    "GM*": "GlobalAddress",
    "__gm__ uint8_t*": "GlobalAddress",
    "!ascendc.shape_info": "ShapeInfo",
}

# Where each annotation name comes from (imported under TYPE_CHECKING).
IMPORTS = {
    "Int": "asc_xdsl.language._typing",
    "Scalar": "asc_xdsl.language._typing",
    "Bool": "asc_xdsl.language._typing",
    "DataType": "asc_xdsl.dialects.dtypes",
    "IRValue": "asc_xdsl.language.builder",
    "RuntimeScalar": "asc_xdsl.language.builder",
    "LocalTensor": "asc_xdsl.language.core.tensor",
    "GlobalTensor": "asc_xdsl.language.core.tensor",
    "GlobalAddress": "asc_xdsl.language.core.tensor",
    "MrgSortSrcList": "asc_xdsl.language.core.tensor",
    "ShapeInfo": "asc_xdsl.language.core.types",
    "LocalMemAllocator": "asc_xdsl.language.core.memory_allocator",
    "TPipe": "asc_xdsl.language.fwk.tpipe",
    "TQueBind": "asc_xdsl.language.fwk.tpipe",
    "TBufPool": "asc_xdsl.language.fwk.tpipe",
    "TensorDesc": "asc_xdsl.language.basic.list_tensor",
    "ListTensorDesc": "asc_xdsl.language.basic.list_tensor",
    "MmadBitModeParams": "asc_xdsl.language.basic.mmad_bit_mode",
    "SoftmaxTiling": "asc_xdsl.language.adv.tiling",
    "RmsNormTiling": "asc_xdsl.language.adv.tiling",
    "QuantConfig": "asc_xdsl.language.adv.types",
    "Sequence": "collections.abc",
    "Any": "typing",
}


class GenError(Exception):
    pass


def _struct_names() -> set[str]:
    from asc_xdsl.language.core.types import STRUCTS

    return set(STRUCTS)


def operand_type(doc: str, var: str | None) -> str:
    """The annotation of an operand whose type rule is described by `doc`."""
    if doc in DOC_TYPES:
        return DOC_TYPES[doc]
    if doc == var or (len(doc) == 1 and doc.isupper()):
        return "Scalar"  # a scalar of an element type (`Select`'s `T`)
    alternatives = doc.split("|")
    if len(alternatives) > 1 and not doc.startswith("Local|Global"):
        return " | ".join(operand_type(a, var if a == var else None) for a in alternatives)
    if doc.startswith("Local|GlobalTensor<"):
        return "LocalTensor | GlobalTensor"
    for prefix in ("LocalTensor", "GlobalTensor", "MrgSortSrcList"):
        if doc.startswith(f"{prefix}<"):
            return prefix
    if doc in ("uint8", "int8", "uint16", "int16", "uint32", "int32"):
        return "Int"
    name = doc.removeprefix("AscendC::").split("<", 1)[0]
    if name in _struct_names():
        IMPORTS.setdefault(name, "asc_xdsl.language.core.types")
        return name
    raise GenError(
        f"no annotation for the type rule {doc!r}: add it to DOC_TYPES in tools/gen_api.py"
    )


def result_type(spec: Any) -> str:
    if not spec.results:
        return "None"
    types = []
    for r in spec.results:
        doc = r.type.doc
        if doc in RESULT_TYPES:
            types.append(RESULT_TYPES[doc])
        elif doc.startswith("LocalTensor<"):
            types.append("LocalTensor")
        elif doc.startswith("GlobalTensor<"):
            types.append("GlobalTensor")
        elif (
            doc in ("int", "bool", "uint64", "scalar")
            or doc == r.type.var
            or (doc[:1] in "iuf" and doc.lstrip("uif").isdigit())
        ):
            types.append("RuntimeScalar")
        else:
            types.append("IRValue")
        if r.optional:
            types[-1] += " | None"
    return types[0] if len(types) == 1 else f"tuple[{', '.join(types)}]"


def prop_type(p: Any) -> str:
    from asc_xdsl.dialects.ascendc.spec import PropKind

    if p.kind is PropKind.ENUM:
        IMPORTS.setdefault(p.enum.__name__, "asc_xdsl.enums")
        return p.enum.__name__
    return {
        PropKind.UNIT: "bool",
        PropKind.TYPE: "DataType",
        PropKind.INT: "int",
        PropKind.STRING: "str",
        PropKind.ATTR: "Any",
    }[p.kind]


def default_source(value: Any) -> str:
    import enum

    if isinstance(value, enum.Enum):
        IMPORTS.setdefault(type(value).__name__, "asc_xdsl.enums")
        return f"{type(value).__name__}.{value.name}"
    if value is None or isinstance(value, bool | int | float | str):
        return repr(value)
    raise GenError(f"no source for the default {value!r}")


# ---------------------------------------------------------------------------
# One function: its forms as typed signatures
# ---------------------------------------------------------------------------


@dataclass
class Form:
    params: list[str]  # `name: Type = default`, `*` for keyword-only
    returns: str
    shown: str  # the signature as the docstring lists it
    spec: Any


def _param_types(forms: list[tuple[Any, Any, inspect.Signature]]) -> dict[str, str]:
    """Each parameter's annotation in the form that defines it (for the keywords
    another form accepts and ignores)."""
    types: dict[str, str] = {}
    for spec, _, _ in forms:
        for o in spec.operands:
            types.setdefault(o.py_name, _operand_annotation(o))
        for p in spec.props:
            types.setdefault(p.py_name, prop_type(p))
    return types


def _operand_annotation(o: Any) -> str:
    base = operand_type(o.type.doc, o.type.var)
    if o.array:
        base = f"Sequence[{base}]"
    return base


def _optional(annotation: str) -> str:
    if annotation in ("Any",) or annotation.endswith("| None"):
        return annotation
    return f"{annotation} | None"


def typed_forms(forms: list[tuple[Any, Any, inspect.Signature]], skip_first: bool) -> list[Form]:
    from asc_xdsl.language.spec_forms import _form_doc

    everywhere = _param_types(forms)
    out = []
    for spec, _, sig in forms:
        own = {o.py_name: _operand_annotation(o) for o in spec.operands}
        own |= {p.py_name: prop_type(p) for p in spec.props}
        params = []
        keyword_only = False
        values = list(sig.parameters.values())
        if skip_first:
            values = values[1:]
        for param in values:
            annotation = own.get(param.name) or everywhere.get(param.name, "Any")
            if param.name not in own:
                annotation = _optional(everywhere.get(param.name, "Any"))
            if param.name == "is_set_mask" and param.name not in own:
                annotation = "bool"  # pyasc's count forms take it, and ignore it
            if param.kind is inspect.Parameter.KEYWORD_ONLY and not keyword_only:
                params.append("*")
                keyword_only = True
            text = f"{param.name}: "
            if param.default is inspect.Parameter.empty:
                text += annotation
            else:
                if param.default is None:
                    annotation = _optional(annotation)
                text += f"{annotation} = {default_source(param.default)}"
            params.append(text)
        shown = _form_doc(sig, annotations=False)
        if skip_first:
            first, *rest = sig.parameters.values()
            shown = _form_doc(
                sig.replace(parameters=[first.replace(name="self"), *rest]), annotations=False
            )
        out.append(Form(params, result_type(spec), shown, spec))
    return out


def docstring(py_name: str, forms: list[Form], indent: str) -> str:
    """The op's doc, its Ascend C API and every form."""
    first = forms[0].spec
    apis = sorted({f.spec.api for f in forms})
    lines = []
    docs = [f.spec.doc for f in forms if f.spec.doc]
    summary = docs[0] if docs else VECTOR_DOCS.get(first.sim or "", "")
    head = ", ".join(f"`AscendC::{a}`" if a[:1].isalpha() else f"`{a}`" for a in apis)
    if summary:
        lines += _wrap(summary, indent)
    else:
        lines.append(f"Calls {head}.")
    lines.append("")
    lines.append(f"Ascend C: {head}. Forms (a call takes the first that fits):")
    lines.append("")
    for f in forms:
        what = f.spec.doc if f.spec.doc and f.spec.doc != summary else ""
        level = LEVEL_DOCS.get(f.spec.mnemonic[-3:], "")
        lines.append(f"- `{py_name}{f.shown}` -> `{f.spec.name}`")
        note = what or (f"on {level}." if level and not f.spec.doc else "")
        if note:
            lines += ["  " + line for line in _wrap(note, indent + "  ")]
    body = "\n".join(f"{indent}{line}" if line else "" for line in lines)
    body = body.replace("\\", "\\\\")
    return f'{indent}"""{body.lstrip()}\n{indent}"""'


def _wrap(text: str, indent: str, width: int = 92) -> list[str]:
    import textwrap

    return textwrap.wrap(text, width - len(indent), break_on_hyphens=False) or [""]


# ---------------------------------------------------------------------------
# Modules
# ---------------------------------------------------------------------------


def _header(what: str) -> list[str]:
    return [
        f'"""{what}',
        "",
        "Generated by tools/gen_api.py from the op specs: do not edit by hand;",
        f"regenerate with `{REGENERATE}`.",
        '"""',
        "",
        "from __future__ import annotations",
        "",
    ]


def _named(used: Iterable[str], exclude: set[str] = frozenset()) -> dict[str, set[str]]:
    """Module -> the names of `IMPORTS` that the source lines `used` mention."""
    import re

    names: dict[str, set[str]] = {}
    text = " ".join(used)
    for name, module in IMPORTS.items():
        if name not in exclude and re.search(rf"\b{name}\b", text):
            names.setdefault(module, set()).add(name)
    return names


def _imports(used: Iterable[str], runtime: list[str], exclude: set[str] = frozenset()) -> list[str]:
    names = _named(used, exclude)
    lines = [
        "from typing import TYPE_CHECKING, Any, overload",
        "",
        *runtime,
        "",
        "if TYPE_CHECKING:",
    ]
    for module in sorted(names):
        if module == "typing":
            continue
        items = ", ".join(sorted(names[module]))
        lines.append(f"    from {module} import {items}")
    if lines[-1] == "if TYPE_CHECKING:":
        lines.append("    pass")
    return lines


@functools.cache
def _spec_functions() -> dict[str, list[tuple[Any, Any, inspect.Signature]]]:
    from asc_xdsl.dialects.ascendc.families import families
    from asc_xdsl.language.spec_forms import spec_functions

    return {name: fn.forms for name, fn in spec_functions(families()).items()}


def _modules_of(key: str) -> tuple[str, ...]:
    from asc_xdsl.dialects.ascendc_op_index import PY_FUNCTIONS

    return PY_FUNCTIONS[key]


def _function_source(
    key: str, name: str, forms: list[Form], method: bool
) -> tuple[list[str], list[str]]:
    """The runtime def of `name` (its docstring, a call of its spec function) and its
    typed declaration for the `.pyi` stub (one `@overload` per form, or the one form;
    the docstring only in the runtime module, where checkers and `help()` find it)."""
    indent = "    " * (2 if method else 1)
    outer = "    " if method else ""
    self_ = ["self"] if method else []
    target = "_" + key.replace(".", "_")
    call = (
        f"return {target}(self, *args, **kwargs)" if method else f"return {target}(*args, **kwargs)"
    )
    returns = sorted({f.returns for f in forms})
    returns_all = " | ".join(returns) if len(returns) > 1 else returns[0]
    doc = docstring(name, forms, indent)
    runtime = [
        f"{outer}def {name}({', '.join([*self_, '*args: Any', '**kwargs: Any'])}) -> {returns_all}:",
        doc,
        f"{indent}{call}",
    ]
    stub: list[str] = []
    if len(forms) > 1:
        for f in forms:
            params = ", ".join([*self_, *f.params])
            stub += [f"{outer}@overload", f"{outer}def {name}({params}) -> {f.returns}: ..."]
    else:
        params = ", ".join([*self_, *forms[0].params])
        # (no docstring: checkers and editors read it from the runtime def beside)
        stub += [f"{outer}def {name}({params}) -> {forms[0].returns}: ..."]
    return runtime, stub


def _stub_imports(used: Iterable[str]) -> list[str]:
    """A stub's imports: what its declarations name (ruff drops the unused ones)."""
    names = _named(used)
    names.setdefault("typing", set()).update(("Any", "overload"))
    return [f"from {m} import {', '.join(sorted(names[m]))}" for m in sorted(names)]


STUB_NOTE = (
    "Type checkers read this stub; the module beside it holds the runtime defs (each\n"
    "with its docstring, calling its spec function), and is what `help()` shows."
)


def _function_keys(namespace: str) -> list[str]:
    """The spec functions of `namespace` that get a generated def, sorted."""
    return sorted(
        k for k in _spec_functions() if k.rpartition(".")[0] == namespace and k not in HAND_WRITTEN
    )


def _defs(keys: list[str]) -> tuple[list[str], list[str], list[str]]:
    """The runtime defs of `keys`, their stub declarations and their bindings."""
    all_forms = _spec_functions()
    body: list[str] = []
    stub: list[str] = []
    bindings: list[str] = []
    for key in keys:
        name = key.rpartition(".")[2]
        forms = typed_forms(all_forms[key], skip_first=False)
        runtime, declared = _function_source(key, name, forms, method=False)
        body += ["", "", *runtime]
        stub += ["", *declared]
        modules = ", ".join(f'"{m}"' for m in _modules_of(key))
        bindings.append(f'_{key.replace(".", "_")} = _bind({name}, "{key}", {modules})')
    return body, stub, bindings


def _defs_module(title: str, keys: list[str]) -> tuple[str, list[str]]:
    """A module of the defs of `keys` (and their bindings); the stub declarations."""
    body, stub, bindings = _defs(keys)
    names = ", ".join(f'"{k.rpartition(".")[2]}"' for k in keys)
    lines = _header(title)
    lines += _imports(body, ["from asc_xdsl.language.spec_functions import bind as _bind"])
    lines += body
    lines += [
        "",
        "",
        "# Each def calls its spec function, built when a kernel first calls it.",
        *bindings,
    ]
    lines += ["", f"__all__ = [{names}]", ""]
    return "\n".join(lines), stub


def _stub_module(title: str, keys: list[str], stub: list[str]) -> str:
    names = ", ".join(f'"{k.rpartition(".")[2]}"' for k in keys)
    lines = [*_header(f"{title}\n\n{STUB_NOTE}"), *_stub_imports(stub), *stub]
    return "\n".join([*lines, "", f"__all__ = [{names}]", ""])


def render_functions(namespace: str) -> tuple[str, str]:
    """The module of the spec functions of `namespace` ("" or "adv") and its stub."""
    keys = _function_keys(namespace)
    where = f"`asc.{namespace}.*`" if namespace else "`asc.*`"
    title = f"The kernel-language functions of {where} made from the op specs."
    module, stub = _defs_module(title, keys)
    return module, _stub_module(title, keys, stub)


LAZY_GROUPS_NOTE = (
    "Each op family's defs are a module of this package (`_vector.py`, ...), loaded when\n"
    "a kernel first names one of them (the module `__getattr__` below): a vector add\n"
    "loads the vector and data-copy defs, not the other families' (docs/performance.md,\n"
    '"Default cold start").'
)


def render_function_groups(namespace: str) -> dict[Path, str]:
    """The package of the spec functions of `namespace`, one module per op family (the
    family that states the function's first spec) loaded on first use, and the package's
    stub with every declaration."""
    keys = _function_keys(namespace)
    where = f"`asc.{namespace}.*`" if namespace else "`asc.*`"
    title = f"The kernel-language functions of {where} made from the op specs."
    groups: dict[str, list[str]] = {}
    for key in keys:
        groups.setdefault(_modules_of(key)[0], []).append(key)
    space = "adv" if namespace else "basic"
    package = ROOT / "asc_xdsl" / "language" / space / "_spec_api"
    files = {
        package / f"_{group}.py": _defs_module(
            f"The functions of {where} whose ops the `{group}` family states.", members
        )[0]
        for group, members in sorted(groups.items())
    }
    stub = _defs(keys)[1]  # (one stub, in the names' order)
    where_of = ", ".join(f'"{k.rpartition(".")[2]}": "_{_modules_of(k)[0]}"' for k in keys)
    init = [
        *_header(f"{title}\n\n{LAZY_GROUPS_NOTE}"),
        "import importlib",
        "",
        f"_MODULE_OF = {{{where_of}}}",
        '"""Each function\'s module in this package."""',
        "",
        "__all__ = list(_MODULE_OF)  # (the stub beside lists them for type checkers)",
        "",
        "",
        "def __getattr__(name: str) -> object:",
        "    module = _MODULE_OF.get(name)",
        "    if module is None:",
        '        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")',
        '    defs = importlib.import_module(f"{__name__}.{module}")',
        "    # (kept here: the next lookup of any of the module's names skips this)",
        "    globals().update({n: getattr(defs, n) for n in defs.__all__})",
        "    return getattr(defs, name)",
        "",
        "",
        "def __dir__() -> list[str]:",
        "    return sorted({*globals(), *__all__})",
        "",
    ]
    files[package / "__init__.py"] = "\n".join(init)
    files[package / "__init__.pyi"] = _stub_module(title, keys, stub)
    return files


def _member_namespaces() -> list[str]:
    spaces = {k.rpartition(".")[0] for k in _spec_functions()}
    return sorted(s for s in spaces if s[:1].isupper())


def _hand_written_methods(space: str) -> set[str]:
    """The methods class `space` of the language defines itself (they win over the
    spec's, as the class's own do over a base's)."""
    import asc_xdsl as asc

    cls = getattr(asc, space)
    return {name for name in vars(cls) if not name.startswith("_")}


def render_methods() -> tuple[str, str]:
    """The mixin classes of the member ops' methods, and their stub."""
    all_forms = _spec_functions()
    body: list[str] = []
    stub: list[str] = []
    bindings: list[str] = []
    classes = []
    for space in _member_namespaces():
        own = _hand_written_methods(space)
        keys = sorted(
            k
            for k in all_forms
            if k.rpartition(".")[0] == space and k.rpartition(".")[2] not in own
        )
        cls = f"{space}SpecMethods"
        classes.append(cls)
        head = [
            "",
            "",
            f"class {cls}:",
            f'    """The methods of `{space}` made from its member ops\' specs (the object is the',
            '    op\'s first operand)."""',
            "",
            "    __slots__ = ()",
        ]
        body += head
        stub += head
        for key in keys:
            name = key.rpartition(".")[2]
            forms = typed_forms(all_forms[key], skip_first=True)
            runtime, declared = _function_source(key, name, forms, method=True)
            body += ["", *runtime]
            stub += ["", *declared]
            modules = ", ".join(f'"{m}"' for m in _modules_of(key))
            bindings.append(
                f'_{key.replace(".", "_")} = _bind_method({cls}.{name}, "{key}", {modules})'
            )
    title = (
        "The methods of the language's classes made from member ops' specs\n"
        "(`LocalTensor.get_size`, ...), as mixin classes the classes inherit."
    )
    lines = _header(title)
    lines += _imports(
        body, ["from asc_xdsl.language.spec_functions import bind_method as _bind_method"]
    )
    lines += body
    lines += [
        "",
        "",
        "# Each method calls its spec function, built when a kernel first calls it.",
        *bindings,
    ]
    all_line = f"__all__ = [{', '.join(repr(c).replace(chr(39), chr(34)) for c in classes)}]"
    lines += ["", all_line, ""]
    stub_lines = [*_header(f"{title}\n\n{STUB_NOTE}"), *_stub_imports(stub), *stub]
    stub_lines += ["", all_line, ""]
    return "\n".join(lines), "\n".join(stub_lines)


def _field_type(ir: str, role: str) -> str:
    """A struct field's annotation, by its IR type and role (`struct_fields.py`)."""
    if role == "pointer":  # a C array: a list or an asc.array
        return "Sequence[Int] | Array"
    if ir == "i1":
        return "Bool"
    if ir == "T" or ir.startswith(("f", "bf")):
        return "Scalar"
    return "Int"  # an integer, or an enum (its members are ints)


def render_structs() -> str:
    """The parameter structs' classes (`core/types.py` makes them from `STRUCTS`), as
    type checkers see them: a typed `__init__` per constructor form."""
    from asc_xdsl.dialects.ascendc.struct_fields import struct_form
    from asc_xdsl.language.core.types import _SET_AFTER, STRUCT_CLASSES

    IMPORTS.setdefault("Array", "asc_xdsl.language.core.array")
    IMPORTS.setdefault("_StructValue", "asc_xdsl.language.core.types")
    body: list[str] = []
    for name, cls in STRUCT_CLASSES.items():
        forms = []
        notes = []
        for form in cls._FORMS:
            after = _SET_AFTER.get(name, {})
            fields = {py: (ir, role) for py, ir, role in form.fields()}
            valued = [p for p in form.params if p.name != "dtype" and p.name not in after]
            cpp = struct_form(f"AscendC::{name}", len(valued)) or ()
            by_py = dict(zip([f[0] for f in form.fields()], cpp, strict=True))
            params = []
            for p in form.params:
                if p.name == "dtype":
                    annotation = "DataType"
                elif p.name in after:
                    annotation = "Int"
                else:
                    annotation = _field_type(*fields[p.name])
                text = f"{p.name}: {annotation}"
                if p.default is not inspect.Parameter.empty:
                    if p.default is None:
                        text = f"{p.name}: {_optional(annotation)}"
                    text += f" = {p.default!r}".replace("(0, 0, 0, 0)", "(0, 0, 0, 0)")
                params.append(text)
            forms.append(params)
            shown = ", ".join(f"{py} -> {c[0]} ({c[1]})" for py, c in by_py.items() if py in fields)
            notes.append(f"{form.signature!s}: {shown}" if shown else str(form.signature))
        intro = (
            f"`AscendC::{name}`, built in the kernel (`ascendc.construct`); each argument is "
            "converted to its C++ field's type. Forms (parameter -> C++ field (type)):"
        )
        doc_lines = [*_wrap(intro, "        "), ""]
        for n in notes:
            sig, _, fields_doc = n.partition(": ")
            text = f"`{name}{sig}`" + (f": {fields_doc}" if fields_doc else "")
            wrapped = _wrap(text, "          ")
            doc_lines += [f"- {wrapped[0]}", *(f"  {w}" for w in wrapped[1:])]
        doc = "\n".join(f"        {line}" if line else "" for line in doc_lines)
        body += [
            "",
            f"    class {name}(_StructValue):",
            f'        """{doc.lstrip()}',
            '        """',
            "",
        ]
        if len(forms) == 1:
            body.append(f"        def __init__(self, {', '.join(forms[0])}) -> None: ...")
        else:
            for params in forms:
                body += [
                    "        @overload",
                    f"        def __init__(self, {', '.join(params)}) -> None: ...",
                ]
            body.append("        def __init__(self, *args: Any, **kwargs: Any) -> None: ...")
        if name == "FixpipeConfig":
            body += [
                "        @classmethod",
                "        def cfg_nz(cls) -> FixpipeConfig:",
                '            """`AscendC::CFG_NZ`: FixpipeConfig(CO2Layout.NZ)."""',
                "            ...",
                "        @classmethod",
                "        def cfg_row_major(cls) -> FixpipeConfig:",
                '            """`AscendC::CFG_ROW_MAJOR`: FixpipeConfig(CO2Layout.ROW_MAJOR)."""',
                "            ...",
            ]
    lines = _header(
        "The parameter structs of the language (`BinaryRepeatParams`, ...) as type checkers\n"
        "see them. `core/types.py` makes the classes at run time from its `STRUCTS` table."
    )
    lines += _imports(body, [], exclude=set(STRUCT_CLASSES))
    lines += ["", "if TYPE_CHECKING:", *body]
    names = ", ".join(f'"{n}"' for n in sorted(STRUCT_CLASSES))
    lines += ["", f"__all__ = [{names}]", ""]
    return "\n".join(lines)


STUBS = ROOT / "asc_xdsl" / "dialects" / "ascendc" / "_op_stubs"


def _op_hook(module: str) -> str:
    """What a family module says to load its stub (checked by `hooks_missing`)."""
    return (
        "if TYPE_CHECKING:  # its op classes as type checkers see them (tools/gen_api.py)\n"
        f"    from asc_xdsl.dialects.ascendc._op_stubs.{module} import *  # noqa: F403\n"
    )


def _prop_field(p: Any) -> str:
    from asc_xdsl.dialects.ascendc.spec import PropKind

    t = {
        PropKind.UNIT: "UnitAttr",
        PropKind.ENUM: "IntegerAttr",
        PropKind.INT: "IntegerAttr",
        PropKind.TYPE: "TypeAttribute",
        PropKind.STRING: "StringAttr",
        PropKind.ATTR: "Attribute",
    }[p.kind]
    return f"{t} | None" if p.optional or p.kind is PropKind.UNIT else t


def _op_doc(entry: Any) -> list[str]:
    from asc_xdsl.dialects.ascendc.spec import Arity, Effect

    spec = entry.spec
    head = spec.doc or VECTOR_DOCS.get(spec.sim or "", f"`AscendC::{spec.api}`.")
    level = LEVEL_DOCS.get(spec.mnemonic[-3:])
    if not spec.doc and level and spec.sim in VECTOR_DOCS:
        head = f"{head.removesuffix('.')}, on {level}."
    lines = [*_wrap(head, "    "), ""]
    lines.append(
        f"`{spec.name}`: Ascend C `{spec.api}`" + (f", pipe {spec.pipe}" if spec.pipe else "") + "."
    )
    if spec.py:
        lines.append(f"Python: `asc.{spec.py}`.")
    if spec.operands:
        lines += ["", "Operands:"]
        for o in spec.operands:
            arity = {Arity.OPTIONAL: ", optional", Arity.VARIADIC: ", variadic"}.get(o.arity, "")
            effect = (
                "" if o.effect is Effect.NONE else f", {o.effect.name.lower().replace('_', '+')}"
            )
            lines.append(f"- `{o.name}`: {o.type.doc}{arity}{effect}")
    if spec.results:
        lines += ["", "Results:"]
        lines += [
            f"- `{r.name}`: {r.type.doc}" + (", optional" if r.optional else "")
            for r in spec.results
        ]
    if spec.props:
        lines += ["", "Properties:"]
        for p in spec.props:
            what = p.enum.__name__ if p.enum else p.kind.name.lower()
            lines.append(f"- `{p.name}` ({what})")
    return lines


def _importable_base(cls: type) -> type:
    """`cls`, or its nearest base a module of ours defines by that name (a base made by
    a function, such as a family's form class or a `lazy_base`, is not importable)."""
    for k in cls.__mro__:
        module = sys.modules.get(k.__module__)
        if k.__module__.startswith("asc_xdsl") and getattr(module, k.__name__, None) is k:
            return k
    raise GenError(f"no importable base class of {cls}")


def render_op_stub(family: Any) -> str:
    """The stub of one family module's spec-made op classes."""
    from asc_xdsl.dialects.ascendc.spec import Arity, _snake, base_class

    module = family.module.rsplit(".", 1)[-1]
    imports = {
        "typing": {"ClassVar"},
        "asc_xdsl.dialects.ascendc.spec": {"OpSpec"},
    }
    body: list[str] = []
    for class_name, entry in family.entries.items():
        spec = entry.spec
        base = _importable_base(base_class(entry))
        imports.setdefault(base.__module__, set()).add(base.__name__)
        doc = "\n".join(f"    {line}" if line else "" for line in _op_doc(entry))
        body += [
            "",
            f"class {class_name}({base.__name__}):",
            f'    """{doc.lstrip()}',
            '    """',
            "",
        ]
        body.append(f'    name = "{spec.name}"')
        body.append("    SPEC: ClassVar[OpSpec]")
        for o in spec.operands:
            t = {
                Arity.SINGLE: "Operand",
                Arity.OPTIONAL: "OptOperand",
                Arity.VARIADIC: "VarOperand",
            }[o.arity]
            imports.setdefault("xdsl.irdl", set()).add(t)
            body.append(f"    {o.name}: {t}")
        for r in spec.results:
            t = "OptOpResult" if r.optional else "OpResult"
            imports.setdefault("xdsl.irdl", set()).add(t)
            body.append(f"    {r.name}: {t}")
        for p in spec.props:
            t = _prop_field(p)
            name = t.split(" ")[0]
            where = "xdsl.ir" if name in ("Attribute", "TypeAttribute") else "xdsl.dialects.builtin"
            imports.setdefault(where, set()).add(name)
            body.append(f"    {_snake(p.name)}: {t}")
    lines = [
        f'"""The op classes of `asc_xdsl.dialects.ascendc.{module}`, made from its op specs when',
        "first used (`spec.OpFamily`), as type checkers see them: each class's base, op name and",
        "operand, result and property fields.",
        "",
        "Generated by tools/gen_api.py from the op specs: do not edit by hand;",
        f"regenerate with `{REGENERATE}`.",
        '"""',
        "",
    ]
    for mod in sorted(imports):
        lines.append(f"from {mod} import {', '.join(sorted(imports[mod]))}")
    lines += body
    names = ", ".join(f'"{c}"' for c in sorted(family.entries, key=_natural))
    lines += ["", f"__all__ = [{names}]", ""]
    return "\n".join(lines)


def _natural(name: str) -> list[tuple[int, int, str]]:
    """Ruff's order of `__all__` (RUF022): numbers by value (`RegLog2Op` before
    `RegLog10Op`)."""
    import re

    return [(0, int(p), "") if p.isdigit() else (1, 0, p) for p in re.split(r"(\d+)", name) if p]


def render_op_stub_index(modules: list[str]) -> str:
    lines = [
        '"""The spec-made op classes of every family module (`families.FAMILY_MODULES`), as',
        "`asc_xdsl.dialects.ascendc` offers them by name (`ascendc.AddL2Op`).",
        "",
        "Generated by tools/gen_api.py from the op specs: do not edit by hand;",
        f"regenerate with `{REGENERATE}`.",
        '"""',
        "",
        *(
            f"from asc_xdsl.dialects.ascendc._op_stubs.{m} import *  # noqa: F403"
            for m in sorted(modules)
        ),
        "",
    ]
    return "\n".join(lines)


def op_stubs() -> dict[Path, str]:
    from asc_xdsl.dialects.ascendc.families import families

    out: dict[Path, str] = {}
    modules = []
    for family in families():
        module = family.module.rsplit(".", 1)[-1]
        modules.append(module)
        out[STUBS / f"{module}.pyi"] = render_op_stub(family)
    out[STUBS / "__init__.pyi"] = render_op_stub_index(modules)
    return out


def hooks_missing() -> list[str]:
    """The family modules that do not load their op stub (see `_op_hook`)."""
    from asc_xdsl.dialects.ascendc.families import FAMILY_MODULES

    base = ROOT / "asc_xdsl" / "dialects" / "ascendc"
    return [m for m in FAMILY_MODULES if _op_hook(m) not in (base / f"{m}.py").read_text()]


# ---------------------------------------------------------------------------
# Typed signatures of hand-written table-driven APIs (regions of their files)
# ---------------------------------------------------------------------------


def _region(text: str, name: str, body: list[str], path: Path) -> str:
    """`text` with the lines between `# BEGIN GENERATED <name> ...` and
    `# END GENERATED <name>` replaced by `body` (indented as the markers are)."""
    import re

    m = re.search(
        rf"^( *)# BEGIN GENERATED {re.escape(name)} .*?\n(.*?)^ *# END GENERATED {re.escape(name)}\n",
        text,
        re.M | re.S,
    )
    if m is None:
        raise GenError(f"{path}: no region '# BEGIN GENERATED {name}' ... '# END GENERATED {name}'")
    indent = m.group(1)
    lines = "".join(f"{indent}{line}\n" if line else "\n" for line in body)
    start, end = m.span(2)
    return text[:start] + lines + text[end:]


def _value_source(value: Any) -> str:
    import enum

    if isinstance(value, enum.Enum):
        return f"{type(value).__name__}.{value.name}"
    return repr(value)


def _annotation_of(value: Any, kind: Any = None) -> str:
    import enum

    kind = kind or type(value)
    if isinstance(kind, type) and issubclass(kind, enum.Enum):
        return f"{kind.__name__} | int"
    if kind is bool:
        return "bool"
    if kind is int:
        return "int"
    return "Any"


def _docstring_lines(doc: str | None, indent: str = "    ") -> list[str]:
    if not doc:
        return []
    lines = inspect.cleandoc(doc).split("\n")
    lines[0] = '"""' + lines[0]
    lines[-1] += '"""'
    return [f"{indent}{line}" if line else "" for line in lines]


def render_presets() -> str:
    """`adv/matmul.py` with the typed signatures of its config presets (`_PRESETS`)."""
    from asc_xdsl.language.adv import matmul

    body = ["if TYPE_CHECKING:", ""]
    for name, (_, params) in matmul._PRESETS.items():
        fn = getattr(matmul, f"get_{name}_config")
        args = []
        for py, _, default in params:
            annotation = _annotation_of(default) if default is not None else "int | None"
            args.append(f"{py}: {annotation} = {_value_source(default)}")
        body.append(f"    def {fn.__name__}({', '.join(args)}) -> MatmulConfig:")
        body += _docstring_lines(fn.__doc__, "        ")
        body += ["        ...", ""]
    path = ROOT / "asc_xdsl" / "language" / "adv" / "matmul.py"
    return _region(path.read_text(), "presets", body[:-1], path)


def render_matmul_config() -> str:
    """`adv/types.py` with `MatmulConfig.__init__`'s typed fields (the dialect's table)."""
    from asc_xdsl.dialects.ascendc.adv_types import MATMUL_CONFIG_FIELDS
    from asc_xdsl.language.adv.types import MatmulConfig

    args = [
        f"{f.name}: {_annotation_of(None, f.kind)} = {_value_source(f.kind(f.default))}"
        for f in MATMUL_CONFIG_FIELDS
    ]
    body = ["if TYPE_CHECKING:", "", f"    def __init__(self, {', '.join(args)}) -> None:"]
    body += _docstring_lines(MatmulConfig.__doc__, "        ")
    body.append("        ...")
    path = ROOT / "asc_xdsl" / "language" / "adv" / "types.py"
    return _region(path.read_text(), "MatmulConfig.__init__", body, path)


def _snake_member(name: str) -> str:
    """A C++ member's keyword (`shareL0CSize` -> `share_l0c_size`; `AggregateValue`
    matches it with underscores and case ignored)."""
    import re

    return re.sub(r"(?<=[a-z0-9])(?=[A-Z])", "_", name).lower()


def render_tilings() -> str:
    """`adv/tiling.py` with each tiling struct's typed members (the headers' table)."""
    from asc_xdsl.dialects.ascendc.struct_fields import struct_entry
    from asc_xdsl.dialects.ascendc.struct_types import STRUCT_TYPES
    from asc_xdsl.language.adv import tiling

    path = ROOT / "asc_xdsl" / "language" / "adv" / "tiling.py"
    text = path.read_text()
    for name in tiling.__all__:
        cls = getattr(tiling, name)
        members = [
            f
            for f in struct_entry(STRUCT_TYPES[cls._TYPE]().CPP_CLASS)["fields"]
            if f[3] == "value"
        ]
        args = [
            f"{_snake_member(m[0])}: {'Bool' if m[2] == 'i1' else 'Scalar' if m[2][:1] in 'fb' else 'Int'} = {cls._DEFAULT}"
            for m in members
        ]
        body = [
            "if TYPE_CHECKING:",
            "",
            f"    def __init__(self, {', '.join(args)}) -> None:",
            '        """The members, in declaration order or by keyword (snake_case); those left',
            f'        out are {cls._DEFAULT}."""',
            "        ...",
        ]
        text = _region(text, f"{name}.__init__", body, path)
    return text


# Modules whose `__all__` is computed (`[*_spec_all, ...]`): type checkers get it as a
# literal list (mypy reads no other form), generated from its value.
COMPUTED_ALL = (
    "asc_xdsl",
    "asc_xdsl.language",
    "asc_xdsl.language.basic",
    "asc_xdsl.language.core",
    "asc_xdsl.language.adv",
    "asc_xdsl.language.core.types",
)


def render_all(module_name: str) -> tuple[Path, str]:
    import importlib

    module = importlib.import_module(module_name)
    path = Path(module.__file__ or "")
    names = ", ".join(f'"{n}"' for n in module.__all__)
    # (one line: the names in their runtime order, which the star imports above define)
    body = [
        "if TYPE_CHECKING:",
        "    # fmt: off",
        f"    __all__ = [{names}]  # noqa: F405, RUF022",
        "    # fmt: on",
    ]
    return path, _region(path.read_text(), "__all__", body, path)


def outputs() -> dict[Path, str]:
    """Each generated file and its text."""
    lang = ROOT / "asc_xdsl" / "language"
    with_stubs = {
        lang / "adv" / "_spec_api.py": render_functions("adv"),
        lang / "_spec_methods.py": render_methods(),
    }
    files = {
        **{path: runtime for path, (runtime, _) in with_stubs.items()},
        **{path.with_suffix(".pyi"): stub for path, (_, stub) in with_stubs.items()},
        **render_function_groups(""),
        lang / "core" / "_struct_api.py": render_structs(),
        **op_stubs(),
        lang / "adv" / "matmul.py": render_presets(),
        lang / "adv" / "types.py": render_matmul_config(),
        lang / "adv" / "tiling.py": render_tilings(),
    }
    for module in COMPUTED_ALL:
        path, text = render_all(module)
        if path in files:  # (a file with regions of both kinds: types.py has none yet)
            raise GenError(f"{path}: two renderings")
        files[path] = text
    from concurrent.futures import ThreadPoolExecutor

    _ruff()  # (found once: sysconfig is not thread-safe)
    with ThreadPoolExecutor(4) as pool:  # (each is a ruff process)
        texts = pool.map(formatted, files.values(), files)
    return dict(zip(files, texts, strict=True))


@functools.cache
def _ruff() -> str:
    try:
        from ruff.__main__ import find_ruff_bin

        return str(find_ruff_bin())
    except ImportError:
        return "ruff"


def formatted(text: str, path: Path) -> str:
    """`text` as `ruff format` writes it (the repository's style, checked by the tests)."""
    import subprocess

    ruff = _ruff()
    # (imports: what the signatures name; unused ones, named only in docs, go)
    for command in (["check", "--select", "I,F401", "--fix", "--quiet"], ["format"]):
        done = subprocess.run(
            [ruff, *command, "--stdin-filename", str(path), "-"],
            input=text,
            capture_output=True,
            text=True,
            cwd=ROOT,
        )
        if done.returncode != 0:
            raise GenError(f"ruff {command[0]} {path}: {done.stderr}")
        text = done.stdout
    return text


def stale(files: dict[Path, str] | None = None) -> list[Path]:
    files = outputs() if files is None else files
    return [p for p, text in files.items() if not p.exists() or p.read_text() != text]


def main() -> int:
    files = outputs()
    unhooked = hooks_missing()
    for m in unhooked:
        print(
            f"asc_xdsl/dialects/ascendc/{m}.py does not load its op stub: add\n{_op_hook(m)}",
            file=sys.stderr,
        )
    if "--check" in sys.argv:
        old = stale(files)
        for p in old:
            print(f"{p.relative_to(ROOT)} is stale: run {REGENERATE}", file=sys.stderr)
        return 1 if old or unhooked else 0
    for path, text in files.items():
        path.parent.mkdir(parents=True, exist_ok=True)
        if not path.exists() or path.read_text() != text:
            path.write_text(text)
            print(f"wrote {path.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
