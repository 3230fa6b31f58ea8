"""`cse`: xDSL's common subexpression elimination, with its per-op work done once.

The same rules and results as `xdsl.transforms.common_subexpression_elimination` (the
JIT pipeline's `cse`, pyasc's too): ops are visited in order, scope by scope (a region
of one block sees the ops known outside it; an op that may be isolated from above
starts afresh); a terminator is kept; an op with unused results and no effect beyond
them is erased; a pure op, or one that only reads and has no write between it and its
twin in the same block, takes the results of an equal op seen before (same name,
attributes, properties, operands, result types and structurally equal regions). xDSL's
driver asks for an op's memory effects up to three times, its traits each time and
hashes it twice; here the effects are asked once per op, the traits once per op class,
and the hash once per lookup. tests/unit/transforms/test_cse.py holds the two to the
same output on the lit inputs and on generated kernels.

Before:

    %a = arith.addi %x, %y : i32
    %b = arith.addi %x, %y : i32
    %c = arith.muli %a, %b : i32

After:

    %a = arith.addi %x, %y : i32
    %c = arith.muli %a, %a : i32
"""

from __future__ import annotations

from collections.abc import Callable, Set
from operator import attrgetter

from xdsl.dialects.builtin import UnregisteredOp
from xdsl.ir import Block, Operation, Region, SSAValue
from xdsl.rewriter import Rewriter
from xdsl.traits import (
    EffectInstance,
    IsolatedFromAbove,
    IsTerminator,
    MemoryEffect,
    MemoryEffectKind,
    RecursiveMemoryEffect,
    SymbolOpInterface,
)

from asc_xdsl.utils.class_tests import is_subclass
from asc_xdsl.utils.records import FrozenRecord, init_fields

_READ, _WRITE, _ALLOC = MemoryEffectKind.READ, MemoryEffectKind.WRITE, MemoryEffectKind.ALLOC
_UNASKED = frozenset({None})
_TYPE_OF = attrgetter("_type")
"""A value's type, the field behind `SSAValue.type` (a C getter: `map` needs no frame)."""


class _Key:
    """An op as a key of the known ops: equal to an op that computes the same (xDSL's
    `OperationInfo`), its hash computed once."""

    __slots__ = ("hash", "name", "op")

    def __init__(self, op: Operation, unregistered: bool = False):
        """(`unregistered`: whether `op`'s class is `UnregisteredOp`'s, known to the
        caller from its class facts.)"""
        self.op = op
        self.name = op.op_name.data if unregistered else op.name  # type: ignore[attr-defined]
        attributes, properties = op.attributes, op.properties
        # Equal ops hash alike: the operands by identity (as they compare; an SSA
        # value's own hash is a Python call), the result types by class (hashing a
        # type hashes its parameters, recursively; ops that differ only in result
        # types of one class are rare, and `__eq__` tells them apart).
        self.hash = hash(
            (
                self.name,
                sum(map(hash, attributes.items())) if attributes else 0,
                sum(map(hash, properties.items())) if properties else 0,
                tuple(map(type, map(_TYPE_OF, op.results))),  # (`type`'s field)
                tuple(map(id, op._operands)),  # (the tuple behind op.operands)
            )
        )

    def __hash__(self) -> int:
        return self.hash

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, _Key):
            return False
        a, b = self.op, other.op
        return (
            self.hash == other.hash
            and self.name == other.name
            and a.attributes == b.attributes
            and a.properties == b.properties
            and a._operands == b._operands
            and a.result_types == b.result_types
            and all(
                s.is_structurally_equivalent(o) for s, o in zip(a.regions, b.regions, strict=True)
            )
        )


class _ClassFacts(FrozenRecord):
    """An op class's traits as xDSL's driver asks for them (an unregistered op answers
    yes to every `has_trait`, so it counts as a terminator and as isolated).

    `effect_getters`: each effect trait's `get_effects` (`_recursive_effects` for xDSL's
    `RecursiveMemoryEffect`); `single_getter`: the one effect getter of a class with one
    effect trait (`_effects` then is its answer), else None."""

    _FIELDS = (
        "terminator",
        "symbol",
        "isolated",
        "effect_traits",
        "effect_getters",
        "has_effect_interface",
        "unregistered",
        "single_getter",
    )
    __slots__ = _FIELDS

    def __init__(
        self,
        terminator: bool,
        symbol: bool,
        isolated: bool,
        effect_traits: tuple[MemoryEffect, ...],
        effect_getters: tuple[Callable[[Operation], Set[EffectInstance] | None], ...],
        has_effect_interface: bool,
        unregistered: bool,
        single_getter: Callable[[Operation], Set[EffectInstance] | None] | None,
    ) -> None:
        init_fields(
            self,
            terminator=terminator,
            symbol=symbol,
            isolated=isolated,
            effect_traits=effect_traits,
            effect_getters=effect_getters,
            has_effect_interface=has_effect_interface,
            unregistered=unregistered,
            single_getter=single_getter,
        )


_CLASS_FACTS: dict[type, _ClassFacts] = {}


def _class_facts(cls: type[Operation]) -> _ClassFacts:
    facts = _CLASS_FACTS.get(cls)
    if facts is None:
        traits = tuple(cls.get_traits_of_type(MemoryEffect))
        getters = tuple(_effect_getter(cls, t) for t in traits)
        facts = _CLASS_FACTS[cls] = _ClassFacts(
            cls.has_trait(IsTerminator),
            cls.has_trait(SymbolOpInterface),
            cls.has_trait(IsolatedFromAbove),
            traits,
            getters,
            bool(traits),
            is_subclass(cls, UnregisteredOp),  # (a "no" from ABCMeta visits every op class)
            getters[0] if len(getters) == 1 else None,
        )
    return facts


def _effect_getter(
    cls: type[Operation], trait: MemoryEffect
) -> Callable[[Operation], Set[EffectInstance] | None]:
    """How the driver asks `trait` for an op's effects. The driver reads effects' kinds,
    and the values of allocations only: a trait that knows its kinds per op class
    (`kinds_getter`, spec ops' `SpecMemoryEffects`, which allocate nothing) answers
    with one set per class instead of a record per operand and kind."""
    if type(trait) is RecursiveMemoryEffect:
        return _recursive_effects
    kinds_getter = getattr(trait, "kinds_getter", None)
    return trait.get_effects if kinds_getter is None else kinds_getter(cls)


def _effects(op: Operation, facts: _ClassFacts) -> Set[EffectInstance] | None:
    """`xdsl.traits.get_effects(op)`: None when unknown."""
    if not facts.has_effect_interface:
        return None
    getters = facts.effect_getters
    if len(getters) == 1:
        return getters[0](op)
    effects: set[EffectInstance] = set()
    for get in getters:
        found = get(op)
        if found is None:
            return None
        effects.update(found)
    return effects


def _recursive_effects(op: Operation) -> Set[EffectInstance] | None:
    """xDSL's `RecursiveMemoryEffect.get_effects`: the effects of the ops in `op`'s
    regions (None if one's are unknown), each op's asked as `_effects` asks (xDSL's
    `get_effects` looks its traits up again per op)."""
    effects: set[EffectInstance] = set()
    for region in op.regions:
        block = region._first_block
        while block is not None:
            child = block._first_op
            while child is not None:
                found = _effects(child, _class_facts(type(child)))
                if found is None:
                    return None
                effects.update(found)
                child = child._next_op
            block = block._next_block
    return effects


def _only_results_affected(op: Operation, effects: Set[EffectInstance] | None) -> bool:
    """xDSL's `result_only_effects`: reads, and allocations of values the op defines."""
    return effects is not None and all(
        e.kind is _READ
        or (e.kind is _ALLOC and isinstance(v := e.value, SSAValue) and op.is_ancestor(v.owner))
        for e in effects
    )


class _Driver:
    def __init__(self) -> None:
        self.known: dict[_Key, Operation] = {}
        self.erase: dict[Operation, None] = {}
        self.stored: set[int] = set()
        """`id`s of every op ever stored in `known` (of any scope)."""

    def run(self, root: Operation) -> None:
        for region in root.regions:
            self.region(region)
        for op in self.erase:
            if op.parent is not None:
                Rewriter.erase_op(op)

    def region(self, region: Region) -> None:
        block = region.first_block
        if block is None or block.next_block is not None:
            return  # no block, or several
        outer = self.known
        self.known = dict(outer)
        self.block(block)
        self.known = outer

    def block(self, block: Block) -> None:
        class_facts = _CLASS_FACTS
        op = block._first_op
        while op is not None:
            cls = type(op)
            facts = class_facts.get(cls) or _class_facts(cls)
            if op.regions:
                if facts.isolated:  # (an unregistered op may be: xDSL assumes it is)
                    outer, self.known = self.known, {}
                    for region in op.regions:
                        self.region(region)
                    self.known = outer
                else:
                    for region in op.regions:
                        self.region(region)
            self.operation(op, facts)
            op = op._next_op

    def operation(self, op: Operation, facts: _ClassFacts) -> None:
        if facts.terminator:
            return
        # (the effects are asked for where xDSL's driver first asks: IR that was never
        # verified may fail there)
        effects: Set[EffectInstance] | None = _UNASKED  # type: ignore[assignment]
        if not facts.symbol:
            for r in op.results:
                if r.first_use is not None:
                    break
            else:  # (no result is used)
                effects = _effects(op, facts)
                if _only_results_affected(op, effects):
                    self.erase[op] = None
                    return
        if op.regions and any(len(region.blocks) > 1 for region in op.regions):
            return
        if effects is _UNASKED:
            getter = facts.single_getter
            effects = getter(op) if getter is not None else _effects(op, facts)
        if effects is None:
            return
        for e in effects:  # (no generator: most ops have one or two effects)
            if e.kind is not _READ:
                return
        key = _Key(op, facts.unregistered)
        existing = self.known.get(key)
        if existing is not None and (
            not effects  # (pure)
            or (op.parent is existing.parent and not self._writes_between(existing, op))
        ):
            self._replace(op, existing)
            return
        self.known[key] = op
        self.stored.add(id(op))

    @staticmethod
    def _writes_between(first: Operation, last: Operation) -> bool:
        """Whether an op from `first` up to (not including) `last` may write."""
        op: Operation | None = first
        while op is not last:
            assert op is not None, "Incorrect order of ops in side-effect search"
            effects = _effects(op, _class_facts(type(op)))
            if effects is None or any(e.kind is _WRITE for e in effects):
                return True
            op = op.next_op
        return False

    def _replace(self, op: Operation, existing: Operation) -> None:
        """Uses of `op`'s results in ops not yet visited take `existing`'s; `op` goes
        when none remain. (xDSL's test of "not yet visited": no equal op is known.)"""
        known, stored = self.known, self.stored
        for old, new in zip(op.results, existing.results, strict=True):
            users = [use.operation for use in old.uses]
            # A use's op can equal a known op only if that op uses `old` too: so when
            # no user was ever stored, no key need be made.
            if all(id(u) not in stored for u in users) or all(
                _Key(u, _class_facts(type(u)).unregistered) not in known for u in users
            ):
                old.replace_all_uses_with(new)
        if all(r.first_use is None for r in op.results):
            self.erase[op] = None


def cse(root: Operation) -> None:
    """Eliminate common subexpressions in `root`'s regions, in place."""
    _Driver().run(root)


__all__ = ["cse"]
