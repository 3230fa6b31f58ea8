// A vector add in the TPipe/TQue style: each of GetBlockNum() blocks adds its
// share of `total` float elements, tile by tile, double-buffered (queue depth 2).
//
//   python -m asc_xdsl.opt examples/vector_add_tque.mlir -t ascendc
func.func @add_custom(%x: memref<?xf32, 22>, %y: memref<?xf32, 22>, %z: memref<?xf32, 22>, %total: i32) attributes {ascendc.aicore, ascendc.global} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %tile = arith.constant 2048 : i32
  %depth = arith.constant 2 : i32
  %tile_bytes = arith.constant 8192 : i32
  %block_num = ascendc.get_block_num : i32
  %block_idx = ascendc.get_block_idx : i32
  %block_len = arith.divsi %total, %block_num : i32
  %block_off = arith.muli %block_len, %block_idx : i32
  %pipe = ascendc.pipe
  %in_x = ascendc.queue : !ascendc.queue<vecin, 2>
  %in_y = ascendc.queue : !ascendc.queue<vecin, 2>
  %out_z = ascendc.queue : !ascendc.queue<vecout, 2>
  ascendc.pipe.init_queue %pipe, %in_x, %depth, %tile_bytes : !ascendc.queue<vecin, 2>, i32, i32
  ascendc.pipe.init_queue %pipe, %in_y, %depth, %tile_bytes : !ascendc.queue<vecin, 2>, i32, i32
  ascendc.pipe.init_queue %pipe, %out_z, %depth, %tile_bytes : !ascendc.queue<vecout, 2>, i32, i32
  %x_gm = ascendc.global_tensor : !ascendc.global_tensor<*xf32>
  %y_gm = ascendc.global_tensor : !ascendc.global_tensor<*xf32>
  %z_gm = ascendc.global_tensor : !ascendc.global_tensor<*xf32>
  ascendc.global_tensor.set_global_buffer %x_gm, %x : !ascendc.global_tensor<*xf32>, memref<?xf32, 22>
  ascendc.global_tensor.set_global_buffer %y_gm, %y : !ascendc.global_tensor<*xf32>, memref<?xf32, 22>
  ascendc.global_tensor.set_global_buffer %z_gm, %z : !ascendc.global_tensor<*xf32>, memref<?xf32, 22>
  %tiles_i32 = arith.divsi %block_len, %tile : i32
  %tiles = arith.index_cast %tiles_i32 : i32 to index
  scf.for %i = %c0 to %tiles step %c1 {
    %i_i32 = arith.index_cast %i : index to i32
    %in_block = arith.muli %i_i32, %tile : i32
    %offset_i32 = arith.addi %block_off, %in_block : i32
    %offset = arith.index_cast %offset_i32 : i32 to index
    // CopyIn: GM -> UB (MTE2)
    %x_local = ascendc.que_bind.alloc_tensor %in_x : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf32>
    %y_local = ascendc.que_bind.alloc_tensor %in_y : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf32>
    %x_tile = ascendc.global_tensor.subindex %x_gm[%offset] : !ascendc.global_tensor<*xf32>, index, !ascendc.global_tensor<*xf32>
    %y_tile = ascendc.global_tensor.subindex %y_gm[%offset] : !ascendc.global_tensor<*xf32>, index, !ascendc.global_tensor<*xf32>
    ascendc.data_copy_l2 %x_local, %x_tile, %tile : !ascendc.local_tensor<*xf32>, !ascendc.global_tensor<*xf32>, i32
    ascendc.data_copy_l2 %y_local, %y_tile, %tile : !ascendc.local_tensor<*xf32>, !ascendc.global_tensor<*xf32>, i32
    ascendc.que_bind.enque_tensor %in_x, %x_local : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf32>
    ascendc.que_bind.enque_tensor %in_y, %y_local : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf32>
    // Compute (V)
    %xa = ascendc.que_bind.deque_tensor %in_x : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf32>
    %ya = ascendc.que_bind.deque_tensor %in_y : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf32>
    %z_local = ascendc.que_bind.alloc_tensor %out_z : !ascendc.queue<vecout, 2>, !ascendc.local_tensor<*xf32>
    ascendc.add_l2 %z_local, %xa, %ya, %tile : !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, i32
    ascendc.que_bind.enque_tensor %out_z, %z_local : !ascendc.queue<vecout, 2>, !ascendc.local_tensor<*xf32>
    ascendc.que_bind.free_tensor %in_x, %xa : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf32>
    ascendc.que_bind.free_tensor %in_y, %ya : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf32>
    // CopyOut: UB -> GM (MTE3)
    %z_ready = ascendc.que_bind.deque_tensor %out_z : !ascendc.queue<vecout, 2>, !ascendc.local_tensor<*xf32>
    %z_tile = ascendc.global_tensor.subindex %z_gm[%offset] : !ascendc.global_tensor<*xf32>, index, !ascendc.global_tensor<*xf32>
    ascendc.data_copy_l2 %z_tile, %z_ready, %tile : !ascendc.global_tensor<*xf32>, !ascendc.local_tensor<*xf32>, i32
    ascendc.que_bind.free_tensor %out_z, %z_ready : !ascendc.queue<vecout, 2>, !ascendc.local_tensor<*xf32>
  }
  return
}
