"""pyasc's `asc.lib` names that kernel scripts use (`asc_xdsl.lib.runtime`)."""
