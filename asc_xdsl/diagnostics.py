"""Stable diagnostic codes: one table of every code asc_xdsl's errors and warnings carry.

Each code names an area by its letter and hundred (docs/errors.md lists them all):

    ASC-F1xx frontend (`@asc.jit`)      ASC-S5xx CPU simulator
    ASC-V2xx IR parsing and verifying   ASC-R6xx launching, CANN, SoCs
    ASC-P3xx passes (one per pass)      ASC-T7xx command-line tools
    ASC-E4xx Ascend C emission          ASC-W8xx warnings

A code stays with its meaning: new codes get new numbers, retired ones are not reused.
An error shows its code after the message (`kernel.py:3:5: error: ... [ASC-F101]`) and
its hint, when it has one, on a last line (`hint: ...`); `.code` and `.hint` hold both.

The error classes take their codes from here (`CLASS_CODES`: the default of a class,
`code=` at a raise site for a finer one). A code's `kind` is the builtin exception (or
warning) its errors derive from, so `except ValueError` catches what it should; a class
that carries codes of several kinds maps each kind to a subclass (`CodedError._kinds`).

A leaf module: every layer (dialects, transforms, backends, runtime, frontend) imports it.
"""

from __future__ import annotations

import builtins
import functools
from typing import TYPE_CHECKING, Any, ClassVar

from asc_xdsl.utils.records import FrozenRecord, init_fields


class Code(FrozenRecord):
    """One diagnostic code: its builtin kind, a short title, and what to change."""

    _FIELDS = ("code", "kind", "title", "hint")
    __slots__ = _FIELDS

    def __init__(self, code: str, kind: str, title: str, hint: str | None = None) -> None:
        init_fields(self, code=code, kind=kind, title=title, hint=hint)


_VALUE, _TYPE, _RUNTIME = "ValueError", "TypeError", "RuntimeError"
_NOT_IMPLEMENTED, _INDEX, _WARN = "NotImplementedError", "IndexError", "UserWarning"

_SMALLER = "use smaller tiles or fewer buffers (BUFFER_NUM), or a SoC with more on-chip memory"
_BACKEND = (
    "pick a backend with backend=..., ASC_XDSL_BACKEND, or map pyasc's backends with "
    "ASC_XDSL_BACKEND_MAP (docs/configuration.md)"
)


if TYPE_CHECKING:
    CODES: dict[str, Code]
    """Every code by its name (made on first use: the module's `__getattr__`)."""


@functools.cache
def _codes() -> dict[str, Code]:
    """The table (made when a diagnostic first needs it: a compile that reports nothing
    never does; `CODES` reads it)."""
    return {
        c.code: c
        for c in (
            # -- frontend: a Python kernel that cannot be compiled ---------------------------
            Code("ASC-F100", _VALUE, "the kernel is refused as written"),
            Code(
                "ASC-F101",
                _NOT_IMPLEMENTED,
                "a Python construct kernels do not support",
                "docs/frontend.md lists the Python a kernel may use; do host-side work outside "
                "the kernel",
            ),
            Code(
                "ASC-F102",
                _TYPE,
                "a value of the wrong kind for this argument",
                "pass a value of the kind the message names",
            ),
            Code(
                "ASC-F103",
                _VALUE,
                "a runtime value where a compile-time constant is needed",
                "make it a ConstExpr parameter (asc.ConstExpr[int]) or a Python constant",
            ),
            Code(
                "ASC-F104",
                _RUNTIME,
                "the kernel's source is not available, or it is not a plain function",
                "define the kernel with `def` in a .py file and import it",
            ),
            Code(
                "ASC-F105",
                _RUNTIME,
                "the kernel's bytecode does not match its file",
                "import the module again (importlib.reload) or restart Python",
            ),
            Code(
                "ASC-F106",
                _RUNTIME,
                "the kernel nests too deeply or grows too large to compile",
                "split the expression or the nested blocks into smaller parts",
            ),
            Code(
                "ASC-F107",
                _VALUE,
                "an operation built from this line does not verify",
                "check the types and values of this call's arguments against its documentation",
            ),
            Code(
                "ASC-F109",
                _RUNTIME,
                "a Python exception while compiling this line",
                "if the kernel is not at fault, please report it with the kernel's source",
            ),
            Code(
                "ASC-F110",
                _TYPE,
                "a kernel argument that does not match its parameter",
                "pass an argument that matches the parameter's annotation",
            ),
            Code(
                "ASC-F111",
                _TYPE,
                "an unknown compile option, or one of the wrong type",
                "docs/configuration.md lists the compile options and their types",
            ),
            Code("ASC-F112", _VALUE, "compile options that contradict each other"),
            Code(
                "ASC-F113",
                _RUNTIME,
                "a kernel-only function called outside a kernel",
                "call it inside an @asc.jit function",
            ),
            Code(
                "ASC-F114",
                _TYPE,
                "an @asc.jit kernel used the wrong way (called, indexed or decorated)",
            ),
            # -- IR: textual IR that does not parse or verify ---------------------------------
            Code("ASC-V200", _VALUE, "an operation does not verify"),
            Code(
                "ASC-V201",
                _VALUE,
                "a value used where it is not defined",
                "define the value before its use, in a block that encloses the use",
            ),
            Code(
                "ASC-V202",
                _TYPE,
                "a kernel parameter of a type the host cannot pass",
                "take GM pointers (memref<?xT, 22>) and scalars; make tensors and queues inside",
            ),
            Code(
                "ASC-V203",
                _TYPE,
                "a TQue parameter at GM",
                "queues live in on-chip buffers: give the queue a VECIN/VECOUT/A1/... position",
            ),
            Code("ASC-V204", _VALUE, "a comparison predicate out of range"),
            Code(
                "ASC-V205",
                _VALUE,
                "an operation's verifier crashed",
                "the op is malformed, but the crash is asc_xdsl's bug: please report it",
            ),
            Code("ASC-V210", _VALUE, "IR text that cannot be parsed"),
            Code(
                "ASC-V211",
                _VALUE,
                "IR beyond the parser's limits (nesting, integer width, literal size)",
            ),
            # -- passes -----------------------------------------------------------------------
            Code(
                "ASC-P301",
                _VALUE,
                "ascendc-insert-sync cannot synchronise this code",
                "synchronise this part by hand (SetFlag/WaitFlag), or compile with insert_sync=False",
            ),
            Code("ASC-P302", _VALUE, "ascendc-erase-sync cannot erase these synchronisations"),
            Code("ASC-P303", _VALUE, "the on-chip buffers do not fit", _SMALLER),
            Code("ASC-P304", _VALUE, "a tensor that ascendc-materialize-tensor cannot lay out"),
            Code("ASC-P305", _VALUE, "ascendc-input-output-tensor cannot rewrite a GM tensor"),
            Code(
                "ASC-P306",
                _VALUE,
                "a tile op reads a tile where its unit cannot reach it",
                "copy the tile to the location the op reads (asc2.copy)",
            ),
            Code("ASC-P307", _VALUE, "a tile program tile-to-ascendc does not lower yet"),
            # -- emission to Ascend C --------------------------------------------------------
            Code(
                "ASC-E400",
                _NOT_IMPLEMENTED,
                "an operation the Ascend C printer cannot emit",
            ),
            # -- the CPU simulator -----------------------------------------------------------
            Code("ASC-S500", _RUNTIME, "the kernel did something an NPU would get wrong"),
            Code(
                "ASC-S501",
                _INDEX,
                "a GM access outside the array passed in",
                "check the offsets and lengths against the arrays the launch passes",
            ),
            Code("ASC-S502", _RUNTIME, "on-chip buffers beyond the SoC's capacity", _SMALLER),
            Code(
                "ASC-S503",
                _INDEX,
                "an access past a local tensor's length",
                "check the count and offset against the tensor's length",
            ),
            Code(
                "ASC-S504",
                _VALUE,
                "a misaligned on-chip address",
                "on-chip addresses and GM copy lengths go in 32-byte blocks",
            ),
            Code(
                "ASC-S505",
                _RUNTIME,
                "a queue used out of order",
                "each buffer goes AllocTensor -> EnQue -> DeQue -> FreeTensor, at most the "
                "queue's depth at a time",
            ),
            Code("ASC-S506", _RUNTIME, "an unpaired MetricsProfStart/MetricsProfStop"),
            Code(
                "ASC-S507",
                _NOT_IMPLEMENTED,
                "an operation the simulator has no semantics for",
                "run it on the npu or model backend, or report the op",
            ),
            Code(
                "ASC-S508",
                _RUNTIME,
                "the launch ran out of its simulation budget",
                "raise the budget with max_steps=... (or ASC_XDSL_MAX_STEPS) if the loop ends",
            ),
            Code("ASC-S509", _RUNTIME, "a while loop that never ends"),
            Code(
                "ASC-S510",
                _RUNTIME,
                "missing or wrong synchronisation between pipes",
                "synchronise the pipes (queues, SetFlag/WaitFlag, PipeBarrier), or compile with "
                "insert_sync=True",
            ),
            Code(
                "ASC-S511",
                _RUNTIME,
                "a data race between pipes or cores",
                "order the two accesses: SetFlag/WaitFlag between the pipes, PipeBarrier on one "
                "pipe, a queue, or compile with insert_sync=True",
            ),
            Code("ASC-S512", _RUNTIME, "cores that wait on each other forever"),
            Code(
                "ASC-S513",
                _RUNTIME,
                "a read of on-chip memory nothing wrote",
                "write the buffer (or Duplicate zeros into it) before reading it",
            ),
            # -- launching, CANN, SoCs -------------------------------------------------------
            Code("ASC-R600", _RUNTIME, "the kernel cannot be launched"),
            Code("ASC-R601", _TYPE, "a launch argument of the wrong kind or number"),
            Code("ASC-R602", _VALUE, "a launch argument, option or setting out of range"),
            Code("ASC-R603", _VALUE, "an unknown backend", _BACKEND),
            Code("ASC-R604", _VALUE, "an IR module that cannot be launched"),
            Code(
                "ASC-R605",
                _VALUE,
                "an environment variable or setting with a value asc_xdsl cannot use",
                "docs/configuration.md lists the variables and their values",
            ),
            Code("ASC-R610", _RUNTIME, "the CANN runtime failed"),
            Code(
                "ASC-R611",
                _RUNTIME,
                "no CANN toolkit, or a tool or library of it missing",
                "install CANN and `source <toolkit>/set_env.sh` (or set ASCEND_HOME_PATH); without "
                "CANN, use the CPU simulator (backend='cpu')",
            ),
            Code("ASC-R612", _RUNTIME, "bisheng or ld.lld failed on the emitted Ascend C"),
            Code("ASC-R613", _RUNTIME, "an ACL runtime call failed"),
            Code("ASC-R614", _VALUE, "a prebuilt kernel's manifest that cannot be used"),
            Code("ASC-R615", _VALUE, "a printf/DumpTensor buffer that cannot be decoded"),
            Code(
                "ASC-R620",
                _VALUE,
                "an unknown SoC",
                "pass soc_version=... or set ASC_XDSL_SOC_VERSION to one the message lists",
            ),
            Code("ASC-R621", _VALUE, "a kernel the SoC cannot run"),
            Code(
                "ASC-R630",
                _TYPE,
                "an API argument of the wrong kind (structs, tiling, IR builders, host tiling)",
            ),
            Code(
                "ASC-R631",
                _VALUE,
                "an API argument out of range (structs, tiling, IR builders, host tiling)",
            ),
            Code("ASC-R632", _NOT_IMPLEMENTED, "an API feature asc_xdsl does not have"),
            # -- command-line tools ----------------------------------------------------------
            Code("ASC-T700", _VALUE, "asc-opt: a command line it cannot use"),
            Code("ASC-T710", _VALUE, "asc_xdsl.build: a kernel or an option it cannot build"),
            Code("ASC-T720", _VALUE, "asc_xdsl.run: an argument it cannot make or pass"),
            Code("ASC-T730", _RUNTIME, "asc_xdsl.prof: msprof missing, or a result it cannot read"),
            # -- warnings --------------------------------------------------------------------
            Code(
                "ASC-W800",
                _WARN,
                "the race checker found a problem (sanitize='warn')",
                "synchronise the pipes the message names; sanitize='error' stops at the first "
                "finding (ASC-S510, ASC-S511)",
            ),
            Code(
                "ASC-W801",
                _WARN,
                "a synchronisation problem found by verify_sync",
                "add the synchronisation the message names, or compile with insert_sync=True",
            ),
            Code("ASC-W802", _WARN, "a GM read past the end of an array (gm_overread)"),
            Code("ASC-W803", _WARN, "a local write past a tensor's end (local_overrun)"),
            Code("ASC-W804", _WARN, "a DataCopy tail shorter than a block (copy_tail)"),
            Code(
                "ASC-W805",
                _WARN,
                "a read of on-chip memory nothing wrote (uninit='warn')",
                "write the buffer (or Duplicate zeros into it) before reading it",
            ),
            Code("ASC-W806", _WARN, "the compile cache could not be read or written"),
            Code("ASC-W807", _WARN, "a host matmul tiling request that cannot be met"),
            Code(
                "ASC-W808",
                "RuntimeWarning",
                "a setting that cannot take effect: the program goes on without it",
                "docs/configuration.md lists the variables and their values",
            ),
        )
    }


_F, _D, _R = "asc_xdsl.frontend.errors.", "asc_xdsl.dialects.", "asc_xdsl.runtime."
_SIM, _CANN = _R + "simulator.", _R + "cann."

CLASS_CODES: dict[str, str] = {
    _F + "CompileError": "ASC-F100",
    "asc_xdsl.language.builder.active.JitOnlyError": "ASC-F113",
    _D + "ir_diagnostics.LocatedVerifyError": "ASC-V200",
    _D + "dominance.DominanceError": "ASC-V201",
    _D + "ir_diagnostics.IRParseError": "ASC-V210",
    "asc_xdsl.backends.ascendc.errors.EmissionError": "ASC-E400",
    _SIM + "errors.SimulatorError": "ASC-S500",
    _SIM + "errors.GmAccessError": "ASC-S501",
    _SIM + "errors.MemoryOverflowError": "ASC-S502",
    _SIM + "errors.TensorBoundsError": "ASC-S503",
    _SIM + "errors.AlignmentError": "ASC-S504",
    _SIM + "errors.QueueError": "ASC-S505",
    _SIM + "errors.ProfileRegionError": "ASC-S506",
    _SIM + "errors.UnsupportedOpError": "ASC-S507",
    _SIM + "errors.StepLimitError": "ASC-S508",
    _SIM + "errors.EndlessLoopError": "ASC-S509",
    _SIM + "sanitizer.SyncError": "ASC-S510",
    _SIM + "sanitizer.RaceError": "ASC-S511",
    _SIM + "cores.DeadlockError": "ASC-S512",
    _SIM + "uninit.UninitializedReadError": "ASC-S513",
    _R + "kernel.LaunchError": "ASC-R600",
    _R + "ir_kernel.KernelIRError": "ASC-R604",
    _CANN + "errors.CannError": "ASC-R610",
    _CANN + "errors.ToolkitNotFoundError": "ASC-R611",
    _CANN + "errors.BishengError": "ASC-R612",
    _CANN + "errors.AclError": "ASC-R613",
    _CANN + "manifest.ManifestError": "ASC-R614",
    _CANN + "dump.DumpDecodeError": "ASC-R615",
    "asc_xdsl.diagnostics.ConfigError": "ASC-R605",
    "asc_xdsl.soc.UnknownSocError": "ASC-R620",
    "asc_xdsl.soc.SocError": "ASC-R621",
    "asc_xdsl.diagnostics.ApiTypeError": "ASC-R630",
    "asc_xdsl.diagnostics.ApiValueError": "ASC-R631",
    "asc_xdsl.diagnostics.ApiNotImplementedError": "ASC-R632",
    "asc_xdsl.opt.UsageError": "ASC-T700",
    "asc_xdsl.build.BuildError": "ASC-T710",
    "asc_xdsl.run.RunError": "ASC-T720",
    "asc_xdsl.prof.ProfError": "ASC-T730",
    _SIM + "sanitizer.SanitizerWarning": "ASC-W800",
    "asc_xdsl.frontend.jit.SyncWarning": "ASC-W801",
    _SIM + "gm_overread.GmOverreadWarning": "ASC-W802",
    _SIM + "gm_overread.LocalOverrunWarning": "ASC-W803",
    _SIM + "gm_overread.CopyTailWarning": "ASC-W804",
    _SIM + "uninit.UninitializedReadWarning": "ASC-W805",
    _R + "disk_cache.CacheWarning": "ASC-W806",
    "asc_xdsl.lib.host.matmul_tiling.TilingWarning": "ASC-W807",
    "asc_xdsl.diagnostics.ConfigWarning": "ASC-W808",
}
"""The code an error or warning class carries when its raise site names none (a
subclass without an entry takes its base's)."""

PASS_CODES: dict[str, str] = {
    "ascendc-insert-sync": "ASC-P301",
    "ascendc-erase-sync": "ASC-P302",
    "ascendc-plan-memory": "ASC-P303",
    "ascendc-materialize-tensor": "ASC-P304",
    "ascendc-input-output-tensor": "ASC-P305",
    "tile-check-locations": "ASC-P306",
    "tile-to-ascendc": "ASC-P307",
    "ascendc-verify-sync": "ASC-W801",
}
"""The code of each pass's located diagnostics (`transforms.diagnostics`): a pass that
reports through it has an entry (test_error_codes.py checks)."""


def lookup(code: str) -> Code:
    """The table's entry for `code` (a KeyError names an unknown code)."""
    try:
        return _codes()[code]
    except KeyError:
        raise KeyError(f"unknown diagnostic code {code!r} (see asc_xdsl/diagnostics.py)") from None


def class_code(cls: type) -> str | None:
    """The default code of `cls`: its own entry in CLASS_CODES, else its nearest base's."""
    for klass in cls.__mro__:
        code = CLASS_CODES.get(f"{klass.__module__}.{klass.__qualname__}")
        if code is not None:
            return code
    return None


def render(text: str, code: str | None, hint: str | None = None) -> str:
    """`text` with `[code]` after its message and `hint: ...` on a last line.

    The code goes at the end of the line that says `error:`/`warning:` (the message
    of a located diagnostic), else at the end of the first line, so the position and
    the source excerpt keep their places."""
    if code is None or f"[{code}]" in text:  # (a message that has its code already)
        return text
    lines = text.rstrip("\n").split("\n")
    at = next((i for i, s in enumerate(lines) if "error: " in s or "warning: " in s), 0)
    lines[at] = f"{lines[at]} [{code}]"
    if hint:
        lines.append(f"hint: {hint}")
    return "\n".join(lines)


def pass_code(pass_name: str, severity: str) -> str | None:
    """The code of a diagnostic of the pass `pass_name` (`severity` 'error'/'warning'),
    None for a note or a severity the pass's code is not of."""
    code = PASS_CODES.get(pass_name)
    if code is not None and (lookup(code).kind == _WARN) == (severity == "warning"):
        return code
    return None


class CodedError:
    """Mixin of asc_xdsl's error classes: a stable `.code`, its `.hint`, and both in `str()`.

    `code=`/`hint=` at a raise site override the class's default code and the code's
    hint. When the code's kind differs from the class's builtin base, the instance is
    made of the subclass `_kinds` names for that kind (e.g. `LaunchError(...,
    code="ASC-R601")` is a `LaunchTypeError`, so also a `TypeError`)."""

    _kinds: ClassVar[dict[str, type]] = {}
    code: str | None
    _hint: str | None

    def __new__(cls, *args: Any, code: str | None = None, hint: str | None = None, **kw: Any):
        code = code or class_code(cls)
        target = cls._kinds.get(lookup(code).kind) if code is not None else None
        if target is not None and target is not cls and issubclass(target, cls):
            cls = target
        self = super().__new__(cls, *args)  # type: ignore[call-arg]
        self.code = code
        self._hint = hint
        return self

    def __init__(self, *args: Any, code: str | None = None, hint: str | None = None, **kw: Any):
        super().__init__(*args, **kw)

    @property
    def hint(self) -> str | None:
        """What to change, when the code (or the raise site) has advice."""
        if self._hint is not None:
            return self._hint
        return lookup(self.code).hint if self.code is not None else None

    @property
    def text(self) -> str:
        """The message without the code and the hint (for an error that wraps this one)."""
        return super().__str__()

    def __str__(self) -> str:
        return render(self.text, self.code, self.hint)

    def __reduce__(self) -> Any:  # (pickled with its code: a worker process's error)
        return (_rebuild, (type(self), self.args, self.__dict__))


def _rebuild(cls: type, args: tuple[Any, ...], state: dict[str, Any]) -> Any:
    self = BaseException.__new__(cls, *args)
    self.__dict__.update(state)
    self.args = args
    return self


class CodedWarning(UserWarning):
    """Base of asc_xdsl's warnings: the message shows the class's code and hint."""

    @property
    def code(self) -> str | None:
        return class_code(type(self))

    @property
    def hint(self) -> str | None:
        return lookup(self.code).hint if self.code is not None else None

    def __str__(self) -> str:
        return render(super().__str__(), self.code, self.hint)


class ConfigError(CodedError, ValueError):
    """An environment variable or setting with a value asc_xdsl cannot use (ASC-R605)."""


class ApiTypeError(CodedError, TypeError):
    """An API function or class (a Struct, a tiling struct, an IR builder, the host
    tiling) given an argument of the wrong kind (ASC-R630); inside a kernel the frontend
    reports it at the line as ASC-F102."""


class ApiNotImplementedError(CodedError, NotImplementedError):
    """An API feature asc_xdsl does not have (ASC-R632)."""


class ApiValueError(CodedError, ValueError):
    """An API function or class given an argument out of range (ASC-R631); inside a
    kernel the frontend reports it at the line as ASC-F100."""


class ConfigWarning(CodedWarning, RuntimeWarning):
    """A setting that cannot take effect (a misspelt ASC_XDSL_LOG, a dump folder that
    cannot be written): the program goes on without it (ASC-W808)."""


def builtin_kind(code: str) -> type[BaseException]:
    """The builtin exception or warning class errors with `code` derive from."""
    return getattr(builtins, lookup(code).kind)


def __getattr__(name: str) -> Any:
    if name == "CODES":  # every code by its name (`_codes`)
        return _codes()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
