"""IR-to-IR passes (one ModulePass per module); registered by name in asc_xdsl.transforms.registry."""

import asc_xdsl.xdsl_compat  # noqa: F401 (checks the xDSL release first)
