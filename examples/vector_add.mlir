// A vector-add kernel written directly in the AscendC dialect (no Python frontend):
// each block adds its `n` elements of x and y into z, 256 at a time.
//
//   python -m asc_xdsl.run examples/vector_add.mlir -n 8 x=rand:8192 y=rand:8192 z=zeros:8192 n=1024 --print z
//   python -m asc_xdsl.run examples/vector_add.mlir --emit ascendc
func.func @vector_add(%x: memref<?xf32, 22 : i64>, %y: memref<?xf32, 22 : i64>,
                      %z: memref<?xf32, 22 : i64>, %n: i32) attributes {ascendc.global, ascendc.aicore} {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %tile = arith.constant 256 : i32
  %block = ascendc.get_block_idx : i32
  %start = arith.muli %block, %n : i32
  %offset = arith.index_cast %start : i32 to index
  %x_block = emitasc.ptr_offset %x[%offset] : memref<?xf32, 22 : i64>, memref<?xf32, 22 : i64>
  %y_block = emitasc.ptr_offset %y[%offset] : memref<?xf32, 22 : i64>, memref<?xf32, 22 : i64>
  %z_block = emitasc.ptr_offset %z[%offset] : memref<?xf32, 22 : i64>, memref<?xf32, 22 : i64>
  %x_gm = ascendc.global_tensor : !ascendc.global_tensor<*xf32>
  ascendc.global_tensor.set_global_buffer %x_gm, %x_block, %n : !ascendc.global_tensor<*xf32>, memref<?xf32, 22 : i64>, i32
  %y_gm = ascendc.global_tensor : !ascendc.global_tensor<*xf32>
  ascendc.global_tensor.set_global_buffer %y_gm, %y_block, %n : !ascendc.global_tensor<*xf32>, memref<?xf32, 22 : i64>, i32
  %z_gm = ascendc.global_tensor : !ascendc.global_tensor<*xf32>
  ascendc.global_tensor.set_global_buffer %z_gm, %z_block, %n : !ascendc.global_tensor<*xf32>, memref<?xf32, 22 : i64>, i32
  // Two 1 KiB tiles in UB at byte addresses 0 and 1024 (LocalTensor's constructor
  // takes uint32_t; arith has signless integers only, hence the casts).
  %c1024 = arith.constant 1024 : i32
  %addr_a = builtin.unrealized_conversion_cast %c0 : i32 to ui32
  %addr_b = builtin.unrealized_conversion_cast %c1024 : i32 to ui32
  %tile_u = builtin.unrealized_conversion_cast %tile : i32 to ui32
  %a = ascendc.local_tensor_v2 vecin, %addr_a, %tile_u : !ascendc.local_tensor<*xf32>
  %b = ascendc.local_tensor_v2 vecin, %addr_b, %tile_u : !ascendc.local_tensor<*xf32>
  %tiles = arith.divsi %n, %tile : i32
  scf.for %i = %c0 to %tiles step %c1 : i32 {
    %at = arith.muli %i, %tile : i32
    %x_tile = ascendc.global_tensor.subindex %x_gm[%at] : !ascendc.global_tensor<*xf32>, i32, !ascendc.global_tensor<*xf32>
    %y_tile = ascendc.global_tensor.subindex %y_gm[%at] : !ascendc.global_tensor<*xf32>, i32, !ascendc.global_tensor<*xf32>
    %z_tile = ascendc.global_tensor.subindex %z_gm[%at] : !ascendc.global_tensor<*xf32>, i32, !ascendc.global_tensor<*xf32>
    ascendc.data_copy_l2 %a, %x_tile, %tile : !ascendc.local_tensor<*xf32>, !ascendc.global_tensor<*xf32>, i32
    ascendc.data_copy_l2 %b, %y_tile, %tile : !ascendc.local_tensor<*xf32>, !ascendc.global_tensor<*xf32>, i32
    ascendc.pipe_barrier pipe_all
    ascendc.add_l2 %a, %a, %b, %tile : !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, i32
    ascendc.pipe_barrier pipe_all
    ascendc.data_copy_l2 %z_tile, %a, %tile : !ascendc.global_tensor<*xf32>, !ascendc.local_tensor<*xf32>, i32
    ascendc.pipe_barrier pipe_all
  }
  func.return
}
