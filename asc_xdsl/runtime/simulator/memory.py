"""The memory model: GM is the caller's arrays; each block has its own on-chip buffers.

* `GmBuffer` -- one kernel argument: its bytes (`u8`, a view of the caller's array, so
  writes land in it) and its parameter name for messages.
* `GmPtr` -- a `__gm__ T*` value (a buffer and an element offset); `GlobalTensor` -- a
  `GlobalTensor<T>` bound to one (byte offset, may be negative until it is accessed).
* `OnChip` -- the UB, L1, L0A, L0B, L0C (and bias table) of one block, each a numpy
  `uint8` array sized by the platform; `LocalTensor` -- a typed window (byte offset,
  length in elements) into one of them. Tensors at the same addresses alias the same
  bytes, as on hardware.
* `Allocation` -- who owns a local tensor's bytes (a queue buffer or a permanent
  buffer); `live` turns False when a queue buffer is freed, so use after free is caught.
"""

from __future__ import annotations

import numpy as np

from asc_xdsl.runtime.simulator.errors import (
    AlignmentError,
    GmAccessError,
    MemoryOverflowError,
    QueueError,
    TensorBoundsError,
)
from asc_xdsl.runtime.simulator.platform import MEMORY_ALIGN, Platform

_new = object.__new__


class GmBuffer:
    __slots__ = ("mv", "name", "nbytes", "u8")

    def __init__(self, name: str, u8: np.ndarray):
        self.name = name
        self.u8 = u8
        self.mv = memoryview(u8)
        """The same bytes as a memoryview: cheaper than numpy to slice and copy."""
        self.nbytes = u8.size

    def check(self, start: int, nbytes: int, what: str) -> None:
        """Error unless bytes [start, start + nbytes) lie inside the array."""
        if start < 0 or start + nbytes > self.nbytes:
            raise GmAccessError(
                f"GM access outside argument '{self.name}': {what} bytes "
                f"[{start}, {start + nbytes}) but the array has {self.nbytes} bytes"
            )


class GmPtr:
    __slots__ = ("buf", "byte_offset", "itemsize")

    def __init__(self, buf: GmBuffer, byte_offset: int, itemsize: int):
        self.buf = buf
        self.byte_offset = byte_offset
        self.itemsize = itemsize


class GlobalTensor:
    """`GlobalTensor<T>`; unbound until SetGlobalBuffer."""

    __slots__ = ("buf", "byte_offset", "dtype", "elem_type", "itemsize", "shape_info", "size")
    mem_name = "GM"
    """The memory's name, as a LocalTensor's (`ops/copy.py` routes by the pair)."""

    def __init__(self, dtype: np.dtype, elem_type, buf: GmBuffer | None = None, byte_offset=0):
        self.buf = buf
        self.byte_offset = byte_offset
        self.dtype = dtype
        self.itemsize = dtype.itemsize
        self.elem_type = elem_type
        self.size = 0
        """GetSize: the element count SetGlobalBuffer(ptr, size) gave (the one-argument
        form leaves it, 0 at first, as the headers do)."""
        self.shape_info: tuple[tuple[int, ...], tuple[int, ...]] | None = None
        """(shape, original shape) from SetShapeInfo (ops/shape_info.py), else None."""

    def bound(self) -> GmBuffer:
        if self.buf is None:
            raise GmAccessError("GlobalTensor used before SetGlobalBuffer")
        return self.buf

    def sub(self, index: int) -> GlobalTensor:
        """`gt[index]`: the tensor moved by index, keeping its ShapeInfo (operator[] copies
        `*this`)."""
        if self.buf is None:
            self.bound()  # the error
        out = _new(GlobalTensor)  # a hot op: the fields copied, no __init__
        out.buf = self.buf
        out.byte_offset = self.byte_offset + index * self.itemsize
        out.dtype = self.dtype
        out.itemsize = self.itemsize
        out.elem_type = self.elem_type
        out.size = 0
        out.shape_info = self.shape_info
        return out

    def window(self, nbytes: int, what: str) -> np.ndarray:
        """uint8 view of the tensor's first `nbytes` bytes (checked), as DataCopy moves them."""
        buf = self.buf
        start = self.byte_offset
        if buf is None or start < 0 or start + nbytes > buf.nbytes:
            return self.bytes_at(0, nbytes, what)  # the error (or a padded buffer's pad)
        return buf.u8[start : start + nbytes]

    def bytes_at(self, byte_start: int, nbytes: int, what: str) -> np.ndarray:
        """uint8 view of bytes [byte_offset + byte_start, +nbytes) of the array (checked)."""
        buf = self.bound()
        start = self.byte_offset + byte_start
        buf.check(start, nbytes, what)
        return buf.u8[start : start + nbytes]

    def elements(self, index: int, count: int, what: str) -> np.ndarray:
        return self.bytes_at(index * self.itemsize, count * self.itemsize, what).view(self.dtype)

    @property
    def label(self) -> str:
        buf = self.bound()
        return f"'{buf.name}'[{self.byte_offset // self.itemsize}:]"


class Allocation:
    __slots__ = ("live", "queue", "slot")

    def __init__(self, queue=None, slot: int = -1):
        self.live = True
        self.queue = queue
        self.slot = slot


PERMANENT = Allocation()


class LocalOverruns:
    """Launch option gm_overread="pad" (gm_overread.py): vector and DataCopy accesses past a local
    tensor's end reach the following bytes of its on-chip memory, as on the NPU; the
    DataCopy tails dropped as on the NPU are noted here too."""

    __slots__ = ("count", "first", "first_tail", "tails")

    def __init__(self) -> None:
        self.count = self.tails = 0
        self.first: str | None = None
        self.first_tail: str | None = None

    def tail(self, what: str) -> None:
        self.tails += 1
        self.first_tail = self.first_tail or what


local_overruns: LocalOverruns | None = None
"""Set for the duration of a launch in mode "pad" (one launch runs at a time)."""


class LocalTensor:
    """`LocalTensor<T>`: `length` elements at byte `offset` of on-chip memory `mem_name`."""

    __slots__ = (
        "aligned",
        "alloc",
        "arr",
        "dtype",
        "elem_type",
        "itemsize",
        "length",
        "mem",
        "mem_name",
        "mv",
        "offset",
        "position",
        "shape_info",
        "user_tag",
        "vec_ok",
    )

    def __init__(self, mem, mem_name, position, offset, length, dtype, elem_type, alloc, arr=None):
        self.mem = mem
        self.mv = memoryview(mem)
        """The memory as a memoryview: cheaper than numpy to slice and copy."""
        self.mem_name = mem_name
        self.position = position
        self.offset = offset
        self.length = length
        self.dtype = dtype
        self.elem_type = elem_type
        self.itemsize = dtype.itemsize
        self.alloc = alloc
        self.aligned = offset % 32 == 0
        self.vec_ok = self.aligned and mem_name == "UB"
        if arr is None:
            arr = mem[offset : offset + length * self.itemsize].view(dtype)
        self.arr = arr
        self.shape_info: tuple[tuple[int, ...], tuple[int, ...]] | None = None
        """(shape, original shape) from SetShapeInfo (ops/shape_info.py), else None."""
        self.user_tag = 0
        """SetUserTag's value (ops/tensor_members.py)."""

    def span(self, n: int, what: str) -> np.ndarray:
        """The first n elements, for a vector instruction (checked)."""
        if n <= self.length and self.vec_ok and self.alloc.live and n >= 0:
            arr = self.arr  # the whole tensor needs no slice (gm_overread="pad" may lengthen arr)
            return arr if n == len(arr) else arr[:n]
        self.check(n, what)
        return self.arr[:n]

    def allocated(self, alloc: Allocation) -> LocalTensor:
        """A copy of this tensor owned by `alloc` (a queue's AllocTensor hands out a copy
        of its buffer's tensor, so a freed one stays dead)."""
        t = _new(LocalTensor)  # the hot path of AllocTensor: fields copied, no __init__
        t.mem = self.mem
        t.mv = self.mv
        t.mem_name = self.mem_name
        t.position = self.position
        t.offset = self.offset
        t.length = self.length
        t.dtype = self.dtype
        t.elem_type = self.elem_type
        t.itemsize = self.itemsize
        t.alloc = alloc
        t.aligned = self.aligned
        t.vec_ok = self.vec_ok
        t.arr = self.arr
        t.shape_info = None
        t.user_tag = 0
        return t

    def window(self, nbytes: int, what: str) -> np.ndarray:
        """uint8 view of the tensor's first `nbytes` bytes (checked), as DataCopy moves
        them; `what` is "<API> reads|writes <operand>"."""
        if not self.alloc.live or not self.aligned or nbytes > self.length * self.itemsize:
            self._check_window(nbytes, what)
        return self.mem[self.offset : self.offset + nbytes]

    def _check_window(self, nbytes: int, what: str) -> None:
        name = what.split()[-1]
        over = nbytes > self.length * self.itemsize and self.alloc.live
        if over and not self.reach(-(-nbytes // self.itemsize), what):  # gm_overread="pad"
            raise TensorBoundsError(
                f"{what} needs {nbytes} bytes of local tensor {name} but it holds "
                f"{self.length * self.itemsize} bytes ({self.describe()})"
            )
        self.check(0, name)

    def check(self, n: int, what: str, vector: bool = True) -> None:
        if not self.alloc.live:
            raise QueueError(
                f"use after free: {what} ({self.describe()}) was freed with FreeTensor"
            )
        if n < 0:
            raise TensorBoundsError(f"negative element count {n} for {what}")
        if n > self.length and not self.reach(n, what):
            raise TensorBoundsError(
                f"access past the end of local tensor {what}: {n} elements of "
                f"{self.dtype} requested, the tensor holds {self.length} ({self.describe()})"
            )
        if vector and self.mem_name != "UB" and self.aligned:
            raise AlignmentError(
                f"vector operand {what} is in {self.mem_name} ({self.position.name}); vector "
                "instructions read and write UB only"
            )
        if vector and not self.aligned:
            raise AlignmentError(
                f"misaligned {self.mem_name} address for {what}: byte {self.offset} is not "
                "a multiple of 32"
            )

    def reach(self, n: int, what: str) -> bool:
        """In mode "pad", let a vector access of n elements run past the tensor's end
        into the next bytes of its memory (True); else, or past the memory, False."""
        log = local_overruns
        end = self.offset + n * self.itemsize
        if log is None or end > self.mem.size:
            return False
        if log.first is None:
            log.first = (
                f"{what}: {n} elements of {self.dtype} from a tensor of {self.length} "
                f"({self.describe()}) reach {self.mem_name} byte {end}"
            )
        log.count += 1
        if self.arr.size < n:
            self.arr = self.mem[self.offset : end].view(self.dtype)
        return True

    def element(self, index: int, what: str) -> int:
        """Check a scalar access to element `index`."""
        if not self.alloc.live or index < 0 or index >= self.length:
            if 0 <= index < self.length:
                self.check(0, what, vector=False)
            self.check(self.length, what, vector=False)
            raise TensorBoundsError(
                f"element {index} of local tensor {what} is out of range: the tensor holds "
                f"{self.length} elements ({self.describe()})"
            )
        return index

    def sub(self, index: int) -> LocalTensor:
        if not self.alloc.live:
            self.check(0, "tensor", vector=False)  # the error
        if index < 0 or index > self.length:
            raise TensorBoundsError(
                f"sub-tensor at element {index} of a local tensor of {self.length} elements"
            )
        t = self.allocated(self.alloc)
        t.offset = off = self.offset + index * self.itemsize
        t.length = self.length - index
        t.aligned = off % 32 == 0
        t.vec_ok = t.aligned and self.mem_name == "UB"
        t.arr = self.arr[index:]
        return t

    def retyped(self, dtype, elem_type) -> LocalTensor:
        if dtype is self.dtype or dtype == self.dtype:
            return self
        nbytes = self.length * self.itemsize
        return LocalTensor(
            self.mem,
            self.mem_name,
            self.position,
            self.offset,
            nbytes // dtype.itemsize,
            dtype,
            elem_type,
            self.alloc,
        )

    def describe(self) -> str:
        end = self.offset + self.length * self.itemsize
        return f"{self.mem_name} bytes [{self.offset}, {end})"


class UnboundLocalTensor:
    """`LocalTensor<T> t;` before it is given a buffer: any use is an error."""

    def __getattr__(self, name: str):
        raise TensorBoundsError(
            "local tensor used before it was given a buffer (declared with LocalTensor() "
            "and never assigned an allocated tensor)"
        )


UNBOUND_LOCAL = UnboundLocalTensor()


class Memories(dict):
    """A block's on-chip memories by name, each a zeroed uint8 array made when first used
    (a vector kernel never touches L1 or L0: a launch of many blocks need not zero them).

    Fresh pages cost a page fault each, far more than zeroing pages already mapped, so a
    finished block's memories (`release`) are zeroed again for the next block rather
    than allocated anew."""

    def __init__(self, sizes: dict[str, int]):
        super().__init__()
        self.sizes = sizes

    def __missing__(self, name: str) -> np.ndarray:
        size = self.sizes[name]
        spare = _SPARE.get((name, size))
        if spare:
            mem = spare.pop()
            mem.fill(0)
        else:
            mem = np.zeros(size, np.uint8)
        self[name] = mem
        return mem

    def release(self) -> None:
        """The block is over: its memories may serve the next block."""
        for name, mem in self.items():
            spare = _SPARE.setdefault((name, mem.size), [])
            if len(spare) < _SPARES:
                spare.append(mem)
        self.clear()


_SPARE: dict[tuple[str, int], list[np.ndarray]] = {}
"""Released memories by (name, size), at most `_SPARES` each (blocks usually run one
after another; cores that synchronise run side by side and take fresh ones)."""
_SPARES = 4


class OnChip:
    """The on-chip memories of one block, and TPipe's bump allocator over them."""

    def __init__(self, platform: Platform):
        self.platform = platform
        self.mems = Memories(platform.memory_sizes)
        self.used = dict.fromkeys(platform.memory_sizes, 0)
        self.generation = 0
        """Bumped by TPipe Init/Destroy/Reset: queues may be given buffers again."""

    def release_all(self) -> None:
        """TPipe Init/Destroy/Reset: every buffer goes back; allocation restarts at 0."""
        self.used = dict.fromkeys(self.platform.memory_sizes, 0)
        self.generation += 1

    def capacity(self, name: str) -> int:
        return self.platform.memory_sizes[name]

    def reserve(self, name: str, nbytes: int, what: str, buffers: int = 1) -> int:
        """Bump-allocate `nbytes` (rounded up to 32 B) of memory `name` for TPipe.InitBuffer
        (`buffers`: how many, which only a TBufPool counts)."""
        nbytes = -(-nbytes // 32) * 32
        start = self.used[name]
        cap = self.capacity(name)
        if nbytes < 0 or start + nbytes > cap:
            raise MemoryOverflowError(
                f"on-chip memory overflow: {what} requests {nbytes} bytes of {name} at offset "
                f"{start}, but only {cap - start} of {cap} bytes are available on "
                f"{self.platform.name}"
            )
        self.used[name] = start + nbytes
        return start

    def check_window(self, name: str, offset: int, nbytes: int, what: str) -> None:
        cap = self.capacity(name)
        if offset < 0 or offset + nbytes > cap:
            raise MemoryOverflowError(
                f"on-chip memory overflow: {what} needs {name} bytes [{offset}, "
                f"{offset + nbytes}) ({nbytes} bytes requested) but {name} has {cap} bytes "
                f"on {self.platform.name}"
            )
        align = MEMORY_ALIGN[name]
        if offset % align:
            raise AlignmentError(
                f"misaligned {name} address {offset} for {what}: must be a multiple of {align}"
            )
