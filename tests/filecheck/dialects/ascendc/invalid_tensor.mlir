// Verifier errors of the tensor ops (tensor.py), located at the failing op.
// RUN: asc-opt %s --split-input-file --verify-diagnostics --parsing-diagnostics | filecheck %s

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
  // CHECK: error: operand 'addr' at position 0 does not verify:
  // CHECK-NEXT: Expected attribute ui32 but got i32
  %t = "ascendc.local_tensor_v2"(%a, %u) <{pos = 9 : i32}> : (i32, ui32) -> !ascendc.local_tensor<*xf32>
  return
}

// -----

func.func @global_tensor_local_type() {
  // CHECK: error: result 'tensor' at position 0 does not verify:
  // CHECK-NEXT: !ascendc.local_tensor<*xf32> should be of base attribute ascendc.global_tensor
  %t = "ascendc.global_tensor"() : () -> !ascendc.local_tensor<*xf32>
  return
}

// -----

func.func @local_tensor_global_type() {
  // CHECK: !ascendc.global_tensor<*xf32> should be of base attribute ascendc.local_tensor
  %t = ascendc.local_tensor : !ascendc.global_tensor<f32>
  return
}

// -----

func.func @buffer_size_float(%g: !ascendc.global_tensor<f32>, %x: memref<?xf32, 22>, %f: f32) {
  // CHECK: invalid_tensor.mlir:[[# @LINE + 2]]:3
  // CHECK: error: 'ascendc.global_tensor.set_global_buffer': size must be an integer, got f32
  ascendc.global_tensor.set_global_buffer %g, %x, %f : !ascendc.global_tensor<f32>, memref<?xf32, 22>, f32
  return
}

// -----

func.func @buffer_not_memref(%g: !ascendc.global_tensor<f32>, %l: !ascendc.local_tensor<f32>) {
  // CHECK: error: operand 'buffer' at position 1 does not verify:
  // CHECK-NEXT: !ascendc.local_tensor<*xf32> should be of base attribute memref
  "ascendc.global_tensor.set_global_buffer"(%g, %l) : (!ascendc.global_tensor<f32>, !ascendc.local_tensor<f32>) -> ()
  return
}

// -----

func.func @buffer_on_local(%l: !ascendc.local_tensor<f32>, %x: memref<?xf32, 22>) {
  // CHECK: error: operand 'tensor' at position 0 does not verify:
  // CHECK-NEXT: !ascendc.local_tensor<*xf32> should be of base attribute ascendc.global_tensor
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
  // CHECK: error: result 'result' at position 0 does not verify:
  // CHECK-NEXT: !ascendc.global_tensor<*xf32> should be of base attribute ascendc.local_tensor
  %s = "ascendc.local_tensor.subindex"(%l, %i) : (!ascendc.local_tensor<f32>, index) -> !ascendc.global_tensor<f32>
  return
}

// -----

func.func @global_get_value_index(%g: !ascendc.global_tensor<f32>, %i: f16) {
  // CHECK: error: 'ascendc.global_tensor.get_value': index must be an integer, got f16
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
  // CHECK: error: 'ascendc.global_tensor.set_value': index must be an integer, got f32
  ascendc.global_tensor.set_value %g, %i, %v : !ascendc.global_tensor<f32>, f32, f32
  return
}

// -----

func.func @global_set_value_tensor(%g: !ascendc.global_tensor<f32>, %i: ui64) {
  // CHECK: error: 'ascendc.global_tensor.set_value': value must be a scalar, got !ascendc.global_tensor<*xf32>
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
  // CHECK: error: 'ascendc.local_tensor.set_value': value must be a scalar, got memref<4xf32>
  ascendc.local_tensor.set_value %l, %i, %m : !ascendc.local_tensor<f32>, index, memref<4xf32>
  return
}
