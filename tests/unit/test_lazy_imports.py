"""What a cold start loads (docs/performance.md, "Cold start"): `import asc_xdsl` and a
vector add's first compile leave out the parts of the package a kernel that does not use
them never needs. One fresh process (what is loaded is process-wide)."""

from __future__ import annotations

import importlib
import json
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from asc_xdsl.runtime import tensors

jit = importlib.import_module("asc_xdsl.frontend.jit")  # (the package's `jit` is the decorator)

ROOT = Path(__file__).resolve().parents[1].parent

PROGRAM = """
import sys
import asc_xdsl as asc
imported = set(sys.modules)
sys.path.insert(0, "examples")
import numpy as np
import vector_add as m
x = np.zeros(2048, np.float32)
m.vadd_kernel.compile(x, x, x, 1024, 256, block_dim=2, always_compile=True).asm["ascendc"]
compiled = sorted(sys.modules)
from asc_xdsl.dialects.ascendc import family_dtypes
from asc_xdsl.language.core.types import STRUCT_CLASSES  # (after: the facts' own import)
made = sorted(STRUCT_CLASSES._made)
forms = [f for c in STRUCT_CLASSES.values() for f in c._FORMS]
import json
print(json.dumps({
    "imported": sorted(imported),
    "compiled": compiled,
    "signatures": [f.struct for f in forms if f._signature is not None],
    "forms": len(forms),
    "struct_classes": made,
    "family_tables": family_dtypes._family_dtypes.cache_info().currsize,
}))
"""

LAZY = {
    # the Reg layer of Ascend 950 (`asc.reg`, `@asc.vf`) and its types, enums and ops
    "asc_xdsl.language.reg",
    "asc_xdsl.dialects.reg_enums",
    "asc_xdsl.dialects.ascendc.reg",
    "asc_xdsl.dialects.ascendc.reg_types",
    "asc_xdsl.dialects.ascendc.reg_address_types",
    # the advanced APIs (`asc.adv`) and the AIPP records (`asc.AippParams`, ...)
    "asc_xdsl.language.adv",
    "asc_xdsl.language.core.aipp_types",
    # a launch's (the compile's arguments are numpy arrays and ints: `jit._is_array`)
    "asc_xdsl.runtime.tensors",
    # nothing is logged unless asked (`log._Quiet`)
    "logging",
    # passes the vector add's pipeline does not run, asked only for facts
    # (`pipeline.module_facts`: `loop_facts`; the cube-only mark: `kernel_args`)
    "asc_xdsl.transforms.licm",
    "asc_xdsl.transforms.define_cube_only",
    # sccp's solver and rewrite (its change scan is `sccp_scan`'s), and what they use
    "asc_xdsl.transforms.sccp",
    "asc_xdsl.transforms.symbol_dce",
    # xDSL's pass table (`pipeline._pipeline` makes a pipeline of our passes alone
    # without it)
    "xdsl.transforms",
    # xDSL's pass machinery and option parser (the default pipeline's passes run as their
    # functions, `registry.PASS_FUNCTIONS`), and the classes of those passes
    "xdsl.passes",
    "xdsl.utils.arg_spec",
    "asc_xdsl.transforms.plain_passes",
    "asc_xdsl.transforms.plain_pass",
    # the hand-written ops' modules (`ascendc.LAZY_OPS`: printf, construct, __VEC_SCOPE__;
    # the printer handles them by name)
    "asc_xdsl.dialects.ascendc.construct",
    "asc_xdsl.dialects.ascendc.debug",
    "asc_xdsl.dialects.ascendc.reg_scope",
    # enums the vector add never names (`asc_xdsl.enums._LAZY`, the language's struct enums)
    "asc_xdsl.enums.vector",
    "asc_xdsl.enums.sync",
    "asc_xdsl.enums.conversion",
    "asc_xdsl.enums.memory",
    "asc_xdsl.enums.cache_atomic",
    "asc_xdsl.language.core.struct_enums",
    # the Matmul types (`ascendc.LAZY_TYPES`, `LAZY_ATTRS`) and their enums
    "asc_xdsl.dialects.ascendc.adv_types",
    "asc_xdsl.enums.matmul",
    # pyasc's option records (`asc.CompileOptions`, ...: the JIT reads their defaults
    # from `frontend/option_defaults.py`)
    "asc_xdsl.frontend.options",
    # the op index (the spec functions name their families: `fixpipe`'s is made on
    # first call) and the struct field table (read when a struct type is first made)
    "asc_xdsl.dialects.ascendc_op_index",
    "asc_xdsl.dialects.ascendc.struct_fields",
    # Ascend 950's low-precision float types (`ascendc.LAZY_TYPES`)
    "asc_xdsl.dialects.ascendc.fp8_types",
    # Ascend 950's dtype, operand and constructor tables (`family_dtypes` reads them
    # when a module for another family is verified)
    "asc_xdsl.dialects.ascendc.family_3510",
    "asc_xdsl.dialects.ascendc.family_3510_probed",
    # the sync family (the printer handles `set_ffts_base_addr` by name; the block
    # index is `sysvar`'s)
    "asc_xdsl.dialects.ascendc.sync",
    # Python-defined structs (the JIT asks `Struct` only once its module is loaded)
    "asc_xdsl.language.core.struct",
    # the emitters that keep their own rows (Reg, SIMT: merged when one of their ops
    # is first printed or `emitters.EMITTERS` is first read)
    "asc_xdsl.backends.ascendc.emitters.reg_address",
    "asc_xdsl.backends.ascendc.emitters.reg_arith",
    "asc_xdsl.backends.ascendc.emitters.simt",
    # the disk cache's JSON (a compile that bypasses the cache reads and writes none)
    "json",
    # the language's modules a kernel loads when it first names one of their names
    # (`core._LAZY`, `basic._MODULES`): the parameter structs, `Property`, `inline`,
    # `LocalMemAllocator`, `LocalTensorAuto`, the sync flags, `TensorDesc`, AIPP's setter
    "asc_xdsl.language.core.types",
    "asc_xdsl.language.core.properties",
    "asc_xdsl.language.core.ops",
    "asc_xdsl.language.core.memory_allocator",
    "asc_xdsl.language.core.local_tensor_auto",
    "asc_xdsl.language.basic.block_sync",
    "asc_xdsl.language.basic.list_tensor",
    "asc_xdsl.language.basic.common",
    "asc_xdsl.language.basic.mmad_bit_mode",
    # the checks of the vector ops beyond their specs (`vector_checks`: loaded with the
    # first deferred row that needs one; `vec_forms`' classes with it)
    "asc_xdsl.dialects.ascendc.vector_checks",
    "asc_xdsl.dialects.ascendc.vec_forms",
}
"""Modules neither `import asc_xdsl` nor a vector add's compile (its Ascend C printed)
loads."""


def test_the_lazy_names_are_their_modules_own() -> None:
    """Each level of the package (`asc`, `asc.language`, `asc.language.core`) gives the
    AIPP records, `adv`, `reg` and `vf` (loaded on first use) as their modules do."""
    import asc_xdsl as asc
    from asc_xdsl.language import adv, core, reg
    from asc_xdsl.language.core import aipp_types

    assert core._aipp_all == aipp_types.__all__
    for name in aipp_types.__all__:
        cls = getattr(aipp_types, name)
        assert getattr(core, name) is getattr(asc.language, name) is getattr(asc, name) is cls
        assert name in asc.__all__ and name in dir(asc) and name in dir(core)
    assert asc.adv is adv and asc.reg is reg and asc.vf is reg.vf is asc.language.vf


def test_the_language_s_lazy_modules_give_their_own_names_whatever_loaded_first() -> None:
    """`core` and `basic` load some modules when one of their names is first asked for
    (`core._LAZY`, `basic._MODULES`); each name is its module's object at every level,
    and a module imported directly first (which binds the package's attribute of its
    own name) changes none of them. One fresh process per order."""
    code = """
import importlib, sys
import asc_xdsl as asc
from asc_xdsl.language import basic, core
first = sys.argv[1]
if first != "-":
    importlib.import_module(first)  # (as another module would, before any name is asked)
lazy = {**{n: m for n, m in core._LAZY.items()},
        **{n: f"asc_xdsl.language.basic.{m}" for n, m in basic._MODULES.items()}}
for name, module in lazy.items():
    own = getattr(importlib.import_module(module), name)
    owner = core if name in core._LAZY else basic
    assert getattr(owner, name) is getattr(asc.language, name) is getattr(asc, name) is own, name
    assert name in dir(owner) and name in owner.__all__, name
from asc_xdsl.language.core import properties, types
assert core._types_all == types.__all__ and core._properties_all == properties.__all__
print("ok")
"""
    modules = ["-", "asc_xdsl.language.core.types", "asc_xdsl.language.basic.block_sync"]
    for first in modules:
        out = subprocess.run(
            [sys.executable, "-c", code, first], capture_output=True, text=True, cwd=ROOT
        )
        assert out.stdout.strip() == "ok", (first, out.stderr[-2000:])


def _enum_classes(module: object) -> set[str]:
    """The names of the enum classes `module` defines (not those it imports)."""
    import enum

    return {
        name
        for name, value in vars(module).items()
        if isinstance(value, enum.EnumType)
        and value.__module__ == module.__name__  # type: ignore[attr-defined]
        and not name.startswith("_")
    }


def test_every_enum_name_is_its_one_class_at_every_level() -> None:
    """The enums made when first named: `asc_xdsl.enums` gives every one of `__all__`
    (those of `_LAZY` from their submodule), the dialect's and the language's enum
    modules and `asc`, `asc.language`, `asc.language.core` give the same classes, and a
    member pickles by its class's module."""
    import pickle

    import asc_xdsl as asc
    from asc_xdsl import enums
    from asc_xdsl.dialects.ascendc import enums as dialect_enums
    from asc_xdsl.language import core
    from asc_xdsl.language.core import enums as core_enums
    from asc_xdsl.language.core import struct_enums

    for module in set(enums._LAZY.values()):
        sub = importlib.import_module(f"asc_xdsl.enums.{module}")
        assert {n for n, m in enums._LAZY.items() if m == module} == _enum_classes(sub)
    assert sorted(enums.__all__) == sorted([*_enum_classes(enums), *enums._LAZY])
    for name in enums.__all__:
        cls = getattr(enums, name)
        assert issubclass(cls, enums.AscEnum) and cls.__name__ == name
        if name in dialect_enums.__all__:
            assert getattr(dialect_enums, name) is cls
    assert _enum_classes(struct_enums) == core_enums._STRUCT_ENUMS
    for name in core_enums.__all__:
        cls = getattr(core_enums, name)
        if name in core_enums._FROM_ENUMS:
            assert cls is getattr(enums, core_enums._FROM_ENUMS[name])
        else:
            assert cls.__module__ in (core_enums.__name__, struct_enums.__name__), name
        assert getattr(core, name) is getattr(asc.language, name) is getattr(asc, name) is cls
        assert name in dir(asc) and name in dir(core) and name in dir(core_enums)
        member = next(iter(cls))
        assert pickle.loads(pickle.dumps(member)) is member
    assert core_enums.PipeID is enums.Pipe


def test_a_vector_add_loads_only_what_it_uses() -> None:
    out = subprocess.run(
        [sys.executable, "-c", PROGRAM], capture_output=True, text=True, cwd=ROOT, check=False
    )
    assert out.returncode == 0, out.stderr[-4000:]
    facts = json.loads(out.stdout.splitlines()[-1])
    assert "xdsl" not in facts["imported"]  # (a disk-cache hit needs no xDSL)
    compiled = set(facts["compiled"])
    assert not LAZY & compiled, sorted(LAZY & compiled)
    # the parameter structs' signatures are made when a kernel first builds one (it builds none)
    assert facts["forms"] > 30 and facts["signatures"] == []
    # and their classes when first named (none: fixpipe's FixpipeConfig default is made
    # when fixpipe is first called or its forms read)
    assert facts["struct_classes"] == []
    # the other SoC families' dtype tables when a module for one is verified
    assert facts["family_tables"] == 0


@pytest.mark.parametrize(
    "value",
    [
        np.zeros(4, np.float16),
        np.zeros((2, 3), np.int8),
        np.zeros((), np.float32),
        np.float32(1.5),
        np.ma.zeros(3),
        3,
        2.5,
        True,
        [1.0, 2.0],
    ],
    ids=repr,
)
def test_the_compile_s_own_tensor_tests_agree_with_the_runtime_s(value) -> None:
    """`jit._is_array` and `jit._tensor_dtype` answer numpy arrays and Python numbers
    without `runtime.tensors`, and as it does."""
    assert jit._is_array(value) == tensors.is_tensor(value)
    if tensors.is_tensor(value):
        assert jit._tensor_dtype(value) == tensors.tensor_dtype(value)
