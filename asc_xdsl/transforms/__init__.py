"""IR-to-IR passes (one ModulePass per module); registered in asc_xdsl.universe.PASSES."""
