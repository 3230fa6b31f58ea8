"""Python kernels (`@asc.jit`) to AscendC IR: not written yet (the frontend issue)."""
