"""Types of the Reg layer's address forms (`AscendC::Reg`, Ascend 950 / arch 3510).

* `!ascendc.addr_reg` is `AscendC::Reg::AddrReg`: an address-offset register that
  `CreateAddrReg<T>(index0, stride0, ...)` fills with `index0 * stride0 + ...` elements
  of T, and that the `LoadAlign` / `StoreAlign` overloads taking an `AddrReg` add to
  their UB address.
* `!ascendc.unalign_reg_load` is `AscendC::Reg::UnalignRegForLoad`: the register an
  unaligned load stream goes through (`LoadUnAlignPre` primes it, each post-update
  `LoadUnAlign` reads through it and advances it).
"""

from __future__ import annotations

from xdsl.irdl import irdl_attr_definition as attr_definition

from asc_xdsl.dialects.ascendc.types import AscendCType


@attr_definition
class AddrRegType(AscendCType):
    """`AscendC::Reg::AddrReg`: an element offset bound to loop indices."""

    name = "ascendc.addr_reg"
    CPP_CLASS = "AscendC::Reg::AddrReg"


@attr_definition
class UnalignRegForLoadType(AscendCType):
    """`AscendC::Reg::UnalignRegForLoad`: the state of an unaligned load stream."""

    name = "ascendc.unalign_reg_load"
    CPP_CLASS = "AscendC::Reg::UnalignRegForLoad"


REG_ADDRESS_TYPES: list[type[AscendCType]] = [AddrRegType, UnalignRegForLoadType]
