"""Every diagnostic code is in the table (asc_xdsl/diagnostics.py), documented in
docs/errors.md with the message a user sees, raised somewhere, and triggered here.

`python tests/unit/test_error_codes.py` rewrites docs/errors.md from the table and the
messages the triggers below produce; the test fails when the two drift apart.
"""

from __future__ import annotations

import functools
import importlib
import re
import sys
import warnings
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np
import pytest

ROOT = Path(__file__).resolve().parents[2]
DOC = ROOT / "docs" / "errors.md"
sys.path.insert(0, str(Path(__file__).resolve().parent))

import error_code_kernels as K  # noqa: E402

import asc_xdsl as asc  # noqa: E402
from asc_xdsl.diagnostics import (  # noqa: E402
    CLASS_CODES,
    CODES,
    PASS_CODES,
    builtin_kind,
)

Found = BaseException | Warning


def _raised(fn: Callable[..., Any], *args: Any, **kwargs: Any) -> BaseException:
    try:
        fn(*args, **kwargs)
    except Exception as e:
        return e
    raise AssertionError(f"{fn} raised nothing")


def _warned(fn: Callable[..., Any], *args: Any, **kwargs: Any) -> Warning:
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        fn(*args, **kwargs)
    coded = [w.message for w in caught if getattr(w.message, "code", None)]
    assert coded, [str(w.message) for w in caught]
    return coded[0]


def _f32(n: int = K.TILE) -> np.ndarray:
    return np.zeros(n, np.float32)


def _run(kernel: Any, *args: Any, blocks: int = 1, **options: Any) -> Callable[[], None]:
    return lambda: kernel[blocks](*args, backend="cpu", **options)


# -- IR text ------------------------------------------------------------------------


def _module(text: str) -> Any:
    from asc_xdsl.dialects.ir_diagnostics import LocatingParser, verify_located
    from asc_xdsl.frontend.ir_context import make_context

    parser = LocatingParser(make_context(), text, "input.mlir")
    module = parser.parse_module()
    verify_located(module, parser.op_spans)
    return module, parser.op_spans


def _pass(spec: str, text: str) -> None:
    from asc_xdsl.transforms.diagnostics import source_spans
    from asc_xdsl.transforms.pipeline import run_pipeline

    module, spans = _module(text)
    with source_spans(spans):
        run_pipeline(module, spec)


def _emit(text: str) -> None:
    from asc_xdsl.backends.ascendc import to_ascendc

    to_ascendc(_module(text)[0])


def _func(body: str, params: str = "", attrs: str = "") -> str:
    return f"func.func @k({params}){attrs} {{\n{body}\n  func.return\n}}\n"


def _unverified_tile_pass() -> None:
    """tile-check-locations on IR the verifier did not see: an `exp` of a matmul's L0C
    result (the op verifier refuses it first in any parsed input)."""
    from xdsl.dialects.builtin import StringAttr

    from asc_xdsl.dialects import asctile
    from asc_xdsl.transforms.tile_locations import TileCheckLocationsPass

    module, spans = _module(
        _func(
            "  %c0 = arith.constant 0 : i32\n"
            "  %va = asctile.tensor %a[] : memref<?xf16, 22 : i64>, -> !asctile.tensor<32x32xf16>\n"
            "  %ta = asctile.load %va[%c0, %c0] : !asctile.tensor<32x32xf16>, i32, i32 -> "
            "!asctile.tile<32x32xf16, l0a>\n"
            "  %tb = asctile.load %va[%c0, %c0] : !asctile.tensor<32x32xf16>, i32, i32 -> "
            "!asctile.tile<32x32xf16, l0b>\n"
            "  %m = asctile.matmul %ta, %tb : !asctile.tile<32x32xf16, l0a>, "
            "!asctile.tile<32x32xf16, l0b> -> !asctile.tile<32x32xf32, l0c>\n"
            '  %e = asctile.unary "relu" %m : !asctile.tile<32x32xf32, l0c> -> '
            "!asctile.tile<32x32xf32, l0c>",
            params="%a: memref<?xf16, 22 : i64>",
        )
    )
    (unary,) = [op for op in module.walk() if isinstance(op, asctile.UnaryOp)]
    unary.properties["kind"] = StringAttr("exp")  # (as a transformation could leave it)
    from asc_xdsl.transforms.diagnostics import source_spans

    with source_spans(spans):
        TileCheckLocationsPass().apply(None, module)  # type: ignore[arg-type]


LT = "!ascendc.local_tensor<*xf32>"
GT = "!ascendc.global_tensor<*xf32>"

# -- the other triggers ---------------------------------------------------------------


_KERNEL = "import asc_xdsl as asc\n\n\n@asc.jit\ndef k(x: asc.GlobalAddress, n: int):\n"


def _stale_bytecode(tmp: Path) -> Any:
    """A kernel compiled from other text than its file's (a stale .pyc does this)."""
    path = tmp / "stale_kernel.py"
    path.write_text(_KERNEL + "    pass\n")
    namespace: dict[str, Any] = {}
    exec(compile(_KERNEL + "    m = n + 1\n", str(path), "exec"), namespace)
    return _raised(namespace["k"].compile, _f32(), 1)


def _deep_kernel(tmp: Path) -> Any:
    """A sum of 400 terms compiled with a recursion limit of 300."""
    from asc_xdsl.utils import recursion

    jit = sys.modules["asc_xdsl.frontend.jit"]

    path = tmp / "deep_kernel.py"
    path.write_text(_KERNEL + f"    m = {' + '.join(['n'] * 400)}\n")
    namespace: dict[str, Any] = {}
    exec(compile(path.read_text(), str(path), "exec"), namespace)
    deep, limit = jit.deep_recursion, sys.getrecursionlimit()
    jit.deep_recursion = lambda: recursion.deep_recursion(300)  # type: ignore[assignment]
    sys.setrecursionlimit(300)
    try:
        return _raised(namespace["k"].compile, _f32(), 1)
    finally:
        sys.setrecursionlimit(limit)
        jit.deep_recursion = deep  # type: ignore[assignment]


def _fake_toolkit() -> Any:
    from asc_xdsl.runtime.cann.toolkit import require_toolkit

    return _raised(require_toolkit, {"ASCEND_HOME_PATH": "/nonexistent/ascend-toolkit"})


def _acl_error() -> Any:
    from asc_xdsl.runtime.cann.acl import AclRuntime

    acl = AclRuntime.__new__(AclRuntime)  # (no library loaded: the error's text only)
    acl.has = lambda name: False  # type: ignore[method-assign]
    return acl.error("aclrtSetDevice", 507033)


TMP: list[Path] = []


def _tmp() -> Path:
    return TMP[0]


TRIGGERS: dict[str, Callable[[], Found]] = {
    # frontend
    "ASC-F100": lambda: _raised(K.no_such_attribute.compile, _f32()),
    "ASC-F101": lambda: _raised(K.for_else.compile, _f32()),
    "ASC-F102": lambda: _raised(K.wrong_arity.compile, _f32()),
    "ASC-F103": lambda: _raised(K.runtime_unroll.compile, _f32(), 4),
    "ASC-F104": lambda: _raised(asc.jit, lambda x: x),
    "ASC-F105": lambda: _stale_bytecode(_tmp()),
    "ASC-F106": lambda: _deep_kernel(_tmp()),
    "ASC-F107": lambda: _raised(K.mixed_dtypes.compile, _f32()),
    "ASC-F109": lambda: _raised(K.recursive_expression.compile, _f32()),
    "ASC-F110": lambda: _raised(K.int_parameter.compile, _f32(), "four"),
    "ASC-F111": lambda: _raised(K.int_parameter.compile, _f32(), 4, opt_levle=2),
    "ASC-F112": lambda: _raised(
        K.int_parameter.compile, _f32(), 4, insert_sync=True, run_passes=False
    ),
    "ASC-F113": lambda: _raised(asc.get_block_idx),
    "ASC-F114": lambda: _raised(K.int_parameter, _f32(), 4),
    # IR
    "ASC-V200": lambda: _raised(_module, _func('  %0 = "ascendc.get_block_idx"() : () -> f32')),
    "ASC-V201": lambda: _raised(
        _module, _func("  %a = arith.addi %b, %b : i32\n  %b = arith.constant 1 : i32")
    ),
    "ASC-V202": lambda: _raised(_module, _func("", f"%t: {LT}", " attributes {ascendc.global}")),
    "ASC-V203": lambda: _raised(_module, _func("", "%q: !ascendc.queue<gm, 1>")),
    "ASC-V204": lambda: _raised(
        _module,
        _func(
            "  %a = arith.constant 1 : i32\n"
            '  %p = "arith.cmpi"(%a, %a) <{predicate = 12 : i64}> : (i32, i32) -> i1'
        ),
    ),
    "ASC-V205": lambda: _crashing_verifier(),
    "ASC-V210": lambda: _raised(_module, _func('  "arith.constant() : () -> i32')),
    "ASC-V211": lambda: _raised(_module, _func("  %a = arith.constant 1 : i99999999")),
    # passes
    "ASC-P301": lambda: _raised(_pass, "ascendc-insert-sync", _frontend_ir(K.flag_left_set)),
    "ASC-P302": lambda: _raised(
        _pass,
        "ascendc-erase-sync",
        _func(
            "  %q = ascendc.queue : <vecin, 1>\n"
            f"  %u = ascendc.que_bind.deque_tensor %q : !ascendc.queue<vecin, 1>, {LT}"
        ),
    ),
    "ASC-P303": lambda: _raised(
        _pass,
        "ascendc-plan-memory",
        'builtin.module attributes {ascendc.soc = "Ascend910B1"} {\n'
        + _func(
            "  %c2 = arith.constant 2 : i32\n"
            "  %big = arith.constant 131072 : i32\n"
            "  %pipe = ascendc.pipe\n"
            "  %q = ascendc.queue : <vecin, 2>\n"
            "  ascendc.pipe.init_queue %pipe, %q, %c2, %big : !ascendc.queue<vecin, 2>, i32, i32",
            attrs=" attributes {ascendc.global}",
        )
        + "}\n",
    ),
    "ASC-P304": lambda: _raised(
        _pass,
        "ascendc-materialize-tensor",
        _func(f"  %t = ascendc.local_tensor_auto() : {LT}"),
    ),
    "ASC-P306": lambda: _raised(_unverified_tile_pass),
    "ASC-P307": lambda: _raised(
        _pass,
        "tile-to-ascendc",
        _func(
            "  %c0 = arith.constant 0 : i32\n"
            "  %v = asctile.tensor %x[] : memref<?xf32, 22 : i64>, -> !asctile.tensor<16x16xf32>\n"
            "  %t = asctile.load %v[%c0, %c0] : !asctile.tensor<16x16xf32>, i32, i32 "
            "-> !asctile.tile<16x16xf32, ub>\n"
            "  %u = asctile.copy %t[%c0, %c0] : !asctile.tile<16x16xf32, ub>, i32, i32 "
            "-> !asctile.tile<16x16xf32, l1>",
            params="%x: memref<?xf32, 22 : i64>",
        ),
    ),
    "ASC-P305": lambda: _raised(
        _pass,
        "ascendc-input-output-tensor",
        _func(
            f"  %r = scf.if %c -> ({LT}) {{\n"
            f"    %a = ascendc.local_tensor_auto() : {LT}\n"
            f"    scf.yield %a : {LT}\n"
            "  } else {\n"
            f"    %b = ascendc.local_tensor_auto() : {LT}\n"
            f"    scf.yield %b : {LT}\n"
            "  }\n"
            f"  ascendc.data_copy_l2 %g, %r, %n : {GT}, {LT}, i32",
            f"%c: i1, %g: {GT}, %n: i32",
        ),
    ),
    # emission
    "ASC-E400": lambda: _raised(
        _emit,
        _func(
            "  ascendc.cumsum %f, %f, %f, %a, %a, %a : !ascendc.local_tensor<1024xf32>, "
            "!ascendc.local_tensor<1024xf32>, !ascendc.local_tensor<1024xf32>, i32, i32, i32",
            "%f: !ascendc.local_tensor<1024xf32>, %a: i32",
        ),
    ),
    # simulator
    "ASC-S500": lambda: _raised(_run(K.copy_odd_count, _f32(20), _f32(20), 20)),
    "ASC-S501": lambda: _raised(_run(K.gm_write_past_end, _f32(8))),
    "ASC-S502": lambda: _raised(_run(K.huge_queue, _f32(8), run_passes=False)),
    "ASC-S503": lambda: _raised(_run(K.add_past_tensor, _f32(8))),
    "ASC-S504": lambda: _raised(_run(K.misaligned_tensor, _f32(8))),
    "ASC-S505": lambda: _raised(_run(K.deque_empty, _f32(8))),
    "ASC-S506": lambda: _raised(_run(K.prof_stop_alone, _f32(8))),
    "ASC-S507": lambda: _raised(_run(K.tbuf_at_gm, _f32(8))),
    "ASC-S508": lambda: _raised(_run(K.counting_loop, _f32(8), 50, max_steps=10)),
    "ASC-S509": lambda: _raised(_run(K.endless_loop, _f32(8), 0)),
    "ASC-S510": lambda: _raised(_run(K.wait_never_set, _f32(8), sanitize="error")),
    "ASC-S511": lambda: _raised(_run(K.add_without_flags, _f32(), _f32(), sanitize="error")),
    "ASC-S512": lambda: _raised(_run(K.deadlock, _f32(8))),
    "ASC-S513": lambda: _raised(_run(K.reads_before_writing, _f32(8), uninit="error")),
    # launching, CANN, SoCs
    "ASC-R600": lambda: _raised(lambda: _unlaunchable().function),
    "ASC-R601": lambda: _raised(lambda: K.int_parameter["one"]),
    "ASC-R602": lambda: _raised(lambda: K.int_parameter[0]),
    "ASC-R603": lambda: _raised(lambda: K.int_parameter[1](_f32(), 4, backend="tpu")),
    "ASC-R604": lambda: _raised(_kernel_from_text, _func("")),
    "ASC-R605": lambda: _raised(_backend_map, "NPU"),
    "ASC-R610": lambda: _raised(_bisheng_flags, "tensor"),
    "ASC-R611": _fake_toolkit,
    "ASC-R612": lambda: _bisheng_error(),
    "ASC-R613": _acl_error,
    "ASC-R614": lambda: _raised(_manifest, "{}"),
    "ASC-R615": lambda: _raised(_decode_dump, b"abc"),
    "ASC-R620": lambda: _raised(_soc, "Ascend999"),
    "ASC-R621": lambda: _raised(lambda: _soc("Ascend310P3").build("mix")),
    "ASC-R630": lambda: _raised(_tiling, "not a platform"),
    "ASC-R631": lambda: _raised(_platform_memory, "L9"),
    "ASC-R632": lambda: _raised(_enum_field),
    # tools
    "ASC-T700": lambda: _raised(_opt, ["-p", "no-such-pass"]),
    "ASC-T710": lambda: _raised(_build_load, Path("/nonexistent/kernel.py")),
    "ASC-T720": lambda: _raised(_run_count, "x", "ones:many"),
    "ASC-T730": lambda: _raised(_read_profile, "/nonexistent/OPPROF_x"),
    # warnings
    "ASC-W800": lambda: _warned(_run(K.add_without_flags, _f32(), _f32(), sanitize="warn")),
    "ASC-W801": lambda: _warned(
        K.add_without_flags.compile, _f32(), _f32(), verify_sync=True, always_compile=True
    ),
    "ASC-W802": lambda: _warned(
        _run(K.whole_tile_of_short_input, _f32(8), _f32(), gm_overread="zeros")
    ),
    "ASC-W803": lambda: _warned(
        _run(K.full_mask_add, np.ones(64, np.float16), np.zeros(128, np.float16), gm_overread="pad")
    ),
    "ASC-W804": lambda: _warned(_run(K.copy_odd_count, _f32(20), _f32(20), 20, gm_overread="pad")),
    "ASC-W805": lambda: _warned(_run(K.reads_before_writing, _f32(8), uninit="warn")),
    "ASC-W806": lambda: _cache_warning(),
    "ASC-W807": lambda: _warned(_impossible_tiling),
    "ASC-W808": lambda: _unwritable_dump_dir(),
}


# -- helpers of the triggers above ----------------------------------------------------


def _crashing_verifier() -> Any:
    """A verifier that raises (a bug of ours) is still a located error."""
    from xdsl.dialects import arith

    def broken(self: Any) -> None:
        raise AttributeError("'IntegerType' object has no attribute 'element_type'")

    verify = arith.AddiOp.verify_
    arith.AddiOp.verify_ = broken  # type: ignore[method-assign]
    try:
        return _raised(_module, _func("  %b = arith.addi %a, %a : i32", "%a: i32"))
    finally:
        arith.AddiOp.verify_ = verify  # type: ignore[method-assign]


def _frontend_ir(kernel: Any) -> str:
    """The frontend's IR of `kernel`, before any pass (its hand-written syncs kept)."""
    return kernel.compile(_f32(), _f32(), 1, run_passes=False).asm["ir"]


def _enum_field() -> Any:
    from asc_xdsl.language.core.struct import Field

    return Field(asc.int32, enum="RoundMode")


def _unlaunchable() -> Any:
    from xdsl.dialects.builtin import ModuleOp

    from asc_xdsl.runtime.kernel import CompiledKernel

    return CompiledKernel(name="missing", module=ModuleOp([]))


def _kernel_from_text(text: str) -> Any:
    from asc_xdsl.runtime.ir_kernel import kernel_from_text

    return kernel_from_text(text)


def _backend_map(text: str) -> Any:
    import os

    from asc_xdsl.runtime import config

    old = os.environ.get(config.BACKEND_MAP_ENV)
    os.environ[config.BACKEND_MAP_ENV] = text
    try:
        return config.backend_name(config.Backend.NPU)
    finally:
        if old is None:
            del os.environ[config.BACKEND_MAP_ENV]
        else:
            os.environ[config.BACKEND_MAP_ENV] = old


def _bisheng_flags(kernel_type: str) -> Any:
    from asc_xdsl.runtime.cann import compiler

    return compiler.common_flags(None, kernel_type, {}, None)  # type: ignore[arg-type]


def _bisheng_error() -> Any:
    from asc_xdsl.runtime.cann.compiler import run_tool

    return _raised(run_tool, ["false"], "bisheng", "k", Path("kernel.cpp"))


def _manifest(text: str) -> Any:
    from asc_xdsl.runtime.cann.manifest import Manifest

    return Manifest.from_dict({"format": text})


def _decode_dump(data: bytes) -> Any:
    from asc_xdsl.runtime.cann.dump import _cstring

    return _cstring(data, 0, len(data))


def _soc(name: str) -> Any:
    from asc_xdsl.soc import get_soc

    return get_soc(name)


def _tiling(platform: Any) -> Any:
    from asc_xdsl.lib.host.matmul_tiling import MatmulApiTiling

    return MatmulApiTiling(platform)


def _platform_memory(name: str) -> Any:
    from asc_xdsl.lib.host.platform import PlatformAscendC

    return PlatformAscendC("Ascend910B1").get_core_mem_size(name)


def _opt(args: list[str]) -> Any:
    from asc_xdsl.opt import AscOptMain

    return AscOptMain(args=args)


def _build_load(path: Path) -> Any:
    from asc_xdsl.build import _load_module

    return _load_module(path)


def _run_count(name: str, text: str) -> Any:
    from asc_xdsl.run import _count

    return _count(name, text, 4, ("zeros", "ones"), "a GM pointer")


def _read_profile(path: str) -> Any:
    from asc_xdsl.prof import read_profile

    return read_profile(path)


def _cache_warning() -> Any:
    from asc_xdsl.runtime.cann.cache import BinaryCache

    cache = BinaryCache(_tmp())
    cache.dir.mkdir(parents=True, exist_ok=True)
    cache.binary_path("k").write_bytes(b"binary")
    Path(f"{cache.binary_path('k')}.sha256").write_text("0" * 64)
    return _warned(cache.lookup, "k")


def _unwritable_dump_dir() -> Any:
    import os

    blocker = _tmp() / "a_file"
    blocker.write_text("")
    os.environ["ASC_XDSL_DUMP_DIR"] = str(blocker / "dumps")
    try:
        return _warned(K.int_parameter.compile, _f32(), 4)
    finally:
        del os.environ["ASC_XDSL_DUMP_DIR"]


def _impossible_tiling() -> Any:
    from asc_xdsl.lib import host

    return host.MatmulApiTiling(host.PlatformAscendC("Ascend910B1")).set_shape(0, 16, 16)


# -- the checks -----------------------------------------------------------------------


@functools.cache
def found(code: str) -> Found:
    return TRIGGERS[code]()


@pytest.fixture(scope="module", autouse=True)
def _scratch(tmp_path_factory: pytest.TempPathFactory) -> Any:
    TMP[:] = [tmp_path_factory.mktemp("error_codes")]
    yield


def test_every_code_has_a_trigger() -> None:
    assert sorted(TRIGGERS) == sorted(CODES)


@pytest.mark.parametrize("code", sorted(CODES))
def test_the_trigger_shows_the_code_and_hint(code: str) -> None:
    got = found(code)
    assert getattr(got, "code", None) == code, f"{type(got).__name__}: {got}"
    assert isinstance(got, builtin_kind(code)), type(got).__mro__
    text = str(got)
    assert f"[{code}]" in text, text
    hint = CODES[code].hint
    if hint is not None:
        assert text.endswith(f"\nhint: {got.hint}"), text
    assert "Traceback" not in text


# -- docs/errors.md ---------------------------------------------------------------------

BEGIN, END = "<!-- codes: begin -->", "<!-- codes: end -->"
AREAS = {
    "F": "Frontend (`@asc.jit`)",
    "V": "IR: parsing and verifying",
    "P": "Passes",
    "E": "Ascend C emission",
    "S": "CPU simulator",
    "R": "Launching, CANN, SoCs, settings",
    "T": "Command-line tools",
    "W": "Warnings",
}
WIDTH = 110


def example(got: Found) -> str:
    """The message as docs/errors.md shows it: paths relative to the repository (or
    the scratch folder), long lines cut."""
    text = str(got).replace(f"{ROOT}/", "")
    for tmp in TMP:
        text = text.replace(f"{tmp}/", "")
    return "\n".join(_cut(line, f" [{got.code}]") for line in text.split("\n"))  # type: ignore[union-attr]


def _cut(line: str, code: str) -> str:
    """`line` cut to WIDTH characters, keeping the code at its end."""
    if len(line) <= WIDTH:
        return line
    keep = code if line.endswith(code) else ""
    return line[: WIDTH - 3 - len(keep)] + "..." + keep


def kind_of(got: Found) -> str:
    cls = type(got)
    return f"`{cls.__name__}` ({builtin_kind(got.code).__name__})"  # type: ignore[union-attr]


def generated() -> str:
    out: list[str] = []
    area = None
    for code, entry in sorted(CODES.items(), key=lambda item: item[0][5:]):  # by number
        if code[4] != area:
            area = code[4]
            out += [f"## {AREAS[area]}", ""]
        got = found(code)
        out += [f"### {code}: {entry.title}", "", f"Raised as {kind_of(got)}."]
        if entry.hint:
            out += ["", f"Hint: {entry.hint}"]
        out += ["", "```text", example(got), "```", ""]
    return "\n".join(out)


def write_docs() -> None:
    text = DOC.read_text()
    head, rest = text.split(BEGIN)
    _, tail = rest.split(END)
    DOC.write_text(f"{head}{BEGIN}\n\n{generated()}\n{END}{tail}")


def _documented() -> dict[str, str]:
    """docs/errors.md's sections by code."""
    body = DOC.read_text().split(BEGIN)[1].split(END)[0]
    parts = re.split(r"^### (ASC-[A-Z]\d{3}): ", body, flags=re.MULTILINE)
    return dict(zip(parts[1::2], parts[2::2], strict=True))


def test_the_docs_list_every_code_with_its_title_hint_and_class() -> None:
    documented = _documented()
    assert sorted(documented) == sorted(CODES)
    for code, entry in CODES.items():
        section = documented[code]
        assert section.startswith(f"{entry.title}\n"), code
        assert (f"Hint: {entry.hint}" in section) == (entry.hint is not None), code
        assert f"Raised as {kind_of(found(code))}." in section, code
        assert f"[{code}]" in section.split("```text", 1)[1], code  # the example


# -- the code base and the table ----------------------------------------------------------

PACKAGE = ROOT / "asc_xdsl"
CODE_LITERAL = re.compile(r"\"(ASC-[A-Z]\d{3})\"")


def test_every_code_in_the_code_base_is_in_the_table() -> None:
    used = {
        (m.group(1), str(path.relative_to(ROOT)))
        for path in PACKAGE.rglob("*.py")
        for m in CODE_LITERAL.finditer(path.read_text())
    }
    assert sorted(u for u in used if u[0] not in CODES) == []


def test_the_classes_named_in_the_table_exist_and_derive_from_their_kind() -> None:
    from asc_xdsl.diagnostics import class_code

    for path, code in CLASS_CODES.items():
        module, _, name = path.rpartition(".")
        cls = getattr(importlib.import_module(module), name)
        assert class_code(cls) == code, path
        kind = builtin_kind(code)
        family = getattr(cls, "_kinds", {}).get(kind.__name__)
        assert issubclass(cls, kind) or (family is not None and issubclass(family, cls)), path


def test_every_pass_that_reports_has_a_code() -> None:
    """A pass that reports through transforms/diagnostics.py names itself by its `PASS`
    constant or a literal; each name has its code in PASS_CODES."""
    reporting = set()
    for path in (PACKAGE / "transforms").glob("*.py"):
        text = path.read_text()
        reporting |= set(re.findall(r'\bfail\(\s*"([\w-]+)"', text))
        if re.search(r"\bfail\(\s*PASS\b|PassDiagnostics\(PASS\)|_functions\(\w+, PASS\)", text):
            reporting.add(re.search(r'^PASS = "([\w-]+)"', text, flags=re.MULTILINE).group(1))
    assert len(reporting) >= 5 and reporting <= set(PASS_CODES), reporting - set(PASS_CODES)


def test_one_error_class_per_name() -> None:
    """Two classes named alike (the frontend's and CANN's CompileError were) make
    `except` clauses and messages ambiguous."""
    names = [
        m.group(1)
        for path in PACKAGE.rglob("*.py")
        for m in re.finditer(r"^class (\w+(?:Error|Warning))\b", path.read_text(), re.MULTILINE)
    ]
    assert sorted({n for n in names if names.count(n) > 1}) == []


def test_user_facing_objects_have_short_reprs() -> None:
    compiled = K.int_parameter.compile(_f32(), 4)
    texts = [repr(K.int_parameter), repr(K.int_parameter[2]), repr(compiled), repr(compiled[2])]
    assert texts[0] == "<asc.jit function error_code_kernels.int_parameter>"
    assert texts[1].startswith("<function int_parameter[2] at ")
    assert texts[2].startswith("<CompiledKernel 'int_parameter': vector kernel, soc=")
    assert all(len(t) < 200 for t in texts), texts


if __name__ == "__main__":  # rewrite docs/errors.md's list from the table and the triggers
    import os
    import tempfile

    TMP[:] = [Path(tempfile.mkdtemp())]
    os.environ["ASC_XDSL_CACHE_DIR"] = str(TMP[0] / "cache")  # (compile afresh, not here)
    write_docs()
