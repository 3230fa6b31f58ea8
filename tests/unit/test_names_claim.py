"""`NameTable.claim` hands out what the plain rule gives (the base, else the first free
`base_1`, `base_2`, ...), although it remembers where each base's numbers stand: on
random sequences of claims, reservations, releases and resets."""

from __future__ import annotations

import random

from asc_xdsl.backends.ascendc.names import NameTable, _base_of


class _Plain:
    """The rule, as the docs state it, without memory."""

    def __init__(self) -> None:
        self.reserved: set[str] = set()
        self.used: set[str] = set()

    def claim(self, base: str) -> str:
        base, sep = _base_of(base)
        name, n = base, 1
        while name in self.used:
            name = f"{base}{sep}{n}"
            n += 1
        self.used.add(name)
        return name


def test_claim_gives_the_first_free_name():
    rng = random.Random(7)
    bases = ["x", "x_1", "tile", "tile_", "int", "9a", "a b", "x_2"]
    for _ in range(50):
        table, plain = NameTable(), _Plain()
        claimed: list[str] = []
        for _ in range(200):
            action = rng.random()
            if action < 0.75:
                base = rng.choice(bases)
                name = table.claim(base)
                assert name == plain.claim(base)
                claimed.append(name)
            elif action < 0.85 and claimed:
                gone = rng.sample(claimed, min(len(claimed), rng.randint(1, 3)))
                table.release(*gone)
                plain.used.difference_update(n for n in gone if n not in plain.reserved)
            elif action < 0.95:
                extra = [f"x_{rng.randint(1, 6)}"]
                table.reserve(extra)
                plain.reserved.update(extra)
                plain.used.update(extra)
            else:
                table.reset()
                plain.used = set(plain.reserved)
