# `@asc.jit(inline=False)` helpers that return several values: a func.func with
# several results, a func.call the caller unpacks or indexes; in Ascend C a void
# function with one out-parameter by reference per result.
# RUN: %python %s | filecheck %s

import numpy as np

import asc_xdsl as asc


@asc.jit(inline=False)
def floor_divmod(a: int, b: int):
    q = a // b
    return q, a - q * b


@asc.jit(inline=False)
def flags():
    return 1, True


@asc.jit(inline=False)
def scaled(v: int, f: float):
    if v > 3:
        return [v, f, 1]
    return [v * 2, f * 2.0, 2]


@asc.jit
def results(out: asc.GlobalAddress, n: int, f: float):
    t = asc.GlobalTensor()
    t.set_global_buffer(out, 8)
    q, r = floor_divmod(n, 3)
    t.set_value(0, q)
    t.set_value(1, r)
    one, yes = flags()
    if yes:
        t.set_value(2, one)
    s = scaled(n, f)
    t.set_value(3, s[0] + s[2])
    t.set_value(4, int(s[1]))
    t.set_value(5, floor_divmod(n, 4)[-1])


@asc.jit(inline=False)
def square(h):
    return h, h * h


@asc.jit(inline=False)
def swapped_square(h):
    a, b = square(h)  # a device function calling another
    return b, a


@asc.jit
def halves(x: asc.GlobalAddress, out: asc.GlobalAddress):
    t = asc.GlobalTensor()
    t.set_global_buffer(x, 4)
    o = asc.GlobalTensor()
    o.set_global_buffer(out, 4)
    a, b = swapped_square(t.get_value(1))
    o.set_value(0, a)
    o.set_value(1, b)


compiled = results.compile(np.zeros(8, np.int32), 7, 1.5, always_compile=True)
print(compiled.asm["ir"])
print(compiled.asm["ascendc"])
h = np.zeros(4, np.float16)
print(halves.compile(h, h, always_compile=True).asm["ascendc"])

# CHECK-LABEL: func.func @scaled(%v: i32, %f: f32) -> (i32, f32, i32) {
# CHECK:         %{{.*}}, %{{.*}}, %{{.*}} = scf.if %{{.*}} -> (i32, f32, i32) {
# CHECK:         func.return %{{.*}}, %{{.*}}, %{{.*}} : i32, f32, i32
# CHECK-LABEL: func.func @flags() -> (i32, i1) {
# CHECK-NEXT:    %0 = arith.constant 1 : i32
# CHECK-NEXT:    %1 = arith.constant true
# CHECK-NEXT:    func.return %0, %1 : i32, i1
# CHECK-LABEL: func.func @floor_divmod(%a: i32, %b: i32) -> (i32, i32) {
# CHECK:         func.return %q, %{{.*}} : i32, i32
# CHECK-LABEL: func.func @results(
# CHECK:         %q, %r = func.call @floor_divmod(%n, %{{.*}}) {no_inline} : (i32, i32) -> (i32, i32)
# CHECK:         %one, %yes = func.call @flags() {no_inline} : () -> (i32, i1)
# CHECK:         %{{.*}}, %{{.*}}, %{{.*}} = func.call @scaled(%n, %f) {no_inline} : (i32, f32) -> (i32, f32, i32)
# CHECK:         %{{.*}}, %{{.*}} = func.call @floor_divmod(%n, %{{.*}}) {no_inline} : (i32, i32) -> (i32, i32)

# CHECK-LABEL: __aicore__ void scaled(int32_t v, float f, int32_t& result0, float& result1, int32_t& result2) {
# CHECK:         result0 = [[A:v[0-9]+]];
# CHECK-NEXT:    result1 = [[B:v[0-9]+]];
# CHECK-NEXT:    result2 = [[C:v[0-9]+]];
# CHECK-NEXT:    return;
# CHECK-LABEL: __aicore__ void flags(int32_t& result0, bool& result1) {
# CHECK-NEXT:    constexpr int32_t c1_i32 = 1;
# CHECK-NEXT:    constexpr bool c_true = true;
# CHECK-NEXT:    result0 = c1_i32;
# CHECK-NEXT:    result1 = c_true;
# CHECK-NEXT:    return;
# CHECK-NEXT:  }
# CHECK-LABEL: __aicore__ void floor_divmod(int32_t a, int32_t b, int32_t& result0, int32_t& result1) {
# CHECK:         result0 = q;
# CHECK-NEXT:    result1 = [[R:v[0-9]+]];
# CHECK-NEXT:    return;
# CHECK-LABEL: extern "C" __global__ __aicore__ void results(
# CHECK:         int32_t q;
# CHECK-NEXT:    int32_t r;
# CHECK-NEXT:    floor_divmod(n, c3_i32, q, r);
# CHECK:         int32_t one;
# CHECK-NEXT:    bool yes;
# CHECK-NEXT:    flags(one, yes);
# CHECK:         int32_t [[S0:v[0-9]+]];
# CHECK-NEXT:    float [[S1:v[0-9]+]];
# CHECK-NEXT:    int32_t [[S2:v[0-9]+]];
# CHECK-NEXT:    scaled(n, f, [[S0]], [[S1]], [[S2]]);

# half results by reference; the callee defined after its caller is declared first.
# CHECK-LABEL: #include "kernel_operator.h"
# CHECK:       __aicore__ void square(half h, half& result0, half& result1);
# CHECK-LABEL: __aicore__ void swapped_square(half h, half& result0, half& result1) {
# CHECK-NEXT:    half a;
# CHECK-NEXT:    half b;
# CHECK-NEXT:    square(h, a, b);
# CHECK-NEXT:    result0 = b;
# CHECK-NEXT:    result1 = a;
# CHECK-NEXT:    return;
# CHECK-NEXT:  }
# CHECK-LABEL: extern "C" __global__ __aicore__ void halves(
# CHECK:         half a;
# CHECK-NEXT:    half b;
# CHECK-NEXT:    swapped_square({{v[0-9]+}}, a, b);
