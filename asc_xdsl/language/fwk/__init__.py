"""pyasc's `asc.language.fwk`: the TPipe framework (pipes, queues, buffers)."""

from asc_xdsl.language.fwk.tpipe import TBuf, TPipe, TQue

__all__ = ["TBuf", "TPipe", "TQue"]
