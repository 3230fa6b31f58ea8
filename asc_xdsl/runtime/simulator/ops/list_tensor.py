"""ListTensorDesc and TensorDesc: a list of GM tensors packed in one GM buffer
(`tensor_list.py` has the layout), read as the headers' `ListTensorDescImpl` does.

`ListTensorDesc(data, length, shapeSize)` / `Init` decode the header: the rank from the
first descriptor, the count from its high word (or, when 0, from the last descriptor's
index + 1), checked against the buffer's words and, when given, against length and
shapeSize. `GetDataPtr<T>(i)` is tensor i's address as a `__gm__ T*` (resolved to a
buffer of the launch); `GetDesc(desc, i)` fills a TensorDesc (rank, index, address,
shape). A TensorDesc's shape lives where `SetShapeAddr` points on the device; here the
desc keeps it, and GetDesc without SetShapeAddr is an error (the device writes through
a null pointer). `GetDataObj` is a GlobalTensor whose size is sizeof(T) x the shape's
product, as the headers compute it.
"""

from __future__ import annotations

import numpy as np

from asc_xdsl.dialects.ascendc import list_tensor as lt
from asc_xdsl.runtime.simulator.compile import handles
from asc_xdsl.runtime.simulator.dtypes import np_dtype
from asc_xdsl.runtime.simulator.errors import GmAccessError, SimulatorError
from asc_xdsl.runtime.simulator.memory import GlobalTensor, GmPtr

_ALL = 0xFFFFFFFF


class ListDesc:
    """A decoded ListTensorDesc: its words, rank, descriptor size and count."""

    __slots__ = ("count", "desc_words", "dim", "ptr_word", "words")

    def __init__(self) -> None:
        self.words: np.ndarray | None = None

    def decode(self, data: GmPtr, length: int, shape_size: int) -> None:
        buf, start = data.buf, data.byte_offset
        head = _words(buf, start, 2, "ListTensorDesc reads the header")
        ptr_offset, first = int(head[0]), int(head[1])
        if ptr_offset % 8 or ptr_offset < 16:
            raise SimulatorError(
                f"ListTensorDesc: dataPtrOffset {ptr_offset} is not a multiple of 8 past the header"
            )
        dim, stored = first & 0xFFFFFFFF, first >> 32
        desc_words = 2 if dim == 0 else 1 + dim
        ptr_word = ptr_offset // 8
        if stored:
            count = stored
        else:
            last = _words(buf, start + ptr_offset - desc_words * 8, 1, "ListTensorDesc")[0]
            count = (int(last) >> 32) + 1
        if dim and count * desc_words != ptr_word - 1:
            raise SimulatorError(
                f"ListTensorDesc: {count} descriptors of rank {dim} take "
                f"{count * desc_words} words, but the data pointers start at word {ptr_word}"
            )
        if (
            length != _ALL
            and shape_size != _ALL
            and (count != shape_size or length != ptr_offset + count * 8)
        ):
            raise SimulatorError(
                f"ListTensorDesc: the list holds {count} tensors in "
                f"{ptr_offset + count * 8} bytes; shapeSize {shape_size} and length "
                f"{length} were given"
            )
        self.words = _words(buf, start, ptr_word + count, "ListTensorDesc reads the list")
        self.dim, self.desc_words, self.ptr_word, self.count = dim, desc_words, ptr_word, count

    def checked(self, index: int, api: str) -> int:
        if self.words is None:
            raise SimulatorError(f"ListTensorDesc.{api} before the list was given its data")
        if not 0 <= index < self.count:
            raise SimulatorError(
                f"ListTensorDesc.{api}: index {index} of a list of {self.count} tensors"
            )
        return index

    def address(self, index: int) -> int:
        return int(self.words[self.ptr_word + index])


class TensorDescValue:
    """A TensorDesc<T>: rank, index, address (a GmPtr) and shape, filled by GetDesc."""

    __slots__ = ("dim", "dtype", "index", "ptr", "shape", "shape_set")

    def __init__(self, dtype: np.dtype) -> None:
        self.dtype = dtype
        self.dim = self.index = 0
        self.ptr: GmPtr | None = None
        self.shape: tuple[int, ...] = ()
        self.shape_set = False


def _words(buf, byte_start: int, n: int, what: str) -> np.ndarray:
    buf.check(byte_start, n * 8, what)
    return buf.u8[byte_start : byte_start + n * 8].copy().view(np.uint64)


def _data(value, api: str) -> GmPtr:
    if not isinstance(value, GmPtr):
        raise SimulatorError(f"{api}: data must be a GM address")
    return value


@handles(lt.ListTensorDescOp)
def _new_list(op, comp):
    r = comp.slot(op.result)

    def run(e, c, _op=op):
        e[r] = ListDesc()

    return run


@handles(lt.ListTensorDescV2Op, lt.ListTensorDescInitOp)
def _decode(op, comp):
    is_init = isinstance(op, lt.ListTensorDescInitOp)
    target = comp.slot(op.tensor if is_init else op.result)
    d, n, s = comp.slot(op.data), comp.slot(op.length), comp.slot(op.shape_size)

    def run(e, c, _op=op):
        desc = e[target] if is_init else ListDesc()
        desc.decode(_data(e[d], "ListTensorDesc"), int(e[n]), int(e[s]))
        e[target] = desc

    return run


def _pointer(c, address: int, dtype: np.dtype, what: str) -> GmPtr:
    if c.gm is None:
        raise GmAccessError(f"{what}: no GM buffers are bound")
    return c.gm.pointer(address, dtype.itemsize, what)


@handles(lt.ListTensorDescGetDataPtrOp)
def _get_data_ptr(op, comp):
    t, i, r = comp.slot(op.tensor), comp.slot(op.index), comp.slot(op.result)
    dtype = np_dtype(op.result.type.element_type)

    def run(e, c, _op=op):
        desc = e[t]
        index = desc.checked(int(e[i]), "GetDataPtr")
        e[r] = _pointer(c, desc.address(index), dtype, f"ListTensorDesc.GetDataPtr({index})")

    return run


@handles(lt.ListTensorDescGetSizeOp)
def _get_size(op, comp):
    t, r = comp.slot(op.tensor), comp.slot(op.result)

    def run(e, c, _op=op):
        desc = e[t]
        if desc.words is None:
            raise SimulatorError("ListTensorDesc.GetSize before the list was given its data")
        e[r] = desc.count

    return run


@handles(lt.ListTensorDescGetDescOp)
def _get_desc(op, comp):
    t, dd, i = comp.slot(op.tensor), comp.slot(op.desc), comp.slot(op.index)

    def run(e, c, _op=op):
        desc, out = e[t], e[dd]
        index = desc.checked(int(e[i]), "GetDesc")
        if desc.dim == 0:
            raise SimulatorError(
                "ListTensorDesc.GetDesc: the list's tensors have no shape (rank 0)"
            )
        if not out.shape_set:
            raise SimulatorError(
                "ListTensorDesc.GetDesc writes the shape where the TensorDesc's SetShapeAddr "
                "points: call SetShapeAddr first"
            )
        at = 1 + index * desc.desc_words
        out.dim, out.index = desc.dim, index
        out.shape = tuple(int(w) for w in desc.words[at + 1 : at + 1 + desc.dim])
        out.ptr = _pointer(c, desc.address(index), out.dtype, f"ListTensorDesc.GetDesc({index})")

    return run


@handles(lt.TensorDescOp)
def _new_desc(op, comp):
    r = comp.slot(op.tensor_desc)
    dtype = np_dtype(op.properties["elementType"])

    def run(e, c, _op=op):
        e[r] = TensorDescValue(dtype)

    return run


@handles(lt.TensorDescSetShapeAddrOp)
def _set_shape_addr(op, comp):
    d = comp.slot(op.tensor_desc)

    def run(e, c, _op=op):
        e[d].shape_set = True

    return run


@handles(lt.TensorDescGetDimOp, lt.TensorDescGetIndexOp)
def _desc_scalar(op, comp):
    d, r = comp.slot(op.tensor_desc), comp.slot(op.result)
    field = "dim" if isinstance(op, lt.TensorDescGetDimOp) else "index"

    def run(e, c, _op=op):
        e[r] = getattr(e[d], field)

    return run


@handles(lt.TensorDescGetShapeOp)
def _desc_shape(op, comp):
    d, i, r = comp.slot(op.tensor_desc), comp.slot(op.offset), comp.slot(op.result)

    def run(e, c, _op=op):
        desc, k = e[d], int(e[i])
        if not 0 <= k < desc.dim:
            raise SimulatorError(f"TensorDesc.GetShape({k}) of a rank-{desc.dim} tensor")
        e[r] = desc.shape[k]

    return run


def _filled(desc: TensorDescValue, api: str) -> GmPtr:
    if desc.ptr is None:
        raise SimulatorError(f"TensorDesc.{api} before ListTensorDesc.GetDesc filled it")
    return desc.ptr


@handles(lt.TensorDescGetDataPtrOp)
def _desc_ptr(op, comp):
    d, r = comp.slot(op.tensor_desc), comp.slot(op.result)
    itemsize = np_dtype(op.result.type.element_type).itemsize

    def run(e, c, _op=op):
        p = _filled(e[d], "GetDataPtr")
        e[r] = GmPtr(p.buf, p.byte_offset, itemsize)

    return run


@handles(lt.TensorDescGetDataObjOp)
def _desc_obj(op, comp):
    d, r = comp.slot(op.tensor_desc), comp.slot(op.result)
    et = op.result.type.element_type
    dtype = np_dtype(et)

    def run(e, c, _op=op):
        desc = e[d]
        p = _filled(desc, "GetDataObj")
        g = GlobalTensor(dtype, et, p.buf, p.byte_offset)
        g.size = dtype.itemsize * int(np.prod(desc.shape, dtype=np.int64))  # as the headers
        e[r] = g

    return run
