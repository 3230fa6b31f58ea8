"""Run every pass `asc-opt` lists over every `.mlir` file under tests/filecheck.

    .venv/bin/python tools/pass_sweep.py                  # all passes, all files
    .venv/bin/python tools/pass_sweep.py -k canonicalize  # passes whose name has this
    .venv/bin/python tools/pass_sweep.py --timeout 5 --show 3

Each (pass, file) runs in this process as `asc-opt FILE -p PASS --split-input-file
--verify-diagnostics --allow-unregistered-dialect` (every chunk is tried, a chunk's
diagnostic does not stop the others) under a time limit, and ends as one of:

- `ok`: asc-opt returned (with or without diagnostics about the input);
- `internal`: asc-opt returned, reporting an internal error of a pass or target (a
  crash it caught and located: "internal error in pass ...");
- `crash`: an exception escaped asc-opt's `main` (a Python traceback for the user);
- `timeout`: it ran longer than `--timeout` seconds.

The summary counts each outcome and lists the passes with crashes, internal errors or
timeouts, with the first files and exceptions; the exit status is 1 when anything
crashed or timed out. A pass that crashes in the middle may leave xDSL's global state
odd for the next one; the sweep is a finder of bugs, not a proof of their absence.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import signal
import sys
import time
from collections import Counter, defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
INTERNAL_MARK = "internal error in "


class _Timeout(Exception):
    pass


def _alarm(signum: int, frame: object) -> None:
    raise _Timeout


def pass_names() -> list[str]:
    from asc_xdsl.opt import AscOptMain

    return sorted(AscOptMain(args=[]).available_passes)


def run_one(pass_name: str, path: Path, timeout: float) -> tuple[str, str]:
    """(outcome, detail) of one asc-opt run."""
    from asc_xdsl.opt import main

    argv = [
        str(path), "-p", pass_name, "--split-input-file", "--verify-diagnostics",
        "--allow-unregistered-dialect",
    ]  # fmt: skip
    out, err = io.StringIO(), io.StringIO()
    previous = signal.signal(signal.SIGALRM, _alarm)
    signal.setitimer(signal.ITIMER_REAL, timeout)
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            main(argv)
    except _Timeout:
        return "timeout", f"more than {timeout} s"
    except BaseException as e:  # what would reach the user as a traceback
        if isinstance(e, KeyboardInterrupt):
            raise
        return "crash", f"{type(e).__name__}: {str(e).splitlines()[0] if str(e) else ''}"
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)
    text = out.getvalue() + err.getvalue()
    if INTERNAL_MARK in text:
        line = next(ln for ln in text.splitlines() if INTERNAL_MARK in ln)
        return "internal", line.strip()
    return "ok", ""


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("-k", default="", help="only passes whose name contains this")
    parser.add_argument("--timeout", type=float, default=10.0, help="seconds per run")
    parser.add_argument("--show", type=int, default=2, help="examples listed per pass")
    parser.add_argument("-q", "--quiet", action="store_true", help="no line per pass on stderr")
    ns = parser.parse_args(argv)

    files = sorted((ROOT / "tests" / "filecheck").rglob("*.mlir"))
    files = [f for f in files if "Output" not in f.parts]
    passes = [p for p in pass_names() if ns.k in p]
    outcomes: Counter[str] = Counter()
    bad: dict[str, list[tuple[str, Path, str]]] = defaultdict(list)
    start = time.perf_counter()
    sys.setrecursionlimit(max(sys.getrecursionlimit(), 10000))
    for i, name in enumerate(passes, 1):
        for path in files:
            outcome, detail = run_one(name, path, ns.timeout)
            outcomes[outcome] += 1
            if outcome != "ok":
                bad[name].append((outcome, path, detail))
        if not ns.quiet:  # progress: a full sweep takes a while
            kinds = Counter(k for k, _, _ in bad[name]) if name in bad else Counter()
            found = ", ".join(f"{k} {n}" for k, n in sorted(kinds.items())) or "ok"
            print(f"[{i}/{len(passes)}] {name}: {found}", file=sys.stderr, flush=True)
    elapsed = time.perf_counter() - start
    print(
        f"{len(passes)} passes x {len(files)} files = {sum(outcomes.values())} runs in "
        f"{elapsed:.0f} s: " + ", ".join(f"{k} {outcomes[k]}" for k in sorted(outcomes))
    )
    for name, items in sorted(bad.items()):
        kinds = Counter(k for k, _, _ in items)
        print(f"  {name}: " + ", ".join(f"{k} {n}" for k, n in sorted(kinds.items())))
        for outcome, path, detail in items[: ns.show]:
            print(f"      {outcome}: {path.relative_to(ROOT)}: {detail}")
    return 1 if outcomes["crash"] or outcomes["timeout"] else 0


if __name__ == "__main__":
    sys.exit(main())
