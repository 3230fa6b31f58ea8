"""A fake `bisheng` / `ld.lld` for asc_xdsl's tests (copied into a fake toolkit).

Records its argument list as one JSON line in `<toolkit>/tool_calls.jsonl`, then
writes the `-o` file: bisheng writes "FAKE-OBJ <arch>", ld.lld concatenates its
inputs. bisheng fails like a compiler when the source contains FAKE_COMPILE_ERROR;
FAKE_TOOL_SLEEP (seconds) slows it down to make builds overlap.
"""

import json
import os
import sys
import time
from pathlib import Path

HOME = Path(__file__).resolve().parents[3]
tool = Path(sys.argv[0]).name
args = sys.argv[1:]
with open(HOME / "tool_calls.jsonl", "a") as log:
    log.write(json.dumps([tool, *args]) + "\n")
time.sleep(float(os.environ.get("FAKE_TOOL_SLEEP", "0")))
out = Path(args[args.index("-o") + 1])
if tool == "bisheng":
    source = next(a for a in args if a.endswith(".cpp"))
    text = Path(source).read_text()
    if "FAKE_COMPILE_ERROR" in text:
        line = next(i for i, t in enumerate(text.splitlines(), 1) if "FAKE_COMPILE_ERROR" in t)
        sys.stderr.write(
            f"{source}:{line}:3: error: use of undeclared identifier 'FAKE_COMPILE_ERROR'\n"
            "1 error generated.\n"
        )
        sys.exit(1)
    arch = next(a.split("=", 1)[1] for a in args if a.startswith("--cce-aicore-arch="))
    out.write_text(f"FAKE-OBJ {arch}\n")
else:
    inputs = [a for a in args if a.endswith(".o") and a != str(out)]
    out.write_text("".join(Path(i).read_text() for i in inputs))
