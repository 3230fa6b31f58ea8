import asc_xdsl.xdsl_compat  # noqa: F401 (checks the xDSL release first)
