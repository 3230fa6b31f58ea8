"""`python tools/pyasc_suite <suite>`: see cli.py."""

import sys
from pathlib import Path

# Run as a directory: make the package importable by its name.
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from pyasc_suite.cli import main

sys.exit(main())
