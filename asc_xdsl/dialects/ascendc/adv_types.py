"""Types of the advanced (matmul) APIs: the matmul object and its configuration.

    !ascendc.matmul<gm, 0 : i32, f16, false, 0 : i32,      A: position, CubeFormat,
                    gm, 0 : i32, f16, true, 0 : i32,          type, transposed,
                    gm, 0 : i32, f32, false, 0 : i32,         LayoutMode; B; C;
                    gm, 0 : i32, f32,                         bias: position, format, type;
                    <do_norm = true, ..., batch_out_mode = 0 : i32>>   MatmulConfig
    #ascendc.matmul_config<do_norm = true, basic_m = 128 : i32, ...>

The syntax is pyasc's (`include/ascir/Dialect/Asc/IR/Core/Types.td`, `Attributes.td`):
formats and layouts are written as their pyasc enum numbers (`CubeFormat`,
`LayoutMode` in `asc_xdsl.enums`), a config lists `name = value` fields, any subset in
any order, printed in the C++ struct's order; a field left out keeps `MatmulConfig`'s
default.

C++: `matmul::Matmul<matmul::MatmulType<A...>, <B...>, <C...>, <Bias...>, CFG>`, whose
last template argument is a reference to a `MatmulConfig` with static storage. The
printer declares each distinct config once at namespace scope,
`constexpr static MatmulConfig CFG{...};` (`CFG_1`, ... for more), so the type is a
valid C++ type everywhere: a local object, a function parameter, a template argument.
(pyasc spells the declaration in front of the type, which is valid only in a local
declaration.)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from xdsl.dialects.builtin import (
    DictionaryAttr,
    IntegerAttr,
    IntegerType,
    Signedness,
    StringAttr,
    TypeAttribute,
    i1,
    i32,
)
from xdsl.ir import Attribute, ParametrizedAttribute
from xdsl.parser import AttrParser
from xdsl.printer import Printer
from xdsl.utils.exceptions import VerifyException

from asc_xdsl.diagnostics import ApiValueError
from asc_xdsl.dialects.ascendc.types import AscendCType, TemplateArg, _parse_position
from asc_xdsl.dialects.attr_def import attr_definition
from asc_xdsl.dialects.interned import by_identity
from asc_xdsl.enums import (
    AscEnum,
    BatchMode,
    BatchOutMode,
    CubeFormat,
    IterateOrder,
    LayoutMode,
    ScheduleType,
    TPosition,
)
from asc_xdsl.utils.records import FrozenRecord, init_fields

# ---------------------------------------------------------------------------
# MatmulConfig: the fields of the C++ struct, in its declaration order
# ---------------------------------------------------------------------------


class ConfigField(FrozenRecord):
    """One `MatmulConfig` field: IR name (pyasc's snake_case, `do_norm`), C++ name (the
    struct member, `doNorm`), kind and default; `limit` is the largest value the C++
    member holds."""

    _FIELDS = ("name", "cpp", "kind", "default", "limit")
    __slots__ = _FIELDS

    def __init__(
        self,
        name: str,
        cpp: str,
        kind: type[AscEnum] | type[bool] | type[int],
        default: int,
        limit: int = (1 << 32) - 1,
    ) -> None:
        init_fields(self, name=name, cpp=cpp, kind=kind, default=default, limit=limit)

    @property
    def is_bool(self) -> bool:
        return self.kind is bool


_B, _U = bool, int
MATMUL_CONFIG_FIELDS: tuple[ConfigField, ...] = (
    ConfigField("do_norm", "doNorm", _B, 1),
    ConfigField("do_basic_block", "doBasicBlock", _B, 0),
    ConfigField("do_multi_data_load", "doMultiDataLoad", _B, 0),
    ConfigField("basic_m", "basicM", _U, 0),
    ConfigField("basic_n", "basicN", _U, 0),
    ConfigField("basic_k", "basicK", _U, 0),
    ConfigField("intrinsics_check", "intrinsicsCheck", _B, 0),
    ConfigField("is_n_batch", "isNBatch", _B, 0),
    ConfigField("en_vec_nd2nz", "enVecND2NZ", _B, 0),
    ConfigField("do_special_basic_block", "doSpecialBasicBlock", _B, 0),
    ConfigField("do_mte2_preload", "doMTE2Preload", _U, 0),
    ConfigField("single_core_m", "singleCoreM", _U, 0),
    ConfigField("single_core_n", "singleCoreN", _U, 0),
    ConfigField("single_core_k", "singleCoreK", _U, 0),
    ConfigField("step_m", "stepM", _U, 0),
    ConfigField("step_n", "stepN", _U, 0),
    ConfigField("base_mn", "baseMN", _U, 0),
    ConfigField("single_core_mn", "singleCoreMN", _U, 0),
    ConfigField("en_unit_flag", "enUnitFlag", _B, 1),
    ConfigField("is_per_tensor", "isPerTensor", _B, 0),
    ConfigField("has_anti_quant_offset", "hasAntiQuantOffset", _B, 0),
    ConfigField("do_ib_share_norm", "doIBShareNorm", _B, 0),
    ConfigField("do_special_mdl", "doSpecialMDL", _B, 0),
    ConfigField("enable_init", "enableInit", _B, 1),
    ConfigField("batch_mode", "batchMode", BatchMode, 0),
    ConfigField("enable_end", "enableEnd", _B, 1),
    ConfigField("enable_get_tensor_c", "enableGetTensorC", _B, 1),
    ConfigField("enable_set_org_shape", "enableSetOrgShape", _B, 1),
    ConfigField("enable_set_bias", "enableSetBias", _B, 1),
    ConfigField("enable_set_tail", "enableSetTail", _B, 1),
    ConfigField("enable_quant_vector", "enableQuantVector", _B, 1),
    ConfigField("enable_set_define_data", "enableSetDefineData", _B, 1),
    # IterateMode bit flags in a uint8_t (255: every Iterate interface).
    ConfigField("iterate_mode", "iterateMode", _U, 255, limit=255),
    ConfigField("enable_reuse", "enableReuse", _B, 1),
    ConfigField("enable_ub_reuse", "enableUBReuse", _B, 0),
    ConfigField("enable_l1_cache_ub", "enableL1CacheUB", _B, 0),
    ConfigField("intra_block_part_sum", "intraBlockPartSum", _B, 0),
    ConfigField("iterate_order", "iterateOrder", IterateOrder, int(IterateOrder.UNDEF)),
    ConfigField("schedule_type", "scheduleType", ScheduleType, 0),
    ConfigField("enable_double_cache", "enableDoubleCache", _B, 0),
    ConfigField("is_bias_batch", "isBiasBatch", _B, 1),
    ConfigField("enable_static_pad_zeros", "enableStaticPadZeros", _B, 0),
    ConfigField("is_partial_output", "isPartialOutput", _B, 0),
    ConfigField("enable_mix_dual_master", "enableMixDualMaster", _B, 0),
    ConfigField("is_a2b2_shared", "isA2B2Shared", _B, 0),
    ConfigField("is_enable_channel_split", "isEnableChannelSplit", _B, 0),
    ConfigField("enable_kdim_reorder_load", "enableKdimReorderLoad", _B, 0),
    ConfigField("is_co1_shared", "isCO1Shared", _B, 0),
    ConfigField("shared_co1_buffer_size", "sharedCO1BufferSize", _U, 64 * 1024),
    ConfigField("batch_out_mode", "bmmOutMode", BatchOutMode, 0),
)
_FIELDS: dict[str, ConfigField] = {f.name: f for f in MATMUL_CONFIG_FIELDS}


def _field_attr(field: ConfigField, value: int) -> IntegerAttr:
    """A field's value as pyasc writes it: `true`/`false` or `N : i32`."""
    return IntegerAttr(int(value), i1 if field.is_bool else i32)


_ALL_FIELDS: dict[Any, MatmulConfigAttr] = {}
"""`MatmulConfigAttr.all_fields` by its values: attributes are immutable, and every
matmul object of a kernel lists its config's ~40 fields again."""


@attr_definition
class MatmulConfigAttr(ParametrizedAttribute):
    """`#ascendc.matmul_config<name = value, ...>`: a C++ `MatmulConfig` (a matmul
    object's compile-time configuration). Fields not given keep their defaults."""

    name = "ascendc.matmul_config"

    fields: DictionaryAttr

    def __init__(self, values: Mapping[str, int | bool] | None = None):
        values = dict(values or {})
        unknown = [k for k in values if k not in _FIELDS]
        if unknown:
            raise ApiValueError(f"MatmulConfig has no field {', '.join(unknown)}")
        super().__init__(
            DictionaryAttr({k: _field_attr(_FIELDS[k], int(v)) for k, v in values.items()})
        )

    @staticmethod
    def all_fields(values: Mapping[str, int | bool] | None = None) -> MatmulConfigAttr:
        """A config that lists every field (as pyasc writes one), `values` overriding
        the defaults."""
        values = dict(values or {})
        try:
            key: Any = tuple(sorted(values.items()))
            cached = _ALL_FIELDS.get(key)
        except TypeError:  # a value that is no key: made afresh (and refused there)
            key = cached = None
        if cached is None:
            cached = MatmulConfigAttr(
                {f.name: values.pop(f.name, f.default) for f in MATMUL_CONFIG_FIELDS} | values
            )
            if key is not None:
                _ALL_FIELDS[key] = cached
        return cached

    def value(self, name: str) -> int:
        """A field's value (its default when not given)."""
        field, attr = _FIELDS[name], self.fields.data.get(name)
        if not isinstance(attr, IntegerAttr):
            return field.default
        # (xDSL keeps a signless `true` as -1)
        return int(attr.value.data != 0) if field.is_bool else attr.value.data

    @classmethod
    def parse_parameters(cls, parser: AttrParser) -> Sequence[Attribute]:
        values: dict[str, Attribute] = {}

        def entry() -> None:
            pos = parser.pos
            key = parser.parse_identifier()
            if key not in _FIELDS:
                parser.raise_error(
                    f"MatmulConfig has no field '{key}' (fields: {', '.join(_FIELDS)})",
                    pos,
                    parser.pos,
                )
            if key in values:
                parser.raise_error(f"MatmulConfig field '{key}' is given twice", pos, parser.pos)
            parser.parse_punctuation("=")
            vpos = parser.pos
            attr = parser.parse_attribute()
            if not isinstance(attr, IntegerAttr):
                parser.raise_error(
                    f"MatmulConfig field '{key}' takes an integer or a boolean, got {attr}",
                    vpos,
                    parser.pos,
                )
            field, is_bool = _FIELDS[key], attr.type == i1
            if field.is_bool != is_bool:
                want = "a bool (true or false)" if field.is_bool else "an integer"
                parser.raise_error(
                    f"MatmulConfig field '{key}' is {want}, got {attr}", vpos, parser.pos
                )
            # `5` (i64 when untyped) and `5 : i32` are the same value.
            values[key] = _field_attr(field, attr.value.data)

        parser.parse_comma_separated_list(parser.Delimiter.ANGLE, entry)
        return (DictionaryAttr(values),)

    def print_parameters(self, printer: Printer) -> None:
        printer.print_string("<")
        items = [
            (f.name, self.fields.data[f.name])
            for f in MATMUL_CONFIG_FIELDS
            if f.name in self.fields.data
        ]
        for i, (key, attr) in enumerate(items):
            if i:
                printer.print_string(", ")
            printer.print_string(f"{key} = ")
            printer.print_attribute(attr)
        printer.print_string(">")

    def verify(self) -> None:
        for key, attr in self.fields.data.items():
            field = _FIELDS.get(key)
            if field is None:
                raise VerifyException(f"MatmulConfig has no field '{key}'")
            if not isinstance(attr, IntegerAttr):
                raise VerifyException(f"MatmulConfig field '{key}' must be an integer attribute")
            value = attr.value.data
            if field.is_bool:
                if attr.type != i1:
                    raise VerifyException(f"MatmulConfig field '{key}' is a bool, got {attr}")
            elif issubclass(field.kind, AscEnum):
                if value not in {int(m) for m in field.kind}:
                    valid = ", ".join(f"{int(m)} ({m.name})" for m in field.kind)
                    raise VerifyException(
                        f"MatmulConfig field '{key}': {value} is not a valid "
                        f"{field.kind.__name__} (valid: {valid})"
                    )
            elif not 0 <= value <= field.limit:
                raise VerifyException(
                    f"MatmulConfig field '{key}': {value} is out of range [0, {field.limit}]"
                )


# ---------------------------------------------------------------------------
# The matmul object
# ---------------------------------------------------------------------------

_UNSIGNED_I1 = IntegerType(1, Signedness.SIGNLESS)


def _parse_enum_number(parser: AttrParser, enum: type[AscEnum]) -> IntegerAttr:
    """`0 : i32` (pyasc's spelling) or a keyword (`nd`); a value of `enum`."""
    pos = parser.pos
    word = parser.parse_optional_identifier()
    if word is not None:
        member = enum.from_keyword(word)
        if member is None:
            parser.raise_error(
                f"expected a {enum.__name__} ({', '.join(enum.keywords())}), got '{word}'",
                pos,
                parser.pos,
            )
        return member.attr()
    attr = parser.parse_attribute()
    if not isinstance(attr, IntegerAttr):
        parser.raise_error(f"expected a {enum.__name__} number, got {attr}", pos, parser.pos)
    return IntegerAttr(attr.value.data, i32)


def _parse_bool(parser: AttrParser) -> IntegerAttr:
    pos = parser.pos
    value = parser.parse_optional_boolean()
    if value is None:
        parser.raise_error("expected 'true' or 'false' (is the matrix transposed)", pos)
    return IntegerAttr(int(value), i1)


class MatrixSpec(FrozenRecord):
    """One operand of a matmul object as C++'s `matmul::MatmulType` describes it (`bias`:
    the bias, `MatmulType<position, format, type>`, three arguments)."""

    _FIELDS = ("position", "format", "dtype", "transposed", "layout", "bias")
    __slots__ = _FIELDS

    def __init__(
        self,
        position: TPosition,
        format: CubeFormat,
        dtype: Attribute,
        transposed: bool = False,
        layout: LayoutMode = LayoutMode.NONE,
        bias: bool = False,
    ) -> None:
        init_fields(
            self,
            position=position,
            format=format,
            dtype=dtype,
            transposed=transposed,
            layout=layout,
            bias=bias,
        )


@attr_definition
class MatmulType(AscendCType):
    """`matmul::Matmul<A, B, C, Bias, CFG>`: a matmul object (`!ascendc.matmul<...>`).

    A, B and C are (position, CubeFormat, element type, transposed, LayoutMode), the
    bias (position, CubeFormat, element type); the last parameter is its MatmulConfig.
    """

    name = "ascendc.matmul"
    BY_REFERENCE = True  # an object with state, as TPipe

    a_position: IntegerAttr
    a_format: IntegerAttr
    a_type: TypeAttribute
    a_trans: IntegerAttr
    a_layout: IntegerAttr
    b_position: IntegerAttr
    b_format: IntegerAttr
    b_type: TypeAttribute
    b_trans: IntegerAttr
    b_layout: IntegerAttr
    c_position: IntegerAttr
    c_format: IntegerAttr
    c_type: TypeAttribute
    c_trans: IntegerAttr
    c_layout: IntegerAttr
    bias_position: IntegerAttr
    bias_format: IntegerAttr
    bias_type: TypeAttribute
    config: MatmulConfigAttr

    def __init__(
        self,
        a: MatrixSpec,
        b: MatrixSpec,
        c: MatrixSpec,
        bias: MatrixSpec,
        config: MatmulConfigAttr | None = None,
    ):
        params: list[Attribute] = []
        for m in (a, b, c):
            params += [
                TPosition(m.position).attr(),
                CubeFormat(m.format).attr(),
                m.dtype,
                IntegerAttr(int(m.transposed), i1),
                LayoutMode(m.layout).attr(),
            ]
        params += [TPosition(bias.position).attr(), CubeFormat(bias.format).attr(), bias.dtype]
        super().__init__(*params, config or MatmulConfigAttr.all_fields())

    @staticmethod
    def default_sample() -> MatmulType:
        """A matmul of half A and B into float C (and bias), all in GM in ND format."""
        from xdsl.dialects.builtin import f16, f32

        gm, nd = TPosition.GM, CubeFormat.ND
        return MatmulType(
            MatrixSpec(gm, nd, f16),
            MatrixSpec(gm, nd, f16),
            MatrixSpec(gm, nd, f32),
            MatrixSpec(gm, nd, f32),
        )

    # -- the operands' element types ---------------------------------------------

    def matrix(self, which: str) -> MatrixSpec:
        """`which` ("a", "b", "c", "bias") as a MatrixSpec."""
        get = lambda p: getattr(self, f"{which}_{p}")  # noqa: E731
        if which == "bias":
            return MatrixSpec(
                TPosition(get("position").value.data),
                CubeFormat(get("format").value.data),
                get("type"),
                bias=True,
            )
        return MatrixSpec(
            TPosition(get("position").value.data),
            CubeFormat(get("format").value.data),
            get("type"),
            bool(get("trans").value.data),
            LayoutMode(get("layout").value.data),
        )

    # -- syntax ---------------------------------------------------------------------

    @classmethod
    def parse_parameters(cls, parser: AttrParser) -> Sequence[Attribute]:
        params: list[Attribute] = []
        parser.parse_punctuation("<")
        for which in ("a", "b", "c", "bias"):
            params.append(TPosition(_parse_position(parser)).attr())
            parser.parse_punctuation(",")
            params.append(_parse_enum_number(parser, CubeFormat))
            parser.parse_punctuation(",")
            params.append(parser.parse_type())
            parser.parse_punctuation(",")
            if which == "bias":
                break
            params.append(_parse_bool(parser))
            parser.parse_punctuation(",")
            params.append(_parse_enum_number(parser, LayoutMode))
            parser.parse_punctuation(",")
        pos = parser.pos
        if parser._current_token.text.startswith("#"):  # the unstripped form
            config = parser.parse_attribute()
            if not isinstance(config, MatmulConfigAttr):
                parser.raise_error(f"expected a #ascendc.matmul_config, got {config}", pos)
        else:
            config = MatmulConfigAttr.new(MatmulConfigAttr.parse_parameters(parser))
        params.append(config)
        parser.parse_punctuation(">")
        return params

    def print_parameters(self, printer: Printer) -> None:
        printer.print_string("<")
        for which in ("a", "b", "c", "bias"):
            m = self.matrix(which)
            printer.print_string(f"{m.position.keyword}, {int(m.format)} : i32, ")
            printer.print_attribute(m.dtype)
            printer.print_string(", ")
            if which != "bias":
                printer.print_string(
                    f"{'true' if m.transposed else 'false'}, {int(m.layout)} : i32, "
                )
        self.config.print_parameters(printer)
        printer.print_string(">")

    def verify(self) -> None:
        for which in ("a", "b", "c", "bias"):
            checks: list[tuple[str, type[AscEnum]]] = [
                ("position", TPosition),
                ("format", CubeFormat),
            ]
            if which != "bias":
                checks.append(("layout", LayoutMode))
            for param, enum in checks:
                value = getattr(self, f"{which}_{param}").value.data
                if value not in {int(m) for m in enum} or (
                    enum is TPosition and value == TPosition.MAX
                ):
                    raise VerifyException(
                        f"{self.name}: {value} is not a valid {enum.__name__} for {which.upper() if which != 'bias' else 'the bias'}"
                    )
        self.config.verify()

    CPP_CLASS: ClassVar[str] = "matmul::Matmul"

    def matrices(self) -> tuple[MatrixSpec, ...]:
        """A, B, C and the bias, as MatrixSpecs (made once per type object)."""
        return by_identity(_MATRICES, (self,), self._make_matrices)

    def _make_matrices(self) -> tuple[MatrixSpec, ...]:
        return tuple(self.matrix(w) for w in ("a", "b", "c", "bias"))

    def cpp_template_args(self) -> Sequence[TemplateArg]:
        # `matmul::Matmul<A, B, C, Bias, CFG>`: the backend spells each (cpp_types.py),
        # the config by the name the printer declares it under.
        return [*self.matrices(), self.config]  # type: ignore[list-item]


_MATRICES: dict[tuple[int, ...], Any] = {}
"""`MatmulType.matrices` by type object (`interned.by_identity`)."""


def matmul_config_field(name: str) -> ConfigField:
    """The MatmulConfig field named `name` (pyasc's snake_case name)."""
    return _FIELDS[name]


def is_matmul(t: Attribute) -> bool:
    return isinstance(t, MatmulType)


ADV_TYPES: list[type[Attribute]] = [MatmulType, MatmulConfigAttr]

__all__ = [
    "ADV_TYPES",
    "MATMUL_CONFIG_FIELDS",
    "ConfigField",
    "MatmulConfigAttr",
    "MatmulType",
    "MatrixSpec",
    "StringAttr",
]
