"""IR-to-IR passes (one ModulePass per module); registered by name in asc_xdsl.transforms.registry."""
