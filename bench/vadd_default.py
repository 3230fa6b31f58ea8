"""The 2^24 float32 vector add (48 blocks, TQue, tiles of 4096, race checker off and
on) launched with default options -- the launcher's choice of workers, serial for this
kernel -- against numpy's `x + y` on the same arrays, in a process that forces no
workers (issue 34, "Every core": at most 1.5x numpy).

`bench/sim_workers.py --bench add` measures the launcher's choice in a process that
alternates it with launches forced onto 1 and 2 workers: their forks (copy-on-write
splits the arrays' transparent huge pages), page copies and exiting workers weigh on
the launches after them (there the launcher's choice came out ~15 % slower than here).
`--after-workers` launches once on 2 workers first.

Each round: the add unchecked, checked, then numpy's `x + y`; wall and CPU seconds;
printed as medians and the medians of each round's ratios.

    python bench/vadd_default.py [--rounds 30] [--after-workers]
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))

from simulator import build_kernel


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--rounds", type=int, default=30)
    ap.add_argument("--after-workers", action="store_true")
    a = ap.parse_args()
    n = 1 << 24
    rng = np.random.default_rng(0)
    x = rng.random(n, dtype=np.float32)
    y = rng.random(n, dtype=np.float32)
    z = np.zeros(n, np.float32)
    kernel = build_kernel(4096)
    if a.after_workers:
        kernel[48](x, y, z, n, backend="cpu", sanitize="off", workers=2)
    for _ in range(4):  # warm-up: both programs compiled, the launcher's choice settled
        for mode in ("off", "error"):
            kernel[48](x, y, z, n, backend="cpu", sanitize=mode)
    assert np.array_equal(z, x + y), "simulator result differs from numpy"
    rows: dict[str, list[tuple[float, float]]] = {"off": [], "on": [], "numpy": []}

    def timed(fn) -> tuple[float, float]:
        t, c = time.perf_counter(), time.process_time()
        fn()
        return time.perf_counter() - t, time.process_time() - c

    for _ in range(a.rounds):
        rows["off"].append(timed(lambda: kernel[48](x, y, z, n, backend="cpu", sanitize="off")))
        rows["on"].append(timed(lambda: kernel[48](x, y, z, n, backend="cpu", sanitize="error")))
        rows["numpy"].append(timed(lambda: x + y))

    def med(key: str, i: int) -> float:
        return statistics.median(r[i] for r in rows[key])

    def ratio(top: str, bottom: str, i: int) -> float:
        return statistics.median(t[i] / b[i] for t, b in zip(rows[top], rows[bottom], strict=True))

    print(
        f"vector add 2^24 float32, 48 blocks, default options; {a.rounds} rounds"
        f"{', after a 2-worker launch' if a.after_workers else ''}; load average "
        + " ".join(f"{v:.1f}" for v in os.getloadavg())
    )
    for i, clock in enumerate(("wall", "CPU")):
        print(
            f"  {clock}: unchecked {med('off', i) * 1e3:.2f} ms, checked {med('on', i) * 1e3:.2f} ms,"
            f" numpy x + y {med('numpy', i) * 1e3:.2f} ms; unchecked / numpy"
            f" {ratio('off', 'numpy', i):.2f} (goal <= 1.5), checked / unchecked"
            f" {ratio('on', 'off', i):.2f} (goal <= 1.5), checked / numpy"
            f" {ratio('on', 'numpy', i):.2f} (goal <= 6)"
        )


if __name__ == "__main__":
    main()
