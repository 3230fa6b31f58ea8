"""`ascendc-generate-boilerplate`: the `#include`s a module's ops need.

Every module includes `kernel_operator.h`; ops of the Ascend C libraries add their
headers (`REQUIRED_HEADERS`). The includes go at the top of the module, after the
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
from xdsl.dialects.builtin import ModuleOp
from xdsl.ir import Operation
from xdsl.passes import ModulePass

from asc_xdsl.dialects.emitasc import IncludeOp

BASE_HEADER = "kernel_operator.h"
REQUIRED_HEADERS: dict[str, str] = {
    "ascendc.list_tensor_desc": "kernel_operator_list_tensor_intf.h",
    "ascendc.list_tensor_desc_v2": "kernel_operator_list_tensor_intf.h",
    "ascendc.tensor_desc": "kernel_operator_list_tensor_intf.h",
    "ascendc.regist_matmul_obj": "lib/matmul_intf.h",
}
"""Op -> the header that declares its API, beyond `kernel_operator.h` (pyasc's pass)."""


def is_define(op: Operation) -> bool:
    """An `emitc.verbatim "#define ..."` line."""
    value = getattr(getattr(op, "value", None), "data", None)
    return op.name == "emitc.verbatim" and isinstance(value, str) and value.startswith("#define")


def is_preamble(op: Operation) -> bool:
    """A `#define` or `#include` of the module's preamble."""
    return is_define(op) or isinstance(op, IncludeOp)


@dataclass(frozen=True)
class GenerateBoilerplatePass(ModulePass):
    name = "ascendc-generate-boilerplate"

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        headers = [BASE_HEADER]
        for o in op.walk():
            header = REQUIRED_HEADERS.get(o.name)
            if header is not None and header not in headers:
                headers.append(header)
        body = op.body.block
        present = {o.include.data for o in body.ops if isinstance(o, IncludeOp)}
        anchor = next((o for o in body.ops if not is_define(o)), None)
        for header in headers:
            if header in present:
                continue
            include = IncludeOp(header)
            if anchor is None:
                body.add_op(include)
            else:
                body.insert_op_before(include, anchor)
