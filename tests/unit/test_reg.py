"""The Reg layer (Ascend 950): each op's numerics on the simulator against numpy, the
verifier's located refusals, the alignment rule, the Python API.

Round trip and emission of every Reg op are `test_spec_ops.py`'s (it covers every spec
op); the C++ of every op's sample is header-checked by `tools/check_headers.py --specs
--arch 3510`, and whole samples by `tools/reg_samples.py`.
"""

from __future__ import annotations

import numpy as np
import pytest
from xdsl.parser import Parser
from xdsl.utils.exceptions import VerifyException

from asc_xdsl.frontend.ir_context import make_context
from asc_xdsl.runtime.kernel import CompiledKernel
from asc_xdsl.runtime.simulator.backend import CpuSimulatorBackend

SOC = "Ascend950PR_9599"
N = 64  # f32 / i32 elements of one register
PTR = "memref<?x{t}, 26 : i64>"
R = "!ascendc.reg_tensor<{t}>"
M = "!ascendc.mask_reg"


def _kernel(vf_body: str, t: str = "f32", out_t: str | None = None, soc: str = SOC) -> str:
    """A module whose kernel copies x and y (N elements of `t`) to UB, calls @vf(x, y, z)
    and copies z (4 * N elements of `out_t`) back. `vf_body` is @vf's body."""
    out_t = out_t or t
    p, q = PTR.format(t=t), PTR.format(t=out_t)
    lt, lo = f"!ascendc.local_tensor<*x{t}>", f"!ascendc.local_tensor<*x{out_t}>"
    gt, go = f"!ascendc.global_tensor<*x{t}>", f"!ascendc.global_tensor<*x{out_t}>"
    lines = []
    for name, l_t, g_t, e in (("x", lt, gt, t), ("y", lt, gt, t), ("z", lo, go, out_t)):
        lines += [
            f"%{name}q = ascendc.tbuf : !ascendc.tbuf<veccalc>",
            f"ascendc.pipe.init_buffer %pipe, %{name}q, %bytes : !ascendc.tbuf<veccalc>, i32",
            f"%{name}l = ascendc.tbuf.get_tensor %{name}q : !ascendc.tbuf<veccalc>, {l_t}",
            f"%{name}g = ascendc.global_tensor : {g_t}",
            f"ascendc.global_tensor.set_global_buffer %{name}g, %{name}gm : {g_t}, memref<?x{e}, 22>",
            f"ascendc.data_copy_l2 %{name}l, %{name}g, %count : {l_t}, {g_t}, i32",
            f"%{name}p = ascendc.reg.ub_ptr %{name}l, %c0 : {l_t}, i32 -> {PTR.format(t=e)}",
        ]
    body = "\n    ".join(lines)
    return f"""builtin.module attributes {{ascendc.soc = "{soc}"}} {{
  func.func @vf(%x: {p}, %y: {p}, %z: {q}) attributes {{ascendc.vf}} {{
    %c0 = arith.constant 0 : i32
    {vf_body}
    func.return
  }}
  func.func @k(%xgm: memref<?x{t}, 22>, %ygm: memref<?x{t}, 22>, %zgm: memref<?x{out_t}, 22>) attributes {{ascendc.aicore, ascendc.global}} {{
    %pipe = ascendc.pipe
    %bytes = arith.constant 1024 : i32
    %count = arith.constant 256 : i32
    %c0 = arith.constant 0 : i32
    {body}
    %ev = arith.constant 0 : i32
    ascendc.set_flag mte2_v, %ev : i32
    ascendc.wait_flag mte2_v, %ev : i32
    ascendc.reg.vf_call(%xp, %yp, %zp : {p}, {p}, {q}) {{callee = @vf}}
    ascendc.set_flag v_mte3, %ev : i32
    ascendc.wait_flag v_mte3, %ev : i32
    ascendc.data_copy_l2 %zg, %zl, %count : {go}, {lo}, i32
    func.return
  }}
}}
"""


def _run(text: str, x, y, z):
    module = Parser(make_context(), text).parse_module()
    module.verify()
    kernel = CompiledKernel(name="k", module=module, kernel_type="vector")
    CpuSimulatorBackend().launch(kernel, 1, [x, y, z], platform=SOC, uninit="off")
    return z


def _ops_body(t: str, ops: list[tuple[str, str]]) -> str:
    """Loads a, b from x, y; full mask %m and half mask %h; each (name, line) op's
    result %<name> stored at z + 64 * i (64 elements of 4 bytes: one register)."""
    r = R.format(t=t)
    p = PTR.format(t=t)
    lines = [
        f"%a = ascendc.reg.load_align %x, %c0 : {p}, i32 -> {r}",
        f"%b = ascendc.reg.load_align %y, %c0 : {p}, i32 -> {r}",
        f"%m = ascendc.reg.create_mask {{dtype = {t}, pattern = 0 : i32}} : () -> {M}",
        f"%h = ascendc.reg.create_mask {{dtype = {t}, pattern = 12 : i32}} : () -> {M}",
        # the scalars of the scalar ops
        *(
            f"%{n} = arith.constant {v if t.startswith('f') else int(v)} : {t}"
            for n, v in (("s", 1.5), ("s2", 3.0), ("s3", 0.5))
        ),
    ]
    for i, (name, line) in enumerate(ops):
        lines.append(line.format(r=r, p=p, M=M, t=t))
        lines.append(f"%off{i} = arith.constant {i * N} : i32")
        lines.append(f"ascendc.reg.store_align %z, %off{i}, %{name}, %m : {p}, i32, {r}, {M}")
    return "\n    ".join(lines)


def _binary(op: str) -> tuple[str, str]:
    return op, f"%{op} = ascendc.reg.{op} %a, %b, %h : {{r}}, {{r}}, {{M}} -> {{r}}"


def _unary(op: str) -> tuple[str, str]:
    return op, f"%{op} = ascendc.reg.{op} %a, %h : {{r}}, {{M}} -> {{r}}"


HALF = np.arange(N) < N // 2  # MaskPattern.H: the first half


def _masked_by_h(line: str) -> bool:
    """Whether the op of a table line (its last line) takes the half mask %h."""
    return "%h" in line.rsplit("\n", 1)[-1].split(":")[0].replace(",", " ").split()


F32_OPS = [
    (_binary("add"), lambda a, b: a + b),
    (_binary("sub"), lambda a, b: a - b),
    (_binary("mul"), lambda a, b: a * b),
    (_binary("div"), lambda a, b: a / b),
    (_binary("max"), np.maximum),
    (_binary("min"), np.minimum),
    (_binary("abs_sub"), lambda a, b: np.abs(a - b)),
    (_binary("prelu"), lambda a, b: np.where(a >= 0, a, a * b)),
    (_unary("abs"), lambda a, b: np.abs(a)),
    (_unary("neg"), lambda a, b: -a),
    (_unary("exp"), lambda a, b: np.exp(a)),
    (_unary("ln"), lambda a, b: np.log(a)),
    (_unary("log2"), lambda a, b: np.log2(a)),
    (_unary("log10"), lambda a, b: np.log10(a)),
    (_unary("sqrt"), lambda a, b: np.sqrt(a)),
    (_unary("relu"), lambda a, b: np.maximum(a, 0)),
    (_unary("move"), lambda a, b: a),
    (
        ("adds", "%adds = ascendc.reg.adds %a, %s, %h : {r}, f32, {M} -> {r}"),
        lambda a, b: a + np.float32(1.5),
    ),
    (
        ("muls", "%muls = ascendc.reg.muls %a, %s2, %h : {r}, f32, {M} -> {r}"),
        lambda a, b: a * 3,
    ),
    (
        ("maxs", "%maxs = ascendc.reg.maxs %a, %s3, %h : {r}, f32, {M} -> {r}"),
        lambda a, b: np.maximum(a, 0.5),
    ),
    (
        ("mins", "%mins = ascendc.reg.mins %a, %s3, %h : {r}, f32, {M} -> {r}"),
        lambda a, b: np.minimum(a, 0.5),
    ),
    (
        ("leaky_relu", "%leaky_relu = ascendc.reg.leaky_relu %a, %s3, %h : {r}, f32, {M} -> {r}"),
        lambda a, b: np.where(a >= 0, a, a * 0.5),
    ),
    (
        ("duplicate", "%duplicate = ascendc.reg.duplicate %s2, %h : f32, {M} -> {r}"),
        lambda a, b: np.full(N, 3, np.float32),
    ),
    (
        (
            "select",
            "%gt = ascendc.reg.compare %a, %b, %m {{cmpMode = 1 : i64}} : {r}, {r}, {M} -> {M}\n"
            "    %select = ascendc.reg.select %a, %b, %gt : {r}, {r}, {M} -> {r}",
        ),
        lambda a, b: np.maximum(a, b),
    ),
    (
        (
            "sel2",
            "%le = ascendc.reg.compares %a, %s3, %m {{cmpMode = 3 : i64}} : {r}, f32, {M} -> {M}\n"
            "    %sel2 = ascendc.reg.select %a, %b, %le : {r}, {r}, {M} -> {r}",
        ),
        lambda a, b: np.where(a <= 0.5, a, b),
    ),
    (
        (
            "reduce",
            "%reduce = ascendc.reg.reduce %a, %m {{reduceType = 1 : i32}} : {r}, {M} -> {r}",
        ),
        lambda a, b: np.concatenate([[a.max()], np.zeros(N - 1, np.float32)]),
    ),
    (
        ("rsum", "%rsum = ascendc.reg.reduce %a, %h {{reduceType = 0 : i32}} : {r}, {M} -> {r}"),
        lambda a, b: np.concatenate([[a[: N // 2].sum()], np.zeros(N - 1, np.float32)]),
    ),
    (
        (
            "truncate",
            "%truncate = ascendc.reg.truncate %a, %h {{roundMode = 2 : i32}} : {r}, {M} -> {r}",
        ),
        lambda a, b: np.floor(a),
    ),
    (
        (
            "rdb",
            "%rdb = ascendc.reg.reduce_data_block %a, %m {{reduceType = 0 : i32}} : {r}, {M} -> {r}",
        ),
        lambda a, b: np.concatenate([a.reshape(8, 8).sum(1), np.zeros(N - 8, np.float32)]),
    ),
    (
        (
            "pair_reduce_elem",
            "%pair_reduce_elem = ascendc.reg.pair_reduce_elem %a, %m : {r}, {M} -> {r}",
        ),
        lambda a, b: np.concatenate([a[0::2] + a[1::2], np.zeros(N // 2, np.float32)]),
    ),
    (
        # a mask from y's bytes, stored past y's data and loaded back (after the
        # LocalMemBar<VEC_STORE, VEC_LOAD> that orders the load after the store)
        (
            "mk",
            "%lm = ascendc.reg.load_mask %y, %c0 : {p}, i32 -> {M}\n"
            "    %c128m = arith.constant 128 : i32\n"
            "    ascendc.reg.store_mask %y, %c128m, %lm : {p}, i32, {M}\n"
            "    ascendc.reg.local_mem_bar {{src = 0 : i32, dst = 1 : i32}}\n"
            "    %lm2 = ascendc.reg.load_mask %y, %c128m : {p}, i32 -> {M}\n"
            "    %mk = ascendc.reg.select %a, %b, %lm2 : {r}, {r}, {M} -> {r}",
        ),
        lambda a, b: np.where(
            np.unpackbits(b[:8].view(np.uint8), bitorder="little")[::4].astype(bool), a, b
        ),
    ),
    (
        ("arange", "%arange = ascendc.reg.arange %s3 {{order = 1 : i32}} : f32 -> {r}"),
        lambda a, b: 0.5 - np.arange(N, dtype=np.float32),
    ),
]
"""((result name, IR lines), numpy of (a, b)); ops with mask %h are checked zero in
the second half, the others everywhere."""


@np.errstate(all="ignore")
def test_f32_ops_match_numpy():
    rng = np.random.default_rng(0)
    x = rng.uniform(-2, 2, 256).astype(np.float32)
    y = rng.uniform(0.5, 2, 256).astype(np.float32)
    ops = [o for o, _ in F32_OPS]
    z = np.zeros(256, np.float32)
    # four registers a launch (the output buffer holds 256 elements)
    for start in range(0, len(ops), 4):
        chunk = F32_OPS[start : start + 4]
        z[:] = 0
        _run(_kernel(_ops_body("f32", [o for o, _ in chunk])), x, y, z)
        a, b = x[:N], y[:N]
        for i, ((name, line), ref) in enumerate(chunk):
            want = ref(a, b).astype(np.float32)
            if _masked_by_h(line):  # zero in the second half
                want = np.where(HALF, want, 0)
            got = z[i * N : (i + 1) * N]
            np.testing.assert_allclose(got, want, rtol=2e-6, atol=1e-6, err_msg=name)


I32_OPS = [
    (_binary("and"), lambda a, b: a & b),
    (_binary("or"), lambda a, b: a | b),
    (_binary("xor"), lambda a, b: a ^ b),
    (_unary("not"), lambda a, b: ~a),
    (_binary("div"), lambda a, b: np.trunc(a / b).astype(np.int32)),
    (_binary("add"), lambda a, b: a + b),
    (
        (
            "shift_lefts",
            "%sh = arith.constant 3 : i16\n"
            "    %shift_lefts = ascendc.reg.shift_lefts %a, %sh, %h : {r}, i16, {M} -> {r}",
        ),
        lambda a, b: a << 3,
    ),
    (
        (
            "shift_rights",
            "%sh2 = arith.constant 2 : i16\n"
            "    %shift_rights = ascendc.reg.shift_rights %a, %sh2, %h : {r}, i16, {M} -> {r}",
        ),
        lambda a, b: a >> 2,
    ),
    (
        # an update_mask of 40 elements then an And of masks: the first 32 (half) on
        (
            "masked",
            "%n40 = arith.constant 40 : i32\n"
            "    %um, %left = ascendc.reg.update_mask %n40 {{dtype = i32}} : i32 -> {M}, i32\n"
            "    %both = ascendc.reg.mask_and %um, %h, %m : {M}, {M}, {M} -> {M}\n"
            "    %either = ascendc.reg.mask_or %um, %h, %m : {M}, {M}, {M} -> {M}\n"
            "    %only = ascendc.reg.mask_xor %either, %both, %m : {M}, {M}, {M} -> {M}\n"
            "    %none = ascendc.reg.mask_not %either, %m : {M}, {M} -> {M}\n"
            "    %d1 = ascendc.reg.duplicate %left, %only : i32, {M} -> {r}\n"
            "    %d2 = ascendc.reg.duplicate %n40, %none : i32, {M} -> {r}\n"
            "    %masked = ascendc.reg.add %d1, %d2, %m : {r}, {r}, {M} -> {r}",
        ),
        # remaining 0 in [32, 40) (xor: in um, not in h), 40 past 40 (not in either)
        lambda a, b: np.where(np.arange(N) >= 40, 40, 0).astype(np.int32),
    ),
]


def test_i32_ops_match_numpy():
    rng = np.random.default_rng(1)
    x = rng.integers(-1000, 1000, 256).astype(np.int32)
    y = rng.integers(1, 50, 256).astype(np.int32) * rng.choice([-1, 1], 256).astype(np.int32)
    z = np.zeros(256, np.int32)
    for start in range(0, len(I32_OPS), 4):
        chunk = I32_OPS[start : start + 4]
        z[:] = 0
        _run(_kernel(_ops_body("i32", [o for o, _ in chunk]), "i32"), x, y, z)
        a, b = x[:N], y[:N]
        for i, ((name, line), ref) in enumerate(chunk):
            want = ref(a, b).astype(np.int32)
            if _masked_by_h(line):
                want = np.where(HALF, want, 0)
            np.testing.assert_array_equal(z[i * N : (i + 1) * N], want, err_msg=name)


def test_cast_and_unaligned_access():
    """f32 -> i32 rounding to nearest even, down and half away from zero (saturating);
    an unaligned load at element 3, truncated, stored unaligned (60 elements at 195)."""
    rng = np.random.default_rng(2)
    x = np.concatenate([[2.5, -2.5, 3e10, -3e10], rng.uniform(-100, 100, 252)]).astype(np.float32)
    i32, f32, m = R.format(t="i32"), R.format(t="f32"), M
    p32, pi = PTR.format(t="f32"), PTR.format(t="i32")
    body = f"""%a = ascendc.reg.load_align %x, %c0 : {p32}, i32 -> {f32}
    %m = ascendc.reg.create_mask {{dtype = f32, pattern = 0 : i32}} : () -> {m}
    %rint = ascendc.reg.cast %a, %m {{roundMode = 1 : i32, sat = 1 : i32, layout = 0 : i32}} : {f32}, {m} -> {i32}
    %floor = ascendc.reg.cast %a, %m {{roundMode = 2 : i32, sat = 1 : i32, layout = 0 : i32}} : {f32}, {m} -> {i32}
    %round = ascendc.reg.cast %a, %m {{roundMode = 4 : i32, sat = 1 : i32, layout = 0 : i32}} : {f32}, {m} -> {i32}
    %u = ascendc.reg.load_unalign %x, %c3 : {p32}, i32 -> {f32}
    %back = ascendc.reg.cast %u, %m {{roundMode = 5 : i32, sat = 1 : i32, layout = 0 : i32}} : {f32}, {m} -> {i32}
    %c64 = arith.constant 64 : i32
    %c128 = arith.constant 128 : i32
    %c195 = arith.constant 195 : i32
    %c60 = arith.constant 60 : i32
    ascendc.reg.store_align %z, %c0, %rint, %m : {pi}, i32, {i32}, {m}
    ascendc.reg.store_align %z, %c64, %floor, %m : {pi}, i32, {i32}, {m}
    ascendc.reg.store_align %z, %c128, %round, %m : {pi}, i32, {i32}, {m}
    ascendc.reg.store_unalign %z, %c195, %back, %c60 : {pi}, i32, {i32}, i32"""
    body = body.replace("%c0 : {p32}", f"%c0 : {p32}")
    text = _kernel(body.replace("%x, %c3", "%x, %c3b"), "f32", "i32").replace(
        "%c0 = arith.constant 0 : i32\n    %a =",
        "%c0 = arith.constant 0 : i32\n    %c3b = arith.constant 3 : i32\n    %a =",
    )
    z = np.full(256, 7, np.int32)
    _run(text, x, np.zeros(256, np.float32), z)
    a = x[:N].astype(np.float64)
    sat = lambda v: np.clip(v, -(2**31), 2**31 - 1).astype(np.int32)  # noqa: E731
    np.testing.assert_array_equal(z[:64], sat(np.rint(a)))
    np.testing.assert_array_equal(z[64:128], sat(np.floor(a)))
    np.testing.assert_array_equal(z[128:192], sat(np.sign(a) * np.floor(np.abs(a) + 0.5)))
    assert (z[192:195] == 7).all() and (z[255:] == 7).all()  # outside the unaligned store
    np.testing.assert_array_equal(z[195:255], sat(np.trunc(x[3:63].astype(np.float64))))


def test_gather_scatter_pack_unpack():
    """Gather through a reversed index, Scatter it back shifted; Pack u32 -> u16 into
    the low half, UnPack the low half back."""
    u32, u16, m = R.format(t="ui32"), R.format(t="ui16"), M
    p = PTR.format(t="ui32")
    body = f"""%m = ascendc.reg.create_mask {{dtype = ui32, pattern = 0 : i32}} : () -> {m}
    %idx = ascendc.reg.load_align %y, %c0 : {p}, i32 -> {u32}
    %g = ascendc.reg.gather %x, %idx, %m : {p}, {u32}, {m} -> {u32}
    ascendc.reg.store_align %z, %c0, %g, %m : {p}, i32, {u32}, {m}
    %c64 = arith.constant 64 : i32
    %pk = ascendc.reg.pack %g {{part = 0 : i32}} : {u32} -> {u16}
    %up = ascendc.reg.unpack %pk {{part = 0 : i32}} : {u16} -> {u32}
    ascendc.reg.store_align %z, %c64, %up, %m : {p}, i32, {u32}, {m}
    %shifted = ascendc.reg.load_align %y, %c64 : {p}, i32 -> {u32}
    %c128 = arith.constant 128 : i32
    %y2 = ascendc.reg.load_align %y, %c128 : {p}, i32 -> {u32}
    ascendc.reg.local_mem_bar {{src = 0 : i32, dst = 0 : i32}}
    ascendc.reg.scatter %z, %y2, %shifted, %m : {p}, {u32}, {u32}, {m}"""
    x = np.arange(1000, 1256, dtype=np.uint32) * 70000
    y = np.zeros(256, np.uint32)
    y[:64] = np.arange(63, -1, -1)  # the gather's index: reversed
    y[64:128] = np.arange(64, 0, -1)  # the scatter's: element i to 64 - i
    y[128:192] = np.arange(5, 69)
    z = np.zeros(256, np.uint32)
    _run(_kernel(body, "ui32"), x, y, z)
    gathered = x[63::-1].copy()
    want = np.zeros(256, np.uint32)
    want[:64] = gathered
    want[64:128] = gathered & 0xFFFF
    want[np.arange(64, 0, -1)] = y[128:192]  # the scatter ran last
    np.testing.assert_array_equal(z, want)


def _module_error(text: str) -> str:
    module = Parser(make_context(), text).parse_module()
    with pytest.raises(VerifyException) as e:
        module.verify()
    return str(e.value)


ADD = (
    "%m = ascendc.reg.create_mask {{dtype = f32, pattern = 0 : i32}} : () -> {M}\n"
    "    %a = ascendc.reg.load_align %x, %c0 : {p}, i32 -> {r}\n"
    "    %s = ascendc.reg.add %a, %a, %m : {r}, {r}, {M} -> {r}"
).format(M=M, p=PTR.format(t="f32"), r=R.format(t="f32"))


def test_reg_ops_only_in_vector_functions_and_on_950():
    text = _kernel(ADD)
    assert "not in function @vf" in _module_error(text.replace("attributes {ascendc.vf} ", ""))
    refused = _module_error(_kernel(ADD, soc="Ascend910B1"))
    assert "exists on Ascend 950 (arch 3510) only" in refused and "Ascend910B1" in refused
    called = _module_error(text.replace("{callee = @vf}", "{callee = @k}"))
    assert "@k is not a vector function" in called
    bad_dtype = _kernel(ADD.replace("reg.add", "reg.and"))
    assert "Reg::And does not support T = f32 on Ascend 950" in _module_error(bad_dtype)


def test_misaligned_aligned_load_is_a_located_error():
    from asc_xdsl.runtime.simulator.errors import AlignmentError

    text = _kernel(
        ADD.replace("%x, %c0", "%x, %c1").replace(
            "%m = ascendc", "%c1 = arith.constant 1 : i32\n    %m = ascendc", 1
        )
    )
    with pytest.raises(
        AlignmentError, match=r"LoadAlign: UB address \d+ is not 32-byte aligned"
    ) as e:
        _run(text, np.zeros(256, np.float32), np.zeros(256, np.float32), np.zeros(256, np.float32))
    assert "ascendc.reg.load_align" in str(e.value)


def test_python_samples_run_and_print_vector_functions():
    """Two of tools/reg_samples.py's ports through the frontend: numerics and C++."""
    from tools.reg_samples import SAMPLES, run_sample

    for word in ("04_reg_compute/gelu", "reg_load_gather"):
        sample = next(s for s in SAMPLES if s.path.endswith(word))
        outcome = run_sample(sample)
        assert outcome.passed, outcome.detail
        assert outcome.cpp is not None
        assert "__simd_vf__ inline void" in outcome.cpp and "asc_vf_call<" in outcome.cpp
        assert "AscendC::Reg::LoadAlign(" in outcome.cpp
