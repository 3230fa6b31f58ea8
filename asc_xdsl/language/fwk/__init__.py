"""pyasc's `asc.language.fwk`: the TPipe framework (pipes, queues, buffers, pools)."""

from asc_xdsl.language.fwk.tpipe import TBuf, TBufPool, TPipe, TQue, TQueBind, get_tpipe_ptr

__all__ = ["TBuf", "TBufPool", "TPipe", "TQue", "TQueBind", "get_tpipe_ptr"]
