"""`asc2.jit`: `@asc.jit` for tile kernels.

The kernel's Python is compiled by the frontend's code generator with three changes
(`TileCodeGenerator`): `range` is `asc2.range` (its `unroll_factor`/`parallel` become
attributes of the loop), Python's operators on tiles build tile ops, and tile values
are `asctile` IR. The tile passes (`transforms/tile_pipeline.py`) then lower the
`asctile` ops to the `ascendc` dialect before the usual pipeline (automatic tensors,
`insert-sync`, `plan-memory`) runs; `run_asc2_passes=False` keeps the tile IR (for
reading it: such a kernel does not run).
"""

from __future__ import annotations

import ast
from typing import Any

from asc_xdsl.frontend.jit import JITFunction, _located_error
from asc_xdsl.language.tile.range import range as tile_range
from asc_xdsl.language.tile.tile import Tile

TILE_OPTIONS = {"run_asc2_passes": True, "vf_fusion": None, "static_alloc": None}
"""PyAsc2's options of tile kernels (beyond `@asc.jit`'s): run the tile passes; fuse
element-wise chains into vector functions (Ascend 950, `tile-to-reg`; None: on there,
False: off); static
allocation of tiles (accepted: buffers are always planned by the compiler)."""
UNROLL_ATTR = "asctile.unroll_factor"
PARALLEL_ATTR = "asctile.parallel"
_OPERATORS = {
    "+": "add", "-": "sub", "*": "mul", "/": "div", "<<": "left_shift", ">>": "right_shift",
    "@": "matmul", "<": "less", "<=": "less_equal", ">": "greater", ">=": "greater_equal",
    "==": "equal", "!=": "not_equal",
}  # fmt: skip


def _generator_class() -> type:
    from asc_xdsl.frontend.codegen import _BINOP, CodeGenerator

    binops = {**_BINOP, ast.MatMult: "@"}

    class TileCodeGenerator(CodeGenerator):
        """The frontend's code generator with the tile language's `range` and operators."""

        _pending_range: tile_range | None = None

        def __init__(self, *args: Any, **kwargs: Any) -> None:
            super().__init__(*args, **kwargs)
            # the platform set_platform chose: its dtype tables apply (PyAsc2 compiles
            # for the launch's platform)
            import os

            from asc_xdsl.dialects.ascendc.target import SOC_FAMILY, set_soc

            soc = os.environ.get("ASC_XDSL_PLATFORM")
            if soc in SOC_FAMILY:
                set_soc(self.module, soc)

        def lookup(self, name: str, node: ast.AST) -> Any:
            if (
                name == "range"
                and name not in self.scope
                and name not in self.current_source.globals
            ):
                return tile_range
            return super().lookup(name, node)

        def note_tile_range(self, r: tile_range) -> None:
            self._pending_range = r

        def visit_For(self, node: ast.For) -> None:
            block = self.block
            before = len(block.ops) if block is not None else 0
            self._pending_range = None
            super().visit_For(node)
            r, self._pending_range = self._pending_range, None
            if r is None or block is None:
                return
            from xdsl.dialects import scf
            from xdsl.dialects.builtin import IntegerAttr, UnitAttr, i64

            loops = [op for op in list(block.ops)[before:] if isinstance(op, scf.ForOp)]
            if loops:
                loops[-1].attributes[UNROLL_ATTR] = IntegerAttr(r.unroll_factor, i64)
                if r.parallel:
                    loops[-1].attributes[PARALLEL_ATTR] = UnitAttr()

        def binary(self, op: str, a: Any, b: Any) -> Any:
            if isinstance(a, Tile) or isinstance(b, Tile):
                return _tile_operator(self, op, a, b)
            return super().binary(op, a, b)

        def visit_BinOp(self, node: ast.BinOp) -> Any:
            op = binops.get(type(node.op))
            if op is None:
                return super().visit_BinOp(node)
            lhs, rhs = self.visit(node.left), self.visit(node.right)
            if isinstance(lhs, Tile) or isinstance(rhs, Tile):
                return _tile_operator(self, op, lhs, rhs)
            return self._scalar_binop(op, lhs, rhs, node)

        def _scalar_binop(self, op: str, lhs: Any, rhs: Any, node: ast.BinOp) -> Any:
            # the base class's rule for operands already evaluated
            from asc_xdsl.language.builder import IRValue, RuntimeScalar
            from asc_xdsl.language.core.tensor import GlobalAddress

            if isinstance(lhs, GlobalAddress) and op == "+":
                return lhs + rhs
            if isinstance(lhs, RuntimeScalar) or isinstance(rhs, RuntimeScalar):
                return self.binary(op, lhs, rhs)
            if op == "@" or isinstance(lhs, IRValue) or isinstance(rhs, IRValue):
                from asc_xdsl.language.builder.values import describe

                self.fail(
                    f"operator {op} is not defined for {describe(lhs)} and {describe(rhs)}",
                    node,
                )
            return self.fold(op, lhs, rhs, node)

        def visit_UnaryOp(self, node: ast.UnaryOp) -> Any:
            if isinstance(node.op, ast.USub | ast.UAdd):
                value = self.visit(node.operand)
                if isinstance(value, Tile):
                    return -value if isinstance(node.op, ast.USub) else value
                from asc_xdsl.language.builder import IRValue, RuntimeScalar

                if isinstance(value, RuntimeScalar):
                    return self.negate(value) if isinstance(node.op, ast.USub) else value
                if isinstance(value, IRValue):
                    self.fail("unary operator not defined for this value", node)
                return -value if isinstance(node.op, ast.USub) else +value
            return super().visit_UnaryOp(node)

    return TileCodeGenerator


def _tile_operator(g: Any, op: str, a: Any, b: Any) -> Any:
    from asc_xdsl.language.tile import ops

    name = _OPERATORS.get(op)
    if name is None:
        return g.fail(f"operator {op} is not defined for tiles")
    return getattr(ops, name)(a, b)


_GENERATOR: type | None = None


class TileJITFunction(JITFunction):
    """A tile kernel (`@asc2.jit`): launched and compiled as an `@asc.jit` kernel."""

    def __init__(self, fn: Any, **options: Any) -> None:
        tile_options = dict(TILE_OPTIONS)
        for key in TILE_OPTIONS:
            if key in options:
                tile_options[key] = options.pop(key)
        builtins = options.pop("custom_builtins", None)
        if builtins not in (None, {"range": tile_range}):
            raise TypeError(
                f"{fn.__name__}: custom_builtins other than asc2's range are not supported"
            )
        if not isinstance(tile_options["run_asc2_passes"], bool):
            raise TypeError(f"{fn.__name__}: option run_asc2_passes must be True or False")
        if tile_options["vf_fusion"] not in (None, True, False):
            raise TypeError(f"{fn.__name__}: option vf_fusion must be True, False or None")
        if tile_options["static_alloc"] not in (None, True, False):
            raise TypeError(f"{fn.__name__}: option static_alloc must be True, False or None")
        super().__init__(fn, **options)
        self.tile_options = tile_options

    def __repr__(self) -> str:
        return f"<asc2.jit function {self.fn.__module__}.{self.fn.__qualname__}>"

    def _request(self, args: Any, kwargs: Any, merged: dict[str, Any]) -> Any:
        request = super()._request(args, kwargs, merged)
        signature, items, dependencies = request.memory_key
        ours = tuple(sorted((f"asc2.{k}", repr(v)) for k, v in self.tile_options.items()))
        request.memory_key = (signature, items + ours, dependencies)  # never a plain kernel's
        return request

    def _build(
        self,
        spec: Any,
        options: dict[str, Any],
        callees: dict[str, str] | None = None,
        detected: list[str] | None = None,
    ) -> Any:
        global _GENERATOR
        from asc_xdsl.frontend import cache
        from asc_xdsl.frontend.jit import _kernel_type, _max_unroll

        if _GENERATOR is None:
            _GENERATOR = _generator_class()

        def get_source(fn: Any) -> Any:
            if isinstance(fn, JITFunction):
                if callees is not None:
                    callees[cache.function_id(fn)] = fn.source_hash
                return fn.source
            return None

        given = options["kernel_type"]
        generator = _GENERATOR(
            self.source,
            get_source,
            None if given is None else _kernel_type(given, self.__name__),
            _max_unroll(options["max_unroll"]),
            matmul_cube_only=bool(options["matmul_cube_only"]),
            capture_exceptions=options["capture_exceptions"],
            soc=options["soc_version"],
        )
        module = generator.compile_kernel(self.__name__, spec.params)
        if self.tile_options["run_asc2_passes"]:
            if self.tile_options["vf_fusion"] is False:  # (tile-to-reg reads and drops it)
                from xdsl.dialects.builtin import BoolAttr

                module.attributes["asctile.vf_fusion"] = BoolAttr.from_bool(False)
            lowered = lower_tiles(module)
            if lowered.kernel_type is not None and given is None:
                generator.kernel_type = lowered.kernel_type
            if options["insert_sync"] is None:
                # automatic (the default): insert-sync unless the queues, the AIV's
                # auto-sync and the flags the lowering placed order everything;
                # `options` is the compile's own dict, read by the pass pipeline next
                options["insert_sync"] = lowered.insert_sync(options.get("auto_sync"))
            if lowered.kernel_type == "mix" and options.get("auto_sync") is not False:
                # the AIVs' auto-sync orders S <-> V/MTE2/MTE3 and V -> V: insert-sync
                # leaves those to it (its option auto_sync; the AIC gets every flag)
                options["insert_sync_auto"] = True
        if detected is not None:
            detected.append(generator.kernel_type)
        return module


def lower_tiles(module: Any) -> Any:
    """Run the tile passes on `module`; a failure is a located CompileError. What the
    lowering found (`transforms.tile_to_ascendc.Lowered`)."""
    from xdsl.utils.exceptions import PassFailedException, VerifyException

    from asc_xdsl.frontend.errors import CompileError
    from asc_xdsl.transforms.tile_pipeline import TileLoweringError, run_tile_pipeline

    try:
        return run_tile_pipeline(module)
    except TileLoweringError as e:
        raise _located_error(e.op, e.message, e.code) from None
    except (PassFailedException, VerifyException) as e:
        raise CompileError(str(e)) from None


def jit(fn: Any = None, **options: Any) -> Any:
    """`@asc2.jit` / `@asc2.jit(**options)`: a tile kernel. Options: `@asc.jit`'s
    (insert_sync=None, the default, runs `ascendc-insert-sync` unless the lowering's
    queues, the AIV's auto-sync and the flags it placed itself order every pipe
    (docs/tile.md, Passes); True always, False never; in a mix kernel compiled with
    `auto_sync` it leaves to the AIVs' auto-sync what that orders: insert-sync's option
    `auto_sync`), and PyAsc2's `run_asc2_passes`,
    `vf_fusion`, `static_alloc`, `custom_builtins` (its default, asc2's range, only)."""
    if fn is None:
        return lambda f: TileJITFunction(f, **options)
    return TileJITFunction(fn, **options)


__all__ = ["TileJITFunction", "jit"]
