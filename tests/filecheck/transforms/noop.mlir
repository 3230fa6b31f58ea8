// ascendc-noop leaves a kernel with a loop and a branch exactly as it was.
// RUN: asc-opt %s -p ascendc-noop | filecheck %s
// RUN: asc-opt %s | filecheck %s

// CHECK-LABEL: func.func @kernel(%p: memref<?xf32, 22 : i64>, %n: i32, %lb: index, %ub: index, %step: index, %flag: i1, %a: ui32, %s: ui32) attributes {ascendc.global} {
// CHECK-NEXT:    %x = ascendc.global_tensor : !ascendc.global_tensor<*xf32>
// CHECK-NEXT:    ascendc.global_tensor.set_global_buffer %x, %p : !ascendc.global_tensor<*xf32>, memref<?xf32, 22 : i64>
// CHECK-NEXT:    %t = ascendc.local_tensor_v2 vecin, %a, %s : !ascendc.local_tensor<*xf32>
// CHECK-NEXT:    scf.for %i = %lb to %ub step %step {
// CHECK-NEXT:      scf.if %flag {
// CHECK-NEXT:        ascendc.data_copy_l2 %t, %x, %n : !ascendc.local_tensor<*xf32>, !ascendc.global_tensor<*xf32>, i32
// CHECK-NEXT:      } else {
// CHECK-NEXT:        ascendc.pipe_barrier pipe_all
// CHECK-NEXT:      }
// CHECK-NEXT:    }
// CHECK-NEXT:    func.return
// CHECK-NEXT:  }
func.func @kernel(%p: memref<?xf32, 22>, %n: i32, %lb: index, %ub: index, %step: index, %flag: i1, %a: ui32, %s: ui32) attributes {ascendc.global} {
  %x = ascendc.global_tensor : !ascendc.global_tensor<*xf32>
  ascendc.global_tensor.set_global_buffer %x, %p : !ascendc.global_tensor<*xf32>, memref<?xf32, 22>
  %t = ascendc.local_tensor_v2 vecin, %a, %s : !ascendc.local_tensor<*xf32>
  scf.for %i = %lb to %ub step %step {
    scf.if %flag {
      ascendc.data_copy_l2 %t, %x, %n : !ascendc.local_tensor<*xf32>, !ascendc.global_tensor<*xf32>, i32
    } else {
      ascendc.pipe_barrier pipe_all
    }
  }
  return
}
