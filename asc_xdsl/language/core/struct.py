"""pyasc's `asc.language.core.struct`: structs defined in Python.

    class TileConfig(Struct):
        tile_length = Field(dtype=KT.int32, default=0)
        tile_num = Field(dtype=KT.int32, default=0)

    class KernelConfig(Struct):
        tile = StructField(TileConfig)

A subclass of `Struct` is a C++ struct of its fields, in class order
(`!emitasc.py_struct<"KernelConfig", [...], ["tile"]>`; `ascendc-declare-py-struct`
declares it in the Ascend C). Made on the host (`KernelConfig(tile=TileConfig(...))`),
its fields are plain values and `pack()` gives the C struct's bytes (natural
alignment, as the C++ compiler lays it out); passed to a kernel, the kernel gets a
`__gm__` pointer to those bytes and reads its own copy (`emitasc.copy_struct`), as it
does a tiling struct. In a kernel, `cfg.tile.tile_length` reads a field
(`emitasc.member`), `cfg.tile_num = n` sets one on the kernel's copy
(`emitasc.set_member`; a field of a nested struct is set on a copy of it that is then
written back, `Tile v = cfg.tile; v.n = 1; cfg.tile = v;`), and `TileConfig(tile_num=n)`
builds one.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from typing import Any, ClassVar

from asc_xdsl.diagnostics import ApiNotImplementedError, ApiTypeError
from asc_xdsl.dialects.dtypes import DataType
from asc_xdsl.language.builder import IRValue, RuntimeScalar, in_jit, require_jit
from asc_xdsl.language.core.utils import describe

_MISSING = object()


class BaseField(ABC):
    """A field of a `Struct`: its default and, when the C++ name differs, that name."""

    def __init__(self, default: Any = _MISSING, name: str | None = None) -> None:
        self.default = default
        self.name = name

    def cpp_name(self, attribute: str) -> str:
        return attribute if self.name is None else self.name

    @abstractmethod
    def ir_type(self) -> Any: ...

    @abstractmethod
    def numpy_dtype(self) -> Any: ...

    @abstractmethod
    def host_value(self, owner: str, attribute: str, value: Any) -> Any: ...


class Field(BaseField):
    """A scalar field of data type `dtype` (`Field(dtype=asc.int32, default=0)`)."""

    def __init__(
        self,
        dtype: DataType,
        default: Any = _MISSING,
        name: str | None = None,
        enum: str | None = None,
    ) -> None:
        if not isinstance(dtype, DataType):
            raise ApiTypeError(f"Field: dtype must be a data type (asc.int32, ...), got {dtype!r}")
        if enum is not None:
            raise ApiNotImplementedError(
                f"Field(enum={enum!r}): fields of a C++ enum type are not supported; "
                "declare the field with its integer dtype"
            )
        super().__init__(default, name)
        self.dtype = dtype

    def ir_type(self) -> Any:
        return self.dtype.ir_type()

    def numpy_dtype(self) -> Any:
        import numpy as np

        return np.dtype(self.dtype.numpy_name)

    def host_value(self, owner: str, attribute: str, value: Any) -> Any:
        if isinstance(value, IRValue) or not isinstance(value, bool | int | float):
            raise ApiTypeError(f"{owner}.{attribute} must be a number, got {value!r}")
        if isinstance(value, float) and not self.dtype.is_float():
            raise ApiTypeError(f"{owner}.{attribute} is a {self.dtype.name}, got {value!r}")
        return value


class StructField(BaseField):
    """A field that is itself a `Struct` (its default: one of default fields)."""

    def __init__(
        self, struct_cls: type[Struct], default: Any = None, name: str | None = None
    ) -> None:
        if not (isinstance(struct_cls, type) and issubclass(struct_cls, Struct)):
            raise ApiTypeError(f"StructField takes a Struct class, got {struct_cls!r}")
        super().__init__(default, name)
        self.struct_cls = struct_cls

    def ir_type(self) -> Any:
        return self.struct_cls.ir_type()

    def numpy_dtype(self) -> Any:
        return self.struct_cls.numpy_dtype()

    def host_value(self, owner: str, attribute: str, value: Any) -> Any:
        if value is None:
            return self.struct_cls()
        if not isinstance(value, self.struct_cls) or value.handle is not None:
            raise ApiTypeError(
                f"{owner}.{attribute} must be a {self.struct_cls.__name__} made on the host, "
                f"got {value!r}"
            )
        return value


class Struct(IRValue):
    """The base of structs defined in Python (see the module docstring)."""

    struct_fields: ClassVar[dict[str, BaseField]] = {}

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        cls.struct_fields = {n: v for n, v in vars(cls).items() if isinstance(v, BaseField)}
        if not cls.struct_fields:
            raise ApiTypeError(f"Struct {cls.__name__} must have at least one field")
        for attribute in cls.struct_fields:
            delattr(cls, attribute)  # instances read fields through __getattr__

    def __init__(self, **fields: Any) -> None:
        api = type(self).__name__
        if type(self) is Struct:
            raise ApiTypeError("Struct is a base class: define a subclass with fields")
        for name in fields:
            if name not in self.struct_fields:
                raise ApiTypeError(f"{api} has no field {name!r}")
        if in_jit():
            self._init_kernel(fields)
            return
        object.__setattr__(self, "handle", None)
        values = {}
        for name, field in self.struct_fields.items():
            value = fields.get(name, field.default)
            if value is _MISSING:
                raise ApiTypeError(f"{api}: field {name!r} has no default: give it a value")
            values[name] = field.host_value(api, name, value)
        object.__setattr__(self, "_host", values)

    # -- the struct's type --------------------------------------------------------

    @classmethod
    def ir_type(cls) -> Any:
        """`!emitasc.py_struct<"Name", [field types], ["field names"]>`."""
        from asc_xdsl.dialects.emitasc import PyStructType

        names = [f.cpp_name(n) for n, f in cls.struct_fields.items()]
        types = [f.ir_type() for f in cls.struct_fields.values()]
        return PyStructType(cls.__name__, types, names)

    @classmethod
    def layout_key(cls) -> str:
        """The fields' names and types, for compile-cache keys (cheap: no xDSL)."""
        parts = []
        for n, f in cls.struct_fields.items():
            kind = f.dtype.name if isinstance(f, Field) else f.struct_cls.layout_key()  # type: ignore[attr-defined]
            parts.append(f"{f.cpp_name(n)}:{kind}")
        return f"{{{','.join(parts)}}}"

    @classmethod
    def numpy_dtype(cls) -> Any:
        """The C layout: fields in order, each at its natural alignment."""
        import numpy as np

        return np.dtype(
            [(f.cpp_name(n), f.numpy_dtype()) for n, f in cls.struct_fields.items()],
            align=True,
        )

    @classmethod
    def from_handle(cls, handle: Any) -> Struct:
        """The kernel value held by SSA value `handle` (a struct parameter's copy)."""
        value = object.__new__(cls)
        object.__setattr__(value, "handle", handle)
        return value

    # -- host-side values ---------------------------------------------------------

    def pack(self) -> bytes:
        """The C struct's bytes: what a kernel parameter of this struct receives in GM."""
        import numpy as np

        record = np.zeros((), self.numpy_dtype())
        self._fill(record)
        return record.tobytes()

    def _fill(self, record: Any) -> None:
        for name, field in self.struct_fields.items():
            value = self._host_values()[name]
            key = field.cpp_name(name)
            if isinstance(field, StructField):
                value._fill(record[key])
            else:
                record[key] = value

    def _host_values(self) -> dict[str, Any]:
        values = self.__dict__.get("_host")
        if values is None:
            raise ApiTypeError(f"a runtime {type(self).__name__} has no host values")
        return values

    # -- fields -------------------------------------------------------------------

    def __getattr__(self, name: str) -> Any:
        if name.startswith("_") or name not in type(self).struct_fields:
            raise AttributeError(f"{type(self).__name__} has no field {name!r}")
        if "_host" in self.__dict__:
            return self._host[name]
        return self._read(name)

    def __setattr__(self, name: str, value: Any) -> None:
        if name == "handle":
            object.__setattr__(self, name, value)
            return
        field = type(self).struct_fields.get(name)
        if field is None:
            raise AttributeError(f"{type(self).__name__} has no field {name!r}")
        if "_host" in self.__dict__:
            self._host[name] = field.host_value(type(self).__name__, name, value)
            return
        self._write(name, value)

    # -- kernel-side values -------------------------------------------------------
    # A field read is `emitasc.member` (`T v = cfg.field;`), a write `emitasc.set_member`.

    def _init_kernel(self, fields: dict[str, Any]) -> None:
        g = require_jit(type(self).__name__)
        from asc_xdsl.dialects.ascendc.construct import ConstructOp

        api = type(self).__name__
        object.__setattr__(self, "handle", g.emit(ConstructOp(self.ir_type(), [], None)).result)
        # Every field gets its value, given or default, as on the host (C++ would leave
        # the others indeterminate).
        for name, field in self.struct_fields.items():
            value = fields.get(name, field.default)
            if value is _MISSING:
                g.fail(f"{api}: field {name!r} has no default: give it a value")
            if value is None and isinstance(field, StructField):
                value = field.struct_cls()
            self._write(name, value)

    def _read(self, name: str) -> Any:
        from xdsl.dialects.builtin import StringAttr

        from asc_xdsl.dialects.emitasc import MemberOp
        from asc_xdsl.dialects.fast_build import new_op

        g = require_jit(f"{type(self).__name__}.{name}")
        field = type(self).struct_fields[name]
        op = new_op(
            MemberOp,
            (self.handle,),
            (field.ir_type(),),
            {"field": StringAttr(field.cpp_name(name))},
        )
        result = g.emit(op).results[0]
        if isinstance(field, StructField):
            # A copy of the member (`Tile v = cfg.tile;`): writes to it are written back
            # (`cfg.tile = v;`), as Python's `cfg.tile.n = 1` changes cfg.
            inner = field.struct_cls.from_handle(result)
            object.__setattr__(inner, "_parent", (self, name))
            return inner
        return RuntimeScalar(result, field.dtype)

    def _write(self, name: str, value: Any) -> None:
        from xdsl.dialects.builtin import StringAttr

        from asc_xdsl.dialects.emitasc import SetMemberOp
        from asc_xdsl.dialects.fast_build import new_op

        api = type(self).__name__
        g = require_jit(f"{api}.{name}")
        field = type(self).struct_fields[name]
        if isinstance(field, StructField):
            if not isinstance(value, field.struct_cls) or value.handle is None:
                g.fail(f"{api}.{name} must be a {field.struct_cls.__name__}, got {describe(value)}")
            handle = value.handle
        else:
            handle = g.scalar(value, field.dtype)
        op = new_op(
            SetMemberOp, (self.handle, handle), (), {"field": StringAttr(field.cpp_name(name))}
        )
        g.emit(op)
        parent = self.__dict__.get("_parent")
        if parent is not None:
            parent[0]._write(parent[1], self)

    def __repr__(self) -> str:
        if "_host" not in self.__dict__:
            return f"<runtime {type(self).__name__}>"
        given = ", ".join(f"{k}={v!r}" for k, v in self._host.items())
        return f"{type(self).__name__}({given})"


__all__ = ["BaseField", "Field", "Struct", "StructField"]
