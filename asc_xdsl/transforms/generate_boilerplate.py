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
      emitasc.include "kernel_operator.h"
      emitasc.include "kernel_operator_list_tensor_intf.h"
      func.func @k(...) attributes {ascendc.global} {
        ...
"""

from __future__ import annotations

import functools
from collections.abc import Sequence

from xdsl.dialects.builtin import ModuleOp, StringAttr
from xdsl.ir import Attribute, Operation, SSAValue

from asc_xdsl.dialects.emitasc import IncludeOp, is_define
from asc_xdsl.dialects.fast_build import new_op
from asc_xdsl.transforms.ir_walk import block_args, ops_in, value_types
from asc_xdsl.transforms.pass_facts import take

BASE_HEADER = "kernel_operator.h"
# the SIMT ops' headers (simt_api/): lane ids, warp functions, barriers, atomics
_SIMT_DEVICE = ("lane_id", *(f"lanemask_{k}" for k in ("eq", "lt", "le", "gt", "ge")))
_SIMT_WARP = ("activemask", "all", "any", "ballot", "shfl", "shfl_up", "shfl_down", "shfl_xor",
              "reduce_add", "reduce_max", "reduce_min")  # fmt: skip
_SIMT_SYNC = ("syncthreads", "threadfence", "threadfence_block")
_SIMT_ATOMIC = ("add", "sub", "exch", "max", "min", "inc", "dec", "and", "or", "xor", "cas")

REQUIRED_HEADERS: dict[str, str] = {
    "ascendc.list_tensor_desc": "kernel_operator_list_tensor_intf.h",
    "ascendc.list_tensor_desc_v2": "kernel_operator_list_tensor_intf.h",
    "ascendc.tensor_desc": "kernel_operator_list_tensor_intf.h",
    "ascendc.regist_matmul_obj": "lib/matmul_intf.h",
    # a vector function's printf / asc_dump (the simd_vf overloads)
    "ascendc.reg.printf": "utils/debug/asc_printf.h",
    "ascendc.reg.dump_ubuf": "utils/debug/asc_dump.h",
    "ascendc.reg.dump_reg": "utils/debug/asc_dump.h",
    # SIMT vector functions: asc_vf_call(dim3, ...) and the SIMT clock()
    "ascendc.simt.vf_call": "simt_api/common_functions.h",
    "ascendc.simt.vf_call_dims": "simt_api/common_functions.h",
    **{f"ascendc.simt.{m}": "simt_api/device_functions.h" for m in _SIMT_DEVICE},
    **{f"ascendc.simt.{m}": "simt_api/device_warp_functions.h" for m in _SIMT_WARP},
    **{f"ascendc.simt.{m}": "simt_api/device_sync_functions.h" for m in _SIMT_SYNC},
    **{f"ascendc.simt.atomic_{k}": "simt_api/device_atomic_functions.h" for k in _SIMT_ATOMIC},
    "ascendc.simt.clock": "utils/debug/asc_time.h",
    "ascendc.simt.printf": "utils/debug/asc_printf.h",
}
"""Op -> the header that declares its API, beyond `kernel_operator.h` (pyasc's pass)."""

TYPE_HEADERS: dict[str, str] = {
    "AscendC::ListTensorDesc": "kernel_operator_list_tensor_intf.h",
    "AscendC::TensorDesc": "kernel_operator_list_tensor_intf.h",
    "AscendC::KfcServer": "lib/matmul_intf.h",
    "matmul::Matmul": "lib/matmul_intf.h",
    "MatmulApiStaticTiling": "lib/matmul_intf.h",
    "MatmulConfig": "lib/matmul_intf.h",
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


HEADERS_NEEDED = "generate-boilerplate.headers"
"""`pass_facts` key: the headers the module's ops and values need (`HeaderScan.headers`),
found by `ascendc-declare-py-struct`'s walk."""


class HeaderScan:
    """The headers ops and their values need, op by op in walk order
    (`kernel_operator.h` first)."""

    def __init__(self) -> None:
        self.headers = [BASE_HEADER]
        self.seen: set[type] = set()
        """Value type classes met."""

    def visit(self, op: Operation, results: Sequence[SSAValue], args: Sequence[SSAValue]) -> None:
        """Add the headers of `op` and of its `results` and regions' block `args`. (Not
        its operands: each is a value defined before, as a result or block argument,
        met already.)"""
        self.named(op.name)
        seen = self.seen
        for values in (results, args):
            for v in values:
                type_class = type(v._type)  # (`type`'s field: the property is a call)
                if type_class not in seen:
                    self.met(type_class)

    def named(self, op_name: str) -> None:
        """Add the header an op of this name needs."""
        header = REQUIRED_HEADERS.get(op_name)
        if header is not None and header not in self.headers:
            self.headers.append(header)

    def met(self, type_class: type) -> None:
        """Add the header of a value type class not met before."""
        self.seen.add(type_class)
        header = _TYPE_HEADER_CACHE.get(type_class, 0)
        if header == 0:
            header = _TYPE_HEADER_CACHE[type_class] = _type_header(type_class)
        if header is not None and header not in self.headers:
            self.headers.append(header)


def needed_headers(ops: list[Operation], types: list[Attribute]) -> list[str]:
    """The headers `ops` and values of `types` need (`value_types(ops)`), in order of
    first need (`kernel_operator.h` first). The classes are sorted out in C; the order
    takes a walk only when two or more headers join the first."""
    classes = dict.fromkeys(map(type, ops))
    found = {REQUIRED_HEADERS.get(c.name) for c in classes}
    for c in dict.fromkeys(map(type, types)):
        header = _TYPE_HEADER_CACHE.get(c, 0)
        if header == 0:
            header = _TYPE_HEADER_CACHE[c] = _type_header(c)
        found.add(header)
    extra: list[str] = []
    if any(c.name.startswith("ascendc.simt.") for c in classes):
        from asc_xdsl.dialects.ascendc.simt import overload_headers

        extra = overload_headers(ops)  # (a SIMT op's header by its types: half, bfloat16_t)
        found.update(extra)
    found.difference_update((None, BASE_HEADER))
    if len(found) <= 1:
        return [BASE_HEADER, *found]
    scan = HeaderScan()
    seen = scan.seen
    for o in ops:
        if o.regions:
            scan.visit(o, o.results, block_args(o))
            continue
        if o.name in REQUIRED_HEADERS:
            scan.named(o.name)
        for v in o.results:  # (no call per op: most results' classes were met)
            if type(v._type) not in seen:
                scan.met(type(v._type))
    return scan.headers + [h for h in extra if h not in scan.headers]


def missing_headers(module: ModuleOp) -> list[str]:
    """The headers `module`'s ops and values need that it does not include, in order
    (`kernel_operator.h` first)."""
    needed = take(HEADERS_NEEDED, module)
    if needed is None:
        ops = ops_in(module)
        needed = needed_headers(ops, value_types(ops))
    # (An include without its header name is the printer's error to report, at it.)
    present = {
        name.data
        for o in module.body.block.ops
        if isinstance(o, IncludeOp) and isinstance(name := o.properties.get("include"), StringAttr)
    }
    return [h for h in needed if h not in present]


def new_include(header: str) -> IncludeOp:
    """`IncludeOp(header)`, made as its constructor makes it (its properties, IRDL's
    defaults) without IRDL's generic builder (`fast_build.new_op`; each header's
    attribute made once)."""
    return new_op(IncludeOp, properties={"include": _header_attr(header)})


@functools.lru_cache(maxsize=256)
def _header_attr(header: str) -> StringAttr:
    return StringAttr(header)


def generate_boilerplate(op: ModuleOp) -> None:
    """The pass (module docstring): the `#include`s `op`'s ops need, after its `#define`s."""
    body = op.body.block
    anchor = next((o for o in body.ops if not is_define(o)), None)
    for header in missing_headers(op):
        include = new_include(header)
        if anchor is None:
            body.add_op(include)
        else:
            body.insert_op_before(include, anchor)
