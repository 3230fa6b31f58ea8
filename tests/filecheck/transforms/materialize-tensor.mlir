// ascendc-materialize-tensor: automatic tensors become pipe buffers: input/output ones a
// depth-1 VECIN/VECOUT queue allocated where the tensor was made and freed at the end of
// its block (last allocated first), the others a VECCALC TBuf; sizes in bytes, dynamic
// extents multiplied at run time; each constant made once, at the top of the function.
// RUN: asc-opt %s -p ascendc-materialize-tensor | filecheck %s

// CHECK-LABEL: func.func @in_loop(
// CHECK-NEXT:    %[[C64:.*]] = arith.constant 64 : i64
// CHECK-NEXT:    %[[C128:.*]] = arith.constant 128 : i64
// CHECK-NEXT:    %[[ONE:.*]] = arith.constant 1 : i32
// CHECK-NEXT:    %[[P0:.*]] = ascendc.pipe
// CHECK-NEXT:    %[[B:.*]] = ascendc.tbuf : <veccalc>
// CHECK-NEXT:    ascendc.pipe.init_buffer %[[P0]], %[[B]], %[[C64]] : !ascendc.tbuf<veccalc>, i64
// CHECK-NEXT:    %[[TMP:.*]] = ascendc.tbuf.get_tensor %[[B]] : !ascendc.tbuf<veccalc>, !ascendc.local_tensor<32xf16>
// CHECK-NEXT:    scf.for %i = %lb to %ub step %step {
// CHECK-NEXT:      %[[P1:.*]] = ascendc.pipe
// CHECK-NEXT:      %[[QI:.*]] = ascendc.queue : <vecin, 1>
// CHECK-NEXT:      ascendc.pipe.init_queue %[[P1]], %[[QI]], %[[ONE]], %[[C128]] : !ascendc.queue<vecin, 1>, i32, i64
// CHECK-NEXT:      %[[X:.*]] = ascendc.que_bind.alloc_tensor %[[QI]] : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<32xf32>
// CHECK-NEXT:      scf.if %c {
// CHECK-NEXT:        %[[P2:.*]] = ascendc.pipe
// CHECK-NEXT:        %[[QO:.*]] = ascendc.queue : <vecout, 1>
// CHECK-NEXT:        ascendc.pipe.init_queue %[[P2]], %[[QO]], %[[ONE]], %[[C128]] : !ascendc.queue<vecout, 1>, i32, i64
// CHECK-NEXT:        %[[Y:.*]] = ascendc.que_bind.alloc_tensor %[[QO]] : !ascendc.queue<vecout, 1>, !ascendc.local_tensor<32xf32>
// CHECK-NEXT:        ascendc.abs_l2 %[[Y]], %[[X]], %n
// CHECK-NEXT:        ascendc.cast_l2 %[[TMP]], %[[Y]], %n
// CHECK-NEXT:        ascendc.que_bind.free_tensor %[[QO]], %[[Y]] : !ascendc.queue<vecout, 1>, !ascendc.local_tensor<32xf32>
// CHECK-NEXT:      }
// CHECK-NEXT:      %[[P3:.*]] = ascendc.pipe
// CHECK-NEXT:      %[[QB:.*]] = ascendc.queue : <vecout, 1>
// CHECK-NEXT:      ascendc.pipe.init_queue %[[P3]], %[[QB]], %[[ONE]], %[[C128]] : !ascendc.queue<vecout, 1>, i32, i64
// CHECK-NEXT:      %[[Z:.*]] = ascendc.que_bind.alloc_tensor %[[QB]] : !ascendc.queue<vecout, 1>, !ascendc.local_tensor<32xf32>
// CHECK-NEXT:      ascendc.abs_l2 %[[Z]], %[[X]], %n
// CHECK-NEXT:      ascendc.que_bind.free_tensor %[[QB]], %[[Z]]
// CHECK-NEXT:      ascendc.que_bind.free_tensor %[[QI]], %[[X]]
// CHECK-NEXT:    }
// CHECK-NEXT:    func.return
func.func @in_loop(%n: i32, %lb: index, %ub: index, %step: index, %c: i1) {
  %tmp = ascendc.local_tensor_auto() : !ascendc.local_tensor<32xf16>
  scf.for %i = %lb to %ub step %step {
    %x = ascendc.local_tensor_auto() input : !ascendc.local_tensor<32xf32>
    scf.if %c {
      %y = ascendc.local_tensor_auto() output : !ascendc.local_tensor<32xf32>
      ascendc.abs_l2 %y, %x, %n : !ascendc.local_tensor<32xf32>, !ascendc.local_tensor<32xf32>, i32
      ascendc.cast_l2 %tmp, %y, %n {roundMode = 1 : i32} : !ascendc.local_tensor<32xf16>, !ascendc.local_tensor<32xf32>, i32
    }
    %z = ascendc.local_tensor_auto() input output : !ascendc.local_tensor<32xf32>
    ascendc.abs_l2 %z, %x, %n : !ascendc.local_tensor<32xf32>, !ascendc.local_tensor<32xf32>, i32
  }
  func.return
}

// Dynamic extents: constant ones fold into the byte count, the others multiply it.
// CHECK-LABEL: func.func @dynamic(
// CHECK-NEXT:    %c8 = arith.constant 8 : i64
// CHECK-NEXT:    %[[BYTES:.*]] = arith.constant 16 : i64
// CHECK-NEXT:    %[[ONE:.*]] = arith.constant 1 : i32
// CHECK-NEXT:    %[[M1:.*]] = arith.muli %rows, %[[BYTES]] : i64
// CHECK-NEXT:    %[[M2:.*]] = arith.muli %[[M1]], %cols : i64
// CHECK-NEXT:    %[[P:.*]] = ascendc.pipe
// CHECK-NEXT:    %[[Q:.*]] = ascendc.queue : <vecin, 1>
// CHECK-NEXT:    ascendc.pipe.init_queue %[[P]], %[[Q]], %[[ONE]], %[[M2]] : !ascendc.queue<vecin, 1>, i32, i64
// CHECK-NEXT:    %[[T:.*]] = ascendc.que_bind.alloc_tensor %[[Q]] : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf16>
func.func @dynamic(%rows: i64, %cols: i64) {
  %c8 = arith.constant 8 : i64
  %t = ascendc.local_tensor_auto(%rows, %c8, %cols) input : !ascendc.local_tensor<*xf16>
  func.return
}
