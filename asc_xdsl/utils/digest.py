"""The hash of the JIT's cache keys: BLAKE2b (32 bytes), from CPython's own `_blake2`.

The keys need a strong hash, not OpenSSL's: importing `hashlib` loads OpenSSL's
libcrypto (about 5 ms, a tenth of `import asc_xdsl`). `_blake2` is the module
`hashlib.blake2b` itself comes from, built into every CPython; where it is missing,
hashlib's is used.
"""

from __future__ import annotations

from typing import Any

try:
    from _blake2 import blake2b as _blake2b
except ImportError:  # (a Python without it: hashlib has BLAKE2b too)
    from hashlib import blake2b as _blake2b


def digest(data: bytes = b"") -> Any:
    """A hash object (`update`, `hexdigest`) started with `data`."""
    return _blake2b(data, digest_size=32)


def hex_digest(text: str) -> str:
    """The 64 hex digits of `text`'s (UTF-8) hash."""
    return _blake2b(text.encode(), digest_size=32).hexdigest()
