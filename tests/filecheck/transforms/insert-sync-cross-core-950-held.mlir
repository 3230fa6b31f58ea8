// Ascend 950: a CrossCoreWaitFlag holds only the pipe it names. Here the AIVs wait on
// MTE3 for the AIC's scalar store of y, then copy y in on MTE2: the copy-in is not
// ordered after the store. verify-sync names the two fixes; insert-sync hands the
// wait's order on to MTE2 with an intra-core SetFlag/WaitFlag<MTE3_MTE2> right after
// it (no second cross-core pair).
// RUN: asc-opt %s -p ascendc-insert-sync | filecheck %s
// RUN: asc-opt %s -p ascendc-verify-sync 2>&1 >/dev/null | filecheck %s --check-prefix=VERIFY

// CHECK-LABEL: func.func @held
// CHECK:         ascendc.cross_core_set_flag %c0, 2, pipe_s : i32
// CHECK-NOT:     ascendc.cross_core_set_flag
// CHECK:         ascendc.cross_core_wait_flag %c0, 2, pipe_mte3 : i32
// CHECK-NOT:     ascendc.cross_core_wait_flag
// CHECK:         ascendc.set_flag mte3_mte2, %[[E:.*]] : i32
// CHECK-NEXT:    ascendc.wait_flag mte3_mte2, %[[E]] : i32
// CHECK-NEXT:    ascendc.data_copy_l2 %ub, %in

// VERIFY: warning: 'ascendc.data_copy_l2' on the vector core (AIV, pipe MTE2) reads GM that 'ascendc.global_tensor.set_value' on the cube core (AIC, pipe S) writes, and no cross-core flag orders them: it needs SetFlag/WaitFlag<MTE3_MTE2> after the CrossCoreWaitFlag on PIPE_MTE3 (on Ascend 950 it holds only that pipe, not MTE2), or PipeBarrier<PIPE_ALL> and CrossCoreSetFlag<2, PIPE_FIX>(id) on the AIC after it and CrossCoreWaitFlag(id) on the AIV before this
builtin.module attributes {ascendc.soc = "Ascend950"} {
  func.func @held(%y: memref<?xi32, 22 : i64>, %z: memref<?xi32, 22 : i64>) attributes {ascendc.global, ascendc.aicore, ascendc.kernel_type = "mix"} {
    %c8 = arith.constant 8 : i32
    %c10 = arith.constant 10 : i32
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %a0 = builtin.unrealized_conversion_cast %c0 : i32 to ui32
    %n8 = builtin.unrealized_conversion_cast %c8 : i32 to ui32
    %yg = ascendc.global_tensor : !ascendc.global_tensor<*xi32>
    ascendc.global_tensor.set_global_buffer %yg, %y : !ascendc.global_tensor<*xi32>, memref<?xi32, 22 : i64>
    %zg = ascendc.global_tensor : !ascendc.global_tensor<*xi32>
    ascendc.global_tensor.set_global_buffer %zg, %z : !ascendc.global_tensor<*xi32>, memref<?xi32, 22 : i64>
    %b = ascendc.get_block_idx : i32
    %aic = ascendc.ascend_is_aic : i1
    scf.if %aic {
      %at = arith.muli %b, %c8 overflow<nsw> : i32
      %v = arith.addi %c10, %b overflow<nsw> : i32
      ascendc.global_tensor.set_value %yg, %at, %v : !ascendc.global_tensor<*xi32>, i32, i32
      ascendc.cross_core_set_flag %c0, 2, pipe_s : i32
    }
    %aiv = ascendc.ascend_is_aiv : i1
    scf.if %aiv {
      ascendc.cross_core_wait_flag %c0, 2, pipe_mte3 : i32
      %ub = ascendc.local_tensor_v2 veccalc, %a0, %n8 : !ascendc.local_tensor<*xi32>
      %half = arith.shrsi %b, %c1 : i32
      %from = arith.muli %half, %c8 overflow<nsw> : i32
      %in = ascendc.global_tensor.subindex %yg[%from] : !ascendc.global_tensor<*xi32>, i32, !ascendc.global_tensor<*xi32>
      ascendc.data_copy_l2 %ub, %in, %c8 : !ascendc.local_tensor<*xi32>, !ascendc.global_tensor<*xi32>, i32
      ascendc.set_flag mte2_mte3, %c0 : i32
      ascendc.wait_flag mte2_mte3, %c0 : i32
      %to = arith.muli %b, %c8 overflow<nsw> : i32
      %out = ascendc.global_tensor.subindex %zg[%to] : !ascendc.global_tensor<*xi32>, i32, !ascendc.global_tensor<*xi32>
      ascendc.data_copy_l2 %out, %ub, %c8 : !ascendc.global_tensor<*xi32>, !ascendc.local_tensor<*xi32>, i32
    }
    func.return
  }
}
