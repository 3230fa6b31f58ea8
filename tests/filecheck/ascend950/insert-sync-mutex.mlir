// ascendc-insert-sync{mutex=true}: the pairs as Ascend 950 buffer-id sync, one MutexID
// per event (skipping the kernel's own constant ids: 0 here), and the C++ it prints.
// RUN: asc-opt %s -p ascendc-insert-sync{mutex=true} | filecheck %s
// RUN: asc-opt %s -p ascendc-insert-sync{mutex=true} -t ascendc | filecheck %s --check-prefix=CPP

// CHECK-LABEL: func.func @tiles(
// CHECK-DAG:     %[[M1:.*]] = builtin.unrealized_conversion_cast %{{.*}} : i8 to ui8
// CHECK:         scf.for
// CHECK:           ascendc.mutex_lock pipe_mte3, %[[A:.*]] : ui8
// CHECK-NEXT:      ascendc.mutex_unlock pipe_mte3, %[[A]] : ui8
// CHECK-NEXT:      ascendc.mutex_lock pipe_mte2, %[[A]] : ui8
// CHECK-NEXT:      ascendc.mutex_unlock pipe_mte2, %[[A]] : ui8
// CHECK-NEXT:      ascendc.data_copy_l2 %x, %gxt, %c256
// CHECK-NEXT:      ascendc.mutex_lock pipe_mte2, %[[B:.*]] : ui8
// CHECK-NEXT:      ascendc.mutex_unlock pipe_mte2, %[[B]] : ui8
// CHECK-NEXT:      ascendc.mutex_lock pipe_v, %[[B]] : ui8
// CHECK-NEXT:      ascendc.mutex_unlock pipe_v, %[[B]] : ui8
// CHECK-NEXT:      ascendc.exp_l2 %y, %x, %c256
// CHECK-NOT:       set_flag
// CHECK:           ascendc.data_copy_l2 %gyt, %y, %c256
// CHECK-NOT:     ascendc.set_flag
// CHECK-NOT:     ascendc.wait_flag

// CPP-LABEL: void tiles(
// CPP:          AscendC::Mutex::Lock<PIPE_MTE3>(mutex1);
// CPP-NEXT:     AscendC::Mutex::Unlock<PIPE_MTE3>(mutex1);
// CPP-NEXT:     AscendC::Mutex::Lock<PIPE_MTE2>(mutex1);
// CPP-NEXT:     AscendC::Mutex::Unlock<PIPE_MTE2>(mutex1);
// CPP-NEXT:     AscendC::DataCopy(x, gxt, c256);
builtin.module attributes {ascendc.soc = "Ascend950"} {
  func.func @tiles(%gx: !ascendc.global_tensor<*xf32>, %gy: !ascendc.global_tensor<*xf32>, %lb: index, %ub: index) {
    %step = arith.constant 1 : index
    %c0 = arith.constant 0 : i32
    %c1024 = arith.constant 1024 : i32
    %c256 = arith.constant 256 : i32
    %a0 = builtin.unrealized_conversion_cast %c0 : i32 to ui32
    %a1 = builtin.unrealized_conversion_cast %c1024 : i32 to ui32
    %len = builtin.unrealized_conversion_cast %c256 : i32 to ui32
    %own = arith.constant 0 : i8
    %own_id = builtin.unrealized_conversion_cast %own : i8 to ui8
    ascendc.mutex_lock pipe_s, %own_id : ui8
    ascendc.mutex_unlock pipe_s, %own_id : ui8
    %x = ascendc.local_tensor_v2 vecin, %a0, %len : !ascendc.local_tensor<*xf32>
    %y = ascendc.local_tensor_v2 vecout, %a1, %len : !ascendc.local_tensor<*xf32>
    scf.for %i = %lb to %ub step %step {
      %i32 = arith.index_cast %i : index to i32
      %off = arith.muli %i32, %c256 : i32
      %gxt = ascendc.global_tensor.subindex %gx[%off] : !ascendc.global_tensor<*xf32>, i32, !ascendc.global_tensor<*xf32>
      %gyt = ascendc.global_tensor.subindex %gy[%off] : !ascendc.global_tensor<*xf32>, i32, !ascendc.global_tensor<*xf32>
      ascendc.data_copy_l2 %x, %gxt, %c256 : !ascendc.local_tensor<*xf32>, !ascendc.global_tensor<*xf32>, i32
      ascendc.exp_l2 %y, %x, %c256 : !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, i32
      ascendc.data_copy_l2 %gyt, %y, %c256 : !ascendc.global_tensor<*xf32>, !ascendc.local_tensor<*xf32>, i32
    }
    func.return
  }
}

