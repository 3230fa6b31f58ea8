"""Matmul tiling on the host: `MatmulApiTiling` (one core), `MultiCoreMatmulTiling`
and `BatchMatmulTiling`, with the setters and getters of pyasc's `asc.lib.host`
(the Ascend C `matmul_tiling::` classes), computed in Python.

`get_tiling(tiling)` fills an `asc.adv.TCubeTiling` and returns 0, or -1 (with a
`TilingWarning` saying why) when no tiling fits. The numbers satisfy the TCubeTiling
constraints of the Ascend C docs (Matmul-Tiling / TCubeTiling):

- base blocks: baseM, baseN multiples of 16; baseK a multiple of C0 (32 bytes of A's
  type) when A is not transposed and B is, else of 16 (and of C0 when C0 > 16);
  `baseM*baseK*sizeof(A)*dbL0A <= L0A`, `baseN*baseK*sizeof(B)*dbL0B <= L0B`,
  `baseM*baseN*sizeof(L0C type)*dbL0C <= L0C`, `baseN*sizeof(bias) <= BT`;
- L1: `depthA1 = stepM*stepKa*db`, `depthB1 = stepN*stepKb*db` and
  `baseM*baseK*depthA1*sizeof(A) + baseN*baseK*depthB1*sizeof(B) (+ baseN*sizeof(bias))
  <= L1` (the docs' bound, with whole blocks rather than C0-rounded ones);
- the docs' recommendations where they fit: base (128, 256, 64), double-buffered
  L0A/L0B and L1, K loaded whole (stepKa = stepKb = K / baseK) before M or N; stepKa
  equals stepKb, so the MDL template's K-iteration ratio holds;
- several cores (MultiCoreMatmulTiling): singleCoreM x singleCoreN blocks of the
  output, as few output elements per core as possible, then the least data loaded per
  core (singleCoreM + singleCoreN), then the fewest cores; K is split only with
  `enable_multi_core_split_k(True)`.

The search is ours (the CANN library's own search is not public API); a shape given
with `set_fix_split`, `set_single_shape` or `set_split_range`/`set_single_range` is
used as given when it fits the buffers.
"""

from __future__ import annotations

import warnings
from dataclasses import dataclass, field
from typing import Any

from asc_xdsl.diagnostics import ApiTypeError, ApiValueError, CodedWarning
from asc_xdsl.lib.host.enums import (
    DTYPE_BITS,
    UB_POSITIONS,
    CubeFormat,
    DataType,
    DequantType,
    MatrixMadType,
    MatrixTraverse,
    ScheduleType,
    TPosition,
)
from asc_xdsl.lib.host.platform import PlatformAscendC

RECOMMENDED_BASE = (128, 256, 64)  # (baseM, baseN, baseK), the docs' tuning advice
DEFAULT_SINGLE_ALIGN = 16  # singleCoreM/N are 16-aligned unless set_align_split says
L0C_BYTES = 4  # L0C holds float or int32_t


class TilingWarning(CodedWarning):
    """A tiling request that cannot be met (the setter or get_tiling returned -1)."""


def _ceil_div(a: int, b: int) -> int:
    return -(-a // b)


def _align_up(a: int, b: int) -> int:
    return _ceil_div(a, b) * b


def _fail(why: str) -> int:
    warnings.warn(why, TilingWarning, stacklevel=3)
    return -1


def _enum(value: Any, enum: type, what: str) -> Any:
    try:
        return enum(value)
    except ValueError:
        raise ApiValueError(f"{what} must be a host.{enum.__name__}, got {value!r}") from None


def _int(value: Any, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise ApiTypeError(f"{what} must be an int, got {value!r}")
    return value


@dataclass
class MatType:
    """A matrix's position, format, type and transposition (`SetAType` ...)."""

    pos: TPosition = TPosition.GM
    fmt: CubeFormat = CubeFormat.ND
    dtype: DataType = DataType.DT_FLOAT
    trans: bool = False

    @property
    def bits(self) -> int:
        return DTYPE_BITS[self.dtype]

    def nbytes(self, elements: int) -> int:
        return _ceil_div(elements * self.bits, 8)

    @property
    def c0(self) -> int:
        """Elements in 32 bytes (a fractal row): 8 for float, 16 for half, 32 for int8."""
        return 256 // self.bits


class MatmulConfigParams:
    """`matmul_tiling::MatmulConfigParams`: the MatmulConfig the kernel will use."""

    def __init__(
        self,
        mm_config_type: int = 1,
        enable_l1_cache_ub: bool = False,
        schedule_type: ScheduleType = ScheduleType.INNER_PRODUCT,
        traverse: MatrixTraverse = MatrixTraverse.NOSET,
        en_vec_nd2nz: bool = False,
    ) -> None:
        self.mm_config_type = _int(mm_config_type, "mm_config_type")
        self.enable_l1_cache_ub = bool(enable_l1_cache_ub)
        self.schedule_type = _enum(schedule_type, ScheduleType, "schedule_type")
        self.traverse = _enum(traverse, MatrixTraverse, "traverse")
        self.en_vec_nd2nz = bool(en_vec_nd2nz)


@dataclass
class _Split:
    """The result of a tiling search."""

    single: tuple[int, int, int]
    dims: tuple[int, int, int]  # cores along M, N, K
    base: tuple[int, int, int]
    db_l0: tuple[int, int, int]
    step_k: int
    db_l1: int
    values: dict[str, int] = field(default_factory=dict)


class MatmulApiTilingBase:
    """The setters and getters every matmul tiling class has. Setters return 0, or -1
    with a TilingWarning for a value the tiling cannot use (as the C++ API does);
    arguments of the wrong type raise TypeError."""

    _MULTI_CORE = False

    def __init__(self, platform: PlatformAscendC | None = None) -> None:
        if platform is None:
            from asc_xdsl.lib.host.platform import get_ascendc_platform

            platform = get_ascendc_platform()
        if not isinstance(platform, PlatformAscendC):
            raise ApiTypeError(
                f"{type(self).__name__} needs a host.PlatformAscendC, got {platform!r}"
            )
        self.platform = platform
        self.a, self.b = MatType(), MatType()
        self.c, self.bias_type = MatType(), MatType()
        self.shape = (0, 0, 0)  # M, N, K of this call (SetShape)
        self.org_shape = (0, 0, 0, 0)  # M, N, Ka, Kb of the whole matrices (SetOrgShape)
        self.is_bias = False
        self.fix_base = (-1, -1, -1)
        self.base_range = (-1, -1, -1, -1, -1, -1)  # max M, N, K, min M, N, K
        self.buffer_space = (-1, -1, -1, -1)  # L1, L0C, UB, BT
        self.traverse = MatrixTraverse.FIRSTM
        self.mad_type = MatrixMadType.NORMAL
        self.dequant_type = DequantType.SCALAR
        self.double_buffer = (False, False, False, False, False, False)
        self.config = MatmulConfigParams()
        self.sparse = False
        self.layout: dict[str, int] = {}
        self.batch_num = 0
        self.batch_mn = (0, 0)
        self._result: _Split | None = None

    # -- types ----------------------------------------------------------------------

    def _set_type(self, which: str, pos: Any, fmt: Any, dtype: Any, trans: bool) -> int:
        mat = MatType(
            _enum(pos, TPosition, "pos"),
            _enum(fmt, CubeFormat, "type"),
            _enum(dtype, DataType, "data_type"),
            bool(trans),
        )
        if mat.dtype not in DTYPE_BITS:
            return _fail(f"set_{which}_type: {mat.dtype.name} is not a matmul data type")
        setattr(self, which if which != "bias" else "bias_type", mat)
        return 0

    def set_a_type(self, pos: TPosition, type: CubeFormat, data_type: DataType,
                   is_trans: bool = False) -> int:  # fmt: skip
        """`SetAType(pos, format, dtype, isTrans)`: where A is, its layout and type; 0, or -1 (a
        TilingWarning) when refused."""
        return self._set_type("a", pos, type, data_type, is_trans)

    def set_b_type(self, pos: TPosition, type: CubeFormat, data_type: DataType,
                   is_trans: bool = False) -> int:  # fmt: skip
        """`SetBType(pos, format, dtype, isTrans)`: where B is, its layout and type; 0, or -1 (a
        TilingWarning) when refused."""
        return self._set_type("b", pos, type, data_type, is_trans)

    def set_c_type(self, pos: TPosition, type: CubeFormat, data_type: DataType) -> int:
        """`SetCType(pos, format, dtype)`: where C goes, its layout and type; 0, or -1 (a
        TilingWarning) when refused."""
        return self._set_type("c", pos, type, data_type, False)

    def set_bias_type(self, pos: TPosition, type: CubeFormat, data_type: DataType) -> int:
        """`SetBiasType(pos, format, dtype)`: where the bias is, its layout and type; 0, or -1 (a
        TilingWarning) when refused."""
        return self._set_type("bias", pos, type, data_type, False)

    def set_dequant_type(self, dequant_type: DequantType) -> int:
        """`SetDequantType(type)`: a scalar or a per-channel (tensor) dequantisation; 0."""
        self.dequant_type = _enum(dequant_type, DequantType, "dequant_type")
        return 0

    # -- shapes ---------------------------------------------------------------------

    def set_shape(self, m: int, n: int, k: int) -> int:
        """`SetShape(m, n, k)`: the matmul's extents (positive); 0, or -1 (a TilingWarning) when
        refused."""
        values = [_int(v, name) for v, name in ((m, "m"), (n, "n"), (k, "k"))]
        if min(values) <= 0:
            return _fail(f"set_shape({m}, {n}, {k}): every extent must be positive")
        self.shape = tuple(values)
        return 0

    def set_org_shape(self, org_m: int, org_n: int, org_ka: int, org_kb: int | None = None) -> int:
        """`SetOrgShape(orgM, orgN, orgKa[, orgKb])`: the full matrices' extents; 0, or -1 (a
        TilingWarning) when refused."""
        org_kb = org_ka if org_kb is None else org_kb
        values = [_int(v, "org shape") for v in (org_m, org_n, org_ka, org_kb)]
        if min(values) <= 0:
            return _fail(f"set_org_shape{tuple(values)}: every extent must be positive")
        self.org_shape = tuple(values)
        return 0

    def _set_layout(self, which: str, names: str, values: tuple[int, ...]) -> int:
        for name, value in zip(names.split(), values, strict=True):
            self.layout[f"{which}LayoutInfo{name}"] = _int(value, f"{which} layout {name}")
        return 0

    def set_a_layout(self, b: int, s: int, n: int, g: int, d: int) -> int:
        """`SetALayout(b, s, n, g, d)`: A's batched layout (BSNGD); 0."""
        return self._set_layout("A", "B S N G D", (b, s, n, g, d))

    def set_b_layout(self, b: int, s: int, n: int, g: int, d: int) -> int:
        """`SetBLayout(b, s, n, g, d)`: B's batched layout (BSNGD); 0."""
        return self._set_layout("B", "B S N G D", (b, s, n, g, d))

    def set_c_layout(self, b: int, s: int, n: int, g: int, d: int) -> int:
        """`SetCLayout(b, s1, n, g, s2)`: C's batched layout; 0."""
        return self._set_layout("C", "B S1 N G S2", (b, s, n, g, d))

    def set_batch_info_for_normal(self, batch_a: int, batch_b: int, m: int, n: int, k: int) -> int:
        """`SetBatchInfoForNormal(batchA, batchB, m, n, k)`: batches in the NORMAL layout; 0, or -1
        (a TilingWarning) when refused."""
        values = [_int(v, "batch info") for v in (batch_a, batch_b, m, n, k)]
        if min(values) <= 0:
            return _fail(f"set_batch_info_for_normal{tuple(values)}: values must be positive")
        # The NORMAL layout, as the headers' SetBatchInfoForNormal records it.
        self._set_layout("A", "B S N G D", (batch_a, m, 1, 1, k))
        self._set_layout("B", "B S N G D", (batch_b, n, 1, 1, k))
        self._set_layout("C", "B S1 N G S2", (max(batch_a, batch_b), m, 1, 1, n))
        self.batch_mn = (batch_a, batch_b)
        if self.shape == (0, 0, 0):
            self.shape = (m, n, k)
        return 0

    def set_batch_num(self, batch: int) -> int:
        """`SetBatchNum(batch)`: the number of batches (positive); 0, or -1 (a TilingWarning) when
        refused."""
        if _int(batch, "batch") <= 0:
            return _fail(f"set_batch_num({batch}): the batch count must be positive")
        self.batch_num = batch
        return 0

    # -- options --------------------------------------------------------------------

    def enable_bias(self, is_bias_in: bool = False) -> int:
        """`EnableBias(isBias)` (also `set_bias`): whether C gets a bias; 0."""
        self.is_bias = bool(is_bias_in)
        return 0

    set_bias = enable_bias

    def set_fix_split(self, base_m_in: int = -1, base_n_in: int = -1, base_k_in: int = -1) -> int:
        """`SetFixSplit(baseM, baseN, baseK)`: fixed base block extents (-1: computed); 0, or -1 (a
        TilingWarning) when refused."""
        values = tuple(_int(v, "base") for v in (base_m_in, base_n_in, base_k_in))
        if any(v == 0 or v < -1 for v in values):
            return _fail(f"set_fix_split{values}: a base must be positive (-1: computed)")
        self.fix_base = values
        return 0

    def set_split_range(self, max_base_m: int = -1, max_base_n: int = -1, max_base_k: int = -1,
                        min_base_m: int = -1, min_base_n: int = -1,
                        min_base_k: int = -1) -> int:  # fmt: skip
        """`SetSplitRange(maxM, maxN, maxK, minM, minN, minK)`: bounds of the base block search; 0,
        or -1 (a TilingWarning) when refused."""
        values = (max_base_m, max_base_n, max_base_k, min_base_m, min_base_n, min_base_k)
        values = tuple(_int(v, "split range") for v in values)
        for hi, lo in zip(values[:3], values[3:], strict=True):
            if hi != -1 and lo != -1 and lo > hi:
                return _fail(f"set_split_range{values}: a minimum exceeds its maximum")
        self.base_range = values
        return 0

    def set_buffer_space(self, l1_size: int = -1, l0_c_size: int = -1, ub_size: int = -1,
                         bt_size: int = -1) -> int:  # fmt: skip
        """`SetBufferSpace(l1, l0c, ub, bt)`: the buffer bytes the tiling may use (-1: all); 0, or
        -1 (a TilingWarning) when refused."""
        values = tuple(_int(v, "buffer size") for v in (l1_size, l0_c_size, ub_size, bt_size))
        for value, name in zip(values, ("L1", "L0C", "UB", "BT"), strict=True):
            if value != -1 and not 0 <= value <= self.platform.get_core_mem_size(name):
                return _fail(
                    f"set_buffer_space: {name} size {value} is outside 0.."
                    f"{self.platform.get_core_mem_size(name)} (-1: all of it)"
                )
        self.buffer_space = values
        return 0

    def set_traverse(self, traverse: MatrixTraverse) -> int:
        """`SetTraverse(traverse)`: the order the output blocks are walked; 0."""
        self.traverse = _enum(traverse, MatrixTraverse, "traverse")
        return 0

    def set_mad_type(self, mad_type: MatrixMadType) -> int:
        """`SetMadType(type)`: normal or HF32 multiplies; 0."""
        self.mad_type = _enum(mad_type, MatrixMadType, "mad_type")
        return 0

    def set_double_buffer(self, a: bool, b: bool, c: bool, bias: bool, trans_nd2nz: bool = True,
                          trans_nz2nd: bool = True) -> int:  # fmt: skip
        """`SetDoubleBuffer(a, b, c, bias, transND2NZ, transNZ2ND)`: recorded (reserved in the C++
        API); 0."""
        # Reserved in the C++ API ("not supported in this version"): recorded only.
        self.double_buffer = tuple(bool(v) for v in (a, b, c, bias, trans_nd2nz, trans_nz2nd))
        return 0

    def set_matmul_config_params(self, mm_config_type_in: Any = 1,
                                 enable_l1_cache_ub_in: bool = False,
                                 schedule_type_in: ScheduleType = ScheduleType.INNER_PRODUCT,
                                 traverse_in: MatrixTraverse = MatrixTraverse.NOSET,
                                 en_vec_nd2nz_in: bool = False) -> None:  # fmt: skip
        """`SetMatmulConfigParams(...)`: a `MatmulConfigParams` or its fields (config type, L1 cache
        of UB, schedule, traverse, ND2NZ on the vector unit)."""
        if isinstance(mm_config_type_in, MatmulConfigParams):
            self.config = mm_config_type_in
        else:
            self.config = MatmulConfigParams(mm_config_type_in, enable_l1_cache_ub_in,
                                             schedule_type_in, traverse_in, en_vec_nd2nz_in)  # fmt: skip
        if self.config.traverse != MatrixTraverse.NOSET:
            self.traverse = self.config.traverse

    def set_sparse(self, is_sparse_in: bool = False) -> int:
        """`SetSparse(isSparse)`: whether B is sparse; 0."""
        self.sparse = bool(is_sparse_in)
        return 0

    # -- results --------------------------------------------------------------------

    def _base(self, i: int) -> int:
        return self._result.base[i] if self._result else self.fix_base[i]

    def get_base_m(self) -> int:
        """`GetBaseM()`: the base block's M (after `get_tiling`, else the fixed one)."""
        return self._base(0)

    def get_base_n(self) -> int:
        """`GetBaseN()`: the base block's N (after `get_tiling`, else the fixed one)."""
        return self._base(1)

    def get_base_k(self) -> int:
        """`GetBaseK()`: the base block's K (after `get_tiling`, else the fixed one)."""
        return self._base(2)

    def get_tiling(self, tiling: Any) -> int:
        """Compute the tiling and write it into `tiling` (an `asc.adv.TCubeTiling`)."""
        from asc_xdsl.language.adv.tiling import TCubeTiling

        if not isinstance(tiling, TCubeTiling) or tiling.handle is not None:
            raise ApiTypeError(
                f"get_tiling needs a host-side asc.adv.TCubeTiling(), got {tiling!r}"
            )
        result = self._compute()
        if isinstance(result, str):
            self._result = None
            return _fail(f"get_tiling: {result}")
        self._result = result
        for name in tiling.host_members():
            tiling._host[name] = result.values.get(name, 0)
        return 0

    # -- the search -----------------------------------------------------------------

    def _sizes(self) -> dict[str, int]:
        sizes = {
            m: self.platform.get_core_mem_size(m) for m in ("L1", "L0A", "L0B", "L0C", "UB", "BT")
        }
        for name, value in zip(("L1", "L0C", "UB", "BT"), self.buffer_space, strict=True):
            if value != -1:
                sizes[name] = value
        return sizes

    def _shapes(self) -> tuple[tuple[int, int, int, int], tuple[int, int, int]] | str:
        """(M, N, Ka, Kb) of the whole matrices and (M, N, K) this tiling computes."""
        org, shape = self.org_shape, self.shape
        if org == (0, 0, 0, 0) and shape == (0, 0, 0):
            return "no shape: call set_shape or set_org_shape first"
        if org == (0, 0, 0, 0):
            org = (shape[0], shape[1], shape[2], shape[2])
        if shape == (0, 0, 0):
            shape = (org[0], org[1], org[2])
        return org, shape

    def _split_cores(
        self, shape: tuple[int, int, int]
    ) -> tuple[tuple[int, int, int], tuple[int, int, int]] | str:
        """singleCore (M, N, K) and the cores along M, N, K (one core here)."""
        return shape, (1, 1, 1)

    def _k_align(self) -> int:
        c0 = self.a.c0
        return c0 if (not self.a.trans and self.b.trans) else max(16, c0)

    def _fits_l0(self, bm: int, bn: int, bk: int, sizes: dict[str, int], db: int = 1) -> str | None:
        """Why the base blocks do not fit (A and B `db` times), or None."""
        if self.a.nbytes(bm * bk) * db > sizes["L0A"]:
            return f"baseM*baseK = {bm}*{bk} of A does not fit L0A ({sizes['L0A']} bytes)"
        if self.b.nbytes(bn * bk) * db > sizes["L0B"]:
            return f"baseN*baseK = {bn}*{bk} of B does not fit L0B ({sizes['L0B']} bytes)"
        if bm * bn * L0C_BYTES > sizes["L0C"]:
            return f"baseM*baseN = {bm}*{bn} does not fit L0C ({sizes['L0C']} bytes)"
        if self.is_bias and self.bias_type.nbytes(bn) > sizes["BT"]:
            return f"baseN = {bn} bias elements do not fit the bias table ({sizes['BT']} bytes)"
        return None

    def _choose_base(
        self, single: tuple[int, int, int], sizes: dict[str, int]
    ) -> tuple[int, int, int] | str:
        aligns = (16, 16, self._k_align())
        hi, lo = self.base_range[:3], self.base_range[3:]
        base = []
        for i, (extent, align) in enumerate(zip(single, aligns, strict=True)):
            if self.fix_base[i] != -1:
                base.append(self.fix_base[i])
                continue
            b = min(_align_up(extent, align), RECOMMENDED_BASE[i])
            if hi[i] != -1:
                b = min(b, max(align, hi[i] // align * align))
            base.append(b)
        base = list(base)
        # Shrink what was not fixed until the blocks fit, L0A/L0B double-buffered: K
        # first for L0A/L0B (it only costs K iterations), else the side of the full
        # buffer; L0C: the larger side. What cannot shrink must fit single-buffered.
        shrink_order = {"L0A": (2, 0), "L0B": (2, 1), "L0C": (0, 1), "bias": (1,)}
        while (why := self._fits_l0(*base, sizes, db=2)) is not None:
            order = next(v for k, v in shrink_order.items() if k in why)
            if order == (0, 1) and base[1] > base[0]:
                order = (1, 0)
            shrinkable = [i for i in order if self.fix_base[i] == -1 and base[i] > aligns[i]]
            if not shrinkable:
                break
            i = shrinkable[0]
            base[i] = max(aligns[i], base[i] // 2 // aligns[i] * aligns[i])
        if (why := self._fits_l0(*base, sizes)) is not None:
            return why
        bm, bn, bk = base
        for i, b in enumerate((bm, bn, bk)):
            if lo[i] != -1 and b < lo[i] and self.fix_base[i] == -1:
                return f"the split range's minimum base {lo[i]} does not fit the buffers"
        return bm, bn, bk

    def _compute(self) -> _Split | str:
        shapes = self._shapes()
        if isinstance(shapes, str):
            return shapes
        (m, n, ka, kb), shape = shapes
        sizes = self._sizes()
        split = self._split_cores(shape)
        if isinstance(split, str):
            return split
        single, dims = split
        base = self._choose_base(single, sizes)
        if isinstance(base, str):
            return base
        bm, bn, bk = base
        db_a = 2 if self.a.nbytes(bm * bk) * 2 <= sizes["L0A"] else 1
        db_b = 2 if self.b.nbytes(bn * bk) * 2 <= sizes["L0B"] else 1
        db_c = 2 if bm * bn * L0C_BYTES * 2 <= sizes["L0C"] else 1
        # L1: K blocks per load (stepKa = stepKb): K whole if it fits (double-buffered
        # across M/N blocks when it can), else the largest divisor of the K blocks that
        # fits double-buffered (every load then holds whole steps).
        k_iter = _ceil_div(single[2], bk)
        bias_l1 = self.bias_type.nbytes(bn) if self.is_bias else 0
        block_a, block_b = self.a.nbytes(bm * bk), self.b.nbytes(bn * bk)
        divisors = [s for s in range(k_iter - 1, 0, -1) if k_iter % s == 0]
        candidates = [(k_iter, 2), (k_iter, 1), *((s, 2) for s in divisors), (1, 1)]
        chosen = next(
            (c for c in candidates if (block_a + block_b) * c[0] * c[1] + bias_l1 <= sizes["L1"]),
            None,
        )
        if chosen is None:
            return (
                f"one {bm}x{bk} block of A and {bn}x{bk} of B do not fit L1 ({sizes['L1']} bytes)"
            )
        step_k, db_l1 = chosen
        # UB staging of inputs the kernel hands over in UB (the docs' transLength; C
        # in UB is written straight into the tensor get_tensor_c is given).
        staged = [
            self.a.nbytes(bm * bk) if self.a.pos in UB_POSITIONS else 0,
            self.b.nbytes(bn * bk) if self.b.pos in UB_POSITIONS else 0,
            self.bias_type.nbytes(bn) if self.is_bias and self.bias_type.pos in UB_POSITIONS else 0,
        ]
        trans_length = max(staged)
        if trans_length > sizes["UB"]:
            return f"a {trans_length}-byte block staged in UB does not fit UB ({sizes['UB']} bytes)"
        values = {
            "usedCoreNum": dims[0] * dims[1] * dims[2],
            "M": m, "N": n, "Ka": ka, "Kb": kb,
            "singleCoreM": single[0], "singleCoreN": single[1], "singleCoreK": single[2],
            "baseM": bm, "baseN": bn, "baseK": bk,
            "depthA1": step_k * db_l1, "depthB1": step_k * db_l1,
            "stepM": 1, "stepN": 1, "stepKa": step_k, "stepKb": step_k,
            "isBias": int(self.is_bias),
            "transLength": trans_length,
            "iterateOrder": 1 if self.traverse == MatrixTraverse.FIRSTN else 0,
            "dbL0A": db_a, "dbL0B": db_b, "dbL0C": db_c,
            "BatchNum": self.batch_num,
            "batchM": self.batch_mn[0], "batchN": self.batch_mn[1],
            "singleBatchM": 1 if self.batch_mn[0] else 0,
            "singleBatchN": 1 if self.batch_mn[1] else 0,
            **self.layout,
        }  # fmt: skip
        return _Split(single, dims, (bm, bn, bk), (db_a, db_b, db_c), step_k, db_l1, values)


class MatmulApiTiling(MatmulApiTilingBase):
    """The tiling of a matmul on one core (`matmul_tiling::MatmulApiTiling`)."""


class MultiCoreMatmulTiling(MatmulApiTilingBase):
    """The tiling of a matmul split over several cores."""

    def __init__(self, platform: PlatformAscendC | None = None) -> None:
        super().__init__(platform)
        self.dim = -1  # cores to use: the SoC's AI Cores unless set_dim says
        self.single_shape = (-1, -1, -1)
        self.single_range = (-1, -1, -1, -1, -1, -1)
        self.align = (DEFAULT_SINGLE_ALIGN, DEFAULT_SINGLE_ALIGN, 1)
        self.split_k = False

    def set_dim(self, dim: int) -> int:
        """`SetDim(dim)`: the number of cores to split the matmul over; 0, or -1 (a TilingWarning)
        when refused."""
        if _int(dim, "dim") <= 0:
            return _fail(f"set_dim({dim}): the core count must be positive")
        self.dim = dim
        return 0

    def set_single_shape(
        self, single_m_in: int = -1, single_n_in: int = -1, single_k_in: int = -1
    ) -> int:
        """`SetSingleShape(m, n, k)`: one core's extents (-1: computed); 0, or -1 (a TilingWarning)
        when refused."""
        values = tuple(_int(v, "single shape") for v in (single_m_in, single_n_in, single_k_in))
        if any(v == 0 or v < -1 for v in values):
            return _fail(f"set_single_shape{values}: extents must be positive (-1: computed)")
        self.single_shape = values
        return 0

    def set_single_range(self, max_m: int = -1, max_n: int = -1, max_k: int = -1, min_m: int = -1,
                         min_n: int = -1, min_k: int = -1) -> int:  # fmt: skip
        """`SetSingleRange(maxM, maxN, maxK, minM, minN, minK)`: bounds of one core's extents; 0, or
        -1 (a TilingWarning) when refused."""
        values = tuple(_int(v, "single range") for v in (max_m, max_n, max_k, min_m, min_n, min_k))
        for hi, lo in zip(values[:3], values[3:], strict=True):
            if hi != -1 and lo != -1 and lo > hi:
                return _fail(f"set_single_range{values}: a minimum exceeds its maximum")
        self.single_range = values
        return 0

    def set_align_split(self, align_m: int, align_n: int, align_k: int) -> int:
        """`SetAlignSplit(alignM, alignN, alignK)`: alignments of the split per core; 0, or -1 (a
        TilingWarning) when refused."""
        values = tuple(_int(v, "align") for v in (align_m, align_n, align_k))
        if min(values) <= 0:
            return _fail(f"set_align_split{values}: alignments must be positive")
        self.align = values
        return 0

    def enable_multi_core_split_k(self, flag: bool) -> None:
        """`EnableMultiCoreSplitK(flag)` (also `set_split_k`): whether cores may split K."""
        self.split_k = bool(flag)

    set_split_k = enable_multi_core_split_k

    def get_single_shape(self) -> tuple[int, int, int] | None:
        """`GetSingleShape()`: one core's (M, N, K) after `get_tiling`, else None."""
        return self._result.single if self._result else None

    def get_core_num(self) -> tuple[int, int, int] | None:
        """`GetCoreNum()`: (cores used, cores along M, along N) after `get_tiling`, else None."""
        if self._result is None:
            return None
        dims = self._result.dims
        return dims[0] * dims[1] * dims[2], dims[0], dims[1]

    def _single_extent(self, i: int, extent: int, cores: int) -> int:
        given = self.single_shape[i]
        if given != -1:
            return given
        single = _align_up(_ceil_div(extent, cores), self.align[i])
        hi, lo = self.single_range[i], self.single_range[3 + i]
        if hi != -1:
            single = min(single, hi)
        if lo != -1:
            single = max(single, lo)
        return min(single, _align_up(extent, self.align[i]))

    def _split_cores(
        self, shape: tuple[int, int, int]
    ) -> tuple[tuple[int, int, int], tuple[int, int, int]] | str:
        dim = self.dim if self.dim != -1 else self.platform.get_core_num_aic()
        best = None
        for dm in range(1, dim + 1):
            for dn in range(1, dim // dm + 1):
                for dk in range(1, (dim // (dm * dn) if self.split_k else 1) + 1):
                    single = tuple(
                        self._single_extent(i, e, d)
                        for i, (e, d) in enumerate(zip(shape, (dm, dn, dk), strict=True))
                    )
                    dims = tuple(_ceil_div(e, s) for e, s in zip(shape, single, strict=True))
                    if dims[0] * dims[1] * dims[2] > dim:
                        continue
                    cost = (single[0] * single[1] * single[2], single[0] + single[1],
                            dims[0] * dims[1] * dims[2])  # fmt: skip
                    if best is None or cost < best[0]:
                        best = (cost, single, dims)
        if best is None:
            return f"the single-core shape {self.single_shape} needs more than {dim} cores"
        return best[1], best[2]


class BatchMatmulTiling(MatmulApiTilingBase):
    """The tiling of a batched matmul (one core per batch group; `set_batch_num`,
    `set_batch_info_for_normal` and the layouts say the batches)."""

    def get_core_num(self) -> tuple[int, int, int, int, int] | None:
        """`GetCoreNum()`: after `get_tiling`, the cores used, the blocks along M and N, and
        the batches of A and of B per core; else None."""
        if self._result is None:
            return None
        v = self._result.values
        # Batches per core group: one batch of A and of B when none was given.
        batch_m, batch_n = (max(b, 1) for b in self.batch_mn)
        return (v["usedCoreNum"], _ceil_div(v["M"], v["singleCoreM"]),
                _ceil_div(v["N"], v["singleCoreN"]), batch_m, batch_n)  # fmt: skip


__all__ = [
    "BatchMatmulTiling",
    "MatmulApiTiling",
    "MatmulApiTilingBase",
    "MatmulConfigParams",
    "MultiCoreMatmulTiling",
    "TilingWarning",
]
