"""`ascendc.construct`: build a parameter struct or enum value
(`AscendC::DataCopyParams v{...};`).

The data copy parameters and ShapeInfo have field tables (`types.construct_field_types`):
their fields are checked and converted. The other parameter structs and enums
(`struct_types.STRUCT_TYPES`, `param_types.PARAM_TYPES`) take their fields as given, in
declaration order.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from xdsl.dialects.builtin import ArrayAttr, MemRefType, TypeAttribute, UnitAttr
from xdsl.ir import Attribute
from xdsl.irdl import (
    irdl_op_definition,
    opt_prop_def,
    result_def,
    traits_def,
    var_operand_def,
)
from xdsl.irdl.operations import ParsePropInAttrDict
from xdsl.traits import Pure
from xdsl.utils.exceptions import VerifyException

from asc_xdsl.dialects.ascendc.adv_types import MatmulType
from asc_xdsl.dialects.ascendc.base import AscendCOp, EmitKind, is_scalar
from asc_xdsl.dialects.ascendc.param_types import PARAM_TYPES
from asc_xdsl.dialects.ascendc.struct_types import STRUCT_TYPES
from asc_xdsl.dialects.ascendc.types import (
    CONSTRUCTIBLE_TYPES,
    AscendCType,
    construct_field_types,
)


@irdl_op_definition
class ConstructOp(AscendCOp):
    """Construct a value of an AscendC struct type from its fields, in declaration order.

    `types`, when present, gives the C++ type of each field; an operand of another
    type is converted with `static_cast`.
    """

    name = "ascendc.construct"
    API_NAME: ClassVar[str] = ""
    EMIT_KIND: ClassVar[EmitKind] = EmitKind.CUSTOM

    operands_ = var_operand_def()
    types = opt_prop_def(ArrayAttr[TypeAttribute])
    is_constexpr = opt_prop_def(UnitAttr, prop_name="isConstexpr")
    is_static = opt_prop_def(UnitAttr, prop_name="isStatic")
    result = result_def()

    irdl_options = (ParsePropInAttrDict(),)
    traits = traits_def(Pure())
    assembly_format = (
        "type($result) `(` ($operands_^)? `)` ($types^)? (`constexpr` $isConstexpr^)? "
        "(`static` $isStatic^)? attr-dict (`:` type($operands_)^)?"
    )

    def __init__(self, result_type, fields=(), field_types=None):
        props = {}
        if field_types is not None:
            props["types"] = ArrayAttr(field_types)
        super().__init__(operands=[list(fields)], result_types=[result_type], properties=props)

    def field_types(self) -> Sequence[Attribute]:
        """The C++ type of each field: `types` if given, else the struct's own (an
        operand's own type where the struct takes any)."""
        if self.types is not None:
            return list(self.types.data)
        known = construct_field_types(self.result.type, len(self.operands_))
        if not known:
            return [v.type for v in self.operands_]
        return [t or v.type for t, v in zip(known, self.operands_, strict=True)]

    def verify_(self) -> None:
        rtype = self.result.type
        n = len(self.operands_)
        if isinstance(rtype, MatmulType):  # a matmul object: default-constructed
            if n:
                raise VerifyException(f"'{self.name}': a matmul object takes no fields")
            return
        if not isinstance(rtype, (*CONSTRUCTIBLE_TYPES, *STRUCT_TYPES.values(), *PARAM_TYPES)):
            raise VerifyException(
                f"'{self.name}': cannot construct {rtype} (constructible: the parameter "
                "structs and enums, !ascendc.shape_info, the data copy parameters and "
                "!ascendc.matmul)"
            )
        known = construct_field_types(rtype, n)
        if known is None and isinstance(rtype, CONSTRUCTIBLE_TYPES):
            raise VerifyException(f"'{self.name}': {rtype} cannot be built from {n} fields")
        listed = known is not None
        if known is None:  # a struct whose fields the dialect does not list: as given
            known = [None] * n
        if self.types is not None:
            if len(self.types) != n:
                raise VerifyException(
                    f"'{self.name}': {len(self.types)} field types for {n} fields"
                )
            for i, (given, field) in enumerate(zip(self.types.data, known, strict=False)):
                # The struct's constructor takes `field`: any other type would narrow.
                if field is not None and given != field:
                    raise VerifyException(
                        f"'{self.name}': field {i} of {rtype} is {field}, not {given}"
                    )
        for i, v in enumerate(self.operands_):
            # Arrays (memrefs) and structs only fill fields that take any type (ShapeInfo's
            # shape arrays, AippParams' member structs); `static_cast<uint16_t>(ptr)` is
            # not C++.
            any_type = not known or known[i] is None
            if (
                is_scalar(v.type)
                or (isinstance(v.type, MemRefType) and any_type)
                or (isinstance(v.type, AscendCType) and not listed)
            ):
                continue
            raise VerifyException(f"'{self.name}': field {i} must be a scalar, got {v.type}")


MISC_OPS = [ConstructOp]
