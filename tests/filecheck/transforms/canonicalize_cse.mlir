// xDSL's own passes run on AscendC IR: CSE merges pure sub-views, but never merges or
// drops ops with effects (object creation, copies, flags).
// RUN: asc-opt %s -p canonicalize,cse | filecheck %s

// CHECK-LABEL: func.func @kernel
// CHECK:         %a = ascendc.global_tensor : !ascendc.global_tensor<*xf32>
// CHECK-NEXT:    %b = ascendc.global_tensor : !ascendc.global_tensor<*xf32>
// CHECK-NEXT:    %va = ascendc.global_tensor.subindex %a[%i]
// CHECK-NOT:     ascendc.global_tensor.subindex
// CHECK-NEXT:    ascendc.data_copy_l2 %t, %va, %n
// CHECK-NEXT:    ascendc.data_copy_l2 %t, %va, %n
// CHECK-NEXT:    ascendc.set_flag mte2_v, %n : i32
// CHECK-NEXT:    ascendc.set_flag mte2_v, %n : i32
// CHECK-NEXT:    %{{.*}} = ascendc.get_block_idx : i32
// CHECK-NEXT:    %{{.*}} = ascendc.get_block_idx : i32
func.func @kernel(%i: index, %n: i32, %t: !ascendc.local_tensor<*xf32>) {
  %a = ascendc.global_tensor : !ascendc.global_tensor<*xf32>
  %b = ascendc.global_tensor : !ascendc.global_tensor<*xf32>
  %va = ascendc.global_tensor.subindex %a[%i] : !ascendc.global_tensor<*xf32>, index, !ascendc.global_tensor<*xf32>
  %vb = ascendc.global_tensor.subindex %a[%i] : !ascendc.global_tensor<*xf32>, index, !ascendc.global_tensor<*xf32>
  ascendc.data_copy_l2 %t, %va, %n : !ascendc.local_tensor<*xf32>, !ascendc.global_tensor<*xf32>, i32
  ascendc.data_copy_l2 %t, %vb, %n : !ascendc.local_tensor<*xf32>, !ascendc.global_tensor<*xf32>, i32
  ascendc.set_flag mte2_v, %n : i32
  ascendc.set_flag mte2_v, %n : i32
  %x = ascendc.get_block_idx : i32
  %y = ascendc.get_block_idx : i32
  ascendc.printf %x, %y {desc = "%d %d"} : i32, i32
  return
}
