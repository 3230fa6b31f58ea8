"""Helpers of the simulator tests: parse IR text into a CompiledKernel and run it."""

from __future__ import annotations

from pathlib import Path

from xdsl.context import Context
from xdsl.dialects import func
from xdsl.dialects.builtin import ModuleOp
from xdsl.parser import Parser

from asc_xdsl.frontend.ir_context import make_context
from asc_xdsl.runtime.kernel import CompiledKernel

ROOT = Path(__file__).resolve().parents[3]


def context() -> Context:
    return make_context()


def parse(text: str) -> ModuleOp:
    module = Parser(context(), text).parse_module()
    module.verify()
    return module


def kernel(text: str, name: str | None = None, kernel_type: str = "vector") -> CompiledKernel:
    module = parse(text)
    if name is None:
        names = [
            op.sym_name.data
            for op in module.ops
            if isinstance(op, func.FuncOp) and "ascendc.global" in op.attributes
        ]
        name = names[0]
    return CompiledKernel(name=name, module=module, kernel_type=kernel_type)


def kernel_file(path: str, name: str | None = None) -> CompiledKernel:
    return kernel((ROOT / path).read_text(), name)


def mlir_type(dtype) -> str:
    import numpy as np

    if dtype == "bf16":
        return "bf16"
    d = np.dtype(dtype)
    return {
        "float16": "f16",
        "float32": "f32",
        "int16": "i16",
        "int32": "i32",
        "uint16": "ui16",
        "uint32": "ui32",
        "int8": "i8",
        "uint8": "ui8",
        "int64": "i64",
        "uint64": "ui64",
    }[d.name]


def _handoff(*events: str) -> list[str]:
    """SetFlag/WaitFlag pairs (event id 0) that order one pipe's accesses before
    another's, as the hardware needs between a copy and the ops that use its data."""
    lines = ["%handoff_ev = arith.constant 0 : i32"]
    for ev in events:
        lines += [
            f"ascendc.set_flag {ev}, %handoff_ev : i32",
            f"ascendc.wait_flag {ev}, %handoff_ev : i32",
        ]
    return lines


# Copies in (MTE2) before the body's vector and scalar ops; the body's vector, scalar and
# GM -> UB copies before the copies out (MTE3).
AFTER_COPY_IN = ("mte2_v", "mte2_s")
BEFORE_COPY_OUT = ("v_mte3", "s_mte3", "mte2_mte3")


def op_kernel(
    body: str,
    inputs: list,
    outputs: list,
    scalars: list[str] = (),
    capacity: int = 4096,
    dtypes_alias: dict | None = None,
) -> CompiledKernel:
    """A kernel that copies each input array into a UB TBuf `%in<i>`, runs `body`, and
    copies each output TBuf `%out<j>` back. Each buffer has `capacity` bytes; the
    kernel's last parameters are the scalars `%s<k>` then `%n : i32`.

    `body` may use `%in0`.., `%out0`.., `%s0`.., `%n` and `%T_in0`-style type names
    are not needed: use `{lt_in0}` etc. placeholders, which are substituted.
    """
    params, lines, subs = [], [], {}
    lines.append("%pipe = ascendc.pipe")
    bufs = [("in", i, d) for i, d in enumerate(inputs)] + [
        ("out", j, d) for j, d in enumerate(outputs)
    ]
    for kind, i, d in bufs:
        t = mlir_type(d)
        name = f"{kind}{i}"
        import numpy as np

        count = capacity // (2 if d == "bf16" else np.dtype(d).itemsize)
        lt, gt = f"!ascendc.local_tensor<*x{t}>", f"!ascendc.global_tensor<*x{t}>"
        subs[f"lt_{name}"], subs[f"gt_{name}"], subs[f"t_{name}"] = lt, gt, t
        params.append(f"%{name}_gm_ptr: memref<?x{t}, 22>")
        lines += [
            f"%{name}_buf = ascendc.tbuf : !ascendc.tbuf<veccalc>",
            f"%{name}_bytes = arith.constant {capacity} : i32",
            f"%{name}_count = arith.constant {count} : i32",
            f"ascendc.pipe.init_buffer %pipe, %{name}_buf, %{name}_bytes : !ascendc.tbuf<veccalc>, i32",
            f"%{name} = ascendc.tbuf.get_tensor %{name}_buf : !ascendc.tbuf<veccalc>, {lt}",
            f"%{name}_gm = ascendc.global_tensor : {gt}",
            f"ascendc.global_tensor.set_global_buffer %{name}_gm, %{name}_gm_ptr : {gt}, memref<?x{t}, 22>",
        ]
        if kind == "in":
            lines.append(
                f"ascendc.data_copy_l2 %{name}, %{name}_gm, %{name}_count : {lt}, {gt}, i32"
            )
    for k, st in enumerate(scalars):
        params.append(f"%s{k}: {st}")
    params.append("%n: i32")
    lines += _handoff(*AFTER_COPY_IN)
    lines += [line.strip() for line in body.format(**subs).strip().splitlines()]
    lines += _handoff(*BEFORE_COPY_OUT)[1:]
    for kind, i, _ in bufs:
        if kind == "out":
            name = f"out{i}"
            lines.append(
                f"ascendc.data_copy_l2 %{name}_gm, %{name}, %{name}_count : {subs['gt_' + name]}, "
                f"{subs['lt_' + name]}, i32"
            )
    text = (
        f"func.func @op_kernel({', '.join(params)}) attributes {{ascendc.aicore, ascendc.global}} {{\n  "
        + "\n  ".join(lines)
        + "\n  return\n}\n"
    )
    return kernel(text, "op_kernel")


def inout_kernel(body: str, dtypes: list, scalars: list[str] = (), capacity: int = 4096):
    """A kernel whose UB buffers `%b0`, `%b1`, .. (one per dtype, `capacity` bytes each)
    are copied in from GM arrays, changed by `body`, and all copied back, so a test sees
    what an op wrote and what it left alone. The kernel's parameters are the arrays then
    the scalars `%s0`, `%s1`, ..; `{t0}`, `{lt0}`, .. in `body` are the buffers' element
    and local tensor types.
    """
    import numpy as np

    params, lines, subs = [], ["%pipe = ascendc.pipe"], {}
    for i, d in enumerate(dtypes):
        t = mlir_type(d)
        count = capacity // (2 if d == "bf16" else np.dtype(d).itemsize)
        lt, gt = f"!ascendc.local_tensor<*x{t}>", f"!ascendc.global_tensor<*x{t}>"
        subs[f"t{i}"], subs[f"lt{i}"] = t, lt
        params.append(f"%g{i}: memref<?x{t}, 22>")
        lines += [
            f"%q{i} = ascendc.tbuf : !ascendc.tbuf<veccalc>",
            f"%bytes{i} = arith.constant {capacity} : i32",
            f"%count{i} = arith.constant {count} : i32",
            f"ascendc.pipe.init_buffer %pipe, %q{i}, %bytes{i} : !ascendc.tbuf<veccalc>, i32",
            f"%b{i} = ascendc.tbuf.get_tensor %q{i} : !ascendc.tbuf<veccalc>, {lt}",
            f"%gt{i} = ascendc.global_tensor : {gt}",
            f"ascendc.global_tensor.set_global_buffer %gt{i}, %g{i} : {gt}, memref<?x{t}, 22>",
            f"ascendc.data_copy_l2 %b{i}, %gt{i}, %count{i} : {lt}, {gt}, i32",
        ]
    for k, st in enumerate(scalars):
        params.append(f"%s{k}: {st}")
    for name, value in subs.items():
        body = body.replace("{" + name + "}", value)
    lines += _handoff(*AFTER_COPY_IN)
    lines += [line.strip() for line in body.strip().splitlines()]
    lines += _handoff(*BEFORE_COPY_OUT)[1:]
    for i in range(len(dtypes)):
        t = subs[f"t{i}"]
        lines.append(
            f"ascendc.data_copy_l2 %gt{i}, %b{i}, %count{i} : !ascendc.global_tensor<*x{t}>, "
            f"{subs[f'lt{i}']}, i32"
        )
    text = (
        f"func.func @inout_kernel({', '.join(params)}) attributes "
        "{ascendc.aicore, ascendc.global} {\n  " + "\n  ".join(lines) + "\n  return\n}\n"
    )
    return kernel(text, "inout_kernel")
