"""Kernel-language functions made from op specs (`asc_xdsl/dialects/ascendc/spec.py`).

One Python function stands for every form of an API that shares its Python name:
`asc.add(dst, src0, src1, count)` builds `ascendc.add_l2`,
`asc.add(dst, src0, src1, mask=128, repeat_times=2, repeat_params=p)` the L0 form and a
list mask the L1 form, as in pyasc. The call binds its arguments to each form's
signature (operands' Python keywords, then properties with their defaults) and takes
the first form that fits: the arguments bind, a list goes where a C array does, and
each argument's type is one its operand's rule accepts (`data_copy(dst, src, count)`
vs `data_copy(dst, src, DataCopyParams)`). Each argument is converted by its operand's
type rule.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable, Iterator, Sequence
from typing import Any

from asc_xdsl.dialects import dtypes as dt
from asc_xdsl.language.builder.active import require_jit
from asc_xdsl.language.builder.interface import KernelBuilder


class _NoMatch(Exception):
    pass


def _signature(spec: Any, extra: Sequence[str]) -> inspect.Signature:
    from asc_xdsl.dialects.ascendc.spec import Arity

    params, keyword_only = [], []
    for o in spec.operands:
        default = None if o.arity is Arity.OPTIONAL else o.default
        if o.keyword_only:  # (after every positional one, pyasc's `is_set_mask` too)
            _KEYWORD_OPERANDS.add(o.py_name)
            keyword_only.append(
                inspect.Parameter(o.py_name, inspect.Parameter.KEYWORD_ONLY, default=default)
            )
            continue
        params.append(
            inspect.Parameter(o.py_name, inspect.Parameter.POSITIONAL_OR_KEYWORD, default=default)
        )
    for p in spec.props:
        params.append(
            inspect.Parameter(p.py_name, inspect.Parameter.POSITIONAL_OR_KEYWORD, default=p.default)
        )
    if spec.py_params:  # pyasc's own order
        by_name = {p.name: p for p in params}
        params = [by_name[name] for name in spec.py_params]
    # A property without a default (an enum, a type, ...) is required, as in pyasc
    # (`compare(dst, src0, src1, cmp_mode, count)`), unless a parameter before it has
    # a default (Python allows no required parameter after it).
    required = {p.py_name for p in spec.props if _required(p)}
    for i, param in enumerate(params):
        if param.name in required and all(q.default is q.empty for q in params[:i]):
            params[i] = param.replace(default=inspect.Parameter.empty)
    names = {p.name for p in params}
    ignored = [name for name in extra if name not in names]  # other forms' keywords
    if _IS_SET_MASK in ignored:
        # pyasc's count forms take it last, positionally too, and ignore it: a count
        # form sets its own mask (Ascend C's has no isSetMask)
        params.append(
            inspect.Parameter(_IS_SET_MASK, inspect.Parameter.POSITIONAL_OR_KEYWORD, default=True)
        )
    for name in ignored:  # accepted and ignored here
        if name != _IS_SET_MASK:
            params.append(inspect.Parameter(name, inspect.Parameter.KEYWORD_ONLY, default=None))
    return inspect.Signature(params + keyword_only)


_IS_SET_MASK = "is_set_mask"
# Keyword-only operands' names (ShiftRight's `round_en`): shown in a form's signature,
# unlike the other forms' keywords a form accepts and ignores.
_KEYWORD_OPERANDS: set[str] = set()


def _required(p: Any) -> bool:
    from asc_xdsl.dialects.ascendc.spec import PropKind

    return p.default is None and p.kind is not PropKind.UNIT and not p.optional


def _fits(spec: Any, values: dict[str, Any]) -> bool:
    """Whether the arguments have the shapes this form needs (a list mask for L1); an
    `is_set_mask` the form ignores must still be a bool (else the arguments were meant
    for another form: a mask form's `repeat_times` in its place)."""
    for o in spec.operands:
        value = values.get(o.py_name)
        if o.array != isinstance(value, list | tuple):
            return False
    flag = values.get(_IS_SET_MASK)
    if flag is not None and not isinstance(flag, bool):
        return any(p.py_name == _IS_SET_MASK for p in spec.props)  # its own flag: checked
    return True


# Type rules a plain Python value (an int, a float, True) can fill.
_PYTHON_VALUE_DOCS = frozenset({"int", "scalar", "bool", "uint64", "any"})


def _types_fit(spec: Any, values: dict[str, Any]) -> bool:
    """Whether each argument has a type its operand's rule accepts: how forms that take
    the same number of arguments are told apart (`data_copy(dst, src, count)` and
    `data_copy(dst, src, DataCopyParams)`; `load_data` from L1 or from GM)."""
    from xdsl.utils.exceptions import VerifyException

    from asc_xdsl.dialects.fast_verify import new_context
    from asc_xdsl.language.core.tensor import TensorElement

    for o in spec.operands:
        value = values.get(o.py_name)
        if value is None:
            continue
        for v in value if o.array else (value,):
            if isinstance(v, TensorElement) and o.type.doc.startswith(("Local", "Global")):
                v = v.tensor  # `t[i]` stands for a sub-tensor of t (same type)
            handle = getattr(v, "handle", None)
            if handle is None:
                if (
                    o.type.doc not in _PYTHON_VALUE_DOCS
                    and o.type.doc != o.type.var
                    and _scalar_alternative(o.type.doc) is None
                ):
                    return False
                continue
            try:
                o.type.constraint.verify(handle.type, new_context())
            except VerifyException:
                return False
    return True


class _Form:
    """One form of an API function: its spec, op class getter and Python signature, with
    a binder that gives what `signature.bind(...)` then `apply_defaults()` give, as a
    dict, or None where `bind` raises (these signatures have no `*args`/`**kwargs`)."""

    __slots__ = (
        "_class",
        "_defaults",
        "_known",
        "_positional",
        "get_class",
        "operands",
        "props",
        "sig",
        "spec",
        "tensors",
    )

    def __init__(self, spec: Any, get_class: Callable[[], type], sig: inspect.Signature):
        self.spec, self.get_class, self.sig = spec, get_class, sig
        self._class: type | None = None
        # What building reads of the spec, found once: the tensor operands (checked and
        # binding element types first), then each operand and property by keyword.
        self.tensors = tuple(
            (o.py_name, o.type.doc, o.type.var, o.array)
            for o in spec.operands
            if o.type.doc.startswith(("Local", "Global"))
        )
        self.operands = tuple((o, o.py_name) for o in spec.operands)
        self.props = tuple((p, p.name, p.py_name) for p in spec.props)
        params = list(sig.parameters.values())
        self._positional = tuple(
            p.name for p in params if p.kind is inspect.Parameter.POSITIONAL_OR_KEYWORD
        )
        self._known = frozenset(sig.parameters)
        self._defaults = tuple((p.name, p.default) for p in params)

    def op_class(self) -> type:
        if self._class is None:
            self._class = self.get_class()
        return self._class

    def bind(self, args: tuple[Any, ...], kwargs: dict[str, Any]) -> dict[str, Any] | None:
        if len(args) > len(self._positional):
            return None
        values = dict(zip(self._positional, args, strict=False))
        for name, value in kwargs.items():
            if name in values or name not in self._known:
                return None
            values[name] = value
        if len(values) < len(self._defaults):
            for name, default in self._defaults:
                if name not in values:
                    if default is inspect.Parameter.empty:
                        return None
                    values[name] = default
        return values


def _kind(value: Any) -> Any:
    """What choosing a form reads of an argument: its class and the IR type of the value
    it stands for (a tensor element's and its tensor's); a list's, element by element."""
    cls = type(value)
    if cls is list or cls is tuple:
        return cls, tuple(_kind(v) for v in value)
    kind = (cls, getattr(getattr(value, "handle", None), "type", None))
    if _is_tensor_element(cls):  # a number, or the view of its tensor where one is wanted
        kind += (getattr(value.tensor.handle, "type", None),)
    return kind


_TENSOR_ELEMENT: list[type] = []


def _is_tensor_element(cls: type) -> bool:
    if not _TENSOR_ELEMENT:
        from asc_xdsl.language.core.tensor import TensorElement

        _TENSOR_ELEMENT.append(TensorElement)
    return issubclass(cls, _TENSOR_ELEMENT[0])


def api_function(py_name: str, forms: Sequence[tuple[Any, Callable[[], type]]]) -> Callable:
    """The kernel-language function for `forms`: (spec, class getter) pairs, tried in order."""
    extra = sorted({p.py_name for spec, _ in forms for p in spec.props})
    plain = [(spec, get_class, _signature(spec, extra)) for spec, get_class in forms]
    candidates = [_Form(*form) for form in plain]
    # What `.forms`, `help` and the no-form-fits error show: made when first read (a
    # kernel's calls bind the plain signatures, the same but for annotations).
    signatures = _ShownForms(plain)
    # The form chosen for each kind of call: it depends only on the arguments' classes,
    # IR types and keyword names (`_kind`), so a call site's shape is decided once.
    chosen: dict[Any, _Form] = {}

    def choose(args: tuple[Any, ...], kwargs: dict[str, Any]) -> tuple[_Form, dict] | None:
        # The first form whose types fit; else the first that binds, whose checks then
        # say what is wrong with the arguments.
        first = None
        for form in candidates:
            values = form.bind(args, kwargs)
            if values is None or not _fits(form.spec, values):
                continue
            if _types_fit(form.spec, values):
                return form, values
            first = first or (form, values)
        return first

    def fn(*args: Any, **kwargs: Any) -> Any:
        g = require_jit(py_name)
        try:
            key: Any = (
                tuple(_kind(a) for a in args),
                tuple((k, _kind(v)) for k, v in kwargs.items()),
            )
            form = chosen.get(key)
        except TypeError:  # an argument whose kind cannot be a key: decide afresh
            key = form = None
        if form is not None:
            values = form.bind(args, kwargs)
            assert values is not None  # the same shape bound before
            return _build(g, py_name, form, values)
        found = choose(args, kwargs)
        if found is None:
            forms_doc = "\n  ".join(f"{py_name}{_form_doc(s)}" for _, _, s in signatures)
            g.fail(f"no form of {py_name} takes these arguments; its forms are:\n  {forms_doc}")
        form, values = found
        if key is not None:
            chosen[key] = form
        return _build(g, py_name, form, values)

    fn.__name__ = fn.__qualname__ = py_name
    fn.__doc__ = f"`{py_name}`: the forms are its `forms` (the first is its signature)."
    fn.__signature__ = plain[0][2]  # type: ignore[attr-defined]
    fn.forms = signatures  # type: ignore[attr-defined]
    return fn


class _ShownForms:
    """An API function's forms as shown, (spec, class getter, signature) each: the
    signatures `_distinguished`, made when first read. (A plain class, not a
    `Sequence`: an ABC's subclass costs several times as much to make at import.)"""

    __slots__ = ("_plain", "_shown")

    def __init__(self, plain: list[tuple[Any, Any, inspect.Signature]]):
        self._plain = plain
        self._shown: list[tuple[Any, Any, inspect.Signature]] | None = None

    def _all(self) -> list[tuple[Any, Any, inspect.Signature]]:
        if self._shown is None:
            self._shown = _distinguished(self._plain)
        return self._shown

    def __getitem__(self, i: Any) -> Any:
        return self._all()[i]

    def __len__(self) -> int:
        return len(self._plain)

    def __iter__(self) -> Iterator[tuple[Any, Any, inspect.Signature]]:
        return iter(self._all())

    def __repr__(self) -> str:
        return repr(self._all())


def _form_doc(sig: inspect.Signature, annotations: bool = True) -> str:
    shown = [
        p
        for p in sig.parameters.values()
        if p.kind is not inspect.Parameter.KEYWORD_ONLY or p.name in _KEYWORD_OPERANDS
    ]
    if not annotations:
        shown = [p.replace(annotation=inspect.Parameter.empty) for p in shown]
    return str(sig.replace(parameters=shown))


class _TypeText(str):
    """An annotation shown as its text (`mask: list[uint64]`, not `mask: 'list[...]'`)."""

    def __repr__(self) -> str:
        return str(self)


def _operand_text(o: Any) -> str:
    base = o.type.doc.removeprefix("AscendC::")
    return f"list[{base}]" if o.array else base


def _distinguished(signatures: list[tuple[Any, Any, inspect.Signature]]) -> list:
    """`signatures` with, in forms that would print alike (`add`'s mask as a number and
    as a bit-mask list), the operands that tell them apart annotated with their type
    rule: `.forms`, `help` and the no-form-fits error then list each form once."""
    marked: dict[int, set[str]] = {}
    shown = [str(sig) for _, _, sig in signatures]  # (each printed once, compared in pairs)
    for i, (spec_i, _, _) in enumerate(signatures):
        for j in range(i):
            spec_j = signatures[j][0]
            if shown[i] != shown[j]:
                continue
            ops_j = {o.py_name: o for o in spec_j.operands}
            for o in spec_i.operands:
                other = ops_j.get(o.py_name)
                if other is not None and _operand_text(o) != _operand_text(other):
                    marked.setdefault(i, set()).add(o.py_name)
                    marked.setdefault(j, set()).add(o.py_name)
    out = []
    for i, (spec, get_class, sig) in enumerate(signatures):
        names = marked.get(i)
        if names:
            texts = {o.py_name: _TypeText(_operand_text(o)) for o in spec.operands}
            sig = sig.replace(
                parameters=[
                    p.replace(annotation=texts[p.name]) if p.name in names else p
                    for p in sig.parameters.values()
                ]
            )
        out.append((spec, get_class, sig))
    return out


def _build(g: KernelBuilder, api: str, form: _Form, values: dict[str, Any]) -> Any:
    from asc_xdsl.language.core.utils import check_tensor_arg

    # Element types of the type variables, from the tensors that bind them.
    var_dtypes: dict[str, dt.DataType] = {}
    for name, doc, var, array in form.tensors:
        value = values[name]
        if value is None:
            continue
        if array:  # a C array of tensors (`TransDataTo5HD`'s lists)
            values[name] = [
                check_tensor_arg(g, api, f"{name}[{i}]", v, doc) for i, v in enumerate(value)
            ]
            value = values[name][0] if value else None
        else:
            value = values[name] = check_tensor_arg(g, api, name, value, doc)
        if var is not None and value is not None:
            var_dtypes.setdefault(var, value.dtype)
    operands = [_convert(g, api, o, values[name], var_dtypes) for o, name in form.operands]
    props = {name: _prop(g, api, p, values[py_name]) for p, name, py_name in form.props}
    op = g.emit(form.op_class()(*operands, **props))
    if not op.results:
        return None
    results = [_result(r) for r in op.results]
    return results[0] if len(results) == 1 else tuple(results)


def _prop(g: KernelBuilder, api: str, p: Any, value: Any) -> Any:
    from asc_xdsl.dialects.ascendc.spec import PropKind

    if value is None and p.optional:  # left out: the op does without it
        return None
    if p.kind is PropKind.UNIT:
        return g.constexpr(value, p.py_name, bool)
    if p.kind is PropKind.ENUM:
        return g.enum(value, p.enum, p.py_name)
    if p.kind is PropKind.INT:
        return g.constexpr(value, p.py_name, int)
    if not isinstance(value, dt.DataType):
        g.fail(f"{api}: {p.py_name} must be a data type (asc.float16, ...), got {value!r}")
    return value.ir_type()


def _result(value: Any) -> Any:
    """A result as the language's value of its type: a runtime scalar of its dtype, a
    LocalTensor/GlobalTensor of its element type, else an opaque runtime value (a
    ShapeInfo, an event id) that other APIs take as an argument."""
    from xdsl.dialects.builtin import IntegerAttr, MemRefType

    from asc_xdsl.dialects.ascendc.base import GM_MEMORY_SPACE as GM
    from asc_xdsl.dialects.ascendc.types import GlobalTensorType, LocalTensorType
    from asc_xdsl.language.builder.values import IRValue, RuntimeScalar
    from asc_xdsl.language.core.tensor import GlobalTensor, LocalTensor

    t = value.type
    space = getattr(t, "memory_space", None)
    if isinstance(t, MemRefType) and isinstance(space, IntegerAttr) and space.value.data == GM:
        # a `__gm__ T*` (`get_sys_workspace()`): a GM address other APIs take
        from asc_xdsl.language.core.tensor import GlobalAddress

        return GlobalAddress(value, dt.from_ir(t.element_type))
    kinds = {LocalTensorType: LocalTensor, GlobalTensorType: GlobalTensor}
    if type(t) in kinds:
        tensor = object.__new__(kinds[type(t)])
        tensor.handle, tensor.dtype = value, dt.from_ir(t.element_type)
        return tensor
    try:
        return RuntimeScalar(value, dt.from_ir(t))
    except TypeError:
        return IRValue(value)


def _convert(
    g: KernelBuilder, api: str, o: Any, value: Any, var_dtypes: dict[str, dt.DataType]
) -> Any:
    doc = o.type.doc
    if value is None:
        return None
    if doc.startswith(("Local", "Global")):
        return [v.handle for v in value] if o.array else value.handle
    if o.array and doc in _PYTHON_VALUE_DOCS:
        return [g.integer(v, f"{api}: {o.py_name}", dt.uint64) for v in value]
    if o.array:  # a C array of structs (`SliceInfo dstSliceInfo[]`)
        return [_handle(g, api, o, v) for v in value]
    if doc == "int":
        return g.integer(value, f"{api}: {o.py_name}", _int_dtype(value))
    if doc == "uint64":  # 64 mask bits (`set_vector_mask(mask_high, mask_low, ...)`)
        return g.integer(value, f"{api}: {o.py_name}", dt.uint64)
    if doc == "bool":
        return g.scalar(value, dt.bool_)
    if doc == "float" and isinstance(value, int | float):  # any float type; Python's: f32
        return g.scalar(value, dt.float32)
    if doc in ("scalar", *var_dtypes):
        target = var_dtypes.get(o.type.var or "T") or next(iter(var_dtypes.values()), dt.float32)
        return g.scalar(value, target)
    if doc == o.type.var and isinstance(value, bool | int | float):
        # A scalar whose own type is the template argument (`SetPadValue<T>(value)`):
        # a Python number is an int32 or a float32, as pyasc materialises it.
        return g.scalar(value, dt.int32 if isinstance(value, int) else dt.float32)
    alternative = _scalar_alternative(doc)
    if alternative is not None and getattr(value, "handle", None) is None:
        # a Python number where the rule also takes a scalar type (`uint8|LocalTensor<U>`)
        return g.integer(value, f"{api}: {o.py_name}", alternative)
    exact = _scalar_dtype(o.type.unique)
    if exact is not None:  # one scalar type (`icache_preload(pre_fetch_len)`: int64)
        if exact.is_int():
            return g.integer(value, f"{api}: {o.py_name}", exact)
        return g.scalar(value, exact)
    return _handle(g, api, o, value)


def _scalar_alternative(doc: str) -> dt.DataType | None:
    """The integer type an alternative of a type rule names (`uint8|LocalTensor<U>`)."""
    for name in doc.split("|"):
        dtype = _DTYPES_BY_NAME.get(name)
        if dtype is not None and dtype.is_int():
            return dtype
    return None


_DTYPES_BY_NAME = {d.name: d for d in dt.ALL_DTYPES}


def _int_dtype(value: Any) -> dt.DataType:
    """The type a Python int takes for an integer operand: int32 unless it needs more
    (`0xFFFFFFFF` is a uint32, as the C++ parameter it stands for)."""
    if type(value) is not int or -(2**31) <= value < 2**31:
        return dt.int32
    if 0 <= value < 2**32:
        return dt.uint32
    return dt.int64 if value < 2**63 else dt.uint64


def _scalar_dtype(t: Any) -> dt.DataType | None:
    if t is None:
        return None
    try:
        return dt.from_ir(t)
    except TypeError:
        return None


def _handle(g: KernelBuilder, api: str, o: Any, value: Any) -> Any:
    handle = getattr(value, "handle", None)
    if handle is None:
        g.fail(f"{api}: {o.py_name} must be a {o.type.doc}, got {value!r}")
    return handle


def spec_functions(families: Sequence[Any], only: str | None = None) -> dict[str, Callable]:
    """Python API functions for every spec with a `py` name in `families` (`only`: just
    the one of that name; a kernel's first call of a function makes only it)."""
    by_name: dict[str, list[tuple[Any, Callable[[], type]]]] = {}
    for family in families:
        entries = family.entries.values() if only is None else family.named(only)
        for entry in entries:
            if entry.spec.py:
                by_name.setdefault(entry.spec.py, []).append(
                    (entry.spec, (lambda f=family, c=entry.class_name: f.get(c)))
                )
    # The count (L2) form first: it is the common call and has the fewest arguments.
    order = {"_l2": 0, "_l0": 1, "_l1": 2, "_l3": 3}
    return {
        name: api_function(name, sorted(forms, key=lambda f: order.get(f[0].mnemonic[-3:], 4)))
        for name, forms in by_name.items()
    }
