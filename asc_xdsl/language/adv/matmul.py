"""The Matmul high-level API (pyasc's `asc.language.adv.matmul`): `MatmulType`, the
`Matmul` object and its methods, `register_matmul`, `get_matmul_api_tiling` and the
config presets (`get_normal_config`, ..., `get_mm_config`).

A `Matmul(a, b, c[, bias, matmul_config])` is a `matmul::Matmul<A, B, C, Bias, CFG>`
object: its IR type (`!ascendc.matmul<...>`) carries the four `MatmulType`s and the
config, so the ops check the tensors they get against it. `with mm.iterate() as i:`
is the loop `while (mm.Iterate()) { ...; ++i; }`.
"""

from __future__ import annotations

import inspect
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from asc_xdsl.diagnostics import ApiTypeError
from asc_xdsl.dialects import dtypes as dt
from asc_xdsl.dialects.dtypes import DataType
from asc_xdsl.enums import (
    BatchMode,
    BatchOutMode,
    CubeFormat,
    IterateOrder,
    LayoutMode,
    ScheduleType,
    TPosition,
)
from asc_xdsl.language.adv.types import (
    MatmulBatchParams,
    MatmulConfig,
    MatmulFuncParams,
    MatmulQuantParams,
    MatmulShapeParams,
)
from asc_xdsl.language.builder import IRValue, KernelBuilder, KernelLoop, RuntimeScalar, require_jit
from asc_xdsl.language.core.enums import MatmulConfigMode
from asc_xdsl.language.core.tensor import (
    GlobalAddress,
    GlobalTensor,
    LocalTensor,
    TensorElement,
    _Tensor,
)
from asc_xdsl.language.core.utils import describe, overloads

if TYPE_CHECKING:
    from asc_xdsl.language._typing import Int
    from asc_xdsl.language.adv.tiling import MatmulApiStaticTiling, TCubeTiling
    from asc_xdsl.language.fwk.tpipe import TPipe


@dataclass(frozen=True)
class MatmulType:
    """`matmul::MatmulType<position, format, T, isTrans, layout>`: one operand of a
    matmul (a compile-time description)."""

    position: TPosition
    format: CubeFormat
    dtype: DataType
    is_trans: bool = False
    layout: LayoutMode = LayoutMode.NONE

    def spec(self) -> Any:
        """The matrix's `#ascendc` spec (position, format, dtype, transpose) for the matmul object's
        type."""
        from asc_xdsl.dialects.ascendc.adv_types import MatrixSpec

        if not isinstance(self.dtype, DataType):
            raise ApiTypeError(f"MatmulType: dtype must be a data type, got {self.dtype!r}")
        return MatrixSpec(
            TPosition(self.position),
            CubeFormat(self.format),
            self.dtype.ir_type(),
            bool(self.is_trans),
            LayoutMode(self.layout),
        )


def _matmul_ir_type(
    a: Any, b: Any, c: Any, bias: Any, config: MatmulConfig | None, api: str
) -> Any:
    g = require_jit(api)
    from asc_xdsl.dialects.ascendc.adv_types import MatmulType as MatmulIRType

    for name, value in (("a", a), ("b", b), ("c", c), ("bias", bias)):
        if not isinstance(value, MatmulType) and not (name == "bias" and value is None):
            g.fail(f"{api}: {name} must be an asc.adv.MatmulType, got {describe(value)}")
    if config is not None and not isinstance(config, MatmulConfig):
        g.fail(f"{api}: matmul_config must be an asc.adv.MatmulConfig, got {describe(config)}")
    bias = bias or c  # the bias defaults to C's position, format and type
    try:
        key = (a.spec(), b.spec(), c.spec(), bias.spec(), None if config is None else config.attr())
        made = _MATMUL_TYPES.get(key)
        if made is None:
            made = _MATMUL_TYPES[key] = MatmulIRType(*key)
        return made
    except (TypeError, ValueError) as e:
        g.fail(f"{api}: {e}")


_MATMUL_TYPES: dict[tuple[Any, ...], Any] = {}
"""Matmul object types by their matrices and config: a type is immutable, and making
one builds and checks its ~20 parameters."""


def _flag(g: KernelBuilder, value: Any) -> Any:
    return g.scalar(value, dt.bool_)


def _int(g: KernelBuilder, value: Any, what: str, dtype: DataType = dt.int32) -> Any:
    return g.integer(value, what, dtype)


def _strides(g: KernelBuilder, a: Any, b: Any, c: Any) -> list[Any]:
    """The matrix_stride_a/b/c operands the batch iterations share."""
    return [_int(g, v, "matrix_stride") for v in (a, b, c)]


def _tensor(
    g: KernelBuilder, api: str, name: str, value: Any, kinds: tuple[type, ...] = (_Tensor,)
) -> Any:
    if not isinstance(value, kinds) or value.handle is None:
        what = " or ".join(k.__name__.lstrip("_") for k in kinds)
        g.fail(f"{api}: {name} must be a {what}, got {describe(value)}")
    return value.handle


class _Iterate(KernelLoop):
    """`with mm.iterate(...) as i:`: a loop while `mm.Iterate<sync>(...)` is true."""

    def __init__(self, matmul: Matmul, partial_sum: Any, sync: Any, local: Any):
        self.matmul, self.partial_sum, self.sync, self.local = matmul, partial_sum, sync, local

    def condition(self) -> RuntimeScalar:
        g = require_jit("Matmul.iterate")
        from asc_xdsl.dialects.ascendc.adv_matmul import MatmulIterateOp

        local = None
        if self.local is not None:
            local = _tensor(g, "Matmul.iterate", "local_c_matrix", self.local, (LocalTensor,))
        op = MatmulIterateOp(
            self.matmul.handle, _flag(g, self.partial_sum), local, _flag(g, self.sync)
        )
        return RuntimeScalar(g.emit(op).results[0], dt.bool_)


class Matmul(IRValue):
    """`matmul::Matmul<A, B, C, Bias, CFG> mm;`."""

    __slots__ = ("a", "b", "bias", "c")

    def __init__(
        self,
        a: MatmulType,
        b: MatmulType,
        c: MatmulType,
        bias: MatmulType | None = None,
        matmul_config: MatmulConfig | None = None,
        matmul_policy: Any = 0,
    ) -> None:
        g = require_jit("Matmul")
        from asc_xdsl.dialects.ascendc.construct import ConstructOp

        if matmul_policy not in (0, None):
            g.fail("Matmul: only the default MatmulPolicy has an Ascend C form here")
        t = _matmul_ir_type(a, b, c, bias, matmul_config, "Matmul")
        self.a, self.b, self.c, self.bias = a, b, c, bias or c
        super().__init__(g.emit(ConstructOp(t)).result)

    def _emit(self, op_name: str, *operands: Any, result_types: Any = None) -> Any:
        g = require_jit(f"Matmul.{op_name}")
        from asc_xdsl.dialects.ascendc import adv_matmul

        op_class = getattr(adv_matmul, op_name)
        kw = {} if result_types is None else {"result_types": result_types}
        return g.emit(op_class(self.handle, *operands, **kw))

    # -- setup -------------------------------------------------------------------------

    def init(self, tiling: Any) -> None:
        """`mm.Init(&tiling)`."""
        g = require_jit("Matmul.init")
        from asc_xdsl.language.adv.tiling import TCubeTiling

        if not isinstance(tiling, TCubeTiling):
            g.fail(f"Matmul.init needs an asc.adv.TCubeTiling, got {describe(tiling)}")
        self._emit("MatmulInitOp", tiling.handle, None)

    def end(self) -> None:
        """`mm.End()`: release the object's resources."""
        self._emit("MatmulEndOp")

    def _set_matrix(self, which: str, value: Any, transpose: Any) -> None:
        g = require_jit(f"Matmul.set_tensor_{which}")
        upper = which.upper()
        if isinstance(value, _Tensor):
            handle = _tensor(g, f"Matmul.set_tensor_{which}", "tensor", value)
            self._emit(f"MatmulSetTensor{upper}Op", handle, _flag(g, transpose))
            return
        dtype = getattr(self, which).dtype
        self._emit(f"MatmulSetTensor{upper}ScalarOp", g.scalar(value, dtype))

    @overloads(lambda self, scalar: None, lambda self, tensor, transpose=False: None)
    def set_tensor_a(
        self, tensor: Any = None, transpose: Any = False, *, scalar: Any = None
    ) -> None:
        """`mm.SetTensorA(tensor, transpose)`, or `mm.SetTensorA(scalar)` (a number)."""
        self._set_matrix("a", tensor if scalar is None else scalar, transpose)

    @overloads(lambda self, scalar: None, lambda self, tensor, transpose=False: None)
    def set_tensor_b(
        self, tensor: Any = None, transpose: Any = False, *, scalar: Any = None
    ) -> None:
        """`mm.SetTensorB(tensor, transpose)`, or `mm.SetTensorB(scalar)` (a number)."""
        self._set_matrix("b", tensor if scalar is None else scalar, transpose)

    def set_bias(self, tensor: Any) -> None:
        """`mm.SetBias(tensor)`: add this bias row to the result."""
        g = require_jit("Matmul.set_bias")
        self._emit("MatmulSetBiasOp", _tensor(g, "Matmul.set_bias", "tensor", tensor))

    def disable_bias(self) -> None:
        """`mm.DisableBias()`: the next results have no bias."""
        self._emit("MatmulDisableBiasOp")

    def _pointer_or_int(self, g: KernelBuilder, api: str, value: Any) -> Any:
        if isinstance(value, GlobalAddress):
            return value.handle
        return _int(g, value, f"{api}: data_ptr", dt.uint64)

    def set_self_define_data(self, data_ptr: Any) -> None:
        """`mm.SetSelfDefineData(ptr)`: data for the callbacks (a GM address or an integer)."""
        g = require_jit("Matmul.set_self_define_data")
        handle = self._pointer_or_int(g, "Matmul.set_self_define_data", data_ptr)
        self._emit("MatmulSetSelfDefineDataOp", handle)

    def set_user_def_info(self, tiling_ptr: Any) -> None:
        """`mm.SetUserDefInfo(ptr)`: data for the callbacks (a GM address)."""
        g = require_jit("Matmul.set_user_def_info")
        if not isinstance(tiling_ptr, GlobalAddress):
            g.fail(f"Matmul.set_user_def_info needs a GM address, got {describe(tiling_ptr)}")
        self._emit("MatmulSetUserDefInfoOp", tiling_ptr.handle)

    def set_sparse_index(self, index_global: Any) -> None:
        """`mm.SetSparseIndex(index)`: the index (a GlobalTensor) of a sparse B matrix."""
        g = require_jit("Matmul.set_sparse_index")
        handle = _tensor(
            g, "Matmul.set_sparse_index", "index_global", index_global, (GlobalTensor,)
        )
        self._emit("MatmulSetSparseIndexOp", handle)

    def set_quant_scalar(self, quant_scalar: Any) -> None:
        """`mm.SetQuantScalar(scale)`: quantize C by one scale (a uint64)."""
        g = require_jit("Matmul.set_quant_scalar")
        self._emit("MatmulSetQuantScalarOp", _int(g, quant_scalar, "quant_scalar", dt.uint64))

    def set_quant_vector(self, quant_vector: Any) -> None:
        """`mm.SetQuantVector(scales)`: quantize C by a scale per column (a GlobalTensor)."""
        g = require_jit("Matmul.set_quant_vector")
        handle = _tensor(
            g, "Matmul.set_quant_vector", "quant_vector", quant_vector, (GlobalTensor,)
        )
        self._emit("MatmulSetQuantVectorOp", handle)

    def set_org_shape(
        self, org_m: Any, org_n: Any, org_ka: Any, org_kb: Any = None, org_kc: Any = None
    ) -> None:
        """`mm.SetOrgShape(m, n, k)` or `(m, n, ka, kb[, kc])`."""
        g = require_jit("Matmul.set_org_shape")
        if org_kc is not None and org_kb is None:
            g.fail("Matmul.set_org_shape: org_kc needs org_kb before it")
        ints = [None if v is None else _int(g, v, "set_org_shape") for v in
                (org_m, org_n, org_ka, org_kb, org_kc)]  # fmt: skip
        self._emit("MatmulSetOrgShapeOp", *ints)

    def set_single_shape(self, single_m: Any, single_n: Any, single_k: Any) -> None:
        """`mm.SetSingleShape(m, n, k)`: this core's shape."""
        g = require_jit("Matmul.set_single_shape")
        ints = [_int(g, v, "set_single_shape") for v in (single_m, single_n, single_k)]
        self._emit("MatmulSetSingleShapeOp", *ints)

    def set_tail(self, tail_m: Any = -1, tail_n: Any = -1, tail_k: Any = -1) -> None:
        """`mm.SetTail(m, n, k)`: the sizes of this core's last block (-1: unchanged)."""
        g = require_jit("Matmul.set_tail")
        self._emit("MatmulSetTailOp", *[_int(g, v, "set_tail") for v in (tail_m, tail_n, tail_k)])

    def set_hf32(self, enable_hf32: Any = False, trans_mode: Any = 0) -> None:
        """`mm.SetHF32(enable, transMode)`: compute float matmuls in HF32."""
        g = require_jit("Matmul.set_hf32")
        self._emit("MatmulSetHF32Op", _flag(g, enable_hf32), _int(g, trans_mode, "trans_mode"))

    def set_batch_num(self, batch_a: Any, batch_b: Any) -> None:
        """`mm.SetBatchNum(batchA, batchB)`: how many A and B matrices a batch has."""
        g = require_jit("Matmul.set_batch_num")
        if not g.matmul_cube_only():  # Matmul is then MatmulClient, which has no SetBatchNum
            g.fail(
                "Matmul.set_batch_num needs @asc.jit(matmul_cube_only=True): in a mixed "
                "kernel the Matmul has no SetBatchNum (pass batch_a and batch_b to "
                "iterate_batch instead)"
            )
        self._emit(
            "MatmulSetBatchNumOp", *[_int(g, v, "set_batch_num") for v in (batch_a, batch_b)]
        )

    def set_workspace(self, addr: Any, size: Any = None) -> None:
        """`mm.SetWorkspace(gm_tensor)` or `mm.SetWorkspace(addr, size)`."""
        g = require_jit("Matmul.set_workspace")
        if isinstance(addr, GlobalTensor):
            if size is not None:
                g.fail("Matmul.set_workspace: a GlobalTensor workspace takes no size")
            self._emit("MatmulSetWorkspaceOp", addr.handle, None)
        elif isinstance(addr, GlobalAddress):
            if size is None:
                g.fail("Matmul.set_workspace: a GM address needs its size in bytes")
            self._emit("MatmulSetWorkspaceOp", addr.handle, _int(g, size, "size"))
        else:
            g.fail(
                f"Matmul.set_workspace needs a GlobalTensor or a GM address, got {describe(addr)}"
            )

    # -- computing -------------------------------------------------------------------

    def iterate(
        self, en_partial_sum: Any = False, sync: Any = True, local_c_matrix: Any = None
    ) -> _Iterate:
        """`with mm.iterate() as count:` loops while `mm.Iterate<sync>(...)` computes a
        block of C (count: the blocks before this one)."""
        require_jit("Matmul.iterate")
        return _Iterate(self, en_partial_sum, sync, local_c_matrix)

    def iterate_all(
        self,
        tensor: Any,
        en_atomic: Any = 0,
        sync: Any = True,
        en_sequential_write: Any = None,
        wait_iterate_all: Any = None,
        fake_msg: Any = None,
    ) -> None:
        """`mm.IterateAll<sync>(tensor, enAtomic, enSequentialWrite, waitIterateAll,
        fakeMsg)` (a flag left None is false); into a LocalTensor,
        `mm.IterateAll<sync>(tensor, enAtomic)`."""
        g = require_jit("Matmul.iterate_all")
        handle = _tensor(g, "Matmul.iterate_all", "tensor", tensor)
        flags = [
            _flag(g, False if v is None else v)
            for v in (en_sequential_write, wait_iterate_all, fake_msg)
        ]
        if isinstance(tensor, LocalTensor):
            if any((en_sequential_write, wait_iterate_all, fake_msg)):
                g.fail("Matmul.iterate_all into a LocalTensor takes only en_atomic and sync")
            flags = [None, None, None]
        atomic = _int(g, en_atomic, "en_atomic", dt.uint8)
        self._emit("MatmulIterateAllOp", handle, atomic, *flags, _flag(g, sync))

    def wait_iterate_all(self) -> None:
        """`mm.WaitIterateAll()`: wait for an asynchronous IterateAll."""
        self._emit("MatmulWaitIterateAllOp")

    @overloads(
        lambda self, tensor, batch_a, batch_b, en_sequential_write, matrix_stride_a=0,
        matrix_stride_b=0, matrix_stride_c=0, en_partial_sum=False, en_atomic=0, sync=True,
        wait_iterate_batch=None: None,
        lambda self, tensor, en_partial_sum, en_atomic, en_sequential_write,
        matrix_stride_a=0, matrix_stride_b=0, matrix_stride_c=0, sync=True: None,
    )  # fmt: skip
    def iterate_batch(self, *args: Any, **kwargs: Any) -> None:
        """`mm.IterateBatch<sync[, waitIterateBatch]>(tensor, batchA, batchB,
        enSequentialWrite, ...)`, or pyasc's cube-only form `(tensor, en_partial_sum,
        en_atomic, en_sequential_write, ...)` (a bool second argument) into GM."""
        second = args[1] if len(args) > 1 else kwargs.get("en_partial_sum")
        by_flag = isinstance(second, bool) or (
            isinstance(second, RuntimeScalar) and second.dtype is dt.bool_
        )
        batches = "batch_a" in kwargs or "batch_b" in kwargs
        if not batches and (by_flag if len(args) > 1 else "en_partial_sum" in kwargs):
            self._iterate_batch_cube_only(*args, **kwargs)
        else:
            self._iterate_batch(*args, **kwargs)

    def _iterate_batch_cube_only(
        self,
        tensor: Any,
        en_partial_sum: Any,
        en_atomic: Any,
        en_sequential_write: Any,
        matrix_stride_a: Any = 0,
        matrix_stride_b: Any = 0,
        matrix_stride_c: Any = 0,
        sync: Any = True,
    ) -> None:
        api = "Matmul.iterate_batch"
        g = require_jit(api)
        if sync is not True:  # the C++ form has no sync template argument
            g.fail(f"{api}: the cube-only form (en_partial_sum, ...) is synchronous: sync=True")
        handle = _tensor(g, api, "tensor", tensor, (GlobalTensor,))
        self._emit(
            "MatmulIterateBatchCubeOnlyOp",
            handle,
            _int(g, en_partial_sum, "en_partial_sum"),
            _int(g, en_atomic, "en_atomic"),
            _int(g, en_sequential_write, "en_sequential_write"),
            *_strides(g, matrix_stride_a, matrix_stride_b, matrix_stride_c),
        )

    def _iterate_batch(
        self,
        tensor: Any,
        batch_a: Any,
        batch_b: Any,
        en_sequential_write: Any,
        matrix_stride_a: Any = 0,
        matrix_stride_b: Any = 0,
        matrix_stride_c: Any = 0,
        en_partial_sum: Any = False,
        en_atomic: Any = 0,
        sync: Any = True,
        wait_iterate_batch: Any = None,
    ) -> None:
        g = require_jit("Matmul.iterate_batch")
        strides = _strides(g, matrix_stride_a, matrix_stride_b, matrix_stride_c)
        self._emit(
            "MatmulIterateBatchOp",
            _tensor(g, "Matmul.iterate_batch", "tensor", tensor),
            _int(g, batch_a, "batch_a"),
            _int(g, batch_b, "batch_b"),
            _flag(g, en_sequential_write),
            *strides,
            _flag(g, en_partial_sum),
            _int(g, en_atomic, "en_atomic", dt.uint8),
            _flag(g, sync),
            _flag(g, False if wait_iterate_batch is None else wait_iterate_batch),
        )

    def wait_iterate_batch(self) -> None:
        """`mm.WaitIterateBatch()`: wait for an asynchronous IterateBatch."""
        self._emit("MatmulWaitIterateBatchOp")

    def iterate_n_batch(
        self,
        batch_loop: Any,
        batch_a: Any,
        batch_b: Any,
        en_sequential_write: Any,
        matrix_stride_a: Any = 0,
        matrix_stride_b: Any = 0,
        matrix_stride_c: Any = 0,
        sync: Any = True,
        wait_iterate_batch: Any = False,
    ) -> None:
        """`mm.IterateNBatch(batchLoop, batchA, batchB, enSequentialWrite, ...)`: `batch_loop`
        batches of products."""
        g = require_jit("Matmul.iterate_n_batch")
        ints = [_int(g, v, "iterate_n_batch") for v in (batch_loop, batch_a, batch_b)]
        strides = _strides(g, matrix_stride_a, matrix_stride_b, matrix_stride_c)
        self._emit(
            "MatmulIterateNBatchOp",
            *ints,
            _flag(g, en_sequential_write),
            *strides,
            _flag(g, sync),
            _flag(g, wait_iterate_batch),
        )

    # -- results ---------------------------------------------------------------------

    @overloads(
        lambda self, tensor, en_atomic=0, en_sequential_write=False, sync=True,
        optional_tensor=None: None,
        lambda self, en_atomic=0, en_sequential_write=False, sync=True: None,
    )  # fmt: skip
    def get_tensor_c(self, *args: Any, **kwargs: Any) -> GlobalTensor | None:
        """`mm.GetTensorC<sync>(tensor[, local], enAtomic, enSequentialWrite)`; without
        a tensor (sync=False), the block in the workspace as a GlobalTensor."""
        first = args[0] if args else kwargs.get("tensor")
        if args and not isinstance(first, _Tensor | TensorElement):  # pyasc's form without one
            args = (None, *args)
        return self._get_tensor_c(*args, **kwargs)

    def _get_tensor_c(
        self,
        tensor: Any = None,
        en_atomic: Any = 0,
        en_sequential_write: Any = False,
        sync: Any = True,
        optional_tensor: Any = None,
    ) -> GlobalTensor | None:
        g = require_jit("Matmul.get_tensor_c")
        atomic = _int(g, en_atomic, "en_atomic", dt.uint8)
        if tensor is None:
            if sync is not False:
                g.fail("Matmul.get_tensor_c without a tensor needs sync=False")
            t = self._c_global_type()
            op = self._emit("MatmulGetTensorCReturnOp", atomic, _flag(g, en_sequential_write),
                            _flag(g, sync), result_types=[t])  # fmt: skip
            return GlobalTensor(op.results[0], self.c.dtype)
        second = None
        if optional_tensor is not None:
            if not isinstance(tensor, GlobalTensor):
                g.fail("Matmul.get_tensor_c: with optional_tensor, tensor must be a GlobalTensor")
            second = _tensor(
                g, "Matmul.get_tensor_c", "optional_tensor", optional_tensor, (LocalTensor,)
            )
        self._emit(
            "MatmulGetTensorCOp",
            _tensor(g, "Matmul.get_tensor_c", "tensor", tensor),
            second,
            atomic,
            _flag(g, en_sequential_write),
            _flag(g, sync),
        )
        return None

    def _c_global_type(self) -> Any:
        from asc_xdsl.dialects.ascendc.types import GlobalTensorType

        return GlobalTensorType(self.c.dtype.ir_type())

    @overloads(
        lambda self, batch_a, batch_b, en_sequential_write=False, sync=True: None,
        lambda self, tensor, batch_a, batch_b, en_sequential_write=False, sync=True: None,
    )
    def get_batch_tensor_c(self, *args: Any, **kwargs: Any) -> GlobalTensor | None:
        """`get_batch_tensor_c(tensor, batch_a, batch_b, en_sequential_write=False, sync=True)`
        into a LocalTensor, or `get_batch_tensor_c(batch_a, batch_b, ...)` -> GlobalTensor."""
        g = require_jit("Matmul.get_batch_tensor_c")
        first = args[0] if args else kwargs.get("tensor")
        if isinstance(first, LocalTensor):
            return self._batch_c_local(g, *args, **kwargs)
        return self._batch_c_global(g, *args, **kwargs)

    def _batch_c_local(
        self, g: KernelBuilder, tensor: Any, batch_a: Any, batch_b: Any, en_sequential_write: Any = False,
        sync: Any = True,
    ) -> None:  # fmt: skip
        self._emit(
            "MatmulGetBatchTensorCLocalMemOp",
            tensor.handle,
            _int(g, batch_a, "batch_a"),
            _int(g, batch_b, "batch_b"),
            _flag(g, en_sequential_write),
            _flag(g, sync),
        )

    def _batch_c_global(
        self, g: KernelBuilder, batch_a: Any, batch_b: Any, en_sequential_write: Any = False,
        sync: Any = True,
    ) -> GlobalTensor:  # fmt: skip
        op = self._emit(
            "MatmulGetBatchTensorCOp",
            _int(g, batch_a, "batch_a"),
            _int(g, batch_b, "batch_b"),
            _flag(g, en_sequential_write),
            _flag(g, sync),
            result_types=[self._c_global_type()],
        )
        return GlobalTensor(op.results[0], self.c.dtype)

    def async_get_tensor_c(self, c: Any) -> None:
        """`mm.AsyncGetTensorC(c)`: start copying the current block of C into `c`."""
        g = require_jit("Matmul.async_get_tensor_c")
        self._emit(
            "MatmulAsyncGetTensorCOp",
            _tensor(g, "Matmul.async_get_tensor_c", "c", c, (LocalTensor,)),
        )

    def wait_get_tensor_c(self) -> None:
        """`mm.WaitGetTensorC()`: wait for an `async_get_tensor_c`."""
        self._emit("MatmulWaitGetTensorCOp")

    def get_offset_c(self) -> IRValue:
        """`MatrixOffset o = mm.GetOffsetC();`."""
        return IRValue(self._emit("MatmulGetOffsetCOp").results[0])


def register_matmul(
    pipe: TPipe, workspace: GlobalAddress, matmul: Matmul, tiling: TCubeTiling | None = None
) -> None:
    """`REGIST_MATMUL_OBJ(&pipe, workspace, mm[, &tiling])`."""
    g = require_jit("register_matmul")
    from asc_xdsl.dialects.ascendc.adv_matmul import RegistMatmulObjOp
    from asc_xdsl.language.adv.tiling import TCubeTiling
    from asc_xdsl.language.fwk.tpipe import TPipe

    if not isinstance(pipe, TPipe):
        g.fail(f"register_matmul: pipe must be an asc.TPipe, got {describe(pipe)}")
    if not isinstance(workspace, GlobalAddress):
        g.fail(f"register_matmul: workspace must be a GM address, got {describe(workspace)}")
    if not isinstance(matmul, Matmul):
        g.fail(f"register_matmul: matmul must be an asc.adv.Matmul, got {describe(matmul)}")
    if tiling is not None and not isinstance(tiling, TCubeTiling):
        g.fail(f"register_matmul: tiling must be an asc.adv.TCubeTiling, got {describe(tiling)}")
    handle = None if tiling is None else tiling.handle
    g.emit(RegistMatmulObjOp(pipe.handle, workspace.handle, matmul.handle, handle))
    g.note_matmul_object()  # the kernel is then mixed


def get_matmul_api_tiling(
    mm_cfg: MatmulConfig,
    l1_size: Int,
    a_type: MatmulType,
    b_type: MatmulType,
    c_type: MatmulType,
    bias_type: MatmulType | None = None,
) -> MatmulApiStaticTiling:
    """`GetMatmulApiTiling<A, B, C, Bias>(cfg, l1Size)`: a MatmulApiStaticTiling (its
    members are read by snake_case name: `tiling.base_m`)."""
    g = require_jit("get_matmul_api_tiling")
    from asc_xdsl.dialects.ascendc.adv_matmul import MatmulGetMatmulApiTilingOp

    if not isinstance(mm_cfg, MatmulConfig):
        g.fail(
            f"get_matmul_api_tiling: mm_cfg must be an asc.adv.MatmulConfig, got {describe(mm_cfg)}"
        )
    t = _matmul_ir_type(a_type, b_type, c_type, bias_type, mm_cfg, "get_matmul_api_tiling")
    size = _int(g, l1_size, "l1_size")
    op = MatmulGetMatmulApiTilingOp(mm_cfg.construct(), size, matmul_type=t)
    from asc_xdsl.language.adv.tiling import MatmulApiStaticTiling

    return MatmulApiStaticTiling.from_handle(g.emit(op).results[0])


# ---------------------------------------------------------------------------
# Config presets (the headers' GetNormalConfig, GetMDLConfig, ...): each is the
# struct's defaults, its fixed fields and its parameters (Python name, field, default).
# ---------------------------------------------------------------------------

_Preset = tuple[dict[str, Any], tuple[tuple[str, str, Any], ...]]
_COMMON = (("intrinsics_limit", "intrinsics_check", False), ("batch_loop", "is_n_batch", False))
_PRESETS: dict[str, _Preset] = {
    "normal": (
        {"do_norm": True, "enable_ub_reuse": True},
        (
            *_COMMON,
            ("is_vec_nd2_nz", "en_vec_nd2nz", False),
            ("bmm_mode", "batch_mode", BatchMode.BATCH_LESS_THAN_L1),
            ("is_msg_reuse", "enable_reuse", True),
            ("iterate_order", "iterate_order", IterateOrder.UNDEF),
            ("schedule_type", "schedule_type", ScheduleType.INNER_PRODUCT),
            ("en_unit_flag", "en_unit_flag", True),
            ("enable_mix_dual_master", "enable_mix_dual_master", False),
            ("bmm_out_mode", "batch_out_mode", BatchOutMode.SINGLE_BATCH),
        ),
    ),
    "mdl": (
        {"do_norm": False, "do_multi_data_load": True, "batch_mode": BatchMode.NONE},
        (
            *_COMMON,
            ("do_mte2_preload", "do_mte2_preload", 0),
            ("is_vec_nd2_nz", "en_vec_nd2nz", False),
            ("is_per_tensor", "is_per_tensor", False),
            ("has_anti_quant_offset", "has_anti_quant_offset", False),
            ("en_unit_flag", "en_unit_flag", False),
            ("is_msg_reuse", "enable_reuse", True),
            ("enable_ub_reuse", "enable_ub_reuse", True),
            ("enable_l1_cache_ub", "enable_l1_cache_ub", False),
            ("enable_mix_dual_master", "enable_mix_dual_master", False),
            ("enable_kdim_reorder_load", "enable_kdim_reorder_load", False),
        ),
    ),
    "special_mdl": (
        {
            "do_norm": False,
            "do_special_mdl": True,
            "en_unit_flag": False,
            "enable_ub_reuse": True,
            "batch_mode": BatchMode.NONE,
        },
        (
            *_COMMON,
            ("do_mte2_pre_load", "do_mte2_preload", 0),
            ("is_vec_nd2_nz", "en_vec_nd2nz", False),
            ("is_per_tensor", "is_per_tensor", False),
            ("has_anti_quant_offset", "has_anti_quant_offset", False),
        ),
    ),
    "basic": (
        {"do_norm": False, "do_basic_block": True, "en_unit_flag": False, "enable_ub_reuse": True},
        (
            ("basic_m", "basic_m", None),
            ("basic_n", "basic_n", None),
            ("basic_k", "basic_k", None),
            *_COMMON,
            ("bmm_mode", "batch_mode", BatchMode.BATCH_LESS_THAN_L1),
        ),
    ),
    "special_basic": (
        {
            "do_norm": False,
            "do_special_basic_block": True,
            "en_unit_flag": False,
            "enable_ub_reuse": True,
        },
        (
            *(("basic_" + a, "basic_" + a, None) for a in "mnk"),
            *(("single_core_" + a, "single_core_" + a, None) for a in "mnk"),
            ("step_m", "step_m", None),
            ("step_n", "step_n", None),
            *_COMMON,
            ("bmm_mode", "batch_mode", BatchMode.BATCH_LESS_THAN_L1),
        ),
    ),
    "ib_share_norm": (
        {"do_norm": False, "do_ib_share_norm": True, "enable_ub_reuse": True},
        (
            *_COMMON,
            ("is_vec_nd2_nz", "en_vec_nd2nz", False),
            ("bmm_mode", "batch_mode", BatchMode.BATCH_LESS_THAN_L1),
            ("is_double_cache", "enable_double_cache", False),
            ("en_unit_flag", "en_unit_flag", True),
        ),
    ),
}


def _preset(name: str, args: tuple[Any, ...], kwargs: dict[str, Any]) -> MatmulConfig:
    fixed, params = _PRESETS[name]
    api = f"get_{name}_config"
    if len(args) > len(params):
        raise ApiTypeError(f"{api} takes {len(params)} arguments, got {len(args)}")
    values = dict(fixed)
    given = dict(zip([p[0] for p in params], args, strict=False))
    for key, value in kwargs.items():
        if key not in {p[0] for p in params}:
            raise ApiTypeError(f"{api} has no parameter {key!r}")
        if key in given:
            raise ApiTypeError(f"{api}: {key!r} given twice")
        given[key] = value
    for py, field, default in params:
        value = given.get(py, default)
        if value is None:
            raise ApiTypeError(f"{api} is missing the argument {py!r}")
        values[field] = value
    return MatmulConfig(**values)


# BEGIN GENERATED presets by tools/gen_api.py: do not edit by hand
if TYPE_CHECKING:

    def get_normal_config(
        intrinsics_limit: bool = False,
        batch_loop: bool = False,
        is_vec_nd2_nz: bool = False,
        bmm_mode: BatchMode | int = BatchMode.BATCH_LESS_THAN_L1,
        is_msg_reuse: bool = True,
        iterate_order: IterateOrder | int = IterateOrder.UNDEF,
        schedule_type: ScheduleType | int = ScheduleType.INNER_PRODUCT,
        en_unit_flag: bool = True,
        enable_mix_dual_master: bool = False,
        bmm_out_mode: BatchOutMode | int = BatchOutMode.SINGLE_BATCH,
    ) -> MatmulConfig:
        """`GetNormalConfig(intrinsics_limit, batch_loop, is_vec_nd2_nz, bmm_mode, is_msg_reuse,
        iterate_order, schedule_type, en_unit_flag, ...)`."""
        ...

    def get_mdl_config(
        intrinsics_limit: bool = False,
        batch_loop: bool = False,
        do_mte2_preload: int = 0,
        is_vec_nd2_nz: bool = False,
        is_per_tensor: bool = False,
        has_anti_quant_offset: bool = False,
        en_unit_flag: bool = False,
        is_msg_reuse: bool = True,
        enable_ub_reuse: bool = True,
        enable_l1_cache_ub: bool = False,
        enable_mix_dual_master: bool = False,
        enable_kdim_reorder_load: bool = False,
    ) -> MatmulConfig:
        """`GetMDLConfig(intrinsics_limit, batch_loop, do_mte2_preload, is_vec_nd2_nz, ...)`."""
        ...

    def get_special_mdl_config(
        intrinsics_limit: bool = False,
        batch_loop: bool = False,
        do_mte2_pre_load: int = 0,
        is_vec_nd2_nz: bool = False,
        is_per_tensor: bool = False,
        has_anti_quant_offset: bool = False,
    ) -> MatmulConfig:
        """`GetSpecialMDLConfig(intrinsics_limit, batch_loop, do_mte2_pre_load, ...)`."""
        ...

    def get_basic_config(
        basic_m: int | None = None,
        basic_n: int | None = None,
        basic_k: int | None = None,
        intrinsics_limit: bool = False,
        batch_loop: bool = False,
        bmm_mode: BatchMode | int = BatchMode.BATCH_LESS_THAN_L1,
    ) -> MatmulConfig:
        """`GetBasicConfig(basic_m, basic_n, basic_k, intrinsics_limit, batch_loop, bmm_mode)`."""
        ...

    def get_special_basic_config(
        basic_m: int | None = None,
        basic_n: int | None = None,
        basic_k: int | None = None,
        single_core_m: int | None = None,
        single_core_n: int | None = None,
        single_core_k: int | None = None,
        step_m: int | None = None,
        step_n: int | None = None,
        intrinsics_limit: bool = False,
        batch_loop: bool = False,
        bmm_mode: BatchMode | int = BatchMode.BATCH_LESS_THAN_L1,
    ) -> MatmulConfig:
        """`(basic_m, basic_n, basic_k, single_core_m, single_core_n, single_core_k, step_m,
        step_n, intrinsics_limit, batch_loop, bmm_mode)`: the special basic-block config."""
        ...

    def get_ib_share_norm_config(
        intrinsics_limit: bool = False,
        batch_loop: bool = False,
        is_vec_nd2_nz: bool = False,
        bmm_mode: BatchMode | int = BatchMode.BATCH_LESS_THAN_L1,
        is_double_cache: bool = False,
        en_unit_flag: bool = True,
    ) -> MatmulConfig:
        """`GetIBShareNormConfig(intrinsics_limit, batch_loop, is_vec_nd2_nz, bmm_mode, ...)`."""
        ...
# END GENERATED presets
else:  # (the presets take their parameters from _PRESETS)

    def get_normal_config(*args: Any, **kwargs: Any) -> MatmulConfig:
        """`GetNormalConfig(intrinsics_limit, batch_loop, is_vec_nd2_nz, bmm_mode, is_msg_reuse,
        iterate_order, schedule_type, en_unit_flag, ...)`."""
        return _preset("normal", args, kwargs)

    def get_mdl_config(*args: Any, **kwargs: Any) -> MatmulConfig:
        """`GetMDLConfig(intrinsics_limit, batch_loop, do_mte2_preload, is_vec_nd2_nz, ...)`."""
        return _preset("mdl", args, kwargs)

    def get_special_mdl_config(*args: Any, **kwargs: Any) -> MatmulConfig:
        """`GetSpecialMDLConfig(intrinsics_limit, batch_loop, do_mte2_pre_load, ...)`."""
        return _preset("special_mdl", args, kwargs)

    def get_basic_config(*args: Any, **kwargs: Any) -> MatmulConfig:
        """`GetBasicConfig(basic_m, basic_n, basic_k, intrinsics_limit, batch_loop, bmm_mode)`."""
        return _preset("basic", args, kwargs)

    def get_special_basic_config(*args: Any, **kwargs: Any) -> MatmulConfig:
        """`(basic_m, basic_n, basic_k, single_core_m, single_core_n, single_core_k, step_m,
        step_n, intrinsics_limit, batch_loop, bmm_mode)`: the special basic-block config."""
        return _preset("special_basic", args, kwargs)

    def get_ib_share_norm_config(*args: Any, **kwargs: Any) -> MatmulConfig:
        """`GetIBShareNormConfig(intrinsics_limit, batch_loop, is_vec_nd2_nz, bmm_mode, ...)`."""
        return _preset("ib_share_norm", args, kwargs)


def _preset_signature(name: str) -> inspect.Signature:
    return inspect.Signature(
        [
            inspect.Parameter(py_name, inspect.Parameter.POSITIONAL_OR_KEYWORD, default=default)
            for py_name, _, default in _PRESETS[name][1]
        ]
    )


# what inspect.signature and help() show: each preset's parameters (the table's)
for _name, _preset_fn in (
    ("normal", get_normal_config),
    ("mdl", get_mdl_config),
    ("special_mdl", get_special_mdl_config),
    ("basic", get_basic_config),
    ("special_basic", get_special_basic_config),
    ("ib_share_norm", get_ib_share_norm_config),
):
    _preset_fn.__signature__ = _preset_signature(_name)  # type: ignore[attr-defined]

_MODE_PRESETS = {
    MatmulConfigMode.CONFIG_NORM: "normal",
    MatmulConfigMode.CONFIG_MDL: "mdl",
    MatmulConfigMode.CONFIG_SPECIALMDL: "special_mdl",
    MatmulConfigMode.CONFIG_IBSHARE: "ib_share_norm",
}
_PARAM_GROUPS = (MatmulShapeParams, MatmulQuantParams, MatmulBatchParams, MatmulFuncParams)


def get_mm_config(*args: Any) -> MatmulConfig:
    """`GetMMConfig<mode>(params...)`: the preset of `mode` (default CONFIG_NORM), then
    each parameter group given (shape, quant, batch, func params, in any order)."""
    mode = MatmulConfigMode.CONFIG_NORM
    groups = list(args)
    if groups and isinstance(groups[0], MatmulConfigMode):
        mode = groups.pop(0)
    config = _preset(_MODE_PRESETS[mode], (), {})
    for group in groups:
        if not isinstance(group, _PARAM_GROUPS):
            raise ApiTypeError(
                "get_mm_config takes a MatmulConfigMode, then MatmulShapeParams, "
                f"MatmulQuantParams, MatmulBatchParams or MatmulFuncParams, got {group!r}"
            )
        config = config.replace(**group.fields())
    return config


__all__ = [
    "Matmul",
    "MatmulType",
    "get_basic_config",
    "get_ib_share_norm_config",
    "get_matmul_api_tiling",
    "get_mdl_config",
    "get_mm_config",
    "get_normal_config",
    "get_special_basic_config",
    "get_special_mdl_config",
    "register_matmul",
]
