"""Structs defined in Python (`asc.language.core.struct`, pyasc's Struct/Field/
StructField): host records and their C bytes, kernel parameters (a GM pointer to the
bytes, copied once), field reads and writes in kernels (nested writes written back),
structs built in kernels; the Ascend C declares each struct once."""

import numpy as np
import pytest

import asc_xdsl as asc
from asc_xdsl.language.core.dtype import KnownTypes as KT
from asc_xdsl.language.core.struct import Field, Struct, StructField


class BlockConfig(Struct):
    block_length = Field(dtype=KT.int32, default=0)


class TileConfig(Struct):
    tile_length = Field(dtype=KT.int32, default=0)
    tile_num = Field(dtype=KT.int32, default=0)


class KernelConfig(Struct):
    flag = Field(dtype=KT.int8, default=1)
    block = StructField(BlockConfig)
    tile = StructField(TileConfig)
    scale = Field(dtype=KT.float32, default=0.5, name="scaleValue")


def test_host_records_and_their_c_bytes():
    cfg = KernelConfig(block=BlockConfig(block_length=3), tile=TileConfig(tile_num=6))
    assert cfg.block.block_length == 3 and cfg.tile.tile_length == 0 and cfg.scale == 0.5
    cfg.tile.tile_length = 4
    cfg.flag = 2
    data = cfg.pack()
    # int8 flag, 3 bytes of padding, then the int32 members and the float (C layout)
    assert len(data) == 20
    assert data[0] == 2 and data[1:4] == b"\0\0\0"
    assert np.frombuffer(data[4:16], np.int32).tolist() == [3, 4, 6]
    assert np.frombuffer(data[16:], np.float32).tolist() == [0.5]


def test_host_errors():
    with pytest.raises(TypeError, match="TileConfig has no field 'tiles'"):
        TileConfig(tiles=1)
    with pytest.raises(TypeError, match=r"TileConfig.tile_num is a int32, got 1.5"):
        TileConfig(tile_num=1.5)

    class NoDefault(Struct):
        n = Field(dtype=KT.int32)

    with pytest.raises(TypeError, match="field 'n' has no default"):
        NoDefault()
    with pytest.raises(TypeError, match="must have at least one field"):

        class Empty(Struct):
            pass


@asc.jit
def struct_kernel(x: asc.GlobalAddress, cfg: KernelConfig):
    g = asc.GlobalTensor()
    g.set_global_buffer(x)
    g[0] = cfg.block.block_length
    g[1] = cfg.tile.tile_length * cfg.tile.tile_num
    t = TileConfig(tile_num=5)
    t.tile_length = 7
    g[2] = t.tile_num + t.tile_length
    cfg.tile.tile_num = 11
    g[3] = cfg.tile.tile_num


def test_struct_parameter_fields_and_structs_built_in_kernels():
    cfg = KernelConfig(block=BlockConfig(block_length=3))
    compiled = struct_kernel.compile(np.zeros(8, np.int32), cfg, always_compile=True)
    ir, cpp = compiled.asm["ir"], compiled.asm["ascendc"]
    assert (
        '%cfg: memref<?x!emitasc.py_struct<"KernelConfig", [i8, !emitasc.py_struct<'
        '"BlockConfig", [i32], ["block_length"]>, !emitasc.py_struct<"TileConfig", [i32, '
        'i32], ["tile_length", "tile_num"]>, f32], ["flag", "block", "tile", "scaleValue"]>'
    ) in ir
    for text in (
        # each struct declared once, the fields' structs first
        "struct BlockConfig {\n  int32_t block_length;\n};\n",
        "struct KernelConfig {\n  int8_t flag;\n  BlockConfig block;\n  TileConfig tile;\n"
        "  float scaleValue;\n};\n",
        "void struct_kernel(__gm__ int32_t* x, __gm__ KernelConfig* cfg) {\n",
        # built in the kernel: every field set, given or default (as on the host)
        "  TileConfig t;\n  t.tile_length = c0_i32;\n  t.tile_num = c5_i32;\n"
        "  t.tile_length = c7_i32;\n",
        # a nested field is set on a copy that is written back
        "  v11.tile_num = c11_i32;\n  cfg_local.tile = v11;\n",
    ):
        assert text in cpp, text
    assert cpp.count("struct TileConfig {") == 1


def test_struct_layout_is_part_of_the_cache_key():
    class Cfg(Struct):
        n = Field(dtype=KT.int32, default=0)

    @asc.jit
    def kernel(x: asc.GlobalAddress, cfg):
        g = asc.GlobalTensor()
        g.set_global_buffer(x)
        g[0] = cfg.n

    first = kernel.compile(np.zeros(8, np.int32), Cfg())

    class Cfg(Struct):  # (the same name, another layout)
        n = Field(dtype=KT.int16, default=0)

    second = kernel.compile(np.zeros(8, np.int32), Cfg())
    assert first is not second
    assert "int16_t n;" in second.asm["ascendc"] and "int32_t n;" in first.asm["ascendc"]


@asc.jit
def struct_bad_field(x: asc.GlobalAddress, cfg: TileConfig):
    g = asc.GlobalTensor()
    g.set_global_buffer(x)
    g[0] = cfg.tiles


@asc.jit
def struct_wrong_member_type(x: asc.GlobalAddress, cfg: KernelConfig):
    cfg.tile = BlockConfig(block_length=1)


@pytest.mark.parametrize(
    ("kernel", "arg", "message"),
    [
        (struct_bad_field, TileConfig(), "a runtime TileConfig has no attribute 'tiles'"),
        (struct_wrong_member_type, KernelConfig(), "KernelConfig.tile must be a TileConfig"),
    ],
)
def test_kernel_errors_are_located(kernel, arg, message):
    with pytest.raises(asc.CompileError, match=message) as e:
        kernel.compile(np.zeros(8, np.int32), arg, always_compile=True)
    assert "test_struct.py:" in str(e.value)
