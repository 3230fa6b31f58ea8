"""`tile-check-locations`: every tile op reads tiles where its unit can reach them.

The verifiers of `asctile` check each op on its own (an element-wise op reads UB, a
matmul L0A and L0B); this pass checks what the lowering supports on top, before any
op is rewritten, each error at the op's location (the user's line):

- element-wise, reduction and shape ops read UB tiles;
- a tile in L1, L0A or L0B is used by copies and matmuls only;
- a matmul's L0C result is stored, copied out or converted (`.to`, `relu` fused into the
  Fixpipe), nothing else.

Before (an error):
    %a = asctile.load %x[%c0] : ... -> !asctile.tile<16xf32, l1>
    %b = asctile.unary exp %a : !asctile.tile<16xf32, l1> -> ...
After: `error: asctile.unary: an operand is a tile in L1, which this op cannot read`.
"""

from __future__ import annotations

from xdsl.context import Context
from xdsl.dialects.builtin import ModuleOp

from asc_xdsl.dialects import asctile
from asc_xdsl.transforms.plain_pass import PlainPass

PASS = "tile-check-locations"
# op -> which locations its tile operands may be in
READS: dict[type, tuple[str, ...]] = {
    asctile.CopyOp: ("l1", "l0c", "ub"),
    asctile.MatmulOp: ("l0a", "l0b", "l0c"),
    asctile.StoreOp: ("ub", "l0c"),
    asctile.CastOp: ("ub", "l0c"),
    asctile.UnaryOp: ("ub", "l0c"),  # relu of a matmul result: fused into the Fixpipe
}


def check_locations(module: ModuleOp) -> None:
    from asc_xdsl.transforms.tile_pipeline import TileLoweringError

    for op in module.walk():
        if op.dialect_name() != "asctile":
            continue
        allowed = READS.get(type(op), ("ub",))
        for v in op.operands:
            t = v.type
            if isinstance(t, asctile.TileType) and t.loc not in allowed:
                raise TileLoweringError(
                    op,
                    f"{op.name}: an operand is a tile in {t.loc.upper()}, which this op "
                    f"cannot read (it reads {', '.join(x.upper() for x in allowed)}); "
                    "copy it first (asc2.copy)",
                    code="ASC-P306",
                )
        if (
            isinstance(op, asctile.UnaryOp)
            and op.source.type.loc == "l0c"
            and op.kind.data != "relu"
        ):
            raise TileLoweringError(
                op,
                f"{op.name}: only relu is applied to a matmul's L0C result (in the Fixpipe)",
                code="ASC-P306",
            )


class TileCheckLocationsPass(PlainPass):
    name = PASS

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        from asc_xdsl.transforms.diagnostics import fail
        from asc_xdsl.transforms.tile_pipeline import TileLoweringError

        try:
            check_locations(op)
        except TileLoweringError as e:
            raise fail(PASS, e.op, e.message) from None
