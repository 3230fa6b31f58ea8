"""The Reg layer (`AscendC::Reg`, Ascend 950 / arch 3510): vector registers as SSA values.

A *vector function* is a `func.func` marked `ascendc.vf` (C++: a `__simd_vf__` function);
the kernel calls it through `ascendc.reg.vf_call @f(args)` (`asc_vf_call<f>(args)`). Inside
it, the Reg ops compute on `!ascendc.reg_tensor<T>` (a 256-byte vector register) and
`!ascendc.mask_reg` values and move data between registers and UB through `__ubuf__`
pointers (`memref<?xT, 26>`, made in the kernel by `ascendc.reg.ub_ptr` from a local
tensor). The C++ APIs write their results through reference parameters
(`Add(dst, a, b, mask)`); here every register an op writes is a result, and the printer
declares the variable.

The verifier refuses a Reg op outside a vector function, a `vf_call` whose callee is not
one (or whose arguments do not match it), and any of them in a module for a SoC other
than an Ascend 950 part (the headers define `AscendC::Reg` for arch 3510 only).

Sources: `include/basic_api/reg_compute/*.h` (signatures, defaults), the 3510
implementations' `static_assert`s (`impl/basic_api/reg_compute/dav_3510`, the dtypes),
the API pages under `docs/zh/api` (semantics).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from xdsl.dialects import func
from xdsl.dialects.builtin import (
    DYNAMIC_INDEX,
    ComplexType,
    Float32Type,
    IntegerAttr,
    IntegerType,
    MemRefType,
    ModuleOp,
    StringAttr,
    SymbolRefAttr,
    UnitAttr,
)
from xdsl.ir import Attribute, Block, Operation, Region, SSAValue
from xdsl.irdl.constraints import AttrConstraint, VerificationContext
from xdsl.traits import MemoryEffectKind, SymbolTable, get_effects
from xdsl.utils.exceptions import VerifyException

from asc_xdsl.dialects.ascendc.base import VF_ATTR, EmitKind
from asc_xdsl.dialects.ascendc.enums import CMPMODE, RoundMode
from asc_xdsl.dialects.ascendc.reg_types import (
    HighLowPart,
    IndexOrder,
    LoadDist,
    MaskLoadDist,
    MaskPattern,
    MaskRegType,
    MaskStoreDist,
    MemType,
    ReduceType,
    RegLayout,
    RegTensorType,
    RegTrait,
    SatMode,
    StoreDist,
)
from asc_xdsl.dialects.ascendc.spec import (
    ANY,
    INT,
    Arity,
    Effect,
    Operand,
    OpFamily,
    OpSpec,
    Prop,
    PropKind,
    Result,
    SpecOp,
    TypeRule,
    elem,
    element_of,
    exact,
    float8_type_of,
    local,
    of_type,
)
from asc_xdsl.dialects.ascendc.target import declared_soc, soc_family
from asc_xdsl.soc import ASCEND_950, SOC_ATTR

SAMPLE_SOC = "Ascend950PR_9599"
"""The SoC op samples and the Reg harness compile for (CANN's CPU-debug 950 part)."""

UB_MEMORY_SPACE = 26
"""memref memory space of a `__ubuf__` pointer (pyasc's numbering, `cpp_types`)."""


# ---------------------------------------------------------------------------
# Type rules
# ---------------------------------------------------------------------------


@dataclass(frozen=True)
class TypeBound(AttrConstraint):
    """A type of class `kind` (a register, a UB pointer) whose element type binds `var`."""

    expected: str
    check: Callable[[Attribute], bool]
    var: str | None

    def verify(self, attr: Attribute, constraint_context: VerificationContext) -> None:
        if not self.check(attr):
            raise VerifyException(f"must be {self.expected}, got {attr}")

    def mapping_type_vars(self, type_var_mapping: object) -> TypeBound:
        return self


_Bound = TypeBound  # (the name the reg_* modules use)


def _is_ub_pointer(t: Attribute) -> bool:
    if not isinstance(t, MemRefType):
        return False
    space = t.memory_space
    return isinstance(space, IntegerAttr) and space.value.data == UB_MEMORY_SPACE


def ub_pointer_type(element: Attribute) -> MemRefType:
    """`__ubuf__ T*` as IR: `memref<?xT, 26 : i64>`."""
    return MemRefType(element, [DYNAMIC_INDEX], memory_space=IntegerAttr(UB_MEMORY_SPACE, 64))


def reg(var: str = "T") -> TypeRule:
    """A vector register whose element type is variable `var`."""
    return TypeRule(
        _Bound("a !ascendc.reg_tensor", lambda t: isinstance(t, RegTensorType), var),
        f"RegTensor<{var}>",
        lambda v: RegTensorType(v[var]),
        var,
    )


def ub(var: str = "T") -> TypeRule:
    """A `__ubuf__ T*` pointer (memref in memory space 26) of element type `var`."""
    return TypeRule(
        _Bound("a __ubuf__ pointer (memref<?xT, 26>)", _is_ub_pointer, var),
        f"__ubuf__ {var}*",
        lambda v: ub_pointer_type(v[var]),
        var,
    )


MASK = of_type(MaskRegType)


def _mask(name: str = "mask") -> Operand:
    return Operand(name, MASK)


def _reg_in(name: str, var: str = "T") -> Operand:
    return Operand(name, reg(var))


def _reg_out(name: str = "dst", var: str = "T") -> Result:
    return Result(name, reg(var))


def _mask_out(name: str = "dst") -> Result:
    return Result(name, MASK, MaskRegType())


_OFFSET = Operand("offset", INT)
_SHIFT = exact(IntegerType(16))  # (the shift scalar of ShiftLefts/Rights is an int16_t)
_DTYPE = Prop("dtype", kind=PropKind.TYPE)
# (absent: RegTraitNumOne; NUM_TWO: the b32 mask of a RegTraitNumTwo pair of 64-bit T)
_TRAIT = Prop("trait", RegTrait, optional=True)


# ---------------------------------------------------------------------------
# Dtypes (3510 implementations' static_asserts)
# ---------------------------------------------------------------------------

INTS = ("i8", "ui8", "i16", "ui16", "i32", "ui32")
FLOATS = ("f16", "f32")
ALL_NUMERIC = (*INTS, "f16", "bf16", "f32")
ARITH = ("i8", "ui8", "i16", "ui16", "i32", "ui32", "f16", "bf16", "f32")
MUL = ("i16", "ui16", "i32", "ui32", "f16", "bf16", "f32")
DIV = ("i16", "ui16", "i32", "ui32", "f16", "f32")
BITWISE = INTS
SIGNED_ARITH = ("i8", "i16", "i32", "f16", "f32")
RELU = ("i32", "f16", "f32")
MIN_MAX = ("i8", "ui8", "i16", "ui16", "i32", "ui32", "f16", "bf16", "f32")
COMPLEX = ("complex<f16>", "complex<f32>")
COMPLEX64 = ComplexType(Float32Type())
"""complex32 (`AscendC::Complex<half>`) and complex64 (`AscendC::Complex<float>`)."""

COMPLEX_OPS = frozenset(
    f"reg.{m}"
    for m in (
        *("create_mask", "update_mask", "load_align", "store_align", "load_unalign"),
        *("store_unalign", "add", "sub", "mul", "div", "adds", "muls", "duplicate"),
        *("abs_complex", "div_mode", "select", "ub_ptr", "vf_call"),
        # (the DataBlock copies: complex32, as b32)
        *("load_align_block", "store_align_block", "load_align_block_post"),
        *("store_align_block_post", "load_align_block_normal", "store_align_block_normal"),
        # (reg_address.py: the PostUpdate, unaligned-stream and AddrReg forms)
        *("load_align_post", "store_align_post", "load_unalign_pre", "load_unalign_post"),
        *("create_addr_reg", "load_align_areg", "store_align_areg"),
        *("store_unalign_update", "store_unalign_post_update", "store_unalign_areg"),
        *("store_unalign_post_areg", "load_unalign_pre_areg", "load_unalign_areg"),
        # (reg_fused.py: Duplicate of a register, the maskless Duplicate, and the
        # complex32 <-> complex64 cast the basic API's Cast composes)
        *("duplicate_reg", "duplicate_unmasked", "cast_complex"),
    )
)
"""The Reg ops that take complex registers: the 3510 implementations' `complex32` /
`complex64` branches (CreateMask / UpdateMask count complex elements; Add / Sub / Mul /
Div / Adds / Muls / Duplicate / Abs compute on the real and imaginary parts), and the
forms that take any element of 4 or 8 bytes (`SupportBytes`: the contiguous loads and
stores, which move bytes, and Select). The API pages' list of emulated types
(附录/Reg矢量计算接口软仿情况汇总) names the same set. Every other Reg op refuses a
complex type: Move, Compare, Max, the math functions, ... (Move's `static_assert`
leaves complex out; the others have no complex branch)."""

FP8 = ("f8E4M3FN", "f8E5M2", "f8E8M0FNU", "!ascendc.hifloat8")
"""Ascend 950's 8-bit floats (fp8_e4m3fn_t, fp8_e5m2_t, fp8_e8m0_t, hifloat8_t)."""
FP4 = ("f4E2M1FN", "!ascendc.float4_e1m2")
"""Ascend 950's 4-bit floats (fp4x2_e2m1_t, fp4x2_e1m2_t): in a register, b8 elements that
each hold a pair (sizeof 1), taken by the same ops as the 8-bit floats (`FP8_OPS`)."""
B8_FLOATS = (*FP8, *FP4)
"""The element types a Reg op's b8 branch (`SupportBytes<T, 1>`, `sizeof(T) == 1`, or an
explicit fp8 / fp4x2 branch casting to an 8-bit integer register) takes besides int8 and
uint8: the 8-bit floats and the 4-bit ones (a byte, a pair, per register element)."""
FP8_OPS = frozenset(
    f"reg.{m}"
    for m in (
        *("create_mask", "update_mask", "load_align", "store_align", "load_unalign"),
        *("store_unalign", "cast", "select", "ub_ptr", "vf_call", "duplicate"),
        # (dav_3510's b8 branches, each a byte move of the register: Duplicate of a
        # register and the maskless Duplicate (vec_duplicate_impl.h, the fp4x2 / fp8
        # branches of DuplicateImpl: vdup / vbr of RegTensor<int8_t>), Interleave /
        # DeInterleave (vintlv / vdintlv of int8 when sizeof(T) == 1), Gather of a
        # register (gather_mask_impl.h GatherImpl: vselr of uint8 with a uint8 index),
        # GatherB (datacopy_impl.h: vgatherb of vector_s8)
        *("duplicate_reg", "duplicate_unmasked", "interleave", "deinterleave"),
        *("gather_reg", "gather_b"),
        # (Gather / Scatter through UB: datacopy_impl.h's sizeof(T1) == 1 branches, a b8
        # source into a b16 register by vgather2 of int8, a b8 register's even bytes by
        # vscatter; the index uint16)
        *("gather", "scatter"),
        # (the address forms: datacopy_load_impl.h / _store_impl.h's SupportBytes<T, 1>
        # branches, vlds / vsts / vld / vst / vsldb / vsstb / vldus / vstus / vstur of
        # uint8; the two-register ones with DIST_DINTLV_B8 / DIST_INTLV_B8)
        *("load_align_post", "store_align_post", "load_align_areg", "store_align_areg"),
        *("load_align_dintlv", "store_align_intlv", "load_align_dintlv_post"),
        *("load_align_dintlv_areg", "store_align_intlv_areg"),
        *("load_align_block", "store_align_block", "load_align_block_post"),
        *("store_align_block_post", "load_align_block_normal", "store_align_block_normal"),
        *("load_unalign_pre", "load_unalign_post", "load_unalign_pre_areg"),
        *("load_unalign_areg", "store_unalign_update", "store_unalign_post_update"),
        *("store_unalign_areg", "store_unalign_post_areg"),
        # (addrreg_impl.h CreateAddrRegImpl: sizeof(T) == 1 is vag_b8, a byte offset)
        "create_addr_reg",
        # (the mask register's copies through a T pointer: datacopy_impl.h's pld / plds /
        # pst / psts take any `SupportBytes<T, 1, 2, 4, 8>`, the pointer cast to uint32)
        *("load_mask", "store_mask", "load_mask_post", "store_mask_post"),
        *("load_mask_areg", "store_mask_areg"),
    )
)
"""The Reg ops that take 8-bit and 4-bit float registers here (`B8_FLOATS`): the loads and
stores in every address form, Select, Interleave / DeInterleave, Gather of a register,
GatherB and Duplicate (`SupportBytes<T, 1, ...>` or `sizeof(T) == 1`: they move bytes),
Gather through UB of a b8 source (into a b16 register, each byte zero-extended) and
Scatter of a b8 register (its even bytes), masks counting b8 elements, and Cast (its 3510
pairs: `REG_CAST_FP8`), Duplicate of a constant of the type (`arith.constant`,
`ascendc.float_constant`). Every other Reg op refuses them: the arithmetic, Compare, Move,
Squeeze, Pack have no fp8 / fp4 branch (their `SupportType` lists name none), and the
scalar `ptr[i]` is not a register (docs/fp8.md)."""
_HIF8 = "!ascendc.hifloat8"
_WIDEN = frozenset({RoundMode.CAST_NONE, RoundMode.CAST_RINT})  # (the mode is not used)
_FP4_ROUNDS = frozenset(
    {RoundMode.CAST_RINT, RoundMode.CAST_ROUND, RoundMode.CAST_FLOOR, RoundMode.CAST_CEIL,
     RoundMode.CAST_TRUNC}
)  # fmt: skip
REG_CAST_FP8: dict[tuple[str, str], tuple[frozenset[RoundMode], int]] = {
    # (T, S) -> (round modes, layouts): kernel_reg_compute_vec_vconv_impl.h CastOperator
    # and the Cast page's tables; a 4x width change takes RegLayout ZERO..THREE.
    ("f16", _HIF8): (_WIDEN, 2),
    ("f32", _HIF8): (_WIDEN, 4),
    ("f32", "f8E4M3FN"): (_WIDEN, 4),
    ("f32", "f8E5M2"): (_WIDEN, 4),
    ("bf16", "f8E8M0FNU"): (_WIDEN, 2),
    (_HIF8, "f16"): (frozenset({RoundMode.CAST_ROUND, RoundMode.CAST_HYBRID}), 2),
    (_HIF8, "f32"): (frozenset({RoundMode.CAST_ROUND, RoundMode.CAST_HYBRID}), 4),
    ("f8E4M3FN", "f32"): (frozenset({RoundMode.CAST_RINT}), 4),
    ("f8E5M2", "f32"): (frozenset({RoundMode.CAST_RINT}), 4),
    ("f8E8M0FNU", "bf16"): (_WIDEN | {RoundMode.CAST_TRUNC}, 2),
    # (the 4-bit floats: pairs against two bf16 lanes, one byte of each 32 bits; the Cast
    # page's table: bf16 -> fp4 by RINT / ROUND / FLOOR / CEIL / TRUNC, always saturating)
    **{("bf16", f): (_WIDEN, 4) for f in FP4},
    **{(f, "bf16"): (_FP4_ROUNDS, 4) for f in FP4},
}
"""Reg Cast's 8-bit float pairs on 3510: (T = dst, S = src) -> (the round modes it
takes, the number of RegLayout values)."""


# ---------------------------------------------------------------------------
# The base class: where Reg ops may be, and for which SoC
# ---------------------------------------------------------------------------


def enclosing_function(op: Operation) -> func.FuncOp | None:
    parent = op.parent_op()
    while parent is not None and not isinstance(parent, func.FuncOp):
        parent = parent.parent_op()
    return parent


def is_vector_function(f: func.FuncOp | None) -> bool:
    return f is not None and isinstance(f.attributes.get(VF_ATTR), UnitAttr)


def in_vec_scope(op: Operation) -> bool:
    """Whether `op` is inside an `ascendc.reg.vec_scope` (`__VEC_SCOPE__`)."""
    from asc_xdsl.dialects.ascendc.reg_scope import enclosing_scope

    return enclosing_scope(op) is not None


def check_soc(op: Operation, what: str) -> None:
    """The Reg layer exists on Ascend 950 (arch 3510) only."""
    family = soc_family(op)
    if family is not None and family != ASCEND_950:
        raise VerifyException(
            f"'{op.name}': {what} exists on Ascend 950 (arch 3510) only; this module is "
            f"compiled for {declared_soc(op)} ({family})"
        )


class RegOp(SpecOp):
    """A Reg op: inside a vector function, on Ascend 950; its results' element types
    are the ones its spec's variables are bound to; its dtypes are `REG_DTYPES`'."""

    DTYPES: ClassVar[dict[str, tuple[str, ...]]] = {}
    IN_VF: ClassVar[bool] = True

    def verify_(self) -> None:
        super().verify_()
        check_soc(self, "the Reg layer (AscendC::Reg)")
        f = enclosing_function(self)
        if self.IN_VF and not (is_vector_function(f) or in_vec_scope(self)):
            where = f"function @{f.sym_name.data}" if f is not None else "no function"
            raise VerifyException(
                f"'{self.name}': a Reg op must be inside a vector function (a func.func "
                f"marked {VF_ATTR}, printed __simd_vf__) or a __VEC_SCOPE__ "
                f"(ascendc.reg.vec_scope), not in {where}"
            )
        self._verify_vars()
        self._verify_trait()
        self._verify_complex()
        self._verify_float8()

    def _verify_float8(self) -> None:
        """8-bit floats only in the ops whose 3510 implementations take them."""
        t = float8_type_of(self)
        if t is None:
            return
        if self.SPEC.mnemonic not in FP8_OPS:
            ops = ", ".join(sorted(m.removeprefix("reg.") for m in FP8_OPS))
            raise VerifyException(
                f"'{self.name}': {self.SPEC.api} does not take 8-bit float types ({t}) on "
                f"Ascend 950; the Reg ops that do: {ops}"
            )
        if self.SPEC.mnemonic != "reg.cast":
            return
        pair = (str(element_of(self.results[0].type)), str(element_of(self.operands[0].type)))
        allowed = REG_CAST_FP8.get(pair)
        if allowed is None:
            pairs = ", ".join(f"{s} -> {d}" for d, s in REG_CAST_FP8)
            raise VerifyException(
                f"'{self.name}': Cast from {pair[1]} to {pair[0]} is not supported on Ascend "
                f"950 (its 8-bit float pairs: {pairs})"
            )
        modes, layouts = allowed
        mode = RoundMode.from_attr(self.properties["roundMode"])
        if mode not in modes:
            names = ", ".join(m.name for m in sorted(modes))
            raise VerifyException(
                f"'{self.name}': Cast from {pair[1]} to {pair[0]} does not support {mode.name} "
                f"(supported: {names})"
            )
        layout = int(RegLayout.from_attr(self.properties["layout"]))
        if layout >= layouts:
            raise VerifyException(
                f"'{self.name}': Cast from {pair[1]} to {pair[0]} takes RegLayout ZERO.."
                f"{RegLayout(layouts - 1).name}, not {RegLayout(layout).name}"
            )

    def _verify_complex(self) -> None:
        """Complex element types only in the ops whose 3510 implementations take them."""
        if self.SPEC.mnemonic in COMPLEX_OPS:
            return
        types = [v.type for v in (*self.operands, *self.results)]
        types += [a for a in self.properties.values() if isinstance(a, ComplexType)]
        for t in types:
            t = element_of(t)
            if isinstance(t, ComplexType):
                ops = ", ".join(sorted(m.removeprefix("reg.") for m in COMPLEX_OPS))
                raise VerifyException(
                    f"'{self.name}': {self.SPEC.api} does not take complex types ({t}) on "
                    f"Ascend 950; the Reg ops that do: {ops}"
                )

    def _verify_trait(self) -> None:
        """RegTraitNumTwo registers go only into the ops that model them, all of one trait
        (complex Abs: a pair or one register in, one register of the parts' type out)."""
        if self.SPEC.mnemonic == "reg.abs_complex":
            return  # (its result, of half / float, cannot be a pair: the type says so)
        values = (*self.operands, *self.results)
        traits = {v.type.reg_num for v in values if isinstance(v.type, RegTensorType)}
        if 2 not in traits:
            return
        if len(traits) > 1 and not self._mixes_traits():
            raise VerifyException(
                f"'{self.name}': RegTraitNumOne and RegTraitNumTwo registers mixed"
            )
        if self.SPEC.mnemonic not in TRAIT_TWO_OPS:
            raise VerifyException(
                f"'{self.name}': RegTraitNumTwo registers are modelled in "
                f"{', '.join(sorted(m.removeprefix('reg.') for m in TRAIT_TWO_OPS))} only"
            )

    def _mixes_traits(self) -> bool:
        """Whether the op takes a RegTraitNumTwo register with RegTraitNumOne ones (Cast's
        64-bit pair forms: `RegCastOp`)."""
        return False

    @classmethod
    def complete_sample(cls, module: ModuleOp, f: func.FuncOp, op: Operation) -> None:
        """The op's sample (`spec_samples`) is for an Ascend 950 part, in a vector
        function (a kernel-side op's: in a plain function)."""
        module.attributes[SOC_ATTR] = StringAttr(SAMPLE_SOC)
        if cls.IN_VF:
            f.attributes[VF_ATTR] = UnitAttr()

    def _verify_vars(self) -> None:
        spec = self.SPEC
        bound: dict[str, Attribute] = {}
        for o in spec.operands:
            if o.type.var is None or o.arity is not Arity.SINGLE:
                continue
            t = getattr(self, o.name).type
            bound.setdefault(o.type.var, element_of(t))
        for p in spec.props:
            if p.kind is PropKind.TYPE and self._prop(p.name) is not None:
                bound.setdefault(p.name, self._prop(p.name))  # type: ignore[arg-type]
        for r, value in zip(spec.results, self.results, strict=False):
            var = r.type.var
            if var is None:
                continue
            t = element_of(value.type)
            if var in bound and bound[var] != t:
                raise VerifyException(
                    f"'{self.name}': result {r.name} has element type {t}, expected "
                    f"{bound[var]} (the operands' {var})"
                )
            bound.setdefault(var, t)
        pairs = REG_PAIRS.get(spec.mnemonic)
        if pairs is not None and "T" in bound and "S" in bound:
            pair = (str(bound["T"]), str(bound["S"]))
            if pair not in pairs:
                raise VerifyException(
                    f"'{self.name}': {spec.api} does not take T = {pair[0]} from S = "
                    f"{pair[1]} on Ascend 950 (it takes "
                    + ", ".join(f"{t} from {s}" for t, s in pairs)
                    + ")"
                )
        for var, allowed in REG_DTYPES.get(spec.mnemonic, {}).items():
            t = bound.get(var)
            if t is not None and str(t) not in allowed:
                raise VerifyException(
                    f"'{self.name}': {spec.api} does not support {var} = {t} on Ascend 950 "
                    f"(supported: {', '.join(allowed)})"
                )


class VfCallOp(RegOp):
    """`asc_vf_call<f>(args...)`: called from a kernel (not from a vector function);
    the callee is a vector function of the module whose parameters match `args`."""

    IN_VF: ClassVar[bool] = False

    def verify_(self) -> None:
        super().verify_()
        if is_vector_function(enclosing_function(self)) or in_vec_scope(self):
            raise VerifyException(
                f"'{self.name}': a vector function (or __VEC_SCOPE__) calls another "
                "through a plain call, not asc_vf_call"
            )
        ref = self.properties.get("callee")
        if not isinstance(ref, SymbolRefAttr) or ref.nested_references.data:
            raise VerifyException(f"'{self.name}': callee must be a symbol (@f), got {ref}")
        callee = ref.root_reference.data
        module = self.get_toplevel_object()
        target = None
        for op in module.walk() if isinstance(module, Operation) else ():
            if isinstance(op, func.FuncOp) and op.sym_name.data == callee:
                target = op
                break
        if target is None:
            raise VerifyException(f"'{self.name}': no function @{callee} in the module")
        if not is_vector_function(target):
            raise VerifyException(
                f"'{self.name}': @{callee} is not a vector function (mark it {VF_ATTR})"
            )
        expected = list(target.function_type.inputs.data)
        got = [a.type for a in self.operands]
        if expected != got:
            raise VerifyException(
                f"'{self.name}': @{callee} takes ({', '.join(map(str, expected))}), "
                f"called with ({', '.join(map(str, got))})"
            )
        if target.function_type.outputs.data:
            raise VerifyException(f"'{self.name}': vector function @{callee} must return nothing")

    def callee_function(self) -> func.FuncOp | None:
        """The vector function called (None: no function of that name)."""
        ref = self.properties.get("callee")
        if not isinstance(ref, SymbolRefAttr):
            return None
        found = SymbolTable.lookup_symbol(self, ref)
        return found if isinstance(found, func.FuncOp) else None

    def argument_effects(self) -> list[tuple[SSAValue, bool]]:
        """(argument, writes) for what the vector function does to the memory of its UB
        pointer arguments, from the memory effects of the ops in its body: the call
        reads (writes) an argument when an op reads (writes) the parameter. An effect on
        a value that is not a parameter (a pointer made inside), or a call inside, reads
        and writes every pointer argument."""
        f = self.callee_function()
        pointers = [a for a in self.args if _is_ub_pointer(a.type)]
        if f is None or not f.body.blocks:
            return [(a, w) for a in pointers for w in (False, True)]
        params = {p: a for p, a in zip(f.body.block.args, self.args, strict=False)}
        found: dict[tuple[SSAValue, bool], None] = {}
        for op in f.walk():
            effects = get_effects(op)
            if effects is None:
                if isinstance(op, func.CallOp):
                    return [(a, w) for a in pointers for w in (False, True)]
                continue
            for e in effects:
                if e.kind not in (MemoryEffectKind.READ, MemoryEffectKind.WRITE):
                    continue
                write = e.kind is MemoryEffectKind.WRITE
                if e.value is None:
                    continue
                arg = params.get(e.value)  # type: ignore[arg-type]
                if arg is None:
                    if _is_ub_pointer(e.value.type):
                        return [(a, w) for a in pointers for w in (False, True)]
                    continue
                found[(arg, write)] = None
        return list(found)

    @classmethod
    def complete_sample(cls, module: ModuleOp, f: func.FuncOp, op: Operation) -> None:
        """The sample calls an empty vector function of its arguments' types."""
        super().complete_sample(module, f, op)
        inputs = f.function_type.inputs.data
        callee = func.FuncOp(
            "sample_vf", (inputs, []), Region(Block([func.ReturnOp()], arg_types=inputs))
        )
        callee.attributes[VF_ATTR] = UnitAttr()
        module.body.block.add_op(callee)  # (after the caller: a forward declaration)
        op.properties["callee"] = SymbolRefAttr("sample_vf")


class UbPtrOp(RegOp):
    """A kernel-side op (outside vector functions)."""

    IN_VF: ClassVar[bool] = False


# ---------------------------------------------------------------------------
# The specs
# ---------------------------------------------------------------------------

FAMILY = OpFamily(__name__)
__getattr__ = FAMILY.module_getattr

if TYPE_CHECKING:  # its op classes as type checkers see them (tools/gen_api.py)
    from asc_xdsl.dialects.ascendc._op_stubs.reg import *  # noqa: F403

REG_DTYPES: dict[str, dict[str, tuple[str, ...]]] = {}
"""mnemonic -> type variable -> the dtypes 3510 takes."""

TRAIT_TWO_OPS: set[str] = {
    f"reg.{m}"
    for m in (
        *("load_align", "store_align", "add", "sub", "mul", "div", "max", "min"),
        *("and", "or", "xor", "div_mode"),
        # (pairs of complex or 64-bit integers: their 3510 branches take RegTraitNumTwo)
        *("adds", "muls", "duplicate"),
        # (64-bit integers: each has a RegTraitNumTwo branch in 3510's implementation;
        # a pair's mask, a compare's too, is b32: element i is bit 4i)
        *("abs", "neg", "relu", "not", "maxs", "mins", "shift_lefts", "shift_rights"),
        "abs_sub",
        *("arange", "compare", "compares", "select", "reduce", "move"),
        # (Cast: int64 <-> int32 / float; Pack / UnPack of 64-bit elements: the 64-bit
        # side a pair, the other one register)
        *("cast", "pack", "unpack"),
        # (issue 30, round three: ShiftLeft / ShiftRight by a register, MulAddDst, Axpy
        # (Muls + Add of the pair), Interleave / DeInterleave (b64: pairs only), the
        # unaligned stores (vstus of the pair interleaved), Gather / Scatter of b64)
        *("shift_left", "shift_right", "mul_add_dst", "axpy", "interleave", "deinterleave"),
        *("store_unalign", "store", "gather", "scatter"),
    )
}
"""The ops that take RegTraitNumTwo registers here (the simulator's b32-mask pairs)."""

REG_PAIRS: dict[str, tuple[tuple[str, str], ...]] = {
    # (T, S) pairs of the ops whose dtypes go together (the 3510 `static_assert`s)
    "reg.pack": (
        *(("ui8", "ui16"), ("ui8", "i16"), ("ui16", "ui32"), ("ui16", "i32")),
        *(("ui32", "ui64"), ("ui32", "i64")),
    ),
    "reg.unpack": (
        *(("ui32", "ui16"), ("i32", "i16"), ("ui16", "ui8"), ("i16", "i8")),
        *(("ui64", "ui32"), ("i64", "i32")),
    ),
    "reg.abs_complex": (("f16", "complex<f16>"), ("f32", "complex<f32>")),
}
"""mnemonic -> the (T, S) pairs 3510 takes."""


def typed_format(operands: tuple[Operand, ...], results: tuple[Result, ...]) -> str:
    """`$a, $b attr-dict : type($a), type($b) -> type($r)`: every type written, so any
    result type round-trips."""
    names = [o.name for o in operands]
    single = [o for o in operands if o.arity is Arity.SINGLE]
    variadic = [o for o in operands if o.arity is Arity.VARIADIC]
    parts = []
    if single:
        parts.append(" `,` ".join(f"${n}" for n in names if n in {o.name for o in single}))
    if variadic:
        v = variadic[0].name
        parts.append(f"(`(` ${v}^ `:` type(${v}) `)`)?")
    text = " ".join(parts) + " attr-dict"
    types = [f"type(${o.name})" for o in single]
    if types or results:
        text += " `:` " + (" `,` ".join(types) if types else "`(` `)`")
    if results:
        text += " `->` " + " `,` ".join(f"type(${r.name})" for r in results)
    return text


_format = typed_format  # (the name the reg_* modules use)


def _add(
    cls: str,
    mnemonic: str,
    api: str,
    operands: tuple[Operand, ...] = (),
    results: tuple[Result, ...] = (),
    *,
    props: tuple[Prop, ...] = (),
    template: tuple = (),
    sim: str,
    dtypes: dict[str, tuple[str, ...]] | None = None,
    doc: str,
    base: type[SpecOp] = RegOp,
    example: dict | None = None,
    in_reg_namespace: bool = True,
    family: OpFamily | None = None,
    hook: str = "reg",
    views: tuple[tuple[str, str], ...] = (),
) -> None:
    """Specify a Reg op (`family`: the module's own, when it is not this one; `hook`: the
    simulator's handler family)."""
    example = dict(example or {})
    for var, allowed in (dtypes or {}).items():  # the sample's dtypes: ones 3510 takes
        example.setdefault(var, "f32" if "f32" in allowed else allowed[-1])
    spec = OpSpec(
        f"reg.{mnemonic}",
        f"Reg::{api}" if in_reg_namespace else api,
        operands,
        props=props,
        results=results,
        emit=EmitKind.CUSTOM,
        template=template,
        pipe="V",
        # (the Python API is asc_xdsl.language.reg, written over these specs)
        py=None,
        sim=f"{hook}:{sim}",
        doc=doc,
        format=_format(operands, results),
        example=example,
        views=views,
    )
    if dtypes:
        REG_DTYPES[f"reg.{mnemonic}"] = dtypes
    (family or FAMILY).add(cls, spec, base)


def _result_element(i: int = 0) -> Callable[[Operation], Attribute]:
    def element(op: Operation) -> Attribute:
        return op.results[i].type.element_type  # type: ignore[attr-defined]

    element.__name__ = f"result{i}_element"
    return element


def _operand_element(name: str) -> Callable[[Operation], Attribute]:
    def element(op: Operation) -> Attribute:
        return getattr(op, name).type.element_type

    element.__name__ = f"{name}_element"
    return element


# -- kernel side: vector-function calls and UB pointers -------------------------

_add(
    "RegVfCallOp",
    "vf_call",
    "asc_vf_call",
    (Operand("args", ANY, arity=Arity.VARIADIC),),
    props=(Prop("callee", kind=PropKind.ATTR),),
    sim="vf_call",
    base=VfCallOp,
    in_reg_namespace=False,
    example={"callee": SymbolRefAttr("sample_vf")},
    doc="`asc_vf_call<callee>(args...)`: run the vector function @callee.",
)
_add(
    "RegUbPtrOp",
    "ub_ptr",
    "GetPhyAddr",
    (Operand("tensor", local("T")), _OFFSET),
    (Result("ptr", ub("T")),),
    sim="ub_ptr",
    base=UbPtrOp,
    in_reg_namespace=False,
    views=(("tensor", "ptr"),),  # (the analyses follow the tensor's memory through it)
    doc="`reinterpret_cast<__ubuf__ T*>(t.GetPhyAddr(offset))`: a UB pointer to element "
    "`offset` of a local tensor, for a vector function's parameter.",
)

# -- masks -----------------------------------------------------------------------

_add(
    "RegCreateMaskOp",
    "create_mask",
    "CreateMask",
    (),
    (_mask_out("mask"),),
    props=(_DTYPE, Prop("pattern", MaskPattern), _TRAIT),
    template=("dtype", "pattern", "trait"),
    sim="create_mask",
    example={"dtype": "f32"},
    doc="`CreateMask<T, pattern, trait>()`: a mask of the elements of `T` the pattern "
    "selects (ALL: every one; VLn: the first n; H/Q: the first half/quarter; M3/M4: every "
    "third/fourth; ALLF: none); with trait NUM_TWO, of a RegTraitNumTwo pair's 64.",
)
_add(
    "RegUpdateMaskOp",
    "update_mask",
    "UpdateMask",
    (Operand("count", INT),),
    (_mask_out("mask"), Result("remaining", INT)),
    props=(_DTYPE, _TRAIT),
    template=("dtype", "trait"),
    sim="update_mask",
    example={"dtype": "f32"},
    doc="`UpdateMask<T, trait>(count)`: the first min(count, lanes) elements (lanes: 256 / "
    "sizeof(T), twice that for a RegTraitNumTwo pair); `remaining` is `count` minus that "
    "(the API decrements its argument).",
)
for _cls, _m, _api in (
    ("RegMaskAndOp", "mask_and", "And"),
    ("RegMaskOrOp", "mask_or", "Or"),
    ("RegMaskXorOp", "mask_xor", "Xor"),
):
    _add(
        _cls,
        _m,
        _api,
        (_mask("src0"), _mask("src1"), _mask()),
        (_mask_out(),),
        sim=f"mask_binary:{_api.lower()}",
        doc=f"`{_api}(dst, src0, src1, mask)` on mask registers (0 where `mask` is off).",
    )
_add(
    "RegMaskNotOp",
    "mask_not",
    "Not",
    (_mask("src"), _mask()),
    (_mask_out(),),
    sim="mask_not",
    doc="`Not(dst, src, mask)` on a mask register (0 where `mask` is off).",
)

# -- UB <-> register -------------------------------------------------------------

_PTR = Operand("ptr", ub("T"), Effect.READ)
_DST_PTR = Operand("ptr", ub("T"), Effect.WRITE)

# Distribution modes (`LoadAlign<T, LoadDist>`, `StoreAlign<T, StoreDist>`): the element
# sizes (bytes) each mode takes. The 3510 implementations' `CheckLoadDist` /
# `CheckStoreDist` name the single-register modes; the API pages tie each `_Bn` mode to
# n-bit elements and 64-bit ones to DIST_NORM (and PACK_B64).
LOAD_DIST_SIZES: dict[LoadDist, tuple[int, ...]] = {
    LoadDist.DIST_NORM: (1, 2, 4, 8),
    LoadDist.DIST_BRC_B8: (1,),
    LoadDist.DIST_BRC_B16: (2,),
    LoadDist.DIST_BRC_B32: (4,),
    LoadDist.DIST_US_B8: (1,),
    LoadDist.DIST_US_B16: (2,),
    LoadDist.DIST_DS_B8: (1,),
    LoadDist.DIST_DS_B16: (2,),
    LoadDist.DIST_UNPACK_B8: (1,),
    LoadDist.DIST_UNPACK_B16: (2,),
    LoadDist.DIST_UNPACK_B32: (4,),
    LoadDist.DIST_UNPACK4_B8: (1,),
    LoadDist.DIST_BLK: (1, 2, 4),
    LoadDist.DIST_E2B_B16: (2,),
    LoadDist.DIST_E2B_B32: (4,),
}
STORE_DIST_SIZES: dict[StoreDist, tuple[int, ...]] = {
    StoreDist.DIST_NORM: (1, 2, 4, 8),
    StoreDist.DIST_NORM_B8: (1,),
    StoreDist.DIST_NORM_B16: (2,),
    StoreDist.DIST_NORM_B32: (4,),
    StoreDist.DIST_FIRST_ELEMENT_B8: (1,),
    StoreDist.DIST_FIRST_ELEMENT_B16: (2,),
    StoreDist.DIST_FIRST_ELEMENT_B32: (4,),
    # (a PACK mode's _Bn is the lane it packs, not T: the 3510 adv-API kernels store a
    # narrowing Cast's register as it is, `StoreAlign<half, DIST_PACK_B32>` after a
    # float -> half Cast, `StoreAlign<int8_t, DIST_PACK4_B32>` after float -> int8)
    StoreDist.DIST_PACK_B16: (1, 2),
    StoreDist.DIST_PACK_B32: (2, 4),
    StoreDist.DIST_PACK_B64: (8,),
    StoreDist.DIST_PACK4_B32: (1, 4),
}
# (by name: the two enums' values overlap, and AscEnum members compare as integers)
_TWO_REGISTER_DISTS = {f"DIST_{kind}_B{n}" for kind in ("DINTLV", "INTLV") for n in (8, 16, 32)}


def element_bytes(t: Attribute) -> int:
    """Bytes of a register element type (complex: both parts)."""
    if isinstance(t, ComplexType):
        return 2 * element_bytes(t.element_type)
    # (f4E2M1FN's bitwidth is 4, but a register element of it is an fp4x2 pair: a byte)
    return max(1, getattr(t, "bitwidth", 8) // 8)


class RegDistOp(RegOp):
    """`reg.load_align` / `reg.store_align`: their optional `dist` must be a mode 3510's
    single-register LoadAlign / StoreAlign takes, for the register's element size."""

    DIST_SIZES: ClassVar[dict] = {}
    REGISTER: ClassVar[str] = ""

    def verify_(self) -> None:
        super().verify_()
        attr = self.properties.get("dist")
        if attr is None:
            return
        dist = type(next(iter(self.DIST_SIZES)))(attr.value.data)  # type: ignore[attr-defined]
        api = self.SPEC.api.removeprefix("Reg::")
        if dist.name in _TWO_REGISTER_DISTS:
            raise VerifyException(
                f"'{self.name}': {dist.name} is a two-register mode of {api} "
                "(two registers in or out), not a mode of this one-register op"
            )
        sizes = self.DIST_SIZES.get(dist)
        if sizes is None:
            raise VerifyException(
                f"'{self.name}': {api} does not take {dist.name} on Ascend 950 (it takes "
                + ", ".join(d.name for d in self.DIST_SIZES)
                + ")"
            )
        t = getattr(self, self.REGISTER).type
        # (complex32 takes the b32 modes, moved as 32-bit lanes, as the header casts it;
        # the API pages list no non-contiguous form of complex64)
        if t.element_type == COMPLEX64 and dist.name != "DIST_NORM":
            raise VerifyException(
                f"'{self.name}': complex64 registers load and store with DIST_NORM only, "
                f"not {dist.name}"
            )
        if t.reg_num != 1 and dist.name != "DIST_NORM":
            raise VerifyException(f"'{self.name}': {dist.name} takes RegTraitNumOne registers only")
        size = element_bytes(t.element_type)
        if size not in sizes:
            raise VerifyException(
                f"'{self.name}': {api} {dist.name} takes "
                + "/".join(f"b{8 * n}" for n in sizes)
                + f" elements, not {t.element_type}"
            )


class RegLoadDistOp(RegDistOp):
    DIST_SIZES: ClassVar[dict] = LOAD_DIST_SIZES
    REGISTER: ClassVar[str] = "dst"


class RegStoreDistOp(RegDistOp):
    DIST_SIZES: ClassVar[dict] = STORE_DIST_SIZES
    REGISTER: ClassVar[str] = "src"


def _if_dist(name: str) -> Callable[[Operation], Attribute | None]:
    """The register's element type as `T` of `Api<T, dist>`, when there is a dist (the
    plain call deduces T and prints no template)."""

    def element(op: Operation) -> Attribute | None:
        if op.properties.get("dist") is None:
            return None
        return getattr(op, name).type.element_type

    element.__name__ = f"{name}_element_if_dist"
    return element


_add(
    "RegLoadAlignOp",
    "load_align",
    "LoadAlign",
    (_PTR, _OFFSET),
    (_reg_out(),),
    props=(Prop("dist", LoadDist, optional=True),),
    template=(_if_dist("dst"), "dist"),
    sim="load_align",
    base=RegLoadDistOp,
    example={"T": "f32", "dist": LoadDist.DIST_BRC_B32},
    doc="`LoadAlign(dst, ptr + offset)`: 256 bytes from a 32-byte aligned UB address. With "
    "`dist`, `LoadAlign<T, dist>(dst, ptr + offset)` (n: elements of a register): "
    "DIST_BRC_Bn reads 1 element and broadcasts it (address n-bit aligned); DIST_US_Bn "
    "reads n/2 and repeats each twice; DIST_DS_Bn reads 2n and keeps the even ones; "
    "DIST_UNPACK_Bn reads n/2, each followed by a zero element (DIST_UNPACK4_B8: n/4, "
    "three zeros); DIST_BLK reads one 32-byte DataBlock and repeats it 8 times; "
    "DIST_E2B_Bn reads 8 elements, each filling a 32-byte DataBlock (B16: 16-byte "
    "aligned). Each `_Bn` mode takes n-bit elements only.",
)
_add(
    "RegStoreAlignOp",
    "store_align",
    "StoreAlign",
    (_DST_PTR, _OFFSET, _reg_in("src"), _mask()),
    props=(Prop("dist", StoreDist, optional=True),),
    template=(_if_dist("src"), "dist"),
    sim="store_align",
    base=RegStoreDistOp,
    example={"T": "f32", "dist": StoreDist.DIST_PACK_B32},
    doc="`StoreAlign(ptr + offset, src, mask)`: the enabled elements to a 32-byte "
    "aligned UB address (the others are left as they are). With `dist`, "
    "`StoreAlign<T, dist>(ptr + offset, src, mask)`: DIST_NORM / DIST_NORM_Bn the "
    "same; DIST_FIRST_ELEMENT_Bn element 0 alone, mask ignored (address n-bit aligned); "
    "DIST_PACK_Bn the low half of each element, packed into half a register's bytes "
    "(element i's half at i, written where `mask` enables element i); DIST_PACK4_B32 the "
    "low byte of each, into a quarter. Each `_Bn` mode takes n-bit elements, the PACK "
    "modes also the narrow type they pack to (`StoreAlign<half, DIST_PACK_B32>` of a "
    "float -> half Cast's register: its 32-bit lanes' low halves; the mask a b32 mask).",
)
_add(
    "RegLoadUnalignOp",
    "load_unalign",
    "LoadUnAlign",
    (_PTR, _OFFSET),
    (_reg_out(),),
    sim="load_unalign",
    example={"T": "f32"},
    doc="`LoadUnAlignPre(u, p); LoadUnAlign(dst, u, p)` with `p = ptr + offset`: 256 "
    "bytes from any element-aligned UB address.",
)
_add(
    "RegStoreUnalignOp",
    "store_unalign",
    "StoreUnAlign",
    (_DST_PTR, _OFFSET, _reg_in("src"), Operand("count", INT)),
    sim="store_unalign",
    example={"T": "f32"},
    doc="`StoreUnAlign(p, src, u, count); StoreUnAlignPost(p, u, 0)` with "
    "`p = ptr + offset`: the first `count` elements to any element-aligned UB address.",
)
_add(
    "RegLoadMaskOp",
    "load_mask",
    "LoadAlign",
    (_PTR, _OFFSET),
    (_mask_out("mask"),),
    props=(Prop("dist", MaskLoadDist, optional=True),),
    template=(_if_dist("ptr"), "dist"),
    sim="load_mask",
    example={"T": "ui8", "dist": MaskLoadDist.DIST_US},
    doc="`LoadAlign(mask, ptr + offset)`: a mask register from the 32 bytes at a 32-byte "
    "aligned UB address (bit k of byte j is the mask's bit 8j + k). With `dist` "
    "(`LoadAlign<T, MaskDist::dist>`): DIST_US reads 16 bytes (16-byte aligned), each "
    "bit twice; DIST_DS reads 64 bytes (32-byte aligned), the even bits.",
)
_add(
    "RegStoreMaskOp",
    "store_mask",
    "StoreAlign",
    (_DST_PTR, _OFFSET, _mask("mask")),
    props=(Prop("dist", MaskStoreDist, optional=True),),
    template=(_if_dist("ptr"), "dist"),
    sim="store_mask",
    example={"T": "ui8", "dist": MaskStoreDist.DIST_PACK},
    doc="`StoreAlign(ptr + offset, mask)`: a mask register's 256 bits as 32 bytes at a "
    "32-byte aligned UB address. With `dist` (`StoreAlign<T, MaskDist::dist>`): "
    "DIST_PACK writes the even bits as 16 bytes (16-byte aligned).",
)


class RegIndexedOp(RegOp):
    """Gather / Scatter through UB (`vgather2` / `vscatter`): the index type goes with
    the element width (b8 and b16: uint16, b32: uint32, b64: uint32 or uint64), and for
    b64 either side may be a RegTraitNumTwo pair, except a pair of data with a one-register
    uint64 index (DataCopyGatherImpl / DataCopyScatterImpl's `static_assert`s: 32 indices
    for 64 elements). Gather's UB source (S) is any type of the register's (T) size, its
    bits moved unchanged (the header checks only `sizeof(T1)` against `sizeof(T0)` and
    gathers through `vector_s16` / `vector_s32` casts), or any b8 type into any b16 T (the
    `sizeof(T1) == 1 && sizeof(T0) == 2` branch). Scatter's pointer type is the register's
    (`Scatter`'s T, deduced from the pointer, must equal the register's ActualT); its
    operand types already say so."""

    INDEX: ClassVar[dict[int, tuple[str, ...]]] = {
        1: ("ui16",),
        2: ("ui16",),
        4: ("ui32",),
        8: ("ui32", "ui64"),
    }

    def _mixes_traits(self) -> bool:
        return True

    def verify_(self) -> None:
        super().verify_()
        data = self.dst if self.results else self.src  # type: ignore[attr-defined]
        index = self.index.type  # type: ignore[attr-defined]
        t, i = data.type.element_type, str(index.element_type)
        api = self.SPEC.api.removeprefix("Reg::")
        if self.results:  # (Gather: the source's element size against the register's)
            s = element_of(self.ptr.type)  # type: ignore[attr-defined]
            sb, tb = element_bytes(s), element_bytes(t)
            if sb == 1 and tb != 2:
                raise VerifyException(
                    f"'{self.name}': Gather of a b8 source ({s}) fills a register of "
                    f"16-bit elements (int16, uint16, half, bfloat16: each the byte "
                    f"zero-extended), not of {t}"
                )
            if sb != 1 and sb != tb:
                raise VerifyException(
                    f"'{self.name}': Gather from a {s} source ({sb * 8}-bit) into a {t} "
                    f"register ({tb * 8}-bit): the register's elements are the source's "
                    "size (any type of it: the bits move unchanged; a b8 source: any "
                    "16-bit one)"
                )
        size = element_bytes(t)
        allowed = self.INDEX.get(size, ())
        if i not in allowed:
            raise VerifyException(
                f"'{self.name}': {api} of {t} takes a {' or '.join(allowed)} index, not {i} "
                "(b8 and b16: uint16, b32: uint32, b64: uint32 or uint64)"
            )
        if data.type.reg_num == 2 and index.reg_num == 1 and i == "ui64":
            raise VerifyException(
                f"'{self.name}': {api} of a RegTraitNumTwo pair takes a uint32 register or a "
                "uint64 RegTraitNumTwo pair of indices, not one uint64 register (it holds 32 "
                "indices for 64 elements: the header's static_assert)"
            )
        if index.reg_num == 2 and i != "ui64":  # (the type's own check says so first)
            raise VerifyException(f"'{self.name}': a RegTraitNumTwo index is uint64, not {i}")


_INDEXED = ("i16", "ui16", "i32", "ui32", "f16", "bf16", "f32", "i64", "ui64")
_B8 = ("i8", "ui8", *B8_FLOATS)
_add(
    "RegGatherOp",
    "gather",
    "Gather",
    (Operand("ptr", ub("S"), Effect.READ), _reg_in("index", "I"), _mask()),
    (_reg_out(),),
    sim="gather",
    dtypes={"T": _INDEXED, "S": (*_B8, *_INDEXED), "I": ("ui16", "ui32", "ui64")},
    example={"T": "f32", "S": "f32", "I": "ui32"},
    base=RegIndexedOp,
    doc="`Gather(dst, ptr, index, mask)`: dst[i] = ptr[index[i]] for the enabled "
    "elements (0 elsewhere); `index` holds element offsets (uint16 for b8 and b16 "
    "sources, uint32 for b32, uint32 or uint64 for b64: the low 32 bits of each are "
    "read). The register's elements are the source's size, of any type of that size (the "
    "bits move unchanged: int16 into half, float into int32, uint64 into int64); a b8 "
    "source (int8, uint8, the 8- and 4-bit floats: a byte offset each) fills a register of any 16-bit "
    "type, each byte its element's low byte, the high byte 0 (128 elements). 64-bit T: "
    "one register (32 elements, the index's first 32) or a RegTraitNumTwo pair (64; the "
    "index a uint32 register or a uint64 pair, the mask a b32 mask).",
)
_add(
    "RegScatterOp",
    "scatter",
    "Scatter",
    (_DST_PTR, _reg_in("src"), _reg_in("index", "I"), _mask()),
    sim="scatter",
    dtypes={"T": (*_B8, *_INDEXED), "I": ("ui16", "ui32", "ui64")},
    example={"T": "f32", "I": "ui32"},
    base=RegIndexedOp,
    doc="`Scatter(ptr, src, index, mask)`: ptr[index[i]] = src[i] for the enabled "
    "elements; the index types and the 64-bit forms as Gather's. A b8 register (int8, "
    "uint8, the 8- and 4-bit floats) with its uint16 index stores its even bytes: "
    "ptr[index[k]] = src[2k] for k < 128 where mask bit 2k is set. Two enabled elements "
    "of different values to one index: which lands is not documented (an error in the "
    "simulator).",
)

# -- arithmetic ------------------------------------------------------------------

_BINARY = (
    ("Add", ARITH),
    ("Sub", ARITH),
    ("Mul", MUL),
    ("Div", DIV),
    ("Max", MIN_MAX),
    ("Min", MIN_MAX),
    ("And", BITWISE),
    ("Or", BITWISE),
    ("Xor", BITWISE),
    ("AbsSub", ("f16", "f32", "i64")),  # (int64: FusedAbsSubImpl's Sub then Abs, wrapping)
    ("Prelu", ("f16", "f32")),
)
_COMPLEX_DOCS = {
    "Add": " Complex T: the real and the imaginary parts added in the parts' type.",
    "Sub": " Complex T: the real and the imaginary parts subtracted in the parts' type.",
    "Mul": " Complex T (the header's ComplexMulKernel): (a + bi)(c + di) = (ac - bd) + "
    "(bc + ad)i, each product, the difference and the sum rounded to the parts' type.",
    "Div": " Complex T (the header's ComplexDivKernel, Smith's method, each step in the "
    "parts' type): where |c| >= |d|, r = d / c, s = 1 / (c + d r), ((a + b r) s, (b - a r) "
    "s); where c = d = 0, (a / |c|, b / |d|); elsewhere, r = c / d, s = 1 / (d + c r), "
    "((a r + b) s, (b r - a) s) -- computed for the elements the mask leaves off too (the "
    "header's second branch runs under the complement of the first), so those hold the "
    "quotient, not 0.",
}

for _api, _dt in _BINARY:
    _m = "abs_sub" if _api == "AbsSub" else _api.lower()
    _cx = COMPLEX if _api in ("Add", "Sub", "Mul", "Div") else ()
    _add(
        f"Reg{_api}Op",
        _m,
        _api,
        (_reg_in("src0"), _reg_in("src1"), _mask()),
        (_reg_out(),),
        sim=f"binary:{_m}",
        # (the 3510 implementations take int64_t / uint64_t too, RegTraitNumTwo or not;
        # Add / Sub / Mul / Div complex32 and complex64 as well)
        dtypes={"T": _dt if _api in ("AbsSub", "Prelu") else (*_dt, "i64", "ui64", *_cx)},
        doc=f"`{_api}(dst, src0, src1, mask)`: elementwise on the enabled elements, "
        "0 elsewhere (MaskMergeMode::ZEROING)." + _COMPLEX_DOCS.get(_api, ""),
    )

_add(
    "RegAbsComplexOp",
    "abs_complex",
    "Abs",
    (_reg_in("src", "S"), _mask()),
    (_reg_out("dst", "T"),),
    sim="abs_complex",
    dtypes={"T": FLOATS, "S": COMPLEX},
    example={"T": "f32", "S": "complex<f32>"},
    doc="`Abs(dst, src, mask)` of a complex register: |z| = Sqrt(re * re + im * im) in "
    "the parts' type (complex32 -> half, complex64 -> float; each step rounded, Sqrt's "
    "INTRINSIC mode) of the enabled elements, in dst's first 64 (complex32) or 32 "
    "(complex64) elements, 0 in the others (from a RegTraitNumTwo pair: all of them).",
)

_UNARY = (
    ("Abs", (*SIGNED_ARITH, "i64")),
    ("Neg", (*SIGNED_ARITH, "i64")),
    ("Exp", FLOATS),
    ("Ln", FLOATS),
    ("Log", FLOATS),  # (the natural log, as Ln; its mode struct differs)
    ("Log2", FLOATS),
    ("Log10", FLOATS),
    ("Sqrt", FLOATS),
    ("Relu", (*RELU, "i64")),
    # (half / float: their bits, NotImpl's SupportType lists them)
    ("Not", (*BITWISE, "f16", "f32", "i64", "ui64")),
)
for _api, _dt in _UNARY:
    _add(
        f"Reg{_api}Op",
        _api.lower(),
        _api,
        (_reg_in("src"), _mask()),
        (_reg_out(),),
        sim=f"unary:{_api.lower()}",
        dtypes={"T": _dt},
        doc=f"`{_api}(dst, src, mask)`: elementwise on the enabled elements, 0 elsewhere.",
    )

_SCALAR = (
    ("Adds", (*ARITH, "i64", "ui64")),
    ("Muls", (*MUL, "i64", "ui64")),
    ("Maxs", (*MIN_MAX, "i64", "ui64")),
    ("Mins", (*MIN_MAX, "i64", "ui64")),
    ("LeakyRelu", FLOATS),
    ("ShiftLefts", ("i8", "ui8", "i16", "ui16", "i32", "ui32", "i64", "ui64")),
    ("ShiftRights", ("i8", "ui8", "i16", "ui16", "i32", "ui32", "i64", "ui64")),
)
for _api, _dt in _SCALAR:
    _m = {"LeakyRelu": "leaky_relu", "ShiftLefts": "shift_lefts", "ShiftRights": "shift_rights"}
    _mn = _m.get(_api, _api.lower())
    _shift = _api.startswith("Shift")
    _add(
        f"Reg{_api}Op",
        _mn,
        _api,
        (_reg_in("src"), Operand("scalar", _SHIFT if _shift else elem("T")), _mask()),
        (_reg_out(),),
        sim=f"binary_scalar:{_mn}",
        dtypes={"T": (*_dt, *COMPLEX) if _api in ("Adds", "Muls") else _dt},
        doc=f"`{_api}(dst, src, scalar, mask)`: elementwise with a scalar on the enabled "
        "elements, 0 elsewhere."
        + (
            f" Complex T: the scalar is complex (`complex.create`), then as {_api[:-1]}."
            if _api in ("Adds", "Muls")
            else ""
        ),
    )

_add(
    "RegDuplicateOp",
    "duplicate",
    "Duplicate",
    (Operand("scalar", elem("T")), _mask()),
    (_reg_out(),),
    sim="duplicate",
    # (3510's Duplicate lists the 8-bit floats: kernel_reg_compute_vec_duplicate_impl.h)
    dtypes={"T": (*ALL_NUMERIC, "i64", "ui64", *COMPLEX, *FP8, *FP4)},
    doc="`Duplicate(dst, scalar, mask)`: the scalar in the enabled elements, 0 elsewhere "
    "(complex T: a complex scalar, `complex.create`; an 8-bit float: a constant of it; a "
    "4-bit float: a constant, the pair of its value, in every enabled byte).",
)
_add(
    "RegArangeOp",
    "arange",
    "Arange",
    (Operand("start", elem("T")),),
    (_reg_out(),),
    props=(Prop("order", IndexOrder, default=IndexOrder.INCREASE_ORDER),),
    template=(_result_element(), "order"),
    sim="arange",
    dtypes={"T": ("i8", "i16", "i32", "f16", "f32", "i64")},
    doc="`Arange<T, order>(dst, start)`: start, start + 1, ... (DECREASE_ORDER: start, "
    "start - 1, ...) in every element.",
)
_add(
    "RegMoveOp",
    "move",
    "Move",
    (_reg_in("src"), _mask()),
    (_reg_out(),),
    sim="move",
    doc="`Move(dst, src, mask)`: src's enabled elements, 0 elsewhere (the result is a "
    "new register, so MERGING has nothing to keep).",
)

# -- compare / select -------------------------------------------------------------

_CMP = Prop("cmpMode", CMPMODE, py="cmp_mode")
_add(
    "RegCompareOp",
    "compare",
    "Compare",
    (_reg_in("src0"), _reg_in("src1"), _mask()),
    (_mask_out(),),
    props=(_CMP,),
    template=(_operand_element("src0"), "cmpMode"),
    sim="compare",
    dtypes={"T": (*ALL_NUMERIC, "i64", "ui64")},
    doc="`Compare<T, mode>(dst, src0, src1, mask)`: a mask of the enabled elements where "
    "`src0 mode src1` holds.",
)
_add(
    "RegComparesOp",
    "compares",
    "Compares",
    (_reg_in("src"), Operand("scalar", elem("T")), _mask()),
    (_mask_out(),),
    props=(_CMP,),
    template=(_operand_element("src"), "cmpMode"),
    sim="compares",
    dtypes={"T": (*ALL_NUMERIC, "i64", "ui64")},
    doc="`Compares<T, mode>(dst, src, scalar, mask)`: as Compare, against a scalar.",
)
_add(
    "RegSelectOp",
    "select",
    "Select",
    (_reg_in("src0"), _reg_in("src1"), _mask("sel")),
    (_reg_out(),),
    sim="select",
    doc="`Select(dst, src0, src1, sel)`: src0 where `sel` is on, src1 elsewhere (any "
    "element of 1 to 8 bytes, complex too: it moves bits).",
)

# -- reductions ---------------------------------------------------------------------


class SameTypeReduceOp(RegOp):
    """`Reduce` / `ReduceDataBlock` into the source's own type: the 3510 headers sum 16-bit
    integers only into 32 bits (their SUM `static_assert` lists (int32, int16) and
    (uint32, uint16), not (int16, int16)); max and min keep 16 bits."""

    def verify_(self) -> None:
        super().verify_()
        t = str(self.dst.type.element_type)  # type: ignore[attr-defined]
        kind = ReduceType.from_attr(self.properties["reduceType"])
        if t in ("i16", "ui16") and kind is ReduceType.SUM:
            wide = self.name.split("reg.", 1)[1] + "_widening"
            raise VerifyException(
                f"'{self.name}': a SUM of {t} elements into {t} is refused by the Ascend 950 "
                f"headers (they sum 16-bit integers into 32 bits): use 'reg.{wide}' "
                f"(asc.reg.{wide}); max and min keep {t}"
            )


_add(
    "RegReduceOp",
    "reduce",
    "Reduce",
    (_reg_in("src"), _mask()),
    (_reg_out(),),
    props=(Prop("reduceType", ReduceType, py="reduce_type", default=ReduceType.SUM),),
    template=("reduceType",),
    sim="reduce",
    dtypes={"T": ("i16", "ui16", "i32", "ui32", "f16", "f32", "i64", "ui64")},
    base=SameTypeReduceOp,
    doc="`Reduce<type>(dst, src, mask)`: the sum (max, min) of the enabled elements in "
    "element 0 of dst, 0 in the others.",
)

_add(
    "RegReduceDataBlockOp",
    "reduce_data_block",
    "ReduceDataBlock",
    (_reg_in("src"), _mask()),
    (_reg_out(),),
    props=(Prop("reduceType", ReduceType, py="reduce_type", default=ReduceType.SUM),),
    template=("reduceType",),
    sim="reduce_data_block",
    dtypes={"T": ("i16", "ui16", "i32", "ui32", "f16", "f32")},
    base=SameTypeReduceOp,
    doc="`ReduceDataBlock<type>(dst, src, mask)`: the sum (max, min) of the enabled "
    "elements of each 32-byte block of src in element j of dst for block j, 0 after.",
)
_add(
    "RegPairReduceElemOp",
    "pair_reduce_elem",
    "PairReduceElem",
    (_reg_in("src"), _mask()),
    (_reg_out(),),
    template=(lambda op: "AscendC::Reg::PairReduce::SUM",),
    sim="pair_reduce_elem",
    dtypes={"T": ("f16", "f32")},
    doc="`PairReduceElem<PairReduce::SUM>(dst, src, mask)`: dst[i] = src[2i] + src[2i+1] "
    "(the enabled ones) in the first half of dst, 0 in the second.",
)

# -- conversions ---------------------------------------------------------------------

REG_CAST_64: frozenset[tuple[str, str]] = frozenset(
    {("i64", "i32"), ("i32", "i64"), ("i64", "f32"), ("f32", "i64")}
)
"""Reg Cast's 64-bit (T = dst, S = src) pairs on 3510 (kernel_reg_compute_vec_vconv_impl.h
CastImpl: s322s64, s642s32, f322s64, s642f32), each in two forms: int64 in one register
(32 elements, RegLayout picks the 32-bit slot), or a RegTraitNumTwo pair of 64 elements
(`RegTensor<int64_t, RegTraitNumTwo>`) against one register of the 32-bit type."""


@dataclass(frozen=True)
class CastForm:
    """How 3510's Reg Cast treats one (T = dst, S = src) pair: whether the trait's
    roundMode and satMode act, and how many RegLayout values it takes (1: the widths
    are equal, the layout is not read)."""

    rounds: bool
    saturates: bool
    layouts: int


_W2, _W4, _SAME = 2, 4, 1
_LAYOUT = {  # (T, S) -> layouts: the widenings (`layoutMerge`: neither mode acts)
    **dict.fromkeys(
        [("ui16", "ui8"), ("i16", "i8"), ("ui32", "ui16"), ("ui32", "i16"), ("i32", "i16")],
        _W2,
    ),
    **dict.fromkeys([("i64", "i32"), ("f32", "f16"), ("f32", "bf16"), ("f16", "ui8")], _W2),
    **dict.fromkeys([("f16", "i8"), ("f32", "i16"), ("f16", _HIF8), ("bf16", "f8E8M0FNU")], _W2),
    **dict.fromkeys([("ui32", "ui8"), ("i32", "i8"), ("f32", _HIF8)], _W4),
    **dict.fromkeys([("f32", "f8E4M3FN"), ("f32", "f8E5M2")], _W4),
}
_SAT_LAYOUT = {  # the integer narrowings (`satLayMergeCast`: satMode acts)
    **dict.fromkeys([("ui8", "ui16"), ("ui8", "i16"), ("ui16", "ui32"), ("i16", "ui32")], _W2),
    **dict.fromkeys([("ui16", "i32"), ("i16", "i32"), ("i32", "i64")], _W2),
    **dict.fromkeys([("ui8", "ui32"), ("ui8", "i32")], _W4),
}
_RND_SAT = {  # `rndSatLayoutMergeCast` / `rndSatMergeCast`: both modes act
    **dict.fromkeys([("i16", "f32"), ("ui8", "f16"), ("i8", "f16"), ("i32", "bf16")], _W2),
    **dict.fromkeys([("i64", "f32"), ("f16", "f32"), ("bf16", "f32"), (_HIF8, "f16")], _W2),
    **dict.fromkeys([("f8E8M0FNU", "bf16")], _W2),
    **dict.fromkeys([(_HIF8, "f32"), ("f8E5M2", "f32"), ("f8E4M3FN", "f32")], _W4),
    **dict.fromkeys([("i32", "f32"), ("i16", "f16"), ("f16", "bf16")], _SAME),
}
_RND = {  # `rndLayoutMergeCast` / `rndMergeCast`: roundMode acts
    **dict.fromkeys([("i32", "f16"), ("f32", "i64")], _W2),
    **dict.fromkeys([("f16", "i16"), ("f32", "i32"), ("bf16", "f16")], _SAME),
}
REG_CAST_FORMS: dict[tuple[str, str], CastForm] = {
    **{k: CastForm(False, False, n) for k, n in _LAYOUT.items()},
    **{k: CastForm(False, True, n) for k, n in _SAT_LAYOUT.items()},
    **{k: CastForm(True, True, n) for k, n in _RND_SAT.items()},
    **{k: CastForm(True, False, n) for k, n in _RND.items()},
}
"""Every (T = dst, S = src) pair 3510's Reg Cast takes (the 4-bit types aside):
kernel_reg_compute_vec_vconv_impl.h's `CastImpl<T, U, trait>` tables `layoutMerge`,
`satLayMergeCast`, `rndSatLayoutMergeCast`, `rndSatMergeCast`, `rndLayoutMergeCast`,
`rndMergeCast` (any other pair is its `static_assert`): the Cast page's table 3, and
int32 -> uint16, which the page's table 9 lists and table 3 leaves out. A 2x width
change takes RegLayout ZERO / ONE, a 4x one ZERO..THREE (the `Part` / `Part_T` forms'
`static_assert`)."""


def cast_form_error(t: str, s: str, layout: RegLayout, mode: RoundMode) -> str | None:
    """Why 3510's Reg Cast refuses T = `t` from S = `s` with this layout and round mode
    (None: it takes them)."""
    form = REG_CAST_FORMS.get((t, s))
    if form is None:
        takes = ", ".join(f"{b} -> {a}" for a, b in REG_CAST_FORMS if b == s)
        return f"Cast from {s} to {t} is not supported on Ascend 950 (from {s}: {takes or 'none'})"
    if form.layouts > 1 and int(layout) >= form.layouts:
        return (
            f"Cast from {s} to {t} takes RegLayout ZERO..{RegLayout(form.layouts - 1).name}, "
            f"not {layout.name} (the header's static_assert)"
        )
    if (t, s) == ("bf16", "f32") and mode is RoundMode.CAST_NONE:
        return "Cast from f32 to bf16 takes no CAST_NONE (the header's static_assert)"
    return None


class RegPairSideOp(RegOp):
    """An op between a 64-bit side and a 32-bit one (Cast, Pack, UnPack): the 64-bit side
    may be a RegTraitNumTwo pair, the other stays one register."""

    def _mixes_traits(self) -> bool:
        return all(
            v.type.reg_num == 1 or element_bytes(v.type.element_type) == 8
            for v in (self.results[0], self.operands[0])
        )


class RegCastBase(RegPairSideOp):
    """Cast: a 64-bit side (int64) only in the 3510 pairs `REG_CAST_64`; a RegTraitNumTwo
    register there on the int64 side only."""

    def _pair(self) -> tuple[str, str]:
        return (str(element_of(self.results[0].type)), str(element_of(self.operands[0].type)))

    def verify_(self) -> None:
        super().verify_()
        t, s = self._pair()
        if "i64" in (t, s) and (t, s) not in REG_CAST_64:
            pairs = ", ".join(f"{b} -> {a}" for a, b in sorted(REG_CAST_64))
            raise VerifyException(
                f"'{self.name}': Cast from {s} to {t} is not supported on Ascend 950 (its "
                f"64-bit pairs: {pairs})"
            )
        for v, e in ((self.results[0], t), (self.operands[0], s)):
            if v.type.reg_num == 2 and e != "i64":
                raise VerifyException(
                    f"'{self.name}': a Cast's RegTraitNumTwo register is its int64 side, not {e}"
                )
        if float8_type_of(self) is not None:
            return  # (the 8-bit float pairs: `_verify_float8`, with their round modes)
        pair = self.results[0].type.reg_num == 2 or self.operands[0].type.reg_num == 2
        layout = RegLayout.ZERO if pair else RegLayout.from_attr(self.properties["layout"])
        why = cast_form_error(t, s, layout, RoundMode.from_attr(self.properties["roundMode"]))
        if why is not None:
            raise VerifyException(f"'{self.name}': {why}")


_add(
    "RegCastOp",
    "cast",
    "Cast",
    (_reg_in("src", "S"), _mask()),
    (_reg_out("dst", "T"),),
    props=(
        Prop("roundMode", RoundMode, py="round_mode", default=RoundMode.CAST_RINT),
        Prop("sat", SatMode, default=SatMode.SAT),
        Prop("layout", RegLayout, default=RegLayout.ZERO),
    ),
    template=(_result_element(), _operand_element("src")),
    sim="cast",
    base=RegCastBase,
    dtypes={
        "T": ("i8", "ui8", "i16", "ui16", "i32", "ui32", "i64", "f16", "bf16", "f32", *FP8, *FP4),
        "S": ("i8", "ui8", "i16", "ui16", "i32", "ui32", "i64", "f16", "bf16", "f32", *FP8, *FP4),
    },
    example={"T": "f32", "S": "i32", "roundMode": RoundMode.CAST_RINT},
    doc="`Cast<T, S, trait>(dst, src, mask)` with the `CastTrait` {layout, sat, ZEROING, "
    "roundMode} (a `static constexpr` the printer declares): each enabled element "
    "converted, rounded by `roundMode`, saturated when `sat` is SAT. Between widths "
    "(f32 -> f16: ratio 2) element i of the wider side pairs with element "
    "`ratio * i + layout` of the narrower one; the other narrow slots are 0. int64 "
    "(`REG_CAST_64`: int32 <-> int64, float <-> int64, float -> int64 and int64 -> float "
    "rounded once by `roundMode`): one register of 32 as above, or a RegTraitNumTwo pair "
    "of 64 against one register of the 32-bit type, element i with element i (the mask "
    "a b32 mask).",
)
_add(
    "RegTruncateOp",
    "truncate",
    "Truncate",
    (_reg_in("src"), _mask()),
    (_reg_out(),),
    props=(Prop("roundMode", RoundMode, py="round_mode", default=RoundMode.CAST_TRUNC),),
    template=(_operand_element("src"), "roundMode"),
    sim="truncate",
    dtypes={"T": ("f16", "bf16", "f32")},
    doc="`Truncate<T, roundMode>(dst, src, mask)`: each enabled element rounded to an "
    "integral value of T by `roundMode` (CAST_FLOOR: down, ...), 0 elsewhere.",
)
_add(
    "RegPackOp",
    "pack",
    "Pack",
    (_reg_in("src", "S"),),
    (_reg_out("dst", "T"),),
    props=(Prop("part", HighLowPart, default=HighLowPart.LOWEST),),
    template=(_result_element(), _operand_element("src"), "part"),
    sim="pack",
    base=RegPairSideOp,
    dtypes={"T": ("ui8", "ui16", "ui32"), "S": ("i16", "ui16", "i32", "ui32", "i64", "ui64")},
    example={"T": "ui16", "S": "ui32"},
    doc="`Pack<T, S, part>(dst, src)`: the low half of each element of src, packed into "
    "the lower (LOWEST) or upper (HIGHEST) half of dst; the other half is 0. A "
    "RegTraitNumTwo pair of 64-bit src: the low words of all 64 elements fill dst "
    "(`part` unused, as the header's copy of the pair's low register).",
)
_add(
    "RegUnpackOp",
    "unpack",
    "UnPack",
    (_reg_in("src", "S"),),
    (_reg_out("dst", "T"),),
    props=(Prop("part", HighLowPart, default=HighLowPart.LOWEST),),
    template=(_result_element(), _operand_element("src"), "part"),
    sim="unpack",
    base=RegPairSideOp,
    dtypes={
        "T": ("i16", "ui16", "i32", "ui32", "i64", "ui64"),
        "S": ("i8", "ui8", "i16", "ui16", "i32", "ui32"),
    },
    example={"T": "ui32", "S": "ui16"},
    doc="`UnPack<T, S, part>(dst, src)`: the lower (LOWEST) or upper (HIGHEST) half of "
    "src's elements, each widened to T (zero- or sign-extended by S). Into a "
    "RegTraitNumTwo pair of 64-bit T: all 64 of src's elements (`part` unused).",
)

# -- ordering ---------------------------------------------------------------------------

_add(
    "RegLocalMemBarOp",
    "local_mem_bar",
    "LocalMemBar",
    (),
    props=(Prop("src", MemType), Prop("dst", MemType)),
    template=("src", "dst"),
    sim="local_mem_bar",
    doc="`LocalMemBar<src, dst>()`: accesses of kind `dst` after it wait for those of "
    "kind `src` before it (UB accesses inside a vector function are not ordered "
    "otherwise).",
)


__all__ = [
    "FAMILY",
    "REG_DTYPES",
    "UB_MEMORY_SPACE",
    "VF_ATTR",
    "RegOp",
    "TypeBound",
    "enclosing_function",
    "is_vector_function",
    "typed_format",
    "ub_pointer_type",
]
