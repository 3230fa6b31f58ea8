# Python control flow in kernels: compile-time branches fold, runtime ones become
# scf.if / scf.for / scf.while with the assigned variables carried as results.
# RUN: %python %s | filecheck %s

import numpy as np

import asc_xdsl as asc

UNROLL = 3


@asc.jit
def branches(x: asc.GlobalAddress, n: int, mode: asc.ConstExpr[int]):
    if mode == 0:  # folded: only one branch is compiled
        k = 10
    elif mode == 1:
        k = 20
    else:
        k = 30
    if n > 4:
        k = k + n
    elif n < 0:
        k = -n
    else:
        k = 0
    asc.printf("k=%d\n", k)


# CHECK-LABEL: func.func @branches(%x: memref<?xf32, 22 : i64>, %n: i32)
# CHECK:         %[[C20:.*]] = arith.constant 20 : i32
# CHECK-NOT:     arith.constant 10 : i32
# CHECK:         %[[GT:.*]] = arith.cmpi sgt, %n, %{{.*}} : i32
# CHECK-NEXT:    %k = scf.if %[[GT]] -> (i32) {
# CHECK-NEXT:      %[[SUM:.*]] = arith.addi %[[C20]], %n overflow<nsw> : i32
# CHECK-NEXT:      scf.yield %[[SUM]] : i32
# CHECK-NEXT:    } else {
# CHECK-NEXT:      %[[LT:.*]] = arith.cmpi slt, %n, %{{.*}} : i32
# CHECK-NEXT:      %{{.*}} = scf.if %[[LT]] -> (i32) {
# CHECK-NEXT:        %[[NEG:.*]] = arith.subi %{{.*}}, %n overflow<nsw> : i32
# CHECK-NEXT:        scf.yield %[[NEG]] : i32
# CHECK-NEXT:      } else {
# CHECK-NEXT:        scf.yield %{{.*}} : i32
# CHECK-NEXT:      }
# CHECK:         ascendc.printf %k {desc = "k=%d\0A"} : i32
# CHECK:       extern "C" __global__ __aicore__ void branches(__gm__ float* x, int32_t n) {
# CHECK:         int32_t k;
# CHECK-NEXT:    if (v1) {
# CHECK-NEXT:      int32_t k_1 = c20_i32 + n;
# CHECK-NEXT:      k = k_1;
# CHECK-NEXT:    } else {
# CHECK:         AscendC::printf("k=%d\n", k);


@asc.jit
def loops(x: asc.GlobalAddress, n: int):
    total = 0
    scale = 1.5
    for i in range(2, n, 2):
        total += i
        scale = scale * 2.0
    for j in asc.static_range(UNROLL):
        total = total + j
    count = 0
    while total > 1 and count < 10:
        total = total // 2
        count += 1
    asc.printf(f"total={total} scale={scale} count={count}\n")


# CHECK-LABEL: func.func @loops(%x: memref<?xf32, 22 : i64>, %n: i32)
# CHECK:         %total, %scale = scf.for %i = %{{.*}} to %n step %{{.*}} iter_args(%total_1 = %{{.*}}, %scale_1 = %{{.*}}) -> (i32, f32) : i32 {
# CHECK:           arith.addi %total{{.*}}, %i overflow<nsw> : i32
# CHECK:           arith.mulf %scale{{.*}}, %{{.*}} : f32
# CHECK:           scf.yield %{{.*}}, %{{.*}} : i32, f32
# CHECK:         }
# CHECK-COUNT-3: arith.addi
# CHECK:         %total_6, %count = scf.while (%total_7 = %total_5, %count_1 = %{{.*}}) : (i32, i32) -> (i32, i32) {
# CHECK:           %[[A:.*]] = arith.cmpi sgt, %total_7
# CHECK-NEXT:      %[[B:.*]] = arith.cmpi slt, %count_1
# CHECK-NEXT:      %[[AND:.*]] = arith.andi %[[A]], %[[B]] : i1
# CHECK-NEXT:      scf.condition(%[[AND]]) %total_7, %count_1 : i32, i32
# CHECK:         } do {
# CHECK:           arith.shrsi %total{{.*}}, %{{.*}} : i32
# CHECK:           scf.yield
# CHECK:         ascendc.printf %{{.*}}, %{{.*}}, %{{.*}} {desc = "total=%d scale=%f count=%d\0A"} : i32, f32, i32
# CHECK:       extern "C" __global__ __aicore__ void loops(__gm__ float* x, int32_t n) {
# CHECK:         for (int32_t i = c2_i32; i < n; i += c2_i32) {
# CHECK:         while (true) {
# CHECK:           if (!v{{[0-9]+}}) {
# CHECK:             break;


@asc.jit
def scalars(x: asc.GlobalAddress, n: int, f: float):
    a = n * 3 + 1
    b = a / 2
    c = f if n > 0 else 0.5
    d = min(a, n)
    e = -a
    flag = not (n == 4) or n >= 7  # noqa: SIM201 (tests `not`)
    asc.printf("%d %f %f %d %d %d\n", a, b, c, d, e, flag)


# CHECK-LABEL: func.func @scalars(%x: memref<?xf32, 22 : i64>, %n: i32, %f: f32)
# CHECK:         %a = arith.addi
# CHECK:         arith.sitofp %a : i32 to f32
# CHECK:         %b = arith.divf
# CHECK:         %c = arith.select
# CHECK:         %d = arith.select
# CHECK:         %e = arith.subi
# CHECK:         %[[EQ:.*]] = arith.cmpi eq, %n
# CHECK-NEXT:    %[[NOT:.*]] = arith.xori %[[EQ]], %{{.*}} : i1
# CHECK-NEXT:    %[[GE:.*]] = arith.cmpi sge, %n
# CHECK-NEXT:    %flag = arith.ori %[[NOT]], %[[GE]] : i1
# CHECK:         ascendc.printf %a, %b, %c, %d, %e, %flag {desc = "%d %f %f %d %d %d\0A"} : i32, f32, f32, i32, i32, i1


@asc.jit
def object_bound_in_branches(x: asc.GlobalAddress, y: asc.GlobalAddress, n: int):
    src = asc.GlobalTensor()
    if n > 0:
        src.set_global_buffer(x)
    else:
        src.set_global_buffer(y)
    asc.printf("%f\n", src.get_value(0))


# An object is declared where the Python code creates it, before the if, though its
# first set_global_buffer (which gives it its type) is in a branch.
# CHECK-LABEL: func.func @object_bound_in_branches(
# CHECK:         %src = ascendc.global_tensor : !ascendc.global_tensor<*xf32>
# CHECK-NEXT:    scf.if %{{.*}} {
# CHECK-NEXT:      ascendc.global_tensor.set_global_buffer %src, %x
# CHECK-NEXT:    } else {
# CHECK-NEXT:      ascendc.global_tensor.set_global_buffer %src, %y
# CHECK-NEXT:    }
# CHECK-NEXT:    ascendc.global_tensor.get_value %src
# CHECK:         AscendC::GlobalTensor<float> src;
# CHECK-NEXT:    if (
# CHECK-NEXT:      src.SetGlobalBuffer(x);
# CHECK-NEXT:    } else {
# CHECK-NEXT:      src.SetGlobalBuffer(y);
# CHECK-NEXT:    }
# CHECK-NEXT:    float {{.*}} = src.GetValue(


x = np.zeros(64, np.float32)
for kernel, args in (
    (branches, (x, 3, 1)),
    (loops, (x, 9)),
    (scalars, (x, 3, 2.0)),
    (object_bound_in_branches, (x, x, 3)),
):
    compiled = kernel.compile(*args, always_compile=True)
    print(compiled.asm["ir"])
    print(compiled.asm["ascendc"])
