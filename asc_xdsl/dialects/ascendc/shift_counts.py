"""The counts the basic API's ShiftLeft / ShiftRight by a scalar take, per arch.

Shared by the ops' verifier (a constant count out of range is an error at the call) and
the simulator (`runtime/simulator/ops/shifts.py`, a run-time count), so both say the
same. The facts, from the Ascend C headers and API pages (asc-devkit):

- Atlas A2/A3 (dav-2201): the scalar (of the element type T) must lie in [0, width]
  (the ShiftLeft / ShiftRight pages' scalarValue取值说明: [0, 16] for 16-bit, [0, 32]
  for 32-bit elements; `impl/basic_api/dav_c220/kernel_operator_vec_binary_scalar_impl.h`
  checks the same range with CheckValueRange in its debug builds, lines 283 and 355).
- Ascend 950 (dav-3510): ShiftLeftImpl / ShiftRightImpl
  (`impl/basic_api/dav_3510/kernel_operator_vec_binary_scalar_impl.h` 400-477) pass the
  scalar to `Reg::ShiftLefts<T, int16_t>` / `ShiftRights<T, int16_t>`, so the count is
  the scalar converted to int16_t; the Reg ShiftLefts / ShiftRights pages say a
  negative count is undefined (负数行为未定义). Of int64_t, ShiftRight's 64-bit
  composition (`reg_compute/dav_3510/kernel_reg_compute_vec_binary_scalar_impl.h`
  ShiftRightsB64Impl) shifts the signed high word left by 32 - count, a negative count
  for a count above 32: int64_t ShiftRight takes 0..32.
"""

from __future__ import annotations

INT16_MAX = 2**15 - 1


def as_int16(value: int) -> int:
    """`value` converted to int16_t, as C++ converts an integer (modulo 2**16)."""
    return (value + 2**15) % 2**16 - 2**15


def as_type(value: int, bits: int, signed: bool) -> int:
    """`value` converted to the element type (an integer of `bits` bits), as C++ does."""
    value %= 2**bits
    return value - 2**bits if signed and value >= 2 ** (bits - 1) else value


def count_problem(
    api: str, arch: int, bits: int, signed: bool, scalar: int
) -> tuple[int, str | None]:
    """(the count the hardware shifts by, None) for `scalar` (already of the element type:
    `bits` wide, `signed`) on `arch` (2201 or 3510), or (the count, what is wrong with it,
    naming the value and the valid range)."""
    kind = f"{'' if signed else 'u'}int{bits}_t"
    if arch != 3510:
        if 0 <= scalar <= bits:
            return scalar, None
        return scalar, (
            f"{api} of {kind} by {scalar}: Atlas A2/A3 takes a count of 0..{bits} for "
            f"{bits}-bit elements (the {api} page; dav_c220 CheckValueRange)"
        )
    count = as_int16(scalar)
    seen = (
        f"{scalar} (as the int16_t count Reg::{api}s takes: {count})"
        if count != scalar
        else (str(scalar))
    )
    right64 = api == "ShiftRight" and bits == 64 and signed
    top = 32 if right64 else INT16_MAX
    if count < 0:
        return count, (
            f"{api} of {kind} by {seen}: a negative count is undefined on Ascend 950 (the "
            f"Reg {api}s page); valid counts are 0..{top}"
        )
    if count > top:
        return count, (
            f"{api} of {kind} by {seen}: the dav_3510 64-bit composition (ShiftRightsB64Impl) "
            f"shifts the signed high word left by 32 - {count} = {32 - count}, a negative "
            f"count the Reg ShiftLefts page leaves undefined; valid counts are 0..32"
        )
    return count, None
