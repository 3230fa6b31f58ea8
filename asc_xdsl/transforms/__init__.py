"""IR-to-IR passes (one ModulePass per module); registered in asc_xdsl.universe.PASSES."""

import asc_xdsl.xdsl_compat  # noqa: F401 (checks the xDSL release first)
