"""`AscContext`: an xDSL Context that makes AscendC op classes when IR first names them.

The dialect has hundreds of spec-defined ops (see `ascendc/spec.py`); defining all of
them costs far more than compiling a kernel that uses five. The context knows the
types of `ASCENDC_TYPES` up front; an `ascendc.*` op name the parser meets is one of
the hand-written ops (`ascendc.LAZY_OPS`, their modules imported then) or is asked of
the spec families, and `asc_xdsl.dialects.emitasc` for `emitasc.*`
ones and for pyasc's `emitc.*` names of four of them (`PYASC_SPELLINGS`); the struct, Reg and Matmul types (`!ascendc.binary_repeat_params`, `!ascendc.reg_tensor`, `!ascendc.matmul<...>`, ...) are
defined when first named too. Two upstream ops are parsed in the forms pyasc writes too
(`pyasc_syntax.py`).
"""

from __future__ import annotations

import asc_xdsl.xdsl_compat  # noqa: F401 (checks the xDSL release first)

from xdsl.context import Context
from xdsl.ir import Attribute, Operation, TypeAttribute
from xdsl.utils.exceptions import AlreadyRegisteredConstructException


class AscContext(Context):
    def _get_known_op(self, name: str) -> type[Operation] | None:
        if name in ("arith.select", "memref.cast"):  # pyasc's forms of upstream ops
            from asc_xdsl.dialects.pyasc_syntax import SYNTAX

            return SYNTAX[name]
        if name.startswith("emitc."):  # pyasc's names of four of ours (input only)
            from asc_xdsl.dialects.emitasc import PYASC_SPELLINGS

            ours = PYASC_SPELLINGS.get(name)
            if ours is not None:
                return self._get_known_op(ours)
        known = super()._get_known_op(name)
        if known is not None or not name.startswith(("ascendc.", "emitasc.")):
            return known
        import importlib

        from asc_xdsl.dialects.ascendc.spec import spec_op_class
        from asc_xdsl.dialects.ascendc_op_index import OP_MODULES

        if name.startswith("ascendc."):
            from asc_xdsl.dialects.ascendc import LAZY_OPS, lazy_type

            handwritten = LAZY_OPS.get(name)
            if handwritten is not None:
                cls = lazy_type(*handwritten)
                self.load_op(cls)
                return cls
            module = OP_MODULES.get(name)
            if module is None:
                return None
            importlib.import_module(f"asc_xdsl.dialects.ascendc.{module}")
        else:
            emitasc = importlib.import_module("asc_xdsl.dialects.emitasc")
            if name in emitasc.HANDWRITTEN_OPS:
                self.load_op(emitasc.HANDWRITTEN_OPS[name])
                return emitasc.HANDWRITTEN_OPS[name]
        cls = spec_op_class(name)
        if cls is not None:
            self.load_op(cls)
        return cls

    def load_attr_or_type(self, attr: type[Attribute]) -> None:
        """As xDSL's, which asks `issubclass(attr, TypeAttribute)`: an ABC check that
        answers "no" by visiting every type class, ~0.2 ms for each of builtin's
        non-type attributes when a context loads it. Nothing registers a virtual
        `TypeAttribute` (xDSL or here), so the class's MRO gives the same answer."""
        if TypeAttribute in attr.__mro__:
            loaded, kind = self._loaded_types, "Type"
        else:
            loaded, kind = self._loaded_attrs, "Attribute"
        if attr.name in loaded:
            raise AlreadyRegisteredConstructException(f"{kind} {attr.name} has already been loaded")
        loaded[attr.name] = attr

    def get_optional_type(self, name: str) -> type[TypeAttribute] | None:
        self._load_struct_type(name, attr=False)
        return super().get_optional_type(name)

    def get_optional_attr(self, name: str) -> type[Attribute] | None:
        self._load_struct_type(name, attr=True)
        return super().get_optional_attr(name)

    def _load_struct_type(self, name: str, *, attr: bool) -> None:
        """The struct types (`struct_types.py`), the Reg and Matmul types (`ascendc.LAZY_TYPES`)
        and the Matmul config attribute (`ascendc.LAZY_ATTRS`; `!ascendc.matmul_config` is
        a struct type) are defined when the parser first meets one, like the spec-defined
        ops; so are the `emitc` attributes pyasc's IR uses."""
        if name in (self._loaded_attrs if attr else self._loaded_types):
            return
        if name.startswith("emitc.") and name not in self._loaded_attrs:
            from asc_xdsl.dialects.emitasc import PYASC_COMPAT_ATTRS

            if name in PYASC_COMPAT_ATTRS:
                from xdsl.dialects import emitc

                self.load_attr_or_type(getattr(emitc, PYASC_COMPAT_ATTRS[name]))
            return
        if not name.startswith("ascendc."):
            return
        from asc_xdsl.dialects.ascendc import LAZY_ATTRS, LAZY_TYPES, lazy_type
        from asc_xdsl.dialects.ascendc.struct_types import BY_MNEMONIC, STRUCT_TYPES

        if attr:
            if name in LAZY_ATTRS:
                self.load_attr_or_type(lazy_type(*LAZY_ATTRS[name]))
            return

        class_name = BY_MNEMONIC.get(name)
        if class_name is not None:
            self.load_attr_or_type(STRUCT_TYPES[class_name])
        elif name in LAZY_TYPES:  # (the Reg and Matmul types: a kernel without them needs none)
            self.load_attr_or_type(lazy_type(*LAZY_TYPES[name]))

    def clone(self) -> AscContext:
        return AscContext(
            self.allow_unregistered,
            self._loaded_dialects.copy(),
            self._loaded_ops.copy(),
            self._loaded_attrs.copy(),
            self._loaded_types.copy(),
            self._registered_dialects.copy(),
        )
