"""Build the package as a release would and check it installs and runs like one.

    python tools/check_package.py            # needs `pip install build`

1. `python -m build`: the sdist, then the wheel built from the sdist (so a file the
   sdist forgets fails here, not on a user's machine);
2. the sdist carries the licence, README and changelog; the wheel's metadata states the
   SPDX licence, ships the licence file, states `Requires-Python` and the classifiers
   and URLs of pyproject.toml, and the wheel holds no tests, tools or bytecode;
3. the wheel goes into a new virtual environment with its declared dependencies only
   (no test extras, no source tree on the path), where `import asc_xdsl` must resolve to
   the installed copy, `examples/vector_add.py` must compile and run its kernel on the
   CPU simulator, and the `asc-opt` entry point must start.

Exit status 0 when all hold; each failure is printed. CI (`.ci/run`) runs it after the
test suite (after installing `build` and setuptools >= 77 into its environment, which lets
the build skip its throwaway environments); see .ci/run for the time it adds.
"""

from __future__ import annotations

import email
import subprocess
import sys
import tarfile
import tempfile
import tomllib
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def _run(cmd: list[str], cwd: Path | None = None) -> str:
    out = subprocess.run(cmd, cwd=cwd, capture_output=True, text=True)
    if out.returncode != 0:
        raise SystemExit(f"failed: {' '.join(cmd)}\n{out.stdout[-2000:]}{out.stderr[-4000:]}")
    return out.stdout


def check_sdist(sdist: Path) -> list[str]:
    with tarfile.open(sdist) as tar:
        names = {n.split("/", 1)[1] for n in tar.getnames() if "/" in n}
    problems = [
        f"sdist lacks {f}" for f in ("LICENSE", "README.md", "CHANGELOG.md") if f not in names
    ]
    problems += [f"sdist holds {n}" for n in names if n.startswith((".venv/", "build/"))]
    return problems


def check_wheel(wheel: Path) -> list[str]:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    with zipfile.ZipFile(wheel) as zf:
        names = zf.namelist()
        meta_name = next(n for n in names if n.endswith(".dist-info/METADATA"))
        meta = email.message_from_string(zf.read(meta_name).decode())
    problems = []
    if meta.get("License-Expression") != project["license"]:
        problems.append(f"METADATA License-Expression is {meta.get('License-Expression')!r}")
    if "LICENSE" not in (meta.get_all("License-File") or []):
        problems.append("METADATA names no License-File LICENSE")
    if not any(n.endswith(".dist-info/licenses/LICENSE") for n in names):
        problems.append("the wheel does not ship LICENSE")
    if meta.get("Requires-Python") != project["requires-python"]:
        problems.append(f"METADATA Requires-Python is {meta.get('Requires-Python')!r}")
    missing = set(project["classifiers"]) - set(meta.get_all("Classifier") or [])
    problems += [f"METADATA lacks classifier {c}" for c in sorted(missing)]
    urls = meta.get_all("Project-URL") or []
    problems += [f"METADATA lacks URL {k}" for k in project.get("urls", {}) if not any(u.startswith(f"{k}, ") for u in urls)]  # fmt: skip
    stray = [n for n in names if n.startswith(("tests/", "tools/", "bench/")) or n.endswith(".pyc")]
    problems += [f"the wheel holds {n}" for n in stray[:5]]
    for needed in ("asc_xdsl/py.typed", "asc_xdsl/__init__.py"):
        if needed not in names:
            problems.append(f"the wheel lacks {needed}")
    # every type stub of the source tree (what type checkers read of the generated API)
    for stub in sorted(ROOT.glob("asc_xdsl/**/*.pyi")):
        if stub.relative_to(ROOT).as_posix() not in names:
            problems.append(f"the wheel lacks {stub.relative_to(ROOT).as_posix()}")
    return problems


def check_install(wheel: Path, tmp: Path) -> list[str]:
    venv = tmp / "venv"
    # no pip of its own (this one installs into it: --python), which saves its set-up
    _run([sys.executable, "-m", "venv", "--without-pip", str(venv)])
    python = venv / "bin" / "python"
    _run([sys.executable, "-m", "pip", "--python", str(python), "install", "-q", str(wheel)])
    problems = []
    where = _run([str(python), "-c", "import asc_xdsl; print(asc_xdsl.__file__)"], cwd=tmp)
    if not Path(where.strip()).is_relative_to(venv):
        problems.append(f"import asc_xdsl found {where.strip()}, not the installed wheel")
    ran = _run([str(python), str(ROOT / "examples" / "vector_add.py")], cwd=tmp)
    if "matches numpy" not in ran:
        problems.append(f"examples/vector_add.py printed {ran!r}")
    if "usage: asc-opt" not in _run([str(venv / "bin" / "asc-opt"), "--help"], cwd=tmp):
        problems.append("asc-opt --help printed no usage")
    return problems


def _isolation() -> list[str]:
    """Build in this environment when it has the build backend pyproject.toml asks for
    (saves two throwaway environments), else in isolated ones as `build` does."""
    try:
        import setuptools
    except ImportError:
        return []
    major = int(setuptools.__version__.split(".")[0])
    return ["--no-isolation"] if major >= 77 else []


def main() -> int:
    with tempfile.TemporaryDirectory(prefix="asc_xdsl_package_") as name:
        tmp = Path(name)
        dist = tmp / "dist"
        _run([sys.executable, "-m", "build", *_isolation(), "--outdir", str(dist), str(ROOT)])
        (sdist,) = dist.glob("*.tar.gz")
        (wheel,) = dist.glob("*.whl")
        problems = check_sdist(sdist) + check_wheel(wheel) + check_install(wheel, tmp)
    for p in problems:
        print(f"check_package: {p}")
    if not problems:
        print(f"check_package: {sdist.name} and {wheel.name} build, install and run")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
