// Round trip of the LocalMemAllocator ops (mem_allocator.py), custom and generic form.
// RUN: asc-opt %s | asc-opt | filecheck %s
// RUN: asc-opt %s --print-op-generic | asc-opt | filecheck %s
// RUN: asc-opt %s --print-op-generic | filecheck %s --check-prefix=GENERIC

// CHECK-LABEL: func.func @allocator(%n: i32)
// CHECK-NEXT:    %hw = arith.constant 1 : i64
// CHECK-NEXT:    %ub = ascendc.local_mem_allocator %hw : i64, !ascendc.local_mem_allocator<1>
// CHECK-NEXT:    %addr = ascendc.local_mem_allocator.get_cur_addr %ub : !ascendc.local_mem_allocator<1>, ui32
// CHECK-NEXT:    %c256 = arith.constant 256 : i32
// CHECK-NEXT:    %t = ascendc.local_mem_allocator.alloc %ub, vecin, %c256, f32 : !ascendc.local_mem_allocator<1>, i32, !ascendc.local_tensor<*xf32>
// CHECK-NEXT:    %t2 = ascendc.local_mem_allocator.alloc_dynamic %ub, veccalc, %n, f16 : !ascendc.local_mem_allocator<1>, i32, !ascendc.local_tensor<*xf16>
// CHECK-NEXT:    %hw2 = arith.constant 2 : i64
// CHECK-NEXT:    %l1 = ascendc.local_mem_allocator %hw2 : i64, !ascendc.local_mem_allocator<2>
// CHECK-NEXT:    %a = ascendc.local_mem_allocator.alloc_dynamic %l1, a1, %n, f16 : !ascendc.local_mem_allocator<2>, i32, !ascendc.local_tensor<*xf16>
// CHECK-NEXT:    return
// GENERIC-LABEL: "func.func"() <{sym_name = "allocator"
// GENERIC:         %t = "ascendc.local_mem_allocator.alloc"(%ub, %c256) <{pos = 9 : i32, dtype = f32}> : (!ascendc.local_mem_allocator<1>, i32) -> !ascendc.local_tensor<*xf32>
func.func @allocator(%n: i32) {
  %hw = arith.constant 1 : i64
  %ub = ascendc.local_mem_allocator %hw : i64, !ascendc.local_mem_allocator<1>
  %addr = ascendc.local_mem_allocator.get_cur_addr %ub : !ascendc.local_mem_allocator<1>, ui32
  %c256 = arith.constant 256 : i32
  %t = ascendc.local_mem_allocator.alloc %ub, vecin, %c256, f32 : !ascendc.local_mem_allocator<1>, i32, !ascendc.local_tensor<*xf32>
  %t2 = ascendc.local_mem_allocator.alloc_dynamic %ub, veccalc, %n, f16 : !ascendc.local_mem_allocator<1>, i32, !ascendc.local_tensor<*xf16>
  %hw2 = arith.constant 2 : i64
  %l1 = ascendc.local_mem_allocator %hw2 : i64, !ascendc.local_mem_allocator<2>
  %a = ascendc.local_mem_allocator.alloc_dynamic %l1, a1, %n, f16 : !ascendc.local_mem_allocator<2>, i32, !ascendc.local_tensor<*xf16>
  return
}
