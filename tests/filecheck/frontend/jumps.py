# Beyond pyasc: `break`, `continue` and early `return` compile to structured IR
# (flags carried through scf.while / scf.if; see asc_xdsl/frontend/structured.py).
# RUN: %python %s | filecheck %s

import numpy as np

import asc_xdsl as asc


@asc.jit
def clamp(v, lo, hi):
    if v < lo:
        return lo
    if v > hi:
        return hi
    return v


@asc.jit
def jumps(x: asc.GlobalAddress, n: int):
    total = 0
    for i in range(n):
        if i == 7:
            break
        if i % 2 == 1:
            continue
        total += i
    c = clamp(total, 0, 10)
    asc.printf("%d %d\n", total, c)
    if n < 0:
        return
    asc.printf("n >= 0\n")


compiled = jumps.compile(np.zeros(4, np.float32), 5, always_compile=True)
print(compiled.asm["ir"])
print(compiled.asm["ascendc"])

# The for loop with break/continue becomes a while over (counter, break flag, total).
# CHECK-LABEL: func.func @jumps(%x: memref<?xf32, 22 : i64>, %n: i32)
# CHECK:         %_i, %_break, %total = scf.while (%_i_1 = %{{.*}}, %_break_1 = %{{.*}}, %total_1 = %{{.*}}) : (i32, i1, i32) -> (i32, i1, i32) {
# CHECK:           %[[LT:.*]] = arith.cmpi slt, %{{.*}}, %n : i32
# CHECK:           %[[GO:.*]] = arith.andi %[[LT]], %{{.*}} : i1
# CHECK-NEXT:      scf.condition(%[[GO]])
# CHECK:         } do {
# CHECK:           arith.cmpi eq, %{{.*}}, %{{.*}} : i32
# CHECK:           scf.if %{{.*}} -> (i1) {
# CHECK:           arith.andi %{{.*}}, %{{.*}} : i32
# CHECK:           scf.yield
# The helper's returns merge into one scf.if result.
# CHECK:         %c = scf.if %{{.*}} -> (i32) {
# CHECK:         } else {
# CHECK:           scf.if %{{.*}} -> (i32) {
# CHECK:         ascendc.printf %total, %c {desc = "%d %d\0A"} : i32, i32
# The kernel's early return: the rest runs in the else branch.
# CHECK:         scf.if %{{.*}} {
# CHECK-NEXT:    } else {
# CHECK-NEXT:      ascendc.printf {desc = "n >= 0\0A"} :
# CHECK-NEXT:    }
# CHECK-NEXT:    func.return

# CHECK-LABEL: extern "C" __global__ __aicore__ void jumps(__gm__ float* x, int32_t n) {
# CHECK-DAG:     constexpr bool c_false = false;
# CHECK-DAG:     constexpr bool c_true = true;
# CHECK:         while (true) {
# CHECK:           if (!v{{[0-9]+}}) {
# CHECK:             break;
# CHECK:         AscendC::printf("%d %d\n", total, c);
# CHECK:         } else {
# CHECK-NEXT:      AscendC::printf("n >= 0\n");
# CHECK-NEXT:    }
# CHECK-NEXT:    return;
