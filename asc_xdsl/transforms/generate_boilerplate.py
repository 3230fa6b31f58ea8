"""`ascendc-generate-boilerplate`: the `#include`s a module's ops need.

Every module includes `kernel_operator.h`; ops of the Ascend C libraries add their
headers (`REQUIRED_HEADERS`), and so do the classes values have (`TYPE_HEADERS`: a
function that takes a ListTensorDesc needs its declaration too). The includes go at the top of the module, after the
`#define` lines that configure them (`ascendc-define-cube-only`); an include already
there is not repeated.

Before:

    builtin.module {
      func.func @k(...) attributes {ascendc.global} {
        %l = ascendc.list_tensor_desc : !ascendc.list_tensor_desc
        ...

After:

    builtin.module {
      emitc.include "kernel_operator.h"
      emitc.include "kernel_operator_list_tensor_intf.h"
      func.func @k(...) attributes {ascendc.global} {
        ...
"""

from __future__ import annotations

from dataclasses import dataclass

from xdsl.context import Context
from xdsl.dialects.builtin import ModuleOp, StringAttr
from xdsl.ir import Operation
from xdsl.passes import ModulePass

from asc_xdsl.dialects.emitasc import IncludeOp, is_define
from asc_xdsl.transforms.ir_walk import ops_in

BASE_HEADER = "kernel_operator.h"
REQUIRED_HEADERS: dict[str, str] = {
    "ascendc.list_tensor_desc": "kernel_operator_list_tensor_intf.h",
    "ascendc.list_tensor_desc_v2": "kernel_operator_list_tensor_intf.h",
    "ascendc.tensor_desc": "kernel_operator_list_tensor_intf.h",
    "ascendc.regist_matmul_obj": "lib/matmul_intf.h",
}
"""Op -> the header that declares its API, beyond `kernel_operator.h` (pyasc's pass)."""

TYPE_HEADERS: dict[str, str] = {
    "AscendC::ListTensorDesc": "kernel_operator_list_tensor_intf.h",
    "AscendC::TensorDesc": "kernel_operator_list_tensor_intf.h",
    "AscendC::KfcServer": "lib/matmul_intf.h",
    "matmul::Matmul": "lib/matmul_intf.h",
    "MatmulApiStaticTiling": "lib/matmul_intf.h",
}
"""C++ class of a value's type -> the header that declares it: a function that only
passes such an object along needs the class too."""


def _type_header(type_class: type) -> str | None:
    cls = getattr(type_class, "CPP_CLASS", None)
    return TYPE_HEADERS.get(cls) if isinstance(cls, str) else None


_TYPE_HEADER_CACHE: dict[type, str | None] = {}


def is_preamble(op: Operation) -> bool:
    """A `#define` or `#include` of the module's preamble."""
    return is_define(op) or isinstance(op, IncludeOp)


def missing_headers(module: ModuleOp) -> list[str]:
    """The headers `module`'s ops and values need that it does not include, in order
    (`kernel_operator.h` first)."""
    headers = [BASE_HEADER]
    cache = _TYPE_HEADER_CACHE
    seen: set[type] = set()  # value type classes met
    for o in ops_in(module):
        header = REQUIRED_HEADERS.get(o.name)
        if header is not None and header not in headers:
            headers.append(header)
        # each value's type class: its header, asked once per class. (Operands are
        # values defined before, as results or block arguments, met already.)
        values = o.results
        if o.regions:
            values = [*values]
            for r in o.regions:
                for b in r.blocks:
                    values += b.args
        for v in values:
            type_class = type(v.type)
            if type_class in seen:
                continue
            seen.add(type_class)
            header = cache.get(type_class, 0)
            if header == 0:
                header = cache[type_class] = _type_header(type_class)
            if header is not None and header not in headers:
                headers.append(header)
    # (An include without its header name is the printer's error to report, at it.)
    present = {
        name.data
        for o in module.body.block.ops
        if isinstance(o, IncludeOp) and isinstance(name := o.properties.get("include"), StringAttr)
    }
    return [h for h in headers if h not in present]


@dataclass(frozen=True)
class GenerateBoilerplatePass(ModulePass):
    name = "ascendc-generate-boilerplate"

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        body = op.body.block
        anchor = next((o for o in body.ops if not is_define(o)), None)
        for header in missing_headers(op):
            include = IncludeOp(header)
            if anchor is None:
                body.add_op(include)
            else:
                body.insert_op_before(include, anchor)
