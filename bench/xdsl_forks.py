"""Each of asc_xdsl's own versions of an xDSL mechanism against xDSL's path, warm.

    python bench/xdsl_forks.py [--sizes 10 100 1000] [--repeat N]

The warm compile (bench/compile_scaling.py's generated kernels, `always_compile=True`)
is timed in a fresh process per variant, each with one of our forks swapped for xDSL's
own path before anything is compiled:

- `ours`: as shipped;
- `xdsl-cse`: the pipeline's `cse` is xDSL's (`xdsl.transforms.common_subexpression_elimination`);
- `xdsl-verify`: the frontend's IR is verified by xDSL's `ModuleOp.verify()`, not
  `fast_verify.verify_module` (whose per-class plans are then never installed);
- `xdsl-build`: ops are built by `Operation.__init__` and IRDL's builder, not
  `fast_build.init_op` / `irdl_init`;
- `xdsl-walker`: the passes' patterns (transforms/rewriting.py) are seeded as xDSL's
  walker seeds them, with every op.

Then the passes alone, in this process, on the module the 1000-statement kernel's
pipeline starts from (its loop holds ~1500 ops): our `cse` and `licm` against xDSL's.
The machine is shared: compare the variants of one run, not runs made minutes apart.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from compile_scaling import kernel_source  # (bench/ is on sys.path when run as a script)

SWAPS = {
    "ours": "",
    "xdsl-cse": """
from asc_xdsl.transforms import registry
registry.FASTER_UPSTREAM.clear()
del registry.PASS_FUNCTIONS["cse"]  # (else the JIT runs our `cse` function itself)
""",
    "xdsl-verify": """
from asc_xdsl.dialects import fast_verify
fast_verify.verify_module = lambda module: module.verify()
""",
    "xdsl-build": """
from xdsl.ir import Operation
from asc_xdsl.dialects import fast_build
def init_op(op, operands=(), result_types=(), properties=None, location=None, regions=(),
            attributes=None):
    kw = {} if location is None else {"location": location}
    Operation.__init__(op, operands=operands, result_types=result_types,
                       properties=dict(properties or {}), attributes=dict(attributes or {}),
                       regions=regions, **kw)
    return op
fast_build.init_op = init_op
fast_build.irdl_init = lambda *args: False
import asc_xdsl.dialects.ascendc.spec as spec
spec.init_op, spec.irdl_init = fast_build.init_op, fast_build.irdl_init
""",
    "xdsl-walker": """
from asc_xdsl.transforms import rewriting
rewriting._SEEDED[0] = False
""",
}

WORKER = """
import json, statistics, sys, time
sys.path.insert(0, {folder!r})
{swap}
import numpy as np
x = np.zeros(4096, np.float32); z = x.copy()
out = {{}}
for n in {sizes!r}:
    kernel = __import__(f"gen_{{n}}").gen_kernel
    kernel.compile(x, z, 4096, 256, always_compile=True).asm["ascendc"]
    times = []
    for _ in range({repeat} if n < 500 else max(3, {repeat} // 2)):
        t = time.perf_counter()
        kernel.compile(x, z, 4096, 256, always_compile=True).asm["ascendc"]
        times.append(time.perf_counter() - t)
    out[n] = (min(times), statistics.median(times))
print(json.dumps(out))
"""


def warm(folder: Path, swap: str, sizes: list[int], repeat: int) -> dict[str, list[float]]:
    code = WORKER.format(folder=str(folder), swap=swap, sizes=sizes, repeat=repeat)
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=False)
    if done.returncode:
        raise RuntimeError(done.stderr.strip().splitlines()[-1])
    return json.loads(done.stdout.strip().splitlines()[-1])


def passes_alone(folder: Path, n: int, repeat: int) -> list[tuple[str, float, float]]:
    """(pass, ours, xDSL's) best times in ms on the module kernel `n`'s pipeline starts from."""
    import numpy as np
    from xdsl.context import Context
    from xdsl.transforms.common_subexpression_elimination import cse as xdsl_cse
    from xdsl.transforms.loop_invariant_code_motion import (
        LoopInvariantCodeMotionPass as XdslLicm,
    )

    import asc_xdsl.transforms.pipeline as pipeline
    from asc_xdsl.transforms.cse import cse
    from asc_xdsl.transforms.licm import LoopInvariantCodeMotionPass

    captured = []
    run = pipeline.run_pipeline

    def capture(module, spec=None):
        captured.append(module.clone())
        return run(module, spec)

    pipeline.run_pipeline = capture
    sys.path.insert(0, str(folder))
    x = np.zeros(4096, np.float32)
    __import__(f"gen_{n}").gen_kernel.compile(x, x.copy(), 4096, 256, always_compile=True)
    pipeline.run_pipeline = run
    module = captured[-1]
    ctx = Context()
    rows = []
    for name, mine, theirs in (
        ("cse", cse, xdsl_cse),
        (
            "licm",
            lambda m: LoopInvariantCodeMotionPass().apply(ctx, m),
            lambda m: XdslLicm().apply(ctx, m),
        ),
    ):
        best = []
        for fn in (mine, theirs):
            times = []
            for _ in range(repeat):
                m = module.clone()
                t = time.perf_counter()
                fn(m)
                times.append(time.perf_counter() - t)
            best.append(min(times) * 1e3)
        rows.append((name, *best))
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[10, 100, 1000])
    parser.add_argument("--repeat", type=int, default=7)
    parser.add_argument("--variants", nargs="+", default=list(SWAPS), choices=list(SWAPS))
    args = parser.parse_args()
    folder = Path(tempfile.mkdtemp())
    for n in args.sizes:
        (folder / f"gen_{n}.py").write_text(kernel_source(n, "asc_xdsl"))
    print("warm compile, best (median) ms")
    print(f"{'variant':>12}" + "".join(f"{n:>18}" for n in args.sizes))
    for variant in args.variants:
        found = warm(folder, SWAPS[variant], args.sizes, args.repeat)
        cells = "".join(
            f"{found[str(n)][0] * 1e3:>10.1f} ({found[str(n)][1] * 1e3:5.1f})" for n in args.sizes
        )
        print(f"{variant:>12}{cells}", flush=True)
    n = max(args.sizes)
    print(f"\nthe pass alone on kernel {n}'s module, best ms: ours, xDSL's")
    for name, mine, theirs in passes_alone(folder, n, args.repeat):
        print(f"{name:>12}{mine:>10.2f}{theirs:>10.2f}{theirs / mine:>8.1f}x")


if __name__ == "__main__":
    main()
