"""Ascend 950 gaps (issue 30): the flexible-scalar-position count forms of Adds ... Ors
(both sources LocalTensors, `BinaryConfig::scalarTensorIndex`)."""

from __future__ import annotations

import numpy as np
import pytest

import asc_xdsl as asc

N = 64
K = 5  # the element of the scalar tensor taken as the scalar


@asc.jit
def flexible_kernel(x: asc.GlobalAddress, y: asc.GlobalAddress, z: asc.GlobalAddress):
    """z rows: Subs(x, y[K]), Subs(y[K], x) (index 0), Divs(x, y[K]), Divs(y[K], x),
    Maxs(x, y[K]), Mins(y[K], x), Adds(x, y[K]), Muls(y[K], x)."""
    pipe = asc.TPipe()
    bx = asc.TBuf(asc.TPosition.VECCALC)
    by = asc.TBuf(asc.TPosition.VECCALC)
    bz = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(bx, 1024)
    pipe.init_buffer(by, 1024)
    pipe.init_buffer(bz, 8192)
    xl = bx.get(x.dtype)
    yl = by.get(x.dtype)
    zl = bz.get(x.dtype)
    xg = asc.GlobalTensor()
    yg = asc.GlobalTensor()
    zg = asc.GlobalTensor()
    xg.set_global_buffer(x)
    yg.set_global_buffer(y)
    zg.set_global_buffer(z)
    asc.data_copy(xl, xg, N)
    asc.data_copy(yl, yg, N)
    asc.set_flag(asc.HardEvent.MTE2_V, 0)
    asc.wait_flag(asc.HardEvent.MTE2_V, 0)
    asc.subs(zl, xl, yl[K:], N)
    asc.subs(zl[N:], yl[K:], xl, N, scalar_tensor_index=0)
    asc.divs(zl[2 * N :], xl, yl[K:], N)
    asc.divs(zl[3 * N :], yl[K:], xl, N, scalar_tensor_index=0)
    asc.maxs(zl[4 * N :], xl, yl[K:], N)
    asc.mins(zl[5 * N :], yl[K:], xl, N, scalar_tensor_index=0)
    asc.adds(zl[6 * N :], xl, yl[K:], N, scalar_tensor_index=1)
    asc.muls(zl[7 * N :], yl[K:], xl, N, scalar_tensor_index=0)
    asc.set_flag(asc.HardEvent.V_MTE3, 0)
    asc.wait_flag(asc.HardEvent.V_MTE3, 0)
    asc.data_copy(zg, zl, 8 * N)


def test_flexible_scalar_forms_match_numpy():
    rng = np.random.default_rng(8)
    x = rng.uniform(0.5, 4, N).astype(np.float32)
    y = rng.uniform(-4, -0.5, N).astype(np.float32)
    z = np.zeros(8 * N, np.float32)
    flexible_kernel[1](x, y, z, platform="Ascend950PR_9599")
    s = y[K]
    golden = [x - s, s - x, x / s, s / x, np.maximum(x, s), np.minimum(s, x), x + s, s * x]
    np.testing.assert_array_equal(z, np.concatenate(golden))


def test_flexible_forms_are_refused_outside_ascend_950():
    x = np.zeros(N, np.float32)
    with pytest.raises(Exception, match="Subs exists on Ascend 950 \\(arch 3510\\) only") as e:
        flexible_kernel[1](x, x, np.zeros(8 * N, np.float32), platform="Ascend910B1")
    assert "test_950_gaps8.py:39" in str(e.value)


_FLEX_IR = """builtin.module attributes {{ascendc.soc = "Ascend950PR_9599"}} {{
  func.func @f(%d: !ascendc.local_tensor<*xf32>, %a: !ascendc.local_tensor<*xf32>, %n: i32) {{
    "ascendc.subs_scalar_tensor_l2"(%d, %a, %a, %n) <{{scalarTensorIndex = {index} : i8}}> : (!ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, i32) -> ()
    func.return
  }}
}}"""


def test_scalar_tensor_index_other_than_0_or_1_is_refused_at_its_op():
    from xdsl.parser import Parser
    from xdsl.utils.exceptions import VerifyException

    from asc_xdsl.frontend.ir_context import make_context

    module = Parser(make_context(), _FLEX_IR.format(index=2)).parse_module()
    with pytest.raises(VerifyException, match=r"scalarTensorIndex must be 0 .* got 2"):
        module.verify()
    Parser(make_context(), _FLEX_IR.format(index=0)).parse_module().verify()


# -- clock() outside SIMT code (__asc_aicore::clock) -------------------------------------


@asc.jit
def clock_kernel(x: asc.GlobalAddress, t: asc.GlobalAddress):
    """t: clock() before an Adds, clock() after it, GetSystemCycle() after that."""
    pipe = asc.TPipe()
    bx = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(bx, 1024)
    xl = bx.get(x.dtype)
    tg = asc.GlobalTensor()
    tg.set_global_buffer(t)
    start = asc.clock()
    asc.duplicate(xl, 1.0, N)
    asc.adds(xl, xl, 2.0, N)
    asc.pipe_barrier(asc.PipeID.PIPE_V)
    end = asc.clock()
    cycles = asc.get_system_cycle()
    tg.set_value(0, start)
    tg.set_value(1, end)
    tg.set_value(2, cycles)


@pytest.mark.parametrize("soc", ["Ascend950PR_9599", "Ascend910B1"])
def test_clock_outside_simt_reads_the_modelled_cycles(soc):
    t = np.zeros(4, np.uint64)
    clock_kernel[1](np.zeros(N, np.float32), t, platform=soc)
    start, end, cycles = (int(v) for v in t[:3])
    assert start < end <= cycles  # the vector work in between is counted, never backwards


# -- the IR verifier: __simt_callee__ functions are called from SIMT code only -----------

_CALLEE_IR = """builtin.module attributes {{ascendc.soc = "Ascend950PR_9599"}} {{
  func.func @scaled(%src: memref<?xf32, 22 : i64>, %i: ui32, %s: f32) -> f32 attributes {{ascendc.simt_callee}} {{
    %v = ascendc.simt.load %src, %i : memref<?xf32, 22 : i64>, ui32 -> f32
    %r = arith.mulf %v, %s : f32
    func.return %r : f32
  }}
  func.func @caller(%src: memref<?xf32, 22 : i64>, %i: ui32, %s: f32) attributes {{{attr}}} {{
    %x = func.call @scaled(%src, %i, %s) : (memref<?xf32, 22 : i64>, ui32, f32) -> f32
    func.return
  }}
}}"""


@pytest.mark.parametrize("attr", ["ascendc.global", ""], ids=["kernel", "plain"])
def test_a_simt_callee_called_outside_simt_code_is_refused_at_the_call(attr):
    from asc_xdsl.runtime.ir_kernel import KernelIRError, kernel_from_text

    with pytest.raises(KernelIRError) as e:
        kernel_from_text(_CALLEE_IR.format(attr=attr), filename="k.mlir")
    text = str(e.value)
    assert "k.mlir:8:5" in text and "%x = func.call @scaled" in text
    assert "@scaled is a __simt_callee__ function" in text and "in @caller" in text


def test_a_simt_callee_called_from_simt_code_verifies():
    from xdsl.parser import Parser

    from asc_xdsl.dialects.fast_verify import verify_module
    from asc_xdsl.frontend.ir_context import make_context

    for attr in ("ascendc.simt_vf = 128 : i32", "ascendc.simt_callee"):
        verify_module(Parser(make_context(), _CALLEE_IR.format(attr=attr)).parse_module())


# -- the race checker: asc_threadfence + an atomic ticket orders blocks ------------------

S = asc.simt
TICKET_BLOCKS = 4


@asc.simt.vf(launch_bounds=32)
def fenced_ticket(partial: S.Pointer, out: S.Pointer, counter: S.Pointer):
    """Each block's partial sum, asc_threadfence, a ticket; the last block sums them."""
    tid = S.thread_idx.x
    if tid == 0:
        partial[S.block_idx.x] = S.block_idx.x + 1.0
    S.threadfence()
    if tid == 0:
        ticket = S.atomic_add(counter, 0, 1)
        if ticket == S.grid_dim.x - 1:
            total = 0.0
            for i in range(S.grid_dim.x):
                total = total + partial[i]
            out[0] = total


@asc.simt.vf(launch_bounds=32)
def unfenced_ticket(partial: S.Pointer, out: S.Pointer, counter: S.Pointer):
    """The same without the fence: the ticket alone orders nothing."""
    tid = S.thread_idx.x
    if tid == 0:
        partial[S.block_idx.x] = S.block_idx.x + 1.0
        ticket = S.atomic_add(counter, 0, 1)
        if ticket == S.grid_dim.x - 1:
            total = 0.0
            for i in range(S.grid_dim.x):
                total = total + partial[i]
            out[0] = total


@asc.jit
def fenced_kernel(partial: asc.GlobalAddress, out: asc.GlobalAddress, counter: asc.GlobalAddress):
    fenced_ticket[32](partial, out, counter)


@asc.jit
def unfenced_kernel(partial: asc.GlobalAddress, out: asc.GlobalAddress, counter: asc.GlobalAddress):
    unfenced_ticket[32](partial, out, counter)


def _ticket_args():
    return (
        np.zeros(TICKET_BLOCKS, np.float32),
        np.zeros(1, np.float32),
        np.zeros(1, np.uint32),
    )


def test_race_checker_accepts_the_fenced_ticket_and_reports_it_unfenced():
    partial, out, counter = _ticket_args()
    fenced_kernel[TICKET_BLOCKS](partial, out, counter, platform="Ascend950PR_9599", sanitize=True)
    assert out[0] == sum(range(1, TICKET_BLOCKS + 1)) and counter[0] == TICKET_BLOCKS
    with pytest.raises(Exception, match=r"cross-core read-after-write race .*'partial'"):
        unfenced_kernel[TICKET_BLOCKS](*_ticket_args(), platform="Ascend950PR_9599", sanitize=True)
