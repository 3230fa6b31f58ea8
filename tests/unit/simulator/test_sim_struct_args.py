"""Structs defined in Python (`asc.language.core.struct`) as kernel parameters on the
simulator: the C layout of nested structs (padding after an int8, a float member),
nested members read and written, and a kernel-built struct whose nested member was
not given reads zeros."""

import numpy as np

import asc_xdsl as asc
from asc_xdsl.language.core.dtype import KnownTypes as KT
from asc_xdsl.language.core.struct import Field, Struct, StructField


class Inner(Struct):
    a = Field(dtype=KT.int32, default=0)
    b = Field(dtype=KT.int16, default=0)


class Outer(Struct):
    flag = Field(dtype=KT.int8, default=0)
    inner = StructField(Inner)
    scale = Field(dtype=KT.float32, default=0.0)
    tail = StructField(Inner)


@asc.jit
def read_struct(x: asc.GlobalAddress, cfg: Outer):
    g = asc.GlobalTensor()
    g.set_global_buffer(x)
    g[0] = cfg.flag
    g[1] = cfg.inner.a
    g[2] = cfg.inner.b
    g[3] = cfg.tail.a + cfg.tail.b
    cfg.tail.a = 100
    g[4] = cfg.tail.a
    built = Outer(flag=3)
    g[5] = built.inner.a + built.flag
    g[6] = cfg.scale * 4.0


def test_nested_struct_parameter_on_the_simulator():
    cfg = Outer(flag=-2, inner=Inner(a=70000, b=-3), scale=2.5, tail=Inner(a=5, b=6))
    x = np.zeros(8, np.int32)
    read_struct[1](x, cfg, backend="cpu")
    assert x[:7].tolist() == [-2, 70000, -3, 11, 100, 3, 10]
