"""Command line: one subcommand per suite, each printing a summary table."""

from __future__ import annotations

import argparse
import os
import time
from collections.abc import Sequence
from pathlib import Path

from pyasc_suite.report import SuiteResult, print_result

PYASC_SRC_ENV = "PYASC_SRC"
DEFAULT_PYASC_SRC = "/work/ref/pyasc"


def pyasc_src() -> Path:
    src = Path(os.environ.get(PYASC_SRC_ENV, DEFAULT_PYASC_SRC))
    if not (src / "test").is_dir() or not (src / "python").is_dir():
        raise SystemExit(
            f"pyasc_suite: {src} is not a pyasc checkout (no test/ and python/); "
            f"set {PYASC_SRC_ENV} to one"
        )
    return src


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="pyasc_suite", description="Measure asc_xdsl against pyasc's own test suites."
    )
    sub = parser.add_subparsers(dest="suite", required=True)
    for name, help_text in (
        ("target", "pyasc's Target lit tests: IR -> Ascend C, one case per CHECK group"),
        ("transforms", "pyasc's Transforms lit tests: IR -> IR passes"),
        ("python", "pyasc's Python tests (unit, generalization, kernels), imports rewritten"),
        ("tutorials", "pyasc's tutorials on the CPU simulator, imports rewritten"),
        ("expected-cpp", "does pyasc's expected C++ of each Target case compile (headers)?"),
    ):
        p = sub.add_parser(name, help=help_text)
        p.add_argument("--json", type=Path, help="write machine-readable results here")
        p.add_argument("--verbose", action="store_true", help="full details of each failure")
        p.add_argument("--top", type=int, default=15, help="failure groups to list")
        if name in ("target", "transforms", "expected-cpp"):
            p.add_argument("--file", help="run one test file (path under the suite, or its name)")
        if name == "python":
            p.add_argument("--dir", help="run one directory (e.g. unit/language/basic)")
            p.add_argument("--keep", action="store_true", help="keep the temporary copy")
        if name == "expected-cpp":
            p.add_argument("--ours", action="store_true", help="compile our C++ of each case too")
        if name == "target":
            p.add_argument(
                "--no-headers",
                action="store_true",
                help="no header checks (fast): the cases they would prove count as unproven",
            )
            p.add_argument(
                "--cache",
                type=Path,
                help="header-check cache folder (default: $PYASC_SUITE_CACHE or "
                "~/.cache/asc_xdsl/pyasc_suite_headers)",
            )
            p.add_argument(
                "--proofs", action="store_true", help="print every case's bucket and evidence"
            )
        if name in ("python", "tutorials"):
            p.add_argument("--timeout", type=int, default=900, help="seconds per pytest/script run")
            p.add_argument(
                "--gm-overread",
                choices=("error", "zeros", "pad"),
                default="pad",  # as someone running kernels they do not own would
                help="simulator: accesses past a buffer's end (docs/simulator.md): 'pad' "
                "(default) lets them behave as on the NPU with a warning, 'zeros' lets only "
                "GM reads through (as zeros), 'error' refuses them",
            )
    args = parser.parse_args(argv)
    src = pyasc_src()
    if args.suite == "expected-cpp":
        from pyasc_suite.expected_cpp import run_expected
        from pyasc_suite.lit_suites import run_target

        ours = run_target(src, args.file)
        statuses = {(o.unit, o.name): o.status for o in ours.outcomes}
        return run_expected(src, args.file, statuses, args.ours)
    start = time.perf_counter()
    if args.suite == "target":
        from pyasc_suite.lit_suites import run_target_proven
        from pyasc_suite.proof import summary

        result, proofs = run_target_proven(src, args.file, not args.no_headers, args.cache)
        print_result(result, verbose=args.verbose, top=args.top)
        if args.proofs:
            print("\nevery case we do not match, its bucket and the evidence:")
            print("\n".join(p.line() for p in proofs if p.bucket != "match"))
        closing = summary(proofs)
    else:
        result = _run(args, src)
        closing = result.closing
        print_result(result, verbose=args.verbose, top=args.top)
    print(f"\n({time.perf_counter() - start:.1f} s)")
    if args.json:
        result.to_json(args.json)
    if closing:
        print(closing)
    return 0


def _run(args: argparse.Namespace, src: Path) -> SuiteResult:
    if args.suite == "target":
        from pyasc_suite.lit_suites import run_target

        return run_target(src, args.file)
    if args.suite == "transforms":
        from pyasc_suite.lit_suites import run_transforms

        return run_transforms(src, args.file)
    if args.suite == "python":
        from pyasc_suite.python_suite import run_python

        return run_python(src, args.dir, args.timeout, args.keep, args.verbose, args.gm_overread)
    from pyasc_suite.python_suite import run_tutorials

    return run_tutorials(src, args.timeout, args.gm_overread)
