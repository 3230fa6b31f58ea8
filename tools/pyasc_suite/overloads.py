"""Proofs, by the compiler, that one of pyasc's calls resolves to another function.

Overload resolution decides which Ascend C function a call runs, and reading the
headers is no proof of it. For each entry the harness declares one function-template
specialization as deleted (`= delete`, right after the #includes) and compiles against
the headers (tools/check_headers.py):

1. pyasc's C++ with `theirs` deleted must fail on the entry's CHECK line with a use of a
   deleted function: pyasc's call resolves to `theirs`;
2. pyasc's C++ with `meant` (the function the IR op names) deleted must have no error on
   that line: pyasc's call does not reach it;
3. our C++ with `meant` deleted must fail with a use of a deleted function: ours calls it.

The line then matches anything (a proven difference, as a counterexample's line), and
the rest of the case must match.
"""

from __future__ import annotations

from dataclasses import dataclass

from pyasc_suite.checks import Directive


@dataclass(frozen=True)
class Overload:
    check_line: int
    theirs: str  # an explicit specialization of what pyasc's call resolves to
    meant: str  # an explicit specialization of the function the op means
    meaning: str


_SELECT = (
    "const LocalTensor<float>&, const LocalTensor<float>&, const LocalTensor<float>&, "
    "uint8_t, const BinaryRepeatParams&"
)
OVERLOADS: dict[tuple[str, str], Overload] = {
    ("basic/vec_cmpsel.mlir", "emit_select_slice_tensor_op"): Overload(
        111,
        f"template <> void Select<float, float>({_SELECT}) = delete;",
        f"template <> void Select<float, SELMODE::VSEL_CMPMASK_SPR>({_SELECT}) = delete;",
        "select_reg is Select<T, selMode>(dst, src0, src1, repeat, params); pyasc's "
        "Select(dst, src0, src1, repeat, params) deduces the (dst, selMask, src0, repeat, "
        "params) overload, src0 taken as the mask",
    ),
}


def with_deleted(source: str, specialization: str) -> tuple[str, int]:
    """`source` with the deleted specialization declared after its #includes, and the
    number of lines inserted before the rest."""
    lines = source.split("\n")
    last = max((k for k, ln in enumerate(lines) if ln.lstrip().startswith("#include")), default=-1)
    inserted = ["namespace AscendC {", specialization, "}  // namespace AscendC"]
    return "\n".join([*lines[: last + 1], *inserted, *lines[last + 1 :]]), len(inserted)


def tu_line(lines: dict[int, list[Directive]], check_line: int) -> int | None:
    """The translation unit's line holding the directive at `check_line`."""
    return next((n for n, ds in lines.items() if any(d.line == check_line for d in ds)), None)


__all__ = ["OVERLOADS", "Overload", "tu_line", "with_deleted"]
