"""xDSL's `.irdl` file finder is loaded when an import first asks it
(asc_xdsl/utils/lazy_dialect_loader.py). Each case runs in a fresh interpreter: the
stand-in is only put in place before xDSL's module is first imported."""

from __future__ import annotations

import subprocess
import sys
import textwrap

DIALECT = """\
builtin.module {
  irdl.dialect @lazydialect {
    irdl.operation @one {
      %0 = irdl.is i32
      irdl.results(res: %0)
    }
  }
}
"""


def _run(code: str, folder) -> list[str]:
    """What `code`, run as a script in `folder`, prints (split)."""
    script = folder / "script.py"
    script.write_text(textwrap.dedent(code))
    done = subprocess.run(
        [sys.executable, str(script)], capture_output=True, text=True, cwd=folder, check=False
    )
    assert done.returncode == 0, done.stderr
    return done.stdout.split()


def test_a_compile_does_not_load_xdsls_dialect_loader(tmp_path) -> None:
    kind, stub_loaded = _run(
        """
        import sys
        import asc_xdsl as asc
        import numpy as np

        @asc.jit
        def k(x: asc.GlobalAddress, n: int):
            g = asc.GlobalTensor()
            g.set_global_buffer(x, n)

        k.compile(np.zeros(64, np.float32), 64, block_dim=1).asm["ascendc"]
        print(type(sys.modules["xdsl.utils.dialect_loader"]).__name__)
        print("xdsl.utils.dialect_stub" in sys.modules)
        """,
        tmp_path,
    )
    assert (kind, stub_loaded) == ("_LazyModule", "False")


def test_an_irdl_file_still_imports_through_the_stand_in(tmp_path) -> None:
    (tmp_path / "lazydialect.irdl").write_text(DIALECT)
    out = _run(
        """
        import sys
        import asc_xdsl
        import xdsl.dialects  # puts the (stand-in) finder on sys.meta_path
        from asc_xdsl.utils.lazy_dialect_loader import LazyIRDLDialectFinder

        assert isinstance(sys.meta_path[-1], LazyIRDLDialectFinder)
        import lazydialect

        print(*[op.name for op in lazydialect.Lazydialect.operations])
        print(type(sys.modules["xdsl.utils.dialect_loader"]).__name__)
        try:
            import no_such_module_anywhere
        except ImportError:
            print("ImportError")
        """,
        tmp_path,
    )
    assert out == ["lazydialect.one", "module", "ImportError"]


def test_other_names_run_xdsls_module_first(tmp_path) -> None:
    out = _run(
        """
        import sys
        import asc_xdsl
        import xdsl.dialects
        from xdsl.utils.dialect_loader import IRDLDialectLoader, IRDLDialectFinder

        module = sys.modules["xdsl.utils.dialect_loader"]
        print(type(module).__name__, IRDLDialectLoader.__module__, IRDLDialectFinder.__name__)
        print(module.__file__.endswith("dialect_loader.py"))
        """,
        tmp_path,
    )
    assert out == ["module", "xdsl.utils.dialect_loader", "IRDLDialectFinder", "True"]
