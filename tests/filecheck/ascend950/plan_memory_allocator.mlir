// ascendc-plan-memory plans LocalMemAllocator's static allocation: each Alloc of a
// constant size in the allocator's block gets its address, and the tensors of one
// allocator must fit the module's SoC (Ascend 950: 248 KiB of UB; Atlas A2: 192 KiB).
// RUN: asc-opt %s --split-input-file -p ascendc-plan-memory --verify-diagnostics | filecheck %s

// CHECK-LABEL: func.func @fits_950
// CHECK:      ascendc.local_mem_allocator.alloc {{.*}} {ascendc.address = 0 : i64, ascendc.bytes = 106496 : i64}
// CHECK:      ascendc.local_mem_allocator.alloc {{.*}} {ascendc.address = 106496 : i64, ascendc.bytes = 106496 : i64}
// CHECK:      scf.for
// CHECK-NOT:  ascendc.address
// CHECK:      return
builtin.module attributes {ascendc.soc = "Ascend950"} {
  func.func @fits_950(%n: i32) {
    %hw = arith.constant 1 : i64
    %ub = ascendc.local_mem_allocator %hw : i64, !ascendc.local_mem_allocator<1>
    %c = arith.constant 26624 : i32
    %a = ascendc.local_mem_allocator.alloc %ub, veccalc, %c, f32 : !ascendc.local_mem_allocator<1>, i32, !ascendc.local_tensor<*xf32>
    %b = ascendc.local_mem_allocator.alloc %ub, veccalc, %c, f32 : !ascendc.local_mem_allocator<1>, i32, !ascendc.local_tensor<*xf32>
    %lo = arith.constant 0 : index
    %hi = arith.constant 4 : index
    %st = arith.constant 1 : index
    scf.for %i = %lo to %hi step %st {
      %d = ascendc.local_mem_allocator.alloc %ub, veccalc, %c, f32 : !ascendc.local_mem_allocator<1>, i32, !ascendc.local_tensor<*xf32>
    }
    func.return
  }
}

// -----

builtin.module attributes {ascendc.soc = "Ascend910B"} {
  func.func @overflows_a2() {
    %hw = arith.constant 1 : i64
    %ub = ascendc.local_mem_allocator %hw : i64, !ascendc.local_mem_allocator<1>
    %c = arith.constant 26624 : i32
    %a = ascendc.local_mem_allocator.alloc %ub, veccalc, %c, f32 : !ascendc.local_mem_allocator<1>, i32, !ascendc.local_tensor<*xf32>
    // expected-error @+1 {{ascendc-plan-memory: UB overflow: %ub hands out 212992 bytes but Ascend910B1 has 196608 bytes of UB (%a 106496 B, %b 106496 B)}}
    %b = ascendc.local_mem_allocator.alloc %ub, veccalc, %c, f32 : !ascendc.local_mem_allocator<1>, i32, !ascendc.local_tensor<*xf32>
    func.return
  }
}
