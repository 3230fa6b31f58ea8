"""pyasc's `asc.language.basic`: the basic APIs (data copy, vector and cube compute,
synchronisation, system values, debugging).

The regular majority are made from the op specs (`language/spec_functions.py`);
the modules here hold the ones with hand-written Python (`fixpipe.py` wraps the
spec's function for pyasc's default argument).
"""

from asc_xdsl.language.basic.block_sync import pipe_barrier, set_flag, wait_flag
from asc_xdsl.language.basic.common import set_aipp_functions
from asc_xdsl.language.basic.dump_tensor import (
    dump_acc_chk_point,
    dump_tensor,
    metrics_prof_start,
    metrics_prof_stop,
    print_time_stamp,
    printf,
)
from asc_xdsl.language.basic.list_tensor import ListTensorDesc, TensorDesc
from asc_xdsl.language.basic.sys_var import get_block_idx, get_block_num
from asc_xdsl.language.spec_functions import spec_functions as _spec_functions

_SPEC_FUNCTIONS = _spec_functions()
globals().update(_SPEC_FUNCTIONS)

# hand-written over the spec's: pyasc's default config
from asc_xdsl.language.basic.fixpipe import fixpipe  # noqa: E402, F401 -- (listed in __all__ by the spec)

__all__ = [
    *_SPEC_FUNCTIONS,
    "ListTensorDesc",
    "TensorDesc",
    "dump_acc_chk_point",
    "dump_tensor",
    "get_block_idx",
    "get_block_num",
    "metrics_prof_start",
    "metrics_prof_stop",
    "pipe_barrier",
    "print_time_stamp",
    "printf",
    "set_aipp_functions",
    "set_flag",
    "wait_flag",
]
