"""A faster IRDL verifier, with IRDL's own messages on failure.

xDSL's `OpDef.verify` is generic: per op it looks up options, splits variadic segments
and reads every operand through its descriptor, which was a fifth of a warm kernel
compile. `_plan` makes a verifier once per `OpDef` for the ops whose operand and result
segments are known without IRDL's general rule (all single, one variadic, or sized by
an attribute): it checks the same things directly (the counts, each operand and result
type against its constraint with one `VerificationContext`, so type variables bind
across them as in IRDL; regions, properties, attributes and traits). When the plan
finds anything wrong it runs xDSL's verifier, so the error is IRDL's own message; the
plan never accepts what IRDL would reject (tests/unit/dialects/test_fast_verify.py
compares the two on every op of the lit inputs). Plans are kept in our table
(`_PLANS`); `install` sets one as the `OpDef.verify` of an op class of ours only (one
defined in an `asc_xdsl` module). xDSL's op classes and a user's are never written to:
`verify_module` runs their plans itself (`verifier`, which reads IRDL's `verify_` of
the class to find its `OpDef` and the class's own checks). In `verify_module`, an op with no
regions or successors whose class, operand and result types, properties and attributes
are the very objects of an op already accepted is not checked again: the checks read
nothing else, and attributes are immutable. For the ops whose whole `verify_` (custom
checks included) reads nothing else either (arith's, and those a dialect declares with
`keep_verdicts`: the spec ops', by SoC family too; `_whole_verdict`), the whole
`verify_` is skipped so; `accepted_before` lets other verifiers keep verdicts of their
own checks the same way. `verify_module` checks every op in one walk of the module,
isolation from above included (`_verifies`). The verdicts are kept across
`verify_module` calls (the table holds the objects, so no identity is reused while it
is listed; it is emptied past `_VERDICT_LIMIT` entries): a kernel's vector ops share
their tensors' types, and compiles share the frontend's cached types and attributes.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import asc_xdsl.xdsl_compat  # noqa: F401 (checks the xDSL release first)

from xdsl.dialects.builtin import DenseArrayBase, i32
from xdsl.ir import BlockArgument, ErasedSSAValue, Operation, OpResult
from xdsl.irdl import (
    AttrSizedOperandSegments,
    AttrSizedResultSegments,
    IRDLOperation,
    OpDef,
    OptAttributeDef,
    OptionalDef,
    OptPropertyDef,
    VariadicDef,
)
from xdsl.irdl.constraints import (
    AnyAttr,
    EqIntConstraint,
    RangeLengthConstraint,
    RangeOf,
    VerificationContext,
)
from xdsl.irdl.operations import (
    AttrSizedRegionSegments,
    AttrSizedSegments,
    AttrSizedSuccessorSegments,
    VarIRConstruct,
    irdl_op_verify_regions,
    verify_variadic_size,
)
from xdsl.traits import IsolatedFromAbove, IsTerminator, NoTerminator
from xdsl.utils.exceptions import VerifyException

from asc_xdsl.utils.class_tests import SubclassCache, is_subclass
from asc_xdsl.utils.fast_accessors import apply as fast_accessors
from asc_xdsl.utils.fast_accessors import ours

_INSTALLED: set[type] = set()
_VERDICTS: list[dict[tuple[int, ...], tuple[Any, ...]] | None] = [None]
"""The verdict table while a `verify_module` is under way (None: none is, each op is
checked)."""
_ACCEPTED: dict[tuple[int, ...], tuple[Any, ...]] = {}
"""The IRDL checks passed in `verify_module`s, by the identities of what they read
(each entry keeps those objects)."""
_VERDICT_LIMIT = 20_000
_item = tuple.__getitem__
"""Indexing xDSL's value tuples without `SSAValues.__getitem__` (a Python call)."""


def new_context() -> VerificationContext:
    """A fresh `VerificationContext`, made without its dataclass `__init__`: that one's
    default factories (`dict[str, Attribute]()`) each fail to set `__orig_class__` on
    the new dict, raising and clearing an AttributeError, which made a context cost five
    times three empty dicts (a verify makes one per op checked)."""
    ctx = _new_context(VerificationContext)
    ctx._variables = {}
    ctx._range_variables = {}
    ctx._int_variables = {}
    return ctx


_new_context = object.__new__


def install(cls: type[IRDLOperation]) -> None:
    """Give `cls` the fast verifier where it has a plan, if `cls` is one of our op
    classes (defined in an `asc_xdsl` module: its `OpDef` is ours to set; idempotent).
    Any other class is left as it is: `verify_module` uses its plan from `_PLANS`."""
    if cls in _INSTALLED:
        return
    _INSTALLED.add(cls)
    if not ours(cls):
        return
    op_def = cls.get_irdl_definition()
    plan = plan_of(op_def)
    if plan is not None:
        op_def.verify = plan  # type: ignore[method-assign]


def plan_of(op_def: OpDef) -> Callable[[Operation], None] | None:
    """The fast verifier of `op_def` (`_plan`), made once; None where it has none."""
    kept = _PLANS.get(id(op_def))
    if kept is None:
        kept = _PLANS[id(op_def)] = (op_def, _plan(op_def))
    return kept[1]


_PLANS: dict[int, tuple[OpDef, Callable[[Operation], None] | None]] = {}
"""id of an `OpDef` -> (it, kept alive so that the id stays its own; its plan): ours,
kept here; xDSL's `OpDef` objects are never written to (an `OpDef` is not hashable)."""

_IRDL_VERIFY = "get_accessors_from_op_def.<locals>.verify_"
"""The `__qualname__` of the `verify_` IRDL gives an op class (it calls
`op_def.verify(op)`, then the class's own `verify_` if it had one)."""


def verifier(cls: type[Operation]) -> Callable[[Operation], None]:
    """What `verify_module` runs for an op of class `cls`: `cls.verify_`, with IRDL's
    checks made by the class's plan where `cls.verify_` is the one IRDL made (read from
    it, not written into it): the same verdict, IRDL's message on a fault."""
    return _verifier(cls.verify_)


def _verifier(verify_: Callable[..., None]) -> Callable[[Operation], None]:
    """`verify_` (an op class's method), or a function doing the same with IRDL's checks
    by plan (and the same for the class's own `verify_` it calls, if IRDL made it)."""
    code = getattr(verify_, "__code__", None)
    if (
        getattr(verify_, "__qualname__", "") != _IRDL_VERIFY
        or code is None
        or not set(code.co_freevars) <= {"custom_verify", "op_def"}
        or "op_def" not in code.co_freevars
    ):
        return verify_
    cells = dict(zip(code.co_freevars, verify_.__closure__ or (), strict=True))
    op_def = cells["op_def"].cell_contents
    if not isinstance(op_def, OpDef):
        return verify_
    # (an OpDef of ours with the plan set as its `verify` runs it already)
    plan = None if "verify" in getattr(op_def, "__dict__", ()) else plan_of(op_def)
    if plan is None:
        return verify_
    custom = cells.get("custom_verify")
    if custom is None:
        return plan
    inner = _verifier(custom.cell_contents)

    def verify(op: Operation) -> None:
        plan(op)
        inner(op)

    return verify


def _segments(
    defs: list[tuple[str, Any]], option_class: type[AttrSizedSegments], op_def: OpDef
) -> Callable[[Operation, int], Sequence[int]] | None:
    """How a list of `count` operands (or results) splits among `defs`: a function of
    the op and the count, giving each def's size (raising on a mismatch), or None where
    only IRDL's general rule applies (several variadics of the same size)."""
    n = len(defs)
    optional = tuple(isinstance(d, OptionalDef) for _, d in defs)
    variadic = [i for i, (_, d) in enumerate(defs) if isinstance(d, VariadicDef)]
    option = next((o for o in op_def.options if isinstance(o, option_class)), None)
    if option is not None:
        name, as_property = option.attribute_name, option.as_property

        def sized(op: Operation, count: int) -> Sequence[int]:
            attr = (op.properties if as_property else op.attributes).get(name)
            if not isinstance(attr, DenseArrayBase) or attr.elt_type != i32:
                raise VerifyException(name)
            sizes = attr.get_values()
            if len(sizes) != n or sum(sizes) != count:
                raise VerifyException(name)
            for size, is_optional in zip(sizes, optional, strict=True):
                if size < 0 or (is_optional and size > 1):
                    raise VerifyException(name)
            return sizes

        return sized
    if not variadic:
        ones = (1,) * n

        def fixed(op: Operation, count: int) -> Sequence[int]:
            if count != n:
                raise VerifyException("arity")
            return ones

        return fixed
    if len(variadic) > 1:
        return None
    at, at_most = variadic[0], 1 if optional[variadic[0]] else None

    def one_variadic(op: Operation, count: int) -> Sequence[int]:
        size = count - (n - 1)
        if size < 0 or (at_most is not None and size > at_most):
            raise VerifyException("arity")
        return (1,) * at + (size,) + (1,) * (n - at - 1)

    return one_variadic


def _element_constraint(constr: Any) -> Any:
    """The attribute constraint of a single operand or result (`RangeOf(c)` of length
    one, as IRDL declares it), or None where it is something else."""
    if (
        isinstance(constr, RangeLengthConstraint)
        and isinstance(constr.constraint, RangeOf)
        and constr.length == EqIntConstraint(1)
    ):
        return constr.constraint.constr
    return None


def _fixed_checks(defs: list[tuple[str, Any]]) -> tuple[tuple[int, Any], ...] | None:
    """(position, attribute constraint) per def that checks something, when every def
    is single; None when one is not."""
    checks = []
    for i, (_, d) in enumerate(defs):
        element = _element_constraint(d.constr)
        if element is None:
            return None
        if not isinstance(element, AnyAttr):  # AnyAttr checks nothing
            checks.append((i, element))
    return tuple(checks)


def _check_attributes(
    defs: tuple[tuple[str, Any, bool], ...], given: dict[str, Any], ctx: VerificationContext
) -> None:
    """Each defined property (or attribute) is given unless optional, and verifies."""
    for name, constr, optional in defs:
        value = given.get(name)
        if value is None:
            if optional:
                continue
            raise VerifyException(name)
        constr.verify(value, ctx)


def _plan(op_def: OpDef) -> Callable[[Operation], None] | None:
    operand_split = _segments(op_def.operands, AttrSizedOperandSegments, op_def)
    result_split = _segments(op_def.results, AttrSizedResultSegments, op_def)
    if operand_split is None or result_split is None:
        return None
    return _Plan(op_def, operand_split, result_split)


class _Plan:
    """The fast verifier of one `OpDef` (`_plan`): an object, not closures, since a
    kernel's first compile makes one per op class it verifies (its fields are what the
    closures' cells were, one container each)."""

    __slots__ = (
        "attrs",
        "fixed_regions",
        "memoizable",
        "n_operands",
        "n_regions",
        "n_results",
        "n_successors",
        "op_def",
        "operand_checks",
        "operand_constrs",
        "operand_split",
        "prop_names",
        "props",
        "result_checks",
        "result_constrs",
        "result_split",
        "slow",
        "traits",
    )

    def __init__(self, op_def: OpDef, operand_split: Any, result_split: Any):
        self.op_def = op_def
        self.operand_split, self.result_split = operand_split, result_split
        self.slow = OpDef.verify.__get__(op_def)
        self.operand_constrs = tuple(d.constr for _, d in op_def.operands)
        self.result_constrs = tuple(d.constr for _, d in op_def.results)
        # Ops whose operands and results are all single (most): check them by position.
        self.n_operands, self.n_results = len(self.operand_constrs), len(self.result_constrs)
        sized = any(isinstance(o, AttrSizedSegments) for o in op_def.options)
        self.operand_checks = None if sized else _fixed_checks(op_def.operands)
        self.result_checks = None if sized else _fixed_checks(op_def.results)
        self.fixed_regions = not any(
            isinstance(o, AttrSizedRegionSegments | AttrSizedSuccessorSegments)
            for o in op_def.options
        ) and not any(isinstance(d, VariadicDef) for _, d in [*op_def.regions, *op_def.successors])
        self.n_regions, self.n_successors = len(op_def.regions), len(op_def.successors)
        self.props = tuple(
            (name, d.constr, isinstance(d, OptPropertyDef)) for name, d in op_def.properties.items()
        )
        self.prop_names = frozenset(op_def.properties)
        self.attrs = tuple(
            (name, d.constr, isinstance(d, OptAttributeDef))
            for name, d in op_def.attributes.items()
        )
        self.traits = tuple(_fast_trait(t) for t in op_def.traits)
        self.memoizable = self.fixed_regions and not self.n_regions and not self.n_successors

    @staticmethod
    def _check_values(constrs, split, op, values, ctx) -> None:
        sizes = split(op, len(values))
        at = 0
        for constr, size in zip(constrs, sizes, strict=True):
            constr.verify(tuple(v.type for v in values[at : at + size]), ctx)
            at += size

    def check(self, op: Operation) -> None:
        ctx = new_context()
        operands, results = op._operands, op.results  # (the tuple behind op.operands)
        checks = self.operand_checks
        if checks is not None and len(operands) == self.n_operands:
            for i, constr in checks:
                constr.verify(_item(operands, i).type, ctx)
        else:
            self._check_values(self.operand_constrs, self.operand_split, op, operands, ctx)
        checks = self.result_checks
        if checks is not None and len(results) == self.n_results:
            for i, constr in checks:
                constr.verify(_item(results, i).type, ctx)
        else:
            self._check_values(self.result_constrs, self.result_split, op, results, ctx)
        if self.fixed_regions:
            if len(op._successors) != self.n_successors or len(op.regions) != self.n_regions:
                raise VerifyException("arity")
            if self.n_regions:
                irdl_op_verify_regions(op, self.op_def, ctx)
        else:
            irdl_op_verify_regions(op, self.op_def, ctx)
            verify_variadic_size(op, self.op_def, VarIRConstruct.SUCCESSOR)
        _check_attributes(self.props, op.properties, ctx)
        if not self.prop_names.issuperset(op.properties):
            raise VerifyException("property")
        _check_attributes(self.attrs, op.attributes, ctx)

    def __call__(self, op: Operation) -> None:
        verdicts = _VERDICTS[0]
        if self.memoizable and verdicts is not None:
            # `check`'s verdict is a function of the op's class, its operand and result
            # types and its properties and attributes: asked once per such set.
            key = _signature(self.op_def, op)
            if key not in verdicts:
                try:
                    self.check(op)
                except VerifyException:
                    self.slow(op)  # IRDL's own message (and IRDL's word if it accepts the op)
                    return
                verdicts[key] = _kept(self.op_def, op)
        else:
            try:
                self.check(op)
            except VerifyException:
                self.slow(op)
                return
        for trait in self.traits:
            trait.verify(op)


def _signature(tag: object, op: Operation) -> tuple[int, ...]:
    """The identities of `tag`, then of what a check that reads only the op's operand and
    result types, properties and attributes reads (`_type`: what `SSAValue.type`
    returns). Built by plain loops: an op has a few of each, and a `map` (or a star of
    an empty dict) costs more than that."""
    key = [id(tag)]
    for value in op._operands:
        key.append(id(value._type))
    key.append(0)  # (0, 1 and 2 are no object's id: they mark where each list starts)
    for value in op.results:
        key.append(id(value._type))
    properties, attributes = op.properties, op.attributes
    if properties:
        key.append(1)
        for name, attr in properties.items():
            key += (id(name), id(attr))
    if attributes:
        key.append(2)
        for name, attr in attributes.items():
            key += (id(name), id(attr))
    return tuple(key)


def _kept(tag: object, op: Operation) -> tuple[Any, ...]:
    """The objects whose identities `_signature(tag, op)` lists, kept with its verdict so
    that none is freed (and its id reused) while it is listed."""
    return (
        tag,
        *[value._type for value in op._operands],
        *[value._type for value in op.results],
        *op.properties.items(),
        *op.attributes.items(),
    )


def accepted_before(tag: object, op: Operation) -> tuple[Any, ...] | None:
    """For a check `tag` whose verdict is a function of `op`'s operand and result types,
    properties and attributes (by identity): None when it passed on the same objects in
    a `verify_module` (this one or an earlier one), else a ticket for `accept` once it
    passes. Outside `verify_module` there is no table: a ticket every time."""
    verdicts = _VERDICTS[0]
    if verdicts is None:
        return ()
    key = _signature(tag, op)
    return None if key in verdicts else (key, _kept(tag, op))


def accept(ticket: tuple[Any, ...]) -> None:
    """Remember that the check of `ticket` (from `accepted_before`) passed."""
    verdicts = _VERDICTS[0]
    if ticket and verdicts is not None:
        key, objects = ticket
        verdicts[key] = objects


def _fast_trait(trait: Any) -> Any:
    """`trait`, or for `IsolatedFromAbove` a check with the same verdict that finds the
    values defined inside the op once (xDSL's asks, per operand, whether the op is an
    ancestor of its owner by walking up the parents)."""
    if type(trait) is IsolatedFromAbove:
        return _IsolatedFromAbove(trait)
    return trait


class _IsolatedFromAbove:
    """Every operand used inside the op is defined inside it. On a fault, xDSL's own
    check runs (its message; and it leaves the ops inside a nested isolated op to
    that op's own check, which runs too: the module verifies the same)."""

    def __init__(self, trait: IsolatedFromAbove):
        self.trait = trait

    def verify(self, op: Operation) -> None:
        if _ISOLATION_CHECKED[0]:
            return  # (`verify_module` checks it for every isolated op at once)
        inside: set[int] = set()
        ops: list[Operation] = []
        pending = [op]
        while pending:  # (through xDSL's links: its iterators cost a call per step)
            for region in pending.pop().regions:
                block = region._first_block
                while block is not None:
                    inside.add(id(block))
                    child = block._first_op
                    while child is not None:
                        inside.add(id(child))
                        ops.append(child)
                        if child.regions:
                            pending.append(child)
                        child = child._next_op
                    block = block._next_block
        for child in ops:
            for operand in child._operands:
                if id(operand.owner) not in inside:
                    self.trait.verify(op)
                    return


def verify_module(module: Operation) -> None:
    """`module.verify()`, with the fast verifier installed for every op class in it.

    The checks are `_verifies`': those of xDSL's `Operation.verify` (and its block's and
    region's) on every op; when any fails (or raises), xDSL's runs, so the error raised
    is its own."""
    outer = _VERDICTS[0]
    if len(_ACCEPTED) > _VERDICT_LIMIT:
        _ACCEPTED.clear()
    _VERDICTS[0] = _ACCEPTED
    _ISOLATION_CHECKED[0] = True
    try:
        good = _verifies(module)
    except Exception:
        good = False
    finally:
        _VERDICTS[0] = outer
        _ISOLATION_CHECKED[0] = False
    if not good:
        module.verify()
    from asc_xdsl.dialects.dominance import check_module  # (uses its definitions dominate)
    from asc_xdsl.dialects.simt_calls import check_simt_calls

    check_module(module)
    check_simt_calls(module)  # (__simt_callee__ functions called from SIMT code only)


_ISOLATION_CHECKED = [False]
"""Whether a `verify_module` is under way (it checks every isolated op's isolation)."""

_ERASED = SubclassCache(ErasedSSAValue)
"""Value class -> whether it is an ErasedSSAValue (an isinstance per operand would go
through ABCMeta)."""


def _verifies(module: Operation) -> bool:
    """Whether xDSL's `module.verify()` passes (False: it may not; a VerifyException of
    a verifier is False, any other error is raised), in one walk of the ops nested in
    `module` (a list, cheaper than xDSL's recursion). Each op is checked on its own, in
    any order: any fault means xDSL's verifier runs, so only the verdict matters.

    Isolation is checked for all IsolatedFromAbove ops at once: the isolated ops around
    a use (strictly; one tuple per isolated region, shared by everything in it) must be
    around its definition too, or be the op that defines it. An op and the values it
    uses are nearly always in one region of one isolated op, where they share a tuple."""
    context = tuple(fact(module) for _, fact, _ in _KEEPERS)
    classes = _CLASSES.get(context)
    if classes is None:
        classes = _CLASSES[context] = {}
    if not _placed(module):
        return False
    erased = _ERASED
    verdicts = _ACCEPTED  # (`verify_module` is under way)
    scopes: dict[int, tuple[int, ...]] = {}  # id of a value's owner -> the scope around it
    pending: list[tuple[Operation, tuple[int, ...]]] = [(module, ())]
    while pending:
        op, around = pending.pop()
        cls = type(op)
        tag, recheck, _, no_terminator, isolated, verify, verify_ = classes.get(
            cls
        ) or _class_facts(classes, cls, context)
        for operand in op._operands:  # (`owner` is a Python property)
            kind = type(operand)
            if kind is OpResult:
                owner = operand.op
            elif kind is BlockArgument:
                owner = operand.block
            elif erased[kind]:
                return False
            else:
                owner = operand.owner
            defined = scopes.get(id(owner))
            if defined is not around and not _encloses(defined, owner, around):
                return False
        if op.regions:  # their blocks' and ops' links, and where each op stands
            inner = (*around, id(op)) if isolated else around
            for region in op.regions:
                block = region._first_block
                several = block is not region._last_block
                parent = region.parent  # (xDSL asks it, not `op`)
                if parent is op:
                    free = no_terminator
                else:
                    free = parent is None or _class_facts(classes, type(parent), context)[3]
                needs_terminator = several or not free
                while block is not None:
                    if block.parent is not region:
                        return False
                    if block._args:
                        scopes[id(block)] = inner
                    last = block._last_op
                    child = block._first_op
                    if child is None and needs_terminator and not several:
                        return False  # an empty block where a terminator is needed
                    while child is not None:
                        if child.parent is not block:
                            return False
                        if child.results:
                            scopes[id(child)] = inner
                        if child._successors:  # (the tuple behind op.successors)
                            if child is not last:
                                return False
                            for successor in child._successors:
                                if successor.parent is not region:
                                    return False
                        if (
                            child is last
                            and needs_terminator
                            and not (
                                classes.get(type(child))
                                or _class_facts(classes, type(child), context)
                            )[2]
                        ):
                            return False
                        pending.append((child, inner))
                        child = child._next_op
                    block = block._next_block
        if tag is not None:  # (`accepted_before`, inline)
            key = _signature(tag, op)
            if key in verdicts:
                if recheck is not None:
                    try:
                        recheck(op)
                    except VerifyException:
                        return False
                continue
        try:
            # (`op.verify_()`, IRDL's checks by plan: `verifier`; the class's `verify_`
            # as it is now if it was replaced since)
            (verify if cls.verify_ is verify_ else cls.verify_)(op)
        except VerifyException:
            return False
        if tag is not None:
            verdicts[key] = _kept(tag, op)
    return True


def _encloses(defined: tuple[int, ...] | None, owner: object, around: tuple[int, ...]) -> bool:
    """Whether the isolated ops around a use (`around`) are around the definition of the
    value it uses too, or are its `owner` (`defined`: those around the owner; None where
    the walk did not meet it)."""
    if defined is None:
        return False
    if isinstance(owner, Operation):
        defined = (*defined, id(owner))
    return defined[: len(around)] == around


def _placed(op: Operation) -> bool:
    """xDSL's checks of where `op`, the outermost op verified, stands in its block
    (`_verifies` checks those of the ops inside as it meets them)."""
    parent_block = op.parent
    parent_region = None if parent_block is None else parent_block.parent
    if op._successors:
        if parent_block is None or parent_region is None:
            return False
        if parent_block._last_op is not op:
            return False
        for successor in op._successors:
            if successor.parent is not parent_region:
                return False
    if parent_region is not None and parent_block._last_op is op:  # type: ignore[union-attr]
        parent_op = parent_region.parent
        if parent_region._first_block is not parent_region._last_block or (
            parent_op is not None and not parent_op.has_trait(NoTerminator)
        ):
            return op.has_trait(IsTerminator)
    return True


_CLASSES: dict[tuple[Any, ...], dict[type, tuple[Any, Any, bool, bool, bool, Any, Any]]] = {}
"""Per context (the `_KEEPERS`' facts of the module verified): op class -> (the tag its
whole `verify_` verdict is kept under or None, the check still asked of each op whose
verdict is kept or None, whether it is a terminator, whether its regions need none,
whether it is IsolatedFromAbove, what verifies an op of it (`verifier`), and the class's
`verify_` that was made from), found once per class."""

_KEEPERS: list[tuple[type, Callable[[Operation], Any], Callable[[type, Any], Any]]] = []
"""The rules of `keep_verdicts`."""


def keep_verdicts(
    base: type,
    fact: Callable[[Operation], Any],
    rule: Callable[[type, Any], tuple[object, Callable[[Operation], None] | None] | None],
) -> None:
    """Keep whole `verify_` verdicts of the op classes under `base` (in `verify_module`,
    by the op's signature, `_signature`): `rule(cls, fact(module))` is None where the
    class's `verify_` may read more than its op's signature and that fact of the module
    verified, else (the tag its verdicts are kept under, a check that still runs on every
    op whose verdict is kept, or None)."""
    _KEEPERS.append((base, fact, rule))
    _CLASSES.clear()


def _class_facts(
    classes: dict[type, tuple[Any, Any, bool, bool, bool, Any, Any]],
    cls: type,
    context: tuple[Any, ...],
) -> tuple[Any, Any, bool, bool, bool, Any, Any]:
    """`cls`'s entry of `classes` (`_CLASSES`). For one of our op classes it also
    installs the fast verifier and the fast accessors (`fast_accessors`)."""
    if is_subclass(cls, IRDLOperation):
        install(cls)
        fast_accessors(cls)
    kept = _whole_verdict(cls, context) or (None, None)
    facts = classes[cls] = (
        *kept,
        cls.has_trait(IsTerminator),
        cls.has_trait(NoTerminator),
        cls.has_trait(IsolatedFromAbove),
        verifier(cls),
        cls.verify_,
    )
    return facts


_SIGNATURE_VERIFIED_MODULES = ("xdsl.dialects.arith",)
"""xDSL dialects each of whose ops' `verify_` (IRDL's checks, traits, the op's own)
reads only its operand and result types, properties and attributes (checked by reading
them: arith's own checks compare the types' widths, kinds and shapes)."""
_SIGNATURE_VERIFIED_CLASSES = frozenset({"builtin.unrealized_conversion_cast"})
"""Other ops of that kind, by name."""


def _whole_verdict(
    cls: type, context: tuple[Any, ...]
) -> tuple[object, Callable[[Operation], None] | None] | None:
    """For an op class whose `verify_()` verdict is kept by the op's signature: (the
    object it is kept under, the check still asked of each op or None); None for other
    classes (their `verify_` runs). Kept: the classes of `_SIGNATURE_VERIFIED_MODULES`
    and `_SIGNATURE_VERIFIED_CLASSES` without regions or successors, and those a
    `keep_verdicts` rule keeps."""
    # (`is_subclass`: a "no" from ABCMeta would visit every op class; docs/performance.md)
    if not is_subclass(cls, IRDLOperation):
        return None
    for (base, _, rule), fact in zip(_KEEPERS, context, strict=True):
        if is_subclass(cls, base):
            return rule(cls, fact)
    if cls.__module__ not in _SIGNATURE_VERIFIED_MODULES and (
        cls.name not in _SIGNATURE_VERIFIED_CLASSES
    ):
        return None
    op_def = cls.get_irdl_definition()
    if op_def.regions or op_def.successors:
        return None
    return (cls, "verify_"), None
