// Verifier errors of the tensor ops (tensor.py), located at the failing op.
// RUN: asc-opt %s --soc Ascend910B1 --split-input-file --verify-diagnostics --parsing-diagnostics | filecheck %s

func.func @v2_gm(%u: ui32) {
  // CHECK: invalid_tensor.mlir:[[# @LINE + 2]]:3
  // CHECK: error: 'ascendc.local_tensor_v2': position gm is not an on-chip buffer
  %t = ascendc.local_tensor_v2 gm, %u, %u : !ascendc.local_tensor<*xf32>
  return
}

// -----

func.func @v2_max(%u: ui32) {
  // CHECK: invalid_tensor.mlir:[[# @LINE + 2]]:3
  // CHECK: error: 'ascendc.local_tensor_v2': position max is not an on-chip buffer
  %t = ascendc.local_tensor_v2 max, %u, %u : !ascendc.local_tensor<*xf32>
  return
}

// -----

func.func @v2_bad_number(%u: ui32) {
  // CHECK: error: 'ascendc.local_tensor_v2': 42 is not a valid TPosition (valid: 0 (gm), 1 (a1),
  %t = "ascendc.local_tensor_v2"(%u, %u) <{pos = 42 : i32}> : (ui32, ui32) -> !ascendc.local_tensor<*xf32>
  return
}

// -----

func.func @v2_no_pos(%u: ui32) {
  // CHECK: error: property 'pos' expected in operation 'ascendc.local_tensor_v2'
  %t = "ascendc.local_tensor_v2"(%u, %u) : (ui32, ui32) -> !ascendc.local_tensor<*xf32>
  return
}

// -----

func.func @v2_bad_keyword(%u: ui32) {
  // CHECK: invalid_tensor.mlir:[[# @LINE + 2]]:32
  // CHECK: expected a TPosition keyword (gm, a1, a2, b1, b2, c1, c2, co1, co2, vecin, vecout, veccalc, max), got 'vec_buf'
  %t = ascendc.local_tensor_v2 vec_buf, %u, %u : !ascendc.local_tensor<*xf32>
  return
}

// -----

func.func @v2_addr_signed(%a: i32, %u: ui32) {
  // CHECK: error: 'ascendc.local_tensor_v2': addr must be ui32, got i32
  %t = "ascendc.local_tensor_v2"(%a, %u) <{pos = 9 : i32}> : (i32, ui32) -> !ascendc.local_tensor<*xf32>
  return
}

// -----

func.func @global_tensor_local_type() {
  // CHECK: error: 'ascendc.global_tensor': result tensor must be a !ascendc.global_tensor, got !ascendc.local_tensor<*xf32>
  %t = "ascendc.global_tensor"() : () -> !ascendc.local_tensor<*xf32>
  return
}

// -----

func.func @local_tensor_global_type() {
  // CHECK: error: 'ascendc.local_tensor': result tensor must be a !ascendc.local_tensor, got !ascendc.global_tensor<*xf32>
  %t = ascendc.local_tensor : !ascendc.global_tensor<f32>
  return
}

// -----

func.func @buffer_size_float(%g: !ascendc.global_tensor<f32>, %x: memref<?xf32, 22>, %f: f32) {
  // CHECK: invalid_tensor.mlir:[[# @LINE + 2]]:3
  // CHECK: error: 'ascendc.global_tensor.set_global_buffer': buffer_size must be an integer, got f32
  ascendc.global_tensor.set_global_buffer %g, %x, %f : !ascendc.global_tensor<f32>, memref<?xf32, 22>, f32
  return
}

// -----

func.func @buffer_not_memref(%g: !ascendc.global_tensor<f32>, %l: !ascendc.local_tensor<f32>) {
  // CHECK: error: 'ascendc.global_tensor.set_global_buffer': buffer must be a GM pointer (memref), got !ascendc.local_tensor<*xf32>
  "ascendc.global_tensor.set_global_buffer"(%g, %l) : (!ascendc.global_tensor<f32>, !ascendc.local_tensor<f32>) -> ()
  return
}

// -----

func.func @buffer_on_local(%l: !ascendc.local_tensor<f32>, %x: memref<?xf32, 22>) {
  // CHECK: error: 'ascendc.global_tensor.set_global_buffer': tensor must be a !ascendc.global_tensor, got !ascendc.local_tensor<*xf32>
  "ascendc.global_tensor.set_global_buffer"(%l, %x) : (!ascendc.local_tensor<f32>, memref<?xf32, 22>) -> ()
  return
}

// -----

func.func @global_subindex_float(%g: !ascendc.global_tensor<f32>, %f: f32) {
  // CHECK: error: 'ascendc.global_tensor.subindex': index must be an integer, got f32
  %s = ascendc.global_tensor.subindex %g[%f] : !ascendc.global_tensor<f32>, f32, !ascendc.global_tensor<f32>
  return
}

// -----

func.func @global_subindex_element(%g: !ascendc.global_tensor<f32>, %i: index) {
  // CHECK: error: 'ascendc.global_tensor.subindex': result element type f16 differs from the tensor's f32
  %s = ascendc.global_tensor.subindex %g[%i] : !ascendc.global_tensor<f32>, index, !ascendc.global_tensor<f16>
  return
}

// -----

func.func @local_subindex_float(%l: !ascendc.local_tensor<f32>, %f: f16) {
  // CHECK: error: 'ascendc.local_tensor.subindex': index must be an integer, got f16
  %s = ascendc.local_tensor.subindex %l[%f] : !ascendc.local_tensor<f32>, f16, !ascendc.local_tensor<f32>
  return
}

// -----

func.func @local_subindex_element(%l: !ascendc.local_tensor<f32>, %i: index) {
  // CHECK: error: 'ascendc.local_tensor.subindex': result element type i32 differs from the tensor's f32
  %s = ascendc.local_tensor.subindex %l[%i] : !ascendc.local_tensor<f32>, index, !ascendc.local_tensor<i32>
  return
}

// -----

func.func @local_subindex_to_global(%l: !ascendc.local_tensor<f32>, %i: index) {
  // CHECK: error: 'ascendc.local_tensor.subindex': result result must be a !ascendc.local_tensor, got !ascendc.global_tensor<*xf32>
  %s = "ascendc.local_tensor.subindex"(%l, %i) : (!ascendc.local_tensor<f32>, index) -> !ascendc.global_tensor<f32>
  return
}

// -----

func.func @global_get_value_index(%g: !ascendc.global_tensor<f32>, %i: f16) {
  // CHECK: error: 'ascendc.global_tensor.get_value': offset must be an integer, got f16
  %v = ascendc.global_tensor.get_value %g, %i : !ascendc.global_tensor<f32>, f16, f32
  return
}

// -----

func.func @global_get_value_result(%g: !ascendc.global_tensor<f32>, %i: ui64) {
  // CHECK: error: 'ascendc.global_tensor.get_value': result type i32 differs from the element type f32
  %v = ascendc.global_tensor.get_value %g, %i : !ascendc.global_tensor<f32>, ui64, i32
  return
}

// -----

func.func @local_get_value_index(%l: !ascendc.local_tensor<f32>, %i: f32) {
  // CHECK: error: 'ascendc.local_tensor.get_value': index must be an integer, got f32
  %v = ascendc.local_tensor.get_value %l, %i : !ascendc.local_tensor<f32>, f32, f32
  return
}

// -----

func.func @local_get_value_result(%l: !ascendc.local_tensor<f32>, %i: index) {
  // CHECK: error: 'ascendc.local_tensor.get_value': result type f16 differs from the element type f32
  %v = ascendc.local_tensor.get_value %l, %i : !ascendc.local_tensor<f32>, index, f16
  return
}

// -----

func.func @global_set_value_index(%g: !ascendc.global_tensor<f32>, %i: f32, %v: f32) {
  // CHECK: error: 'ascendc.global_tensor.set_value': offset must be an integer, got f32
  ascendc.global_tensor.set_value %g, %i, %v : !ascendc.global_tensor<f32>, f32, f32
  return
}

// -----

func.func @global_set_value_tensor(%g: !ascendc.global_tensor<f32>, %i: ui64) {
  // CHECK: error: 'ascendc.global_tensor.set_value': value must be a scalar number, got !ascendc.global_tensor<*xf32>
  ascendc.global_tensor.set_value %g, %i, %g : !ascendc.global_tensor<f32>, ui64, !ascendc.global_tensor<f32>
  return
}

// -----

func.func @local_set_value_index(%l: !ascendc.local_tensor<f32>, %i: f32, %v: f32) {
  // CHECK: error: 'ascendc.local_tensor.set_value': index must be an integer, got f32
  ascendc.local_tensor.set_value %l, %i, %v : !ascendc.local_tensor<f32>, f32, f32
  return
}

// -----

func.func @local_set_value_memref(%l: !ascendc.local_tensor<f32>, %i: index, %m: memref<4xf32>) {
  // CHECK: error: 'ascendc.local_tensor.set_value': value must be a scalar number, got memref<4xf32>
  ascendc.local_tensor.set_value %l, %i, %m : !ascendc.local_tensor<f32>, index, memref<4xf32>
  return
}

// -----

func.func @bracket_tensor_result(%l: !ascendc.local_tensor<f32>, %i: index) {
  // CHECK: invalid_tensor.mlir:[[# @LINE + 2]]:3
  // CHECK: error: 'ascendc.local_tensor.bracket': t(i) (operator()) returns element i, not a tensor: the result must be the element type (for a view from element i, use subindex, t[i])
  %s = ascendc.local_tensor.bracket %l(%i) : !ascendc.local_tensor<f32>, index, !ascendc.local_tensor<f32>
  return
}

// -----

func.func @bracket_result_type(%g: !ascendc.global_tensor<i32>, %i: index) {
  // CHECK: error: 'ascendc.global_tensor.bracket': result type f32 differs from the element type i32
  %s = ascendc.global_tensor.bracket %g(%i) : !ascendc.global_tensor<i32>, index, f32
  return
}

// -----

func.func @global_phy_addr_element(%g: !ascendc.global_tensor<i32>) {
  // CHECK: error: 'ascendc.global_tensor.get_phy_addr': result has element type f32, expected i32
  %p = ascendc.global_tensor.get_phy_addr %g : !ascendc.global_tensor<i32>, memref<1024xf32, 22>
  return
}

// -----

func.func @local_phy_addr_narrow(%l: !ascendc.local_tensor<f32>) {
  // CHECK: error: 'ascendc.local_tensor.get_phy_addr': result result must be a 64-bit integer, got ui32
  %p = ascendc.local_tensor.get_phy_addr %l : !ascendc.local_tensor<f32>, ui32
  return
}

// -----

func.func @global_get_size_type(%g: !ascendc.global_tensor<i32>) {
  // CHECK: error: 'ascendc.global_tensor.get_size': result size must be ui64, got i32
  %n = "ascendc.global_tensor.get_size"(%g) : (!ascendc.global_tensor<i32>) -> i32
  return
}

// -----

func.func @reinterpret_to_global(%l: !ascendc.local_tensor<f32>) {
  // CHECK: error: 'ascendc.reinterpret_cast': result result must be a !ascendc.local_tensor, got !ascendc.global_tensor<*xi32>
  %c = ascendc.reinterpret_cast %l : !ascendc.local_tensor<f32> to !ascendc.global_tensor<i32>
  return
}

// -----

func.func @shape_dims_none(%g: !ascendc.global_tensor<i32>) {
  // CHECK: error: 'ascendc.global_tensor.set_shape_info_v2': a ShapeInfo has 1 to 8 dimensions, got 0
  "ascendc.global_tensor.set_shape_info_v2"(%g) : (!ascendc.global_tensor<i32>) -> ()
  return
}

// -----

func.func @shape_dims_nine(%g: !ascendc.global_tensor<i32>, %d: i32) {
  // CHECK: error: 'ascendc.global_tensor.set_shape_info_v2': a ShapeInfo has 1 to 8 dimensions, got 9
  ascendc.global_tensor.set_shape_info_v2 %g, %d, %d, %d, %d, %d, %d, %d, %d, %d : !ascendc.global_tensor<i32>, i32, i32, i32, i32, i32, i32, i32, i32, i32
  return
}

// -----

func.func @shape_dim_float(%si: !ascendc.shape_info, %f: f32) {
  // CHECK: error: 'ascendc.shape_info.shape': dim must be an integer, got f32
  %s = ascendc.shape_info.shape %si, %f f32, i32
  return
}

// -----

func.func @cache_mode_number(%g: !ascendc.global_tensor<i32>) {
  // CHECK: error: 'ascendc.global_tensor.set_l2_cache_hint': 3 is not a valid CacheMode (valid: 0 (cache_mode_disable), 1 (cache_mode_normal), 2 (cache_mode_last), 4 (cache_mode_persistent))
  ascendc.global_tensor.set_l2_cache_hint %g {mode = 3 : i32, rwMode = 3 : i32} : !ascendc.global_tensor<i32>
  return
}

// -----

func.func @to_file_no_name(%l: !ascendc.local_tensor<f32>) {
  // CHECK: error: property 'fileName' expected in operation 'ascendc.local_tensor.to_file'
  ascendc.local_tensor.to_file %l : !ascendc.local_tensor<f32>
  return
}

// -----

func.func @user_tag_float(%l: !ascendc.local_tensor<f32>, %f: f32) {
  // CHECK: error: 'ascendc.local_tensor.set_user_tag': tag must be an integer, got f32
  ascendc.local_tensor.set_user_tag %l, %f : !ascendc.local_tensor<f32>, f32
  return
}

// -----
// The local memory allocator (mem_allocator.py).

func.func @allocator_gm() {
  %hw = arith.constant 0 : i64
  // CHECK: invalid_tensor.mlir:[[# @LINE + 2]]:3
  // CHECK: error: 'ascendc.local_mem_allocator': a LocalMemAllocator cannot be at Hardware::GM (the headers static_assert it is a local memory)
  %a = ascendc.local_mem_allocator %hw : i64, !ascendc.local_mem_allocator<0>
  return
}

// -----

func.func @allocator_max(%hw: i64) {
  // CHECK: error: 'ascendc.local_mem_allocator': a LocalMemAllocator cannot be at Hardware::MAX (the headers static_assert it is a local memory)
  %a = ascendc.local_mem_allocator %hw : i64, !ascendc.local_mem_allocator<8>
  return
}

// -----

func.func @allocator_operand_differs() {
  %hw = arith.constant 2 : i64
  // CHECK: error: 'ascendc.local_mem_allocator': hardware operand 2 differs from the type's 1 (Hardware::UB)
  %a = ascendc.local_mem_allocator %hw : i64, !ascendc.local_mem_allocator<1>
  return
}

// -----

func.func @allocator_bad_hardware(%hw: i64) {
  // CHECK: ascendc.local_mem_allocator: 9 is not a Hardware value (valid: 0 (GM), 1 (UB), 2 (L1), 3 (L0A), 4 (L0B), 5 (L0C), 6 (BIAS), 7 (FIXBUF), 8 (MAX))
  %a = ascendc.local_mem_allocator %hw : i64, !ascendc.local_mem_allocator<9>
  return
}

// -----

func.func @alloc_wrong_memory(%a: !ascendc.local_mem_allocator<1>, %n: i32) {
  // CHECK: error: 'ascendc.local_mem_allocator.alloc_dynamic': position a1 is not in the allocator's Hardware::UB
  %t = ascendc.local_mem_allocator.alloc_dynamic %a, a1, %n, f32 : !ascendc.local_mem_allocator<1>, i32, !ascendc.local_tensor<*xf32>
  return
}

// -----

func.func @alloc_dtype(%a: !ascendc.local_mem_allocator<1>, %n: i32) {
  // CHECK: error: 'ascendc.local_mem_allocator.alloc_dynamic': the result's element type f32 is not dtype f16
  %t = ascendc.local_mem_allocator.alloc_dynamic %a, vecin, %n, f16 : !ascendc.local_mem_allocator<1>, i32, !ascendc.local_tensor<*xf32>
  return
}

// -----

func.func @alloc_size_not_constant(%a: !ascendc.local_mem_allocator<1>, %n: i32) {
  // CHECK: error: 'ascendc.local_mem_allocator.alloc': tile_size must be a constant (it is a C++ template argument), got a block argument
  %t = ascendc.local_mem_allocator.alloc %a, vecin, %n, f32 : !ascendc.local_mem_allocator<1>, i32, !ascendc.local_tensor<*xf32>
  return
}

// -----
// Tensor lists (list_tensor.py).

func.func @list_data_ptr_dtype(%l: !ascendc.list_tensor_desc, %i: ui32) {
  // CHECK: error: 'ascendc.list_tensor_desc_get_data_ptr': result has element type f32, expected i32
  %p = ascendc.list_tensor_desc_get_data_ptr %l, %i {dtype = i32} : memref<?xf32, 22>
  return
}

// -----

func.func @list_data_ptr_index(%l: !ascendc.list_tensor_desc, %i: i32) {
  // CHECK: error: 'ascendc.list_tensor_desc_get_data_ptr': index must be ui32, got i32
  %p = "ascendc.list_tensor_desc_get_data_ptr"(%l, %i) <{dtype = i32}> : (!ascendc.list_tensor_desc, i32) -> memref<?xi32, 22>
  return
}

// -----

func.func @tensor_desc_element() {
  // CHECK: error: 'ascendc.tensor_desc': result has element type f16, expected f32
  %d = ascendc.tensor_desc f32 : !ascendc.tensor_desc<f16>
  return
}

// -----

func.func @tensor_desc_data(%d: !ascendc.tensor_desc<f16>) {
  // CHECK: error: 'ascendc.tensor_desc_get_data_obj': result has element type f32, expected f16
  %o = ascendc.tensor_desc_get_data_obj %d : !ascendc.tensor_desc<f16>, !ascendc.global_tensor<f32>
  return
}

// -----

func.func @tensor_desc_shape_addr(%d: !ascendc.tensor_desc, %a: ui32) {
  // CHECK: error: 'ascendc.tensor_desc_set_shape_addr': shape_ptr must be a 64-bit integer, got ui32
  ascendc.tensor_desc_set_shape_addr %d, %a : !ascendc.tensor_desc, ui32
  return
}
