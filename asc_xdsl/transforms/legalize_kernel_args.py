"""`ascendc-legalize-kernel-args`: a kernel's parameters as the launcher passes them.

Each parameter of a kernel is marked `{emitasc.kernel_arg = #emitasc.kernel_arg<explicit>}`
(an argument the caller gives). A mixed kernel (`ascendc.kernel_type = "mix"`, set by
`ascendc-detect-kernel-type`, which runs first) gets the parameter the runtime adds for
cube <-> vector synchronisation, `ffts_addr` (`__gm__ uint64_t*`, marked
`#emitasc.kernel_arg<ffts_addr>`), and sets the FFTS base address from it first thing.
A kernel that sets up a Matmul object and is not cube-only
(`asc.matmul_cube_only`) also sends the cube core's start message (pyasc's
`ffts_cross_core_sync(PIPE_MTE3, 0xf21)` under `ASCEND_IS_AIC`). Which hidden kinds
exist and who fills them: `dialects/kernel_args.py`; the printer and the runtimes find
hidden parameters by these marks (`transforms/kernel_args.py`).

Before:

    func.func @k(%x: memref<?xf32, 22>) attributes {ascendc.global, ascendc.kernel_type = "mix"} {
      ...

After:

    func.func @k(%x: memref<?xf32, 22> {emitasc.kernel_arg = #emitasc.kernel_arg<explicit>},
                 %ffts_addr: memref<?xui64, 22> {emitasc.kernel_arg = #emitasc.kernel_arg<ffts_addr>})
        attributes {ascendc.global, ascendc.kernel_type = "mix"} {
      ascendc.set_ffts_base_addr %ffts_addr : memref<?xui64, 22>
      ...

Running it again changes nothing.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import Any

from xdsl.dialects import arith, func, scf
from xdsl.dialects.builtin import (
    DYNAMIC_INDEX,
    DictionaryAttr,
    IntegerAttr,
    IntegerType,
    MemRefType,
    ModuleOp,
    Signedness,
    i64,
)
from xdsl.ir import Attribute, Block, Operation, Region, SSAValue
from xdsl.pattern_rewriter import PatternRewriter, RewritePattern, op_type_rewrite_pattern
from xdsl.rewriter import InsertPoint

from asc_xdsl.dialects.ascendc.base import GM_MEMORY_SPACE, KERNEL_ATTR
from asc_xdsl.dialects.emitasc import KernelArgAttr
from asc_xdsl.dialects.fast_build import append_op, init_op
from asc_xdsl.dialects.interned import array_attr, function_type
from asc_xdsl.transforms.detect_kernel_type import sets_up_matmul
from asc_xdsl.transforms.ir_walk import region_functions
from asc_xdsl.transforms.kernel_args import (
    EXPLICIT,
    HIDDEN,
    KERNEL_ARG_ATTR,
    MATMUL_CUBE_ONLY_ATTR,
    kernel_type,
    marked_kind,
    param_attrs,
)
from asc_xdsl.transforms.rewriting import rewrite

FFTS_PARAM = "ffts_addr"
FFTS_TYPE = MemRefType(
    IntegerType(64, Signedness.UNSIGNED),
    [DYNAMIC_INDEX],
    memory_space=IntegerAttr(GM_MEMORY_SPACE, 64),
)
CUBE_START_MESSAGE = 0xF21
"""The FFTS config a Matmul kernel's cube core sends on MTE3 when it starts (pyasc)."""


def _with_kind(attrs: DictionaryAttr, kind: str) -> DictionaryAttr:
    if not attrs.data:
        return _marked(kind)  # (most parameters have no other attribute)
    data: dict[str, Attribute] = dict(attrs.data)
    data[KERNEL_ARG_ATTR] = KernelArgAttr(kind)
    return DictionaryAttr(data)


@functools.cache
def _marked(kind: str) -> DictionaryAttr:
    """A parameter's attributes that are only its mark (attributes are immutable: one
    object serves every kernel)."""
    return DictionaryAttr({KERNEL_ARG_ATTR: KernelArgAttr(kind)})


@functools.cache
def _cube_start_message() -> IntegerAttr:
    return IntegerAttr(CUBE_START_MESSAGE, i64)


@functools.cache
def _shapes() -> dict[str, _Shape]:
    """Each op this pass adds, as its constructor makes it (once): the class, result
    types and properties a copy is made with (`_made`)."""
    from asc_xdsl.dialects.ascendc import sync, sysvar
    from asc_xdsl.enums import Pipe

    is_aic = sysvar.AscendIsAICOp()
    config = arith.ConstantOp(_cube_start_message())
    made = {
        "ffts_base": sync.SetFftsBaseAddrOp(Block(arg_types=[FFTS_TYPE]).args[0]),
        "is_aic": is_aic,
        "config": config,
        "send": sync.FftsCrossCoreSyncOp(config, pipe=Pipe.PIPE_MTE3),
        "yield": scf.YieldOp(),
        "if": scf.IfOp(is_aic.results[0], [], [scf.YieldOp()]),
    }
    return {
        key: (type(op), tuple(r.type for r in op.results), dict(op.properties), op.attributes)
        for key, op in made.items()
    }


_Shape = tuple[type[Operation], tuple[Attribute, ...], dict[str, Attribute], dict[str, Attribute]]


def _made(key: str, operands: Sequence[SSAValue] = (), regions: Sequence[Region] = ()) -> Any:
    """A new op shaped as `_shapes()[key]`, with these operands and regions, made
    without the constructor's generic path (`fast_build.init_op`: what the constructor
    ends with, for the same fields; tests/unit/transforms/test_legalize_kernel_args.py
    compares both)."""
    cls, result_types, properties, attributes = _shapes()[key]
    return init_op(
        object.__new__(cls), operands, result_types, properties, regions=regions,
        attributes=attributes,
    )  # fmt: skip


def _send_cube_start(before: Operation, rewriter: PatternRewriter) -> None:
    """`if (ASCEND_IS_AIC) { ffts_cross_core_sync(PIPE_MTE3, 0xf21); }`."""
    is_aic = _made("is_aic")
    config = _made("config")
    body = Block()
    for op in (config, _made("send", config.results), _made("yield")):
        append_op(body, op)
    branch = _made("if", is_aic.results, (Region(body), Region()))
    rewriter.insert([is_aic, branch], InsertPoint.before(before))


class LegalizeKernelArgs(RewritePattern):
    """A kernel's parameters marked, with the hidden ones its kernel type needs."""

    MATCHES = frozenset({"func.func"})

    def __init__(self, module: ModuleOp):
        self.module = module

    @op_type_rewrite_pattern
    def match_and_rewrite(self, kernel: func.FuncOp, rewriter: PatternRewriter) -> None:
        if KERNEL_ATTR in kernel.attributes and kernel.body.blocks:
            legalize(kernel, self.module, rewriter)


def legalize(kernel: func.FuncOp, module: ModuleOp, rewriter: PatternRewriter) -> None:
    attrs = [a if marked_kind(a) else _with_kind(a, EXPLICIT) for a in param_attrs(kernel)]
    block = kernel.body.block
    needed = kernel_type(kernel) in HIDDEN[FFTS_PARAM].kernel_types
    if needed and not any(marked_kind(a) == FFTS_PARAM for a in attrs):
        ffts = rewriter.insert_block_argument(block, len(block.args), FFTS_TYPE)
        ffts.name_hint = FFTS_PARAM
        attrs.append(_marked(FFTS_PARAM))  # (a new parameter: only its mark)
        first = block.first_op
        assert first is not None  # a function body ends with its return
        rewriter.insert(_made("ffts_base", (ffts,)), InsertPoint.before(first))
        if sets_up_matmul(kernel, module) and MATMUL_CUBE_ONLY_ATTR not in module.attributes:
            _send_cube_start(first, rewriter)
        _update_function_type(kernel)
    marked = array_attr(tuple(attrs))
    if kernel.arg_attrs != marked:  # (run again: nothing changes)
        kernel.arg_attrs = marked
        rewriter.notify_op_modified(kernel)


def _update_function_type(kernel: func.FuncOp) -> None:
    """`kernel.update_function_type()`, the type taken from `interned` (the same
    parameters give the same object in every compile)."""
    inputs = tuple(arg.type for arg in kernel.body.block.args)
    ret = kernel.get_return_op()
    outputs = tuple(ret.operand_types) if ret is not None else kernel.function_type.outputs.data
    kernel.properties["function_type"] = function_type(inputs, outputs)


def legalize_kernel_args(op: ModuleOp) -> None:
    """The pass (module docstring): each kernel's parameters as the launcher passes them."""
    rewrite(op, LegalizeKernelArgs(op), find=region_functions, recursive=False)
