"""Textual-IR builders for the cube-core tests: constants, parameter structs, tensors."""

from __future__ import annotations

import numpy as np
import simkit

_SIGNLESS = {"ui8": "i8", "ui16": "i16", "ui32": "i32", "ui64": "i64"}


class IR:
    """Lines of a kernel body, with helpers that name their results."""

    def __init__(self) -> None:
        self.lines: list[str] = []
        self.params: list[str] = []
        self.n = 0

    def name(self, hint: str = "v") -> str:
        self.n += 1
        return f"%{hint}_{self.n}"

    def const(self, value, t: str) -> str:
        """A constant of type t (unsigned ones through a cast, as the frontend does)."""
        r = self.name("c")
        if t == "i1":
            self.lines.append(f"{r} = arith.constant {'true' if value else 'false'}")
            return r
        base = _SIGNLESS.get(t, t)
        if base != t:
            width = int(base[1:])
            if value >= 1 << (width - 1):
                value -= 1 << width
        self.lines.append(f"{r} = arith.constant {value} : {base}")
        if base == t:
            return r
        u = self.name("u")
        self.lines.append(f"{u} = builtin.unrealized_conversion_cast {r} : {base} to {t}")
        return u

    def struct(self, ty: str, fields: list[tuple[object, str]], annot: str = "") -> str:
        names = [self.const(v, t) for v, t in fields]
        types = ", ".join(t for _, t in fields)
        r = self.name("p")
        tail = f" : {types}" if fields else ""
        self.lines.append(f"{r} = ascendc.construct !ascendc.{ty}({', '.join(names)}){annot}{tail}")
        return r

    def gm(self, name: str, t: str) -> str:
        self.params.append(f"%{name}: memref<?x{t}, 22>")
        g = f"%{name}_gm"
        self.lines += [
            f"{g} = ascendc.global_tensor : !ascendc.global_tensor<*x{t}>",
            f"ascendc.global_tensor.set_global_buffer {g}, %{name} : "
            f"!ascendc.global_tensor<*x{t}>, memref<?x{t}, 22>",
        ]
        return g

    def local(self, pos: str, addr: int, count: int, t: str) -> str:
        a, n = self.const(addr, "ui32"), self.const(count, "ui32")
        r = self.name(pos)
        self.lines.append(
            f"{r} = ascendc.local_tensor_v2 {pos}, {a}, {n} : !ascendc.local_tensor<*x{t}>"
        )
        return r

    def sub(self, tensor: str, index: int, t: str) -> str:
        i = self.const(index, "i32")
        r = self.name("s")
        lt = f"!ascendc.local_tensor<*x{t}>"
        self.lines.append(f"{r} = ascendc.local_tensor.subindex {tensor}[{i}] : {lt}, i32, {lt}")
        return r

    def op(self, text: str) -> None:
        """An op, then PipeBarrier<PIPE_ALL>: the tests check numerics, and a kernel
        whose pipes are ordered this way is clean for the race checker."""
        self.lines.append(text)
        self.lines.append("ascendc.pipe_barrier pipe_all")

    def kernel(self):
        body = "\n  ".join(self.lines)
        text = (
            f"func.func @cube_kernel({', '.join(self.params)}) attributes "
            f"{{ascendc.aicore, ascendc.global}} {{\n  {body}\n  return\n}}\n"
        )
        return simkit.kernel(text, "cube_kernel", kernel_type="cube")


def lt(t: str) -> str:
    return f"!ascendc.local_tensor<*x{t}>"


def gt(t: str) -> str:
    return f"!ascendc.global_tensor<*x{t}>"


def nd2nz(ir: IR, dst: str, src: str, t: str, rows: int, cols: int, c0_stride: int) -> None:
    """DataCopy GM (rows x cols, ND) -> L1 Nz with 16-row-aligned column blocks."""
    p = ir.struct(
        "nd2nz_params",
        [
            (1, "ui16"),
            (rows, "ui16"),
            (cols, "ui16"),
            (0, "ui16"),
            (cols, "ui16"),
            (c0_stride, "ui16"),
            (1, "ui16"),
            (0, "ui16"),
        ],
    )
    ir.op(f"ascendc.data_copy_nd2nz {dst}, {src}, {p} : {lt(t)}, {gt(t)}, !ascendc.nd2nz_params")


def load_2d(
    ir: IR,
    dst: str,
    src: str,
    t: str,
    start: int,
    reps: int,
    stride: int,
    gap: int = 0,
    transpose: bool = False,
) -> None:
    p = ir.struct(
        "load_data_2d_params",
        [
            (start, "ui16"),
            (reps, "ui8"),
            (stride, "ui16"),
            (0, "ui8"),
            (gap, "ui16"),
            (transpose, "i1"),
            (0, "ui8"),
        ],
    )
    ir.op(
        f"ascendc.load_data_l0 {dst}, {src}, {p} : {lt(t)}, {lt(t)}, !ascendc.load_data_2d_params"
    )


def ceil(a: int, b: int) -> int:
    return -(-a // b)


def nz_of(mat: np.ndarray, c0: int) -> np.ndarray:
    """The Nz layout of a matrix (rows padded to 16, columns to c0), flattened."""
    r, c = mat.shape
    r1, c1 = ceil(r, 16), ceil(c, c0)
    pad = np.zeros((r1 * 16, c1 * c0), mat.dtype)
    pad[:r, :c] = mat
    return pad.reshape(r1 * 16, c1, c0).transpose(1, 0, 2).reshape(-1)
