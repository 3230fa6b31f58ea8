"""Hidden kernel parameters: ascendc-legalize-kernel-args puts them in the IR, and the
printer, the CANN launch description, the simulator's binding and `asc_xdsl.run` find
them by their `#emitasc.kernel_arg<kind>` marks (runtime/hidden_params.py's kinds)."""

from __future__ import annotations

import numpy as np
import pytest

from asc_xdsl.backends.ascendc.printer import EmissionError
from asc_xdsl.runtime.cann import describe
from asc_xdsl.runtime.cann.errors import CannError
from asc_xdsl.runtime.cann.manifest import HIDDEN_KINDS
from asc_xdsl.runtime.hidden_params import HIDDEN
from asc_xdsl.runtime.ir_kernel import kernel_from_text
from asc_xdsl.runtime.kernel import LaunchError
from asc_xdsl.transforms.kernel_args import kind_problem, param_kinds
from asc_xdsl.transforms.pipeline import pipeline_spec

MIX = """\
func.func @mix_k(%x: memref<?xi64, 22>, %n: i32)
    attributes {ascendc.global, ascendc.kernel_type = "mix"} {
  %c0 = arith.constant 0 : index
  %v = arith.extsi %n : i32 to i64
  %gm = ascendc.global_tensor : !ascendc.global_tensor<*xi64>
  ascendc.global_tensor.set_global_buffer %gm, %x : !ascendc.global_tensor<*xi64>, memref<?xi64, 22>
  ascendc.global_tensor.set_value %gm, %c0, %v : !ascendc.global_tensor<*xi64>, index, i64
  return
}
"""


def test_the_jit_pipeline_runs_the_pass_after_detect_kernel_type() -> None:
    passes = pipeline_spec({}).split(",")
    assert passes.index("ascendc-detect-kernel-type") < passes.index("ascendc-legalize-kernel-args")


def test_one_table_of_hidden_kinds() -> None:
    assert HIDDEN_KINDS == tuple(HIDDEN) == ("ffts_addr", "workspace", "dump")
    assert HIDDEN["ffts_addr"].kernel_types == ("mix",)


def test_an_ir_kernel_gets_its_hidden_parameter_from_the_pipeline() -> None:
    kernel = kernel_from_text(MIX)
    assert param_kinds(kernel.function) == ["explicit", "explicit", "ffts_addr"]
    cpp = kernel.asm["ascendc"]
    assert "mix_k(__gm__ int64_t* x, int32_t n, __gm__ uint64_t* ffts_addr) {\n" in cpp
    assert "  set_ffts_base_addr(*ffts_addr);\n" in cpp
    # the CANN description: the caller's parameters, then the hidden one
    assert [p["name"] for p in describe.params(kernel)] == ["x", "n"]
    assert describe.hidden(kernel, with_dump=False) == [
        {"name": "ffts_addr", "kind": "ffts_addr", "size": 8}
    ]
    assert [r["kind"] for r in describe.hidden(kernel, with_dump=True)] == ["ffts_addr", "dump"]


def test_the_simulator_binds_the_callers_arguments_and_fills_the_hidden_one() -> None:
    kernel = kernel_from_text(MIX)
    x = np.zeros(4, np.int64)
    # (the AIC and both AIVs store the same word: a race this binding test is not about)
    kernel[1](x, np.int32(7), sanitize="off")
    assert x.tolist() == [7, 0, 0, 0]
    with pytest.raises(LaunchError, match="takes 2 arguments, got 3"):
        kernel[1](x, np.int32(7), np.zeros(1, np.uint64))


def test_the_command_line_asks_only_for_the_callers_parameters() -> None:
    from asc_xdsl.run import _params

    assert [name for name, _ in _params(kernel_from_text(MIX))] == ["x", "n"]


def test_without_the_pass_a_mix_kernel_is_refused_where_it_would_launch_wrong() -> None:
    kernel = kernel_from_text(MIX, run_passes=False)
    assert kind_problem(kernel.function) is not None
    with pytest.raises(EmissionError, match=r"a mix kernel takes the hidden ffts_addr parameter"):
        _ = kernel.asm["ascendc"]
    with pytest.raises(CannError, match=r"kernel 'mix_k': a mix kernel takes the hidden ffts_addr"):
        describe.hidden(kernel, with_dump=False)


def test_a_kernel_built_as_mix_needs_the_parameter_whatever_its_ir_says() -> None:
    kernel = kernel_from_text(MIX.replace('"mix"', '"vector"'))
    kernel.kernel_type = "mix"
    with pytest.raises(CannError, match=r"a mix kernel takes the hidden ffts_addr parameter"):
        describe.hidden(kernel, with_dump=False)


def test_hidden_parameters_come_last_and_have_known_kinds() -> None:
    marked = "%x: memref<?xi64, 22> {emitasc.kernel_arg = #emitasc.kernel_arg<ffts_addr>}"
    text = MIX.replace("%x: memref<?xi64, 22>", marked).replace(
        'ascendc.kernel_type = "mix"', 'ascendc.kernel_type = "vector"'
    )
    kernel = kernel_from_text(text, run_passes=False)
    with pytest.raises(CannError, match="hidden parameters must come after the explicit ones"):
        describe.hidden(kernel, with_dump=False)
    odd = kernel_from_text(text.replace("<ffts_addr>", "<tiling>"), run_passes=False)
    assert kind_problem(odd.function) == (
        "unknown kernel parameter kind(s) tiling (explicit, ffts_addr, workspace, dump)"
    )


def test_the_simulator_cannot_fill_a_dump_parameter() -> None:
    text = MIX.replace(
        "%n: i32)",
        "%n: i32, %d: memref<?xui8, 22> {emitasc.kernel_arg = #emitasc.kernel_arg<dump>})",
    )
    kernel = kernel_from_text(text)
    with pytest.raises(LaunchError, match=r"cannot fill the hidden parameter 'd'"):
        kernel[1](np.zeros(4, np.int64), np.int32(7))


def test_the_ops_legalize_adds_are_their_constructors_ops() -> None:
    """`legalize_kernel_args._made` (fast_build) gives what the ops' constructors give."""
    from xdsl.dialects import arith, scf
    from xdsl.ir import Block, Region

    from asc_xdsl.dialects.ascendc import sync, sysvar
    from asc_xdsl.enums import Pipe
    from asc_xdsl.transforms import legalize_kernel_args as legalize

    arg = Block(arg_types=[legalize.FFTS_TYPE]).args[0]
    is_aic = sysvar.AscendIsAICOp()
    config = arith.ConstantOp(legalize._cube_start_message())
    send = sync.FftsCrossCoreSyncOp(config, pipe=Pipe.PIPE_MTE3)
    expected = {
        "ffts_base": (sync.SetFftsBaseAddrOp(arg), (arg,), ()),
        "is_aic": (is_aic, (), ()),
        "config": (config, (), ()),
        "send": (send, config.results, ()),
        "yield": (scf.YieldOp(), (), ()),
        "if": (scf.IfOp(is_aic.results[0], [], [scf.YieldOp()]), is_aic.results, None),
    }
    for key, (op, operands, regions) in expected.items():
        if regions is None:
            regions = (Region(Block([scf.YieldOp()])), Region())
        made = legalize._made(key, operands, regions)
        assert type(made) is type(op), key
        assert made.properties == op.properties and made.properties is not op.properties
        assert made.attributes == op.attributes, key
        assert made.result_types == op.result_types, key
        assert list(made.operands) == list(op.operands), key
        assert str(made) == str(op), key
        made.verify()
