"""Which ops take Ascend 950's 8-bit (and 4-bit) floats: each op spec's sample with every
element-type variable set to one such type, verified for Ascend950PR_9599, and what
verifies compiled against the 3510 headers (tools/check_headers.py).

    python tools/probe_fp8.py            # all six types (four 8-bit, two 4-bit)
    python tools/probe_fp8.py --types f8E4M3FN --ops ascendc.cast_l2,ascendc.add_l2

Prints one line per op that our verifier accepts with an fp8 type (`ACCEPTED PASS` /
`ACCEPTED FAIL` with the compiler's first error) and ends with
`fp8 probe: A accepted of N ops (C compile, F fail), R refused`. An accepted sample
that fails to compile is an op whose fp8 refusal is missing (or a sample the probe
cannot make for the type): docs/fp8.md records the result. The probe sets every type
variable of the sample at once, so a pair op (Cast's T and U) is probed with both sides
fp8, which 3510 has no pair of: such ops show as refused here and are tested by hand.
"""

from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import check_headers

FP8 = ("f8E4M3FN", "f8E5M2", "f8E8M0FNU", "!ascendc.hifloat8", "f4E2M1FN", "!ascendc.float4_e1m2")
"""The low-precision float types probed: the 8-bit ones and the 4-bit ones."""


def _sample(cls, fp8: str):  # type: ignore[no-untyped-def]
    """The op's sample module with every type variable `fp8` (None: it cannot be made)."""
    from asc_xdsl.dialects.ascendc import spec_samples
    from asc_xdsl.dialects.dtypes import from_ir  # noqa: F401 (the dtype tables' types)

    t = _ir_type(fp8)
    original = spec_samples.sample_vars

    def patched(spec):  # type: ignore[no-untyped-def]
        return dict.fromkeys(original(spec), t)

    spec_samples.sample_vars = patched
    try:
        module, _op = spec_samples.sample_op(cls)
    finally:
        spec_samples.sample_vars = original
    return module


def _ir_type(text: str):  # type: ignore[no-untyped-def]
    from asc_xdsl.dialects.dtypes import FLOAT4_DTYPES, FLOAT8_DTYPES

    return next(d.ir_type() for d in (*FLOAT8_DTYPES, *FLOAT4_DTYPES) if d.ir_name == text)


def _function_name(op: str, fp8: str) -> str:
    return re.sub(r"_+", "_", "probe_" + re.sub(r"\W", "_", f"{op}_{fp8}"))


def probe(types: tuple[str, ...], ops: set[str] | None) -> tuple[list, list, list, int]:
    """(accepted (op, type, function name), untranslated (op, type, why), refused op
    names, ops probed); `accepted`'s C++ in translation units of 25 functions
    (`probe.units`)."""
    from xdsl.dialects import func
    from xdsl.dialects.builtin import StringAttr

    from asc_xdsl.backends.ascendc import to_ascendc
    from asc_xdsl.dialects.ascendc.families import spec_classes
    from asc_xdsl.dialects.ascendc.reg import SAMPLE_SOC
    from asc_xdsl.soc import SOC_ATTR
    from asc_xdsl.transforms.generate_boilerplate import generate_boilerplate

    accepted, untranslated, refused, probed = [], [], [], 0
    units: list[tuple[list[str], list[str]]] = []
    for cls in spec_classes():
        spec = cls.SPEC
        if ops is not None and cls.name not in ops:
            continue
        if spec.lowered_by is not None or cls.name in check_headers.SPEC_SAMPLE_EXCEPTIONS:
            continue
        if not any(o.type.var for o in (*spec.operands, *spec.results)):
            continue  # (no element type to set)
        probed += 1
        for fp8 in types:
            try:
                module = _sample(cls, fp8)
                module.attributes[SOC_ATTR] = StringAttr(SAMPLE_SOC)
                module.verify()
            except Exception:
                refused.append(cls.name)
                continue
            name = _function_name(cls.name, fp8)
            try:
                generate_boilerplate(module)
                functions = [o for o in module.ops if isinstance(o, func.FuncOp)]
                f = next((o for o in functions if "ascendc.vf" not in o.attributes), functions[0])
                f.sym_name = StringAttr(name)
                text = to_ascendc(module)
            except Exception as e:
                untranslated.append((cls.name, fp8, check_headers._describe(e)))
                continue
            accepted.append((cls.name, fp8, name))
            if not units or len(units[-1][1]) >= 25:
                units.append(([], []))
            preamble, bodies = units[-1]
            lines = text.splitlines()
            first = next(i for i, ln in enumerate(lines) if check_headers._FUNCTION.search(ln))
            preamble += [ln for ln in lines[:first] if ln and ln not in preamble]
            bodies.append("\n".join(lines[first:]))
    probe.units = [  # type: ignore[attr-defined]
        check_headers.Source(f"fp8#{i}", "\n".join(pre) + "\n\n" + "\n\n".join(bodies))
        for i, (pre, bodies) in enumerate(units)
    ]
    return accepted, untranslated, sorted(set(refused)), probed


def _first_errors(source: check_headers.Source, message: str) -> dict[str, str]:
    """Function -> the first error g++ gives inside it (an error's context line names
    the source line it comes from, `fp8#0:40:28: required from here`)."""
    assert source.text is not None
    starts = [
        (i + 1, m.group(1))
        for i, text in enumerate(source.text.splitlines())
        if (m := check_headers._FUNCTION.search(text))
    ]
    here = re.compile(rf"{re.escape(source.name)}:(\d+):\d+: (?:error|  required from here)")
    found: dict[str, str] = {}
    current = None
    for line in message.splitlines():
        m = here.search(line)
        if m:
            n = int(m.group(1))
            current = next((f for start, f in reversed(starts) if start <= n), None)
        if "error:" in line and current is not None:
            found.setdefault(current, line.split("error:", 1)[1].strip()[:160])
    return found


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--types", default=",".join(FP8), help="fp8 / fp4 IR types, comma-separated"
    )
    parser.add_argument("--ops", help="op names, comma-separated (default: every op)")
    parser.add_argument("--jobs", "-j", type=int, default=1)
    args = parser.parse_args(argv)
    types = tuple(args.types.split(","))
    ops = set(args.ops.split(",")) if args.ops else None
    accepted, untranslated, refused, probed = probe(types, ops)
    headers = check_headers.find_headers()
    failing: dict[str, str] = {}
    with check_headers.Checker(headers, arch="3510") as checker:
        results = checker.check_all(probe.units, args.jobs) if accepted else []  # type: ignore[attr-defined]
    for r in results:
        if not r.ok:
            failing.update(_first_errors(r.source, r.message))
    for op, t, name in accepted:
        status = "FAIL" if name in failing else "PASS"
        print(f"ACCEPTED {status} {op} [{t}] {failing.get(name, '')}".rstrip())
    for op, t, why in untranslated:
        print(f"ACCEPTED UNTRANSLATED {op} [{t}] {why}")
    ops_accepted = len({op for op, _t, _n in accepted})
    fails = sum(name in failing for _o, _t, name in accepted)
    print(
        f"fp8 probe: {ops_accepted} accepted of {probed} ops ({len(accepted) - fails} samples "
        f"compile, {fails} fail, {len(untranslated)} untranslated), {len(refused)} refused"
    )
    return 1 if fails else 0


if __name__ == "__main__":
    sys.exit(main())
