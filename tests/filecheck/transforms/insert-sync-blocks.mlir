// ascendc-insert-sync{sync_blocks=true}: a SyncAll before the first op of a kernel's body
// whose GM accesses may meet what another block wrote (or read, when it writes) since
// the last SyncAll; at the body's top level, which every block runs once, and inside
// the loops and branches every block runs alike (bounds, conditions without GetBlockIdx).
// RUN: asc-opt %s --split-input-file -p 'ascendc-insert-sync{sync_blocks=true}' | filecheck %s

// Each block writes its 8 elements of ws (GetBlockIdx() * 8), then reads all of ws:
// the read meets the other blocks' writes. Its own part of x, read before, meets
// nothing another block writes.
// CHECK-LABEL: func.func @partial_sums(
// CHECK:         ascendc.data_copy_l2 %t, %gxb, %c8
// CHECK-NOT:     ascendc.sync_all_hard
// CHECK:         ascendc.data_copy_l2 %gwb, %t, %c8
// CHECK-NEXT:    ascendc.sync_all_hard {isAIVOnly}
// CHECK-NOT:     ascendc.sync_all_hard
// CHECK:         ascendc.data_copy_l2 %t, %gw, %c64
func.func @partial_sums(%x: memref<?xf32, 22>, %ws: memref<?xf32, 22>, %y: memref<?xf32, 22>) attributes {ascendc.global} {
  %c0 = arith.constant 0 : i32
  %c8 = arith.constant 8 : i32
  %c64 = arith.constant 64 : i32
  %a0 = builtin.unrealized_conversion_cast %c0 : i32 to ui32
  %s = builtin.unrealized_conversion_cast %c64 : i32 to ui32
  %gx = ascendc.global_tensor : !ascendc.global_tensor<*xf32>
  ascendc.global_tensor.set_global_buffer %gx, %x : !ascendc.global_tensor<*xf32>, memref<?xf32, 22>
  %gw = ascendc.global_tensor : !ascendc.global_tensor<*xf32>
  ascendc.global_tensor.set_global_buffer %gw, %ws : !ascendc.global_tensor<*xf32>, memref<?xf32, 22>
  %gy = ascendc.global_tensor : !ascendc.global_tensor<*xf32>
  ascendc.global_tensor.set_global_buffer %gy, %y : !ascendc.global_tensor<*xf32>, memref<?xf32, 22>
  %t = ascendc.local_tensor_v2 veccalc, %a0, %s : !ascendc.local_tensor<*xf32>
  %bid = ascendc.get_block_idx : i64
  %b = arith.trunci %bid : i64 to i32
  %off = arith.muli %b, %c8 : i32
  %gxb = ascendc.global_tensor.subindex %gx[%off] : !ascendc.global_tensor<*xf32>, i32, !ascendc.global_tensor<*xf32>
  %gwb = ascendc.global_tensor.subindex %gw[%off] : !ascendc.global_tensor<*xf32>, i32, !ascendc.global_tensor<*xf32>
  ascendc.data_copy_l2 %t, %gxb, %c8 : !ascendc.local_tensor<*xf32>, !ascendc.global_tensor<*xf32>, i32
  ascendc.data_copy_l2 %gwb, %t, %c8 : !ascendc.global_tensor<*xf32>, !ascendc.local_tensor<*xf32>, i32
  ascendc.data_copy_l2 %t, %gw, %c64 : !ascendc.local_tensor<*xf32>, !ascendc.global_tensor<*xf32>, i32
  ascendc.data_copy_l2 %gy, %t, %c64 : !ascendc.global_tensor<*xf32>, !ascendc.local_tensor<*xf32>, i32
  func.return
}

// -----

// A tiled loop over each block's own part, in place (x[bid * 64 + i * 16], 16 elements,
// i in 0..3): no block reaches another's part, nothing is inserted; a device function
// (no ascendc.global) never gets a SyncAll.
// CHECK-LABEL: func.func @own_tiles(
// CHECK-NOT:     ascendc.sync_all_hard
// CHECK:         func.return
// CHECK-LABEL: func.func private @helper(
// CHECK-NOT:     ascendc.sync_all_hard
// CHECK:         func.return
func.func @own_tiles(%x: memref<?xf32, 22>) attributes {ascendc.global} {
  %c0 = arith.constant 0 : i32
  %c4 = arith.constant 4 : i32
  %c1 = arith.constant 1 : i32
  %c16 = arith.constant 16 : i32
  %c64 = arith.constant 64 : i32
  %a0 = builtin.unrealized_conversion_cast %c0 : i32 to ui32
  %s = builtin.unrealized_conversion_cast %c64 : i32 to ui32
  %gx = ascendc.global_tensor : !ascendc.global_tensor<*xf32>
  ascendc.global_tensor.set_global_buffer %gx, %x : !ascendc.global_tensor<*xf32>, memref<?xf32, 22>
  %t = ascendc.local_tensor_v2 veccalc, %a0, %s : !ascendc.local_tensor<*xf32>
  %bid = ascendc.get_block_idx : i64
  %b = arith.trunci %bid : i64 to i32
  %base = arith.muli %b, %c64 : i32
  scf.for %i = %c0 to %c4 step %c1 : i32 {
    %k = arith.muli %i, %c16 : i32
    %off = arith.addi %base, %k : i32
    %g = ascendc.global_tensor.subindex %gx[%off] : !ascendc.global_tensor<*xf32>, i32, !ascendc.global_tensor<*xf32>
    ascendc.data_copy_l2 %t, %g, %c16 : !ascendc.local_tensor<*xf32>, !ascendc.global_tensor<*xf32>, i32
    ascendc.abs_l2 %t, %t, %c16 : !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, i32
    ascendc.data_copy_l2 %g, %t, %c16 : !ascendc.global_tensor<*xf32>, !ascendc.local_tensor<*xf32>, i32
  }
  %g0 = ascendc.global_tensor.subindex %gx[%base] : !ascendc.global_tensor<*xf32>, i32, !ascendc.global_tensor<*xf32>
  ascendc.data_copy_l2 %t, %g0, %c64 : !ascendc.local_tensor<*xf32>, !ascendc.global_tensor<*xf32>, i32
  func.return
}
func.func private @helper(%gw: !ascendc.global_tensor<*xf32>, %n: i32) {
  %c0 = arith.constant 0 : i32
  %c64 = arith.constant 64 : i32
  %a0 = builtin.unrealized_conversion_cast %c0 : i32 to ui32
  %s = builtin.unrealized_conversion_cast %c64 : i32 to ui32
  %t = ascendc.local_tensor_v2 veccalc, %a0, %s : !ascendc.local_tensor<*xf32>
  ascendc.data_copy_l2 %gw, %t, %n : !ascendc.global_tensor<*xf32>, !ascendc.local_tensor<*xf32>, i32
  ascendc.data_copy_l2 %t, %gw, %n : !ascendc.local_tensor<*xf32>, !ascendc.global_tensor<*xf32>, i32
  func.return
}

// -----

// Rounds through one workspace: each round writes this block's 8 elements of ws and
// reads all of it. The loop's bounds are alike on every block, so the SyncAlls go in its
// body: before the read (this round's writes) and before the write (the last round's
// reads). A loop whose trip count depends on GetBlockIdx gets one before it instead; a
// branch on a value alike on every block gets them in its body.
// CHECK-LABEL: func.func @rounds(
// CHECK:         scf.for
// CHECK-NEXT:      ascendc.sync_all_hard {isAIVOnly}
// CHECK-NOT:       ascendc.sync_all_hard
// CHECK:           ascendc.data_copy_l2 %gwb, %t, %c8
// CHECK-NEXT:      ascendc.sync_all_hard {isAIVOnly}
// CHECK-NOT:       ascendc.sync_all_hard
// CHECK:           ascendc.data_copy_l2 %t, %gw, %c64
// CHECK-NEXT:    }
// CHECK-NEXT:    ascendc.sync_all_hard {isAIVOnly}
// CHECK-NEXT:    scf.for
// CHECK-NOT:       ascendc.sync_all_hard
// CHECK:         scf.if
// CHECK-NEXT:      ascendc.sync_all_hard {isAIVOnly}
// CHECK-NOT:       ascendc.sync_all_hard
// CHECK:           ascendc.data_copy_l2 %gwb, %t, %c8
// CHECK-NEXT:      ascendc.sync_all_hard {isAIVOnly}
// CHECK-NOT:       ascendc.sync_all_hard
// CHECK:           ascendc.data_copy_l2 %t, %gw, %c64
// CHECK-NEXT:    }
// CHECK-NEXT:    func.return
func.func @rounds(%ws: memref<?xf32, 22>, %n: i32) attributes {ascendc.global} {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c8 = arith.constant 8 : i32
  %c64 = arith.constant 64 : i32
  %a0 = builtin.unrealized_conversion_cast %c0 : i32 to ui32
  %s = builtin.unrealized_conversion_cast %c64 : i32 to ui32
  %gw = ascendc.global_tensor : !ascendc.global_tensor<*xf32>
  ascendc.global_tensor.set_global_buffer %gw, %ws : !ascendc.global_tensor<*xf32>, memref<?xf32, 22>
  %t = ascendc.local_tensor_v2 veccalc, %a0, %s : !ascendc.local_tensor<*xf32>
  %bid = ascendc.get_block_idx : i64
  %b = arith.trunci %bid : i64 to i32
  %off = arith.muli %b, %c8 : i32
  %gwb = ascendc.global_tensor.subindex %gw[%off] : !ascendc.global_tensor<*xf32>, i32, !ascendc.global_tensor<*xf32>
  scf.for %i = %c0 to %n step %c1 : i32 {
    ascendc.data_copy_l2 %gwb, %t, %c8 : !ascendc.global_tensor<*xf32>, !ascendc.local_tensor<*xf32>, i32
    ascendc.data_copy_l2 %t, %gw, %c64 : !ascendc.local_tensor<*xf32>, !ascendc.global_tensor<*xf32>, i32
  }
  scf.for %j = %c0 to %b step %c1 : i32 {
    ascendc.data_copy_l2 %gwb, %t, %c8 : !ascendc.global_tensor<*xf32>, !ascendc.local_tensor<*xf32>, i32
    ascendc.data_copy_l2 %t, %gw, %c64 : !ascendc.local_tensor<*xf32>, !ascendc.global_tensor<*xf32>, i32
  }
  %more = arith.cmpi sgt, %n, %c1 : i32
  scf.if %more {
    ascendc.data_copy_l2 %gwb, %t, %c8 : !ascendc.global_tensor<*xf32>, !ascendc.local_tensor<*xf32>, i32
    ascendc.data_copy_l2 %t, %gw, %c64 : !ascendc.local_tensor<*xf32>, !ascendc.global_tensor<*xf32>, i32
  }
  func.return
}
