"""The Ascend 950 "flexible scalar position" forms of the binary-scalar APIs (Adds, Muls,
Maxs, Mins, Subs, Divs, Ands, Ors), count form, with both sources LocalTensors.

`AscendC::Subs<BinaryDefaultType, true, config>(dst, src0, src1, count)`
(basic_api/kernel_operator_vec_binary_scalar_intf.h, arch 3510): `config.scalarTensorIndex`
(`BinaryConfig`, default 1) says which source is the scalar: that source's element 0
(`src1[k]` passes element k) is duplicated and the Reg binary op runs against the other
source's first `count` elements -- index 1: dst[i] = src0[i] op src1[0]; index 0:
dst[i] = src0[0] op src1[i] (dav_3510/kernel_operator_vec_binary_scalar_impl.h). The
dtypes are each API's `static_assert` list less bfloat16_t and complex (the simulator's
count forms have no bfloat16 arithmetic; the complex scalar element is not modelled).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from xdsl.dialects.builtin import IntegerAttr
from xdsl.utils.exceptions import VerifyException

from asc_xdsl.dialects.ascendc.base import EmitKind
from asc_xdsl.dialects.ascendc.spec import OpFamily, OpSpec, Prop, PropKind
from asc_xdsl.dialects.ascendc.vector import COUNT, _Ascend950Op, dst, src

FAMILY = OpFamily(__name__)

SCALAR_TENSOR_INDEX = Prop(
    "scalarTensorIndex", py="scalar_tensor_index", default=1, kind=PropKind.INT, int_type="i8"
)

_INTS = ("i16", "i32", "i64", "ui64")
# (class prefix, API, Reg op the simulator runs, dtypes)
SCALAR_TENSOR_TABLE: tuple[tuple[str, str, str, tuple[str, ...]], ...] = (
    ("Adds", "adds", "add", ("ui8", "i8", "f16", "f32", *_INTS)),
    ("Muls", "muls", "mul", ("f16", "f32", *_INTS)),
    ("Maxs", "maxs", "max", ("ui8", "i8", "f16", "f32", *_INTS)),
    ("Mins", "mins", "min", ("ui8", "i8", "f16", "f32", *_INTS)),
    ("Subs", "subs", "sub", ("f16", "f32", *_INTS)),
    ("Divs", "divs", "div", ("f16", "f32", "i64", "ui64")),
    ("Ands", "ands", "and", ("ui16", "i16", "i64", "ui64")),
    ("Ors", "ors", "or", ("ui16", "i16", "i64", "ui64")),
)

_SYMBOL = {"add": "+", "mul": "*", "sub": "-", "div": "/", "and": "&", "or": "|"}


class ScalarTensorOp(_Ascend950Op):
    """A flexible-scalar-position count form: Ascend 950 only; scalarTensorIndex 0 or 1."""

    def verify_(self) -> None:
        super().verify_()
        index = self.properties.get("scalarTensorIndex")
        if isinstance(index, IntegerAttr) and index.value.data not in (0, 1):
            raise VerifyException(
                f"'{self.name}': scalarTensorIndex must be 0 (src0[0] is the scalar) or 1 "
                f"(src1[0] is the scalar), got {index.value.data}"
            )


def _scalar_first(op) -> bool:
    index = op.properties.get("scalarTensorIndex")
    return isinstance(index, IntegerAttr) and index.value.data == 0


# The commutative six print through the generic printer: scalarTensorIndex 0 as the
# default config with the sources swapped (src1[i] op src0[0], the same elements),
# which needs no named config constant. Subs and Divs print theirs (emitters/
# vec_scalar_tensor.py: a `static constexpr BinaryConfig` for index 0).
_COMMUTATIVE_CALL = (
    "dst",
    lambda op: op.src1 if _scalar_first(op) else op.src0,
    lambda op: op.src0 if _scalar_first(op) else op.src1,
    "cal_count",
)


def _what(fn: str, a: str, b: str) -> str:
    if fn in _SYMBOL:
        return f"{a} {_SYMBOL[fn]} {b}"
    return f"{fn}({a}, {b})"


for _cls, _m, _fn, _dt in SCALAR_TENSOR_TABLE:
    FAMILY.add(
        f"{_cls}ScalarTensorL2Op",
        OpSpec(
            f"{_m}_scalar_tensor_l2",
            _cls,
            (dst(), src("src0"), src("src1"), COUNT),
            props=(SCALAR_TENSOR_INDEX,),
            emit=EmitKind.CUSTOM if _fn in ("sub", "div") else EmitKind.FREE_FUNCTION,
            call=None if _fn in ("sub", "div") else _COMMUTATIVE_CALL,
            dtypes={"T": _dt},
            pipe="V",
            py=_m,
            sim=f"scalar_tensor:{_fn}",
            doc=f"`AscendC::{_cls}<BinaryDefaultType, true, config>(dst, src0, src1, count)` "
            f"(Ascend 950), both sources LocalTensors: with `config.scalarTensorIndex` 1 "
            f"(the default) dst[i] = {_what(_fn, 'src0[i]', 'src1[0]')}, with 0 dst[i] = "
            f"{_what(_fn, 'src0[0]', 'src1[i]')}"
            f", for the first `count` elements (pass `src[k:]` to take element k as the "
            f"scalar)."
            + (
                ""
                if _fn in ("sub", "div")
                else " Index 0 prints as the default config with the sources swapped (the "
                "same elements)."
            ),
        ),
        ScalarTensorOp,
    )


def vec_scalar_tensor_ops() -> list:
    """Every op class of this module (defines them all)."""
    return FAMILY.classes()


if TYPE_CHECKING:  # its op classes as type checkers see them (tools/gen_api.py)
    from asc_xdsl.dialects.ascendc._op_stubs.vec_scalar_tensor import *  # noqa: F403
