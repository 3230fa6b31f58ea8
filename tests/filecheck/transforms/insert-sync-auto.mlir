// ascendc-insert-sync{auto_sync=true}: the kernel is compiled with bisheng's auto-sync,
// which on the vector cores orders S with V, MTE2 and MTE3 both ways and V after V (as
// the race checker assumes): on the AIV side those dependences get nothing; MTE2 -> V
// and V -> MTE3 still get their pairs, and the cube side (the AIC has no auto-sync)
// gets everything it got without the option. Off (the default), the same functions
// get a barrier for V -> V and pairs for V -> S and S -> V.
// RUN: asc-opt %s --split-input-file -p ascendc-insert-sync | filecheck %s --check-prefix=OFF
// RUN: asc-opt %s --split-input-file -p 'ascendc-insert-sync{auto_sync=true}' | filecheck %s --check-prefix=AUTO

// A vector kernel: MTE2 -> V, V -> V (in a branch), V -> S, S -> V, V -> MTE3.
// OFF-LABEL: func.func @vector(
// OFF:         ascendc.data_copy_l2 %x, %gx, %n
// OFF-NEXT:    ascendc.set_flag mte2_v
// OFF-NEXT:    ascendc.wait_flag mte2_v
// OFF-NEXT:    ascendc.exp_l2 %y, %x, %n
// OFF-NEXT:    scf.if %c {
// OFF-NEXT:      ascendc.pipe_barrier pipe_v
// OFF-NEXT:      ascendc.abs_l2 %y, %y, %n
// OFF-NEXT:    }
// OFF-NEXT:    ascendc.set_flag v_s
// OFF-NEXT:    ascendc.wait_flag v_s
// OFF-NEXT:    %v = ascendc.local_tensor.get_value %y, %k
// OFF-NEXT:    ascendc.local_tensor.set_value %x, %k, %v
// OFF-NEXT:    ascendc.set_flag s_v
// OFF-NEXT:    ascendc.wait_flag s_v
// OFF-NEXT:    ascendc.muls_l2 %y, %x, %v, %n
// OFF-NEXT:    ascendc.set_flag v_mte3
// OFF-NEXT:    ascendc.wait_flag v_mte3
// OFF-NEXT:    ascendc.data_copy_l2 %gy, %y, %n

// AUTO-LABEL: func.func @vector(
// AUTO:         ascendc.data_copy_l2 %x, %gx, %n
// AUTO-NEXT:    ascendc.set_flag mte2_v
// AUTO-NEXT:    ascendc.wait_flag mte2_v
// AUTO-NEXT:    ascendc.exp_l2 %y, %x, %n
// AUTO-NEXT:    scf.if %c {
// AUTO-NEXT:      ascendc.abs_l2 %y, %y, %n
// AUTO-NEXT:    }
// AUTO-NEXT:    %v = ascendc.local_tensor.get_value %y, %k
// AUTO-NEXT:    ascendc.local_tensor.set_value %x, %k, %v
// AUTO-NEXT:    ascendc.muls_l2 %y, %x, %v, %n
// AUTO-NEXT:    ascendc.set_flag v_mte3
// AUTO-NEXT:    ascendc.wait_flag v_mte3
// AUTO-NEXT:    ascendc.data_copy_l2 %gy, %y, %n
func.func @vector(%gx: !ascendc.global_tensor<*xf32>, %gy: !ascendc.global_tensor<*xf32>, %n: i32, %c: i1, %k: i32) {
  %c0 = arith.constant 0 : i32
  %c1024 = arith.constant 1024 : i32
  %c256 = arith.constant 256 : i32
  %a0 = builtin.unrealized_conversion_cast %c0 : i32 to ui32
  %a1 = builtin.unrealized_conversion_cast %c1024 : i32 to ui32
  %len = builtin.unrealized_conversion_cast %c256 : i32 to ui32
  %x = ascendc.local_tensor_v2 vecin, %a0, %len : !ascendc.local_tensor<*xf32>
  %y = ascendc.local_tensor_v2 vecout, %a1, %len : !ascendc.local_tensor<*xf32>
  ascendc.data_copy_l2 %x, %gx, %n : !ascendc.local_tensor<*xf32>, !ascendc.global_tensor<*xf32>, i32
  ascendc.exp_l2 %y, %x, %n : !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, i32
  scf.if %c {
    ascendc.abs_l2 %y, %y, %n : !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, i32
  }
  %v = ascendc.local_tensor.get_value %y, %k : !ascendc.local_tensor<*xf32>, i32, f32
  ascendc.local_tensor.set_value %x, %k, %v : !ascendc.local_tensor<*xf32>, i32, f32
  ascendc.muls_l2 %y, %x, %v, %n : !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, f32, i32
  ascendc.data_copy_l2 %gy, %y, %n : !ascendc.global_tensor<*xf32>, !ascendc.local_tensor<*xf32>, i32
  func.return
}

// -----

// A mix kernel: the AIC's scalar write of L1 before its MTE3 copy-out keeps its S -> MTE3
// pair with the option; the AIVs' V -> S before the scalar read of UB loses its pair.
// OFF-LABEL: func.func @mix(
// OFF:         scf.if %aic {
// OFF-NEXT:      ascendc.local_tensor.set_value %l1, %k, %f
// OFF-NEXT:      ascendc.set_flag s_mte3
// OFF-NEXT:      ascendc.wait_flag s_mte3
// OFF-NEXT:      ascendc.data_copy_l2 %gw, %l1, %c256
// OFF:         scf.if %aiv {
// OFF:           ascendc.abs_l2 %x, %x, %c256
// OFF-NEXT:      ascendc.set_flag v_s
// OFF-NEXT:      ascendc.wait_flag v_s
// OFF-NEXT:      %v = ascendc.local_tensor.get_value %x, %k

// AUTO-LABEL: func.func @mix(
// AUTO:         scf.if %aic {
// AUTO-NEXT:      ascendc.local_tensor.set_value %l1, %k, %f
// AUTO-NEXT:      ascendc.set_flag s_mte3
// AUTO-NEXT:      ascendc.wait_flag s_mte3
// AUTO-NEXT:      ascendc.data_copy_l2 %gw, %l1, %c256
// AUTO:         scf.if %aiv {
// AUTO:           ascendc.abs_l2 %x, %x, %c256
// AUTO-NEXT:      %v = ascendc.local_tensor.get_value %x, %k
func.func @mix(%gw: !ascendc.global_tensor<*xf32>, %gx: !ascendc.global_tensor<*xf32>, %k: i32, %f: f32) {
  %c0 = arith.constant 0 : i32
  %c256 = arith.constant 256 : i32
  %a0 = builtin.unrealized_conversion_cast %c0 : i32 to ui32
  %s = builtin.unrealized_conversion_cast %c256 : i32 to ui32
  %l1 = ascendc.local_tensor_v2 a1, %a0, %s : !ascendc.local_tensor<*xf32>
  %x = ascendc.local_tensor_v2 vecin, %a0, %s : !ascendc.local_tensor<*xf32>
  %aic = ascendc.ascend_is_aic : i1
  scf.if %aic {
    ascendc.local_tensor.set_value %l1, %k, %f : !ascendc.local_tensor<*xf32>, i32, f32
    ascendc.data_copy_l2 %gw, %l1, %c256 : !ascendc.global_tensor<*xf32>, !ascendc.local_tensor<*xf32>, i32
  }
  %aiv = ascendc.ascend_is_aiv : i1
  scf.if %aiv {
    ascendc.data_copy_l2 %x, %gx, %c256 : !ascendc.local_tensor<*xf32>, !ascendc.global_tensor<*xf32>, i32
    ascendc.abs_l2 %x, %x, %c256 : !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, i32
    %v = ascendc.local_tensor.get_value %x, %k : !ascendc.local_tensor<*xf32>, i32, f32
  }
  func.return
}
