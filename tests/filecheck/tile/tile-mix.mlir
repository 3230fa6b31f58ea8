// tile-to-ascendc on a mix kernel (a matmul whose product a vector op reads): the
// product goes to a slot of the hidden workspace parameter (Fixpipe, the AIC) and
// back into UB (DataCopyPad, the AIVs), at GetBlockIdx() / GetSubBlockNum() blocks in;
// the exp is row-wise, so each AIV takes half of the 32 rows: its read of the
// workspace and its store start GetSubBlockIdx() * 16 rows in. No flag is placed
// here: the kernel is reported as needing ascendc-insert-sync (the cross-core pairs).
// RUN: asc-opt %s -p tile-to-ascendc 2>&1 | filecheck %s

// CHECK-LABEL: func.func @mix(
// CHECK-SAME:      %workspace: memref<1024xf32, 22 : i64> {emitasc.kernel_arg = #emitasc.kernel_arg<workspace>})
// CHECK-SAME:      ascendc.kernel_type = "mix"
// CHECK:         ascendc.global_tensor.set_global_buffer %[[WS:[^,]*]], %workspace
// CHECK-NEXT:    ascendc.get_block_idx : i32
// CHECK-NEXT:    ascendc.get_sub_block_num : ui64
// CHECK:         %[[SLOT:.*]] = ascendc.global_tensor.subindex %[[WS]][
// CHECK:         ascendc.get_sub_block_idx : i64
// CHECK-NOT:     ascendc.get_sub_block_idx
// CHECK:         ascendc.mmad
// CHECK:         ascendc.fixpipe %[[SLOT]],
// CHECK:         %[[HALF:.*]] = ascendc.global_tensor.subindex %[[SLOT]][
// CHECK:         ascendc.data_copy_pad_l0_ext %{{[^,]*}}, %[[HALF]],
// CHECK:         ascendc.exp_l2 %{{.*}} : !ascendc.local_tensor<512xf32>, !ascendc.local_tensor<512xf32>, i32
// CHECK:         ascendc.data_copy_pad_l2_ext
// CHECK-NOT:     ascendc.set_flag
// CHECK-NOT:     asctile.
func.func @mix(%a: memref<?xf16, 22 : i64>, %b: memref<?xf16, 22 : i64>, %c: memref<?xf32, 22 : i64>) attributes {ascendc.global} {
  %c0 = arith.constant 0 : i32
  %va = asctile.tensor %a[] : memref<?xf16, 22 : i64>, -> !asctile.tensor<32x32xf16>
  %ta = asctile.load %va[%c0, %c0] : !asctile.tensor<32x32xf16>, i32, i32 -> !asctile.tile<32x32xf16, l0a>
  %vb = asctile.tensor %b[] : memref<?xf16, 22 : i64>, -> !asctile.tensor<32x32xf16>
  %tb = asctile.load %vb[%c0, %c0] : !asctile.tensor<32x32xf16>, i32, i32 -> !asctile.tile<32x32xf16, l0b>
  %m = asctile.matmul %ta, %tb : !asctile.tile<32x32xf16, l0a>, !asctile.tile<32x32xf16, l0b> -> !asctile.tile<32x32xf32, l0c>
  %u = asctile.copy %m[%c0, %c0] : !asctile.tile<32x32xf32, l0c>, i32, i32 -> !asctile.tile<32x32xf32, ub>
  %e = asctile.unary "exp" %u : !asctile.tile<32x32xf32, ub> -> !asctile.tile<32x32xf32, ub>
  %vc = asctile.tensor %c[] : memref<?xf32, 22 : i64>, -> !asctile.tensor<32x32xf32>
  asctile.store %e, %vc[%c0, %c0] : !asctile.tile<32x32xf32, ub>, !asctile.tensor<32x32xf32>, i32, i32
  func.return
}
