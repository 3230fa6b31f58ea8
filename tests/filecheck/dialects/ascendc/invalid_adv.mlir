// Verifier and parser errors of the advanced-API ops and types (adv_*.py), located at
// the failing op.
// RUN: asc-opt %s --soc Ascend910B1 --split-input-file --verify-diagnostics --parsing-diagnostics | filecheck %s

func.func @reuse_not_constant(%f: !ascendc.local_tensor<*xf32>, %r: i1) {
  // CHECK: invalid_adv.mlir:[[# @LINE + 3]]:3
  // CHECK-NEXT: ascendc.acos %f, %f, %r
  // CHECK: error: 'ascendc.acos': is_reuse_source must be a constant (it is a C++ template argument), got a block argument
  ascendc.acos %f, %f, %r {operandSegmentSizes = array<i32: 1, 1, 0, 0, 1>} : !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, i1
  return
}

// -----

func.func @math_dtype(%w: !ascendc.local_tensor<*xi32>) {
  %false = arith.constant false
  // CHECK: error: 'ascendc.sin': Sin does not support element type i32 on Atlas A2/A3 (supported: f16, f32)
  ascendc.sin %w, %w, %false {operandSegmentSizes = array<i32: 1, 1, 0, 0, 1>} : !ascendc.local_tensor<*xi32>, !ascendc.local_tensor<*xi32>, i1
  return
}

// -----

func.func @math_mixed_types(%f: !ascendc.local_tensor<*xf32>, %h: !ascendc.local_tensor<*xf16>) {
  %false = arith.constant false
  // CHECK: error: 'ascendc.tanh': element types differ: dst has f32, src has f16
  ascendc.tanh %f, %h, %false {operandSegmentSizes = array<i32: 1, 1, 0, 0, 1>} : !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf16>, i1
  return
}

// -----

func.func @ceil_needs_count(%f: !ascendc.local_tensor<*xf32>) {
  %false = arith.constant false
  // CHECK: error: 'ascendc.ceil': Ceil needs a count (cal_count)
  ascendc.ceil %f, %f, %false {operandSegmentSizes = array<i32: 1, 1, 0, 0, 1>} : !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, i1
  return
}

// -----

func.func @log_no_tmp(%f: !ascendc.local_tensor<*xf32>, %t: !ascendc.local_tensor<*xui8>) {
  %false = arith.constant false
  // CHECK: error: 'ascendc.log': Log takes no shared_tmp_buffer (it uses the pipe's reserved stack)
  ascendc.log %f, %f, %t, %false {operandSegmentSizes = array<i32: 1, 1, 1, 0, 1>} : !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xui8>, i1
  return
}

// -----

func.func @power_of_scalars(%f: !ascendc.local_tensor<*xf32>, %x: f32) {
  %false = arith.constant false
  // CHECK: error: 'ascendc.power': src0 or src1 must be a tensor
  ascendc.power %f, %x, %x, %false {operandSegmentSizes = array<i32: 1, 1, 1, 0, 0, 1>} : !ascendc.local_tensor<*xf32>, f32, f32, i1
  return
}

// -----

func.func @power_mixed(%f: !ascendc.local_tensor<*xf32>, %h: !ascendc.local_tensor<*xf16>) {
  %false = arith.constant false
  // CHECK: error: 'ascendc.power': element types differ: dst has f32, src1 has f16
  ascendc.power %f, %f, %h, %false {operandSegmentSizes = array<i32: 1, 1, 1, 0, 0, 1>} : !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf16>, i1
  return
}

// -----

func.func @axpy_without_tmp(%f: !ascendc.local_tensor<*xf32>, %a: f32, %n: i32) {
  %false = arith.constant false
  // CHECK: error: 'ascendc.axpy': the advanced Axpy takes a shared_tmp_buffer (without one, use the basic API, ascendc.axpy_l2)
  ascendc.axpy %f, %f, %a, %n, %false : !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, f32, i32, i1
  return
}

// -----

func.func @axpy_pair(%f: !ascendc.local_tensor<*xf32>, %h: !ascendc.local_tensor<*xf16>, %t: !ascendc.local_tensor<*xui8>, %a: f32, %n: i32) {
  %false = arith.constant false
  // CHECK: error: 'ascendc.axpy': Axpy does not support dst f16 with src f32 on Atlas A2/A3 (supported dst+=src: f16+=f16, f32+=f16, f32+=f32)
  ascendc.axpy %h, %f, %a, %t, %n, %false : !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf32>, f32, !ascendc.local_tensor<*xui8>, i32, i1
  return
}

// -----

func.func @exp_level_not_constant(%f: !ascendc.local_tensor<*xf32>, %n: i32, %l: i8) {
  %false = arith.constant false
  // CHECK: error: 'ascendc.exp': taylor_expand_level must be a constant (it is a C++ template argument), got a block argument
  ascendc.exp %f, %f, %n, %l, %false : !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, i32, i8, i1
  return
}

// -----

func.func @softmax_sum_type(%h: !ascendc.local_tensor<*xf16>, %f: !ascendc.local_tensor<*xf32>, %tiling: !ascendc.softmax_tiling) {
  // CHECK: error: 'ascendc.softmax': sum_tensor and max_tensor hold f16: they must hold the element type of dst and src (f32), or f32 when that is f16
  ascendc.softmax %f, %h, %h, %f, %tiling {operandSegmentSizes = array<i32: 1, 1, 1, 1, 0, 1, 0>} : !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf32>, !ascendc.softmax_tiling
  return
}

// -----

func.func @extract_index_type(%v: !ascendc.local_tensor<*xf16>, %i: !ascendc.local_tensor<*xi32>, %n: i32) {
  // CHECK: error: 'ascendc.extract': dst_index must be a !ascendc.local_tensor of ui32 (the indices), got !ascendc.local_tensor<*xi32>
  ascendc.extract %v, %i, %v, %n : !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xi32>, !ascendc.local_tensor<*xf16>, i32
  return
}

// -----

func.func @quant_dst(%f: !ascendc.local_tensor<*xf32>, %s: f32, %n: i32) {
  // CHECK: error: 'ascendc.quant': dst must be a !ascendc.local_tensor of i8 (AscendQuant writes int8), got !ascendc.local_tensor<*xf32>
  ascendc.quant %f, %f, %s, %s, %n {operandSegmentSizes = array<i32: 1, 1, 1, 1, 1, 0, 0>} : !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, f32, f32, i32
  return
}

// -----

func.func @matmul_tensor_type(%mm: !ascendc.matmul<gm, 0 : i32, f16, false, 0 : i32, gm, 0 : i32, f16, true, 0 : i32, gm, 0 : i32, f32, false, 0 : i32, gm, 0 : i32, f32, <do_norm = true, iterate_mode = 2 : i32>>, %a: !ascendc.global_tensor<*xf32>, %t: i1) {
  // CHECK: error: 'ascendc.matmul.set_tensor_a': tensor holds f32, but the matmul object's A is f16
  ascendc.matmul.set_tensor_a %mm, %a, %t : !ascendc.matmul<gm, 0 : i32, f16, false, 0 : i32, gm, 0 : i32, f16, true, 0 : i32, gm, 0 : i32, f32, false, 0 : i32, gm, 0 : i32, f32, <do_norm = true, iterate_mode = 2 : i32>>, !ascendc.global_tensor<*xf32>, i1
  return
}

// -----

func.func @matmul_result_type(%mm: !ascendc.matmul<gm, 0 : i32, f16, false, 0 : i32, gm, 0 : i32, f16, true, 0 : i32, gm, 0 : i32, f32, false, 0 : i32, gm, 0 : i32, f32, <do_norm = true, iterate_mode = 2 : i32>>, %n: i8) {
  %true = arith.constant true
  // CHECK: error: 'ascendc.matmul.get_tensor_c_return': result holds f16, but the matmul object's C is f32
  %c = ascendc.matmul.get_tensor_c_return %mm, %n, %true, %true : !ascendc.matmul<gm, 0 : i32, f16, false, 0 : i32, gm, 0 : i32, f16, true, 0 : i32, gm, 0 : i32, f32, false, 0 : i32, gm, 0 : i32, f32, <do_norm = true, iterate_mode = 2 : i32>>, i8, i1, i1, !ascendc.global_tensor<*xf16>
  return
}

// -----

func.func @matmul_not_a_matmul(%p: !ascendc.pipe) {
  // CHECK: error: 'ascendc.matmul.end': matmul must be a !ascendc.matmul, got !ascendc.pipe
  ascendc.matmul.end %p : !ascendc.pipe
  return
}

// -----

func.func @org_shape_gap(%mm: !ascendc.matmul<gm, 0 : i32, f16, false, 0 : i32, gm, 0 : i32, f16, true, 0 : i32, gm, 0 : i32, f32, false, 0 : i32, gm, 0 : i32, f32, <do_norm = true, iterate_mode = 2 : i32>>, %n: i32) {
  // CHECK: error: 'ascendc.matmul.set_org_shape': orgkc needs orgkb before it (C++ arguments are positional)
  ascendc.matmul.set_org_shape %mm, %n, %n, %n, %n {operandSegmentSizes = array<i32: 1, 1, 1, 1, 0, 1>} : !ascendc.matmul<gm, 0 : i32, f16, false, 0 : i32, gm, 0 : i32, f16, true, 0 : i32, gm, 0 : i32, f32, false, 0 : i32, gm, 0 : i32, f32, <do_norm = true, iterate_mode = 2 : i32>>, i32, i32, i32, i32
  return
}

// -----

func.func @get_tensor_c_two_locals(%mm: !ascendc.matmul<gm, 0 : i32, f16, false, 0 : i32, gm, 0 : i32, f16, true, 0 : i32, gm, 0 : i32, f32, false, 0 : i32, gm, 0 : i32, f32, <do_norm = true, iterate_mode = 2 : i32>>, %l: !ascendc.local_tensor<*xf32>, %n: i8) {
  %true = arith.constant true
  // CHECK: error: 'ascendc.matmul.get_tensor_c': with tensor2, tensor must be a global tensor and tensor2 a local one (GetTensorC(gm, local, ...))
  ascendc.matmul.get_tensor_c %mm, %l, %l, %n, %true, %true : !ascendc.matmul<gm, 0 : i32, f16, false, 0 : i32, gm, 0 : i32, f16, true, 0 : i32, gm, 0 : i32, f32, false, 0 : i32, gm, 0 : i32, f32, <do_norm = true, iterate_mode = 2 : i32>>, !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, i8, i1, i1
  return
}

// -----

func.func @iterate_all_local(%mm: !ascendc.matmul<gm, 0 : i32, f16, false, 0 : i32, gm, 0 : i32, f16, true, 0 : i32, gm, 0 : i32, f32, false, 0 : i32, gm, 0 : i32, f32, <do_norm = true, iterate_mode = 2 : i32>>, %l: !ascendc.local_tensor<*xf32>, %n: i8) {
  %true = arith.constant true
  // CHECK: error: 'ascendc.matmul.iterate_all': into a local tensor, IterateAll takes only en_atomic
  ascendc.matmul.iterate_all %mm, %l, %n, %true, %true {operandSegmentSizes = array<i32: 1, 1, 1, 1, 0, 0, 1>} : !ascendc.matmul<gm, 0 : i32, f16, false, 0 : i32, gm, 0 : i32, f16, true, 0 : i32, gm, 0 : i32, f32, false, 0 : i32, gm, 0 : i32, f32, <do_norm = true, iterate_mode = 2 : i32>>, !ascendc.local_tensor<*xf32>, i8, i1, i1
  return
}

// -----

func.func @iterate_batch_local_wait(%mm: !ascendc.matmul<gm, 0 : i32, f16, false, 0 : i32, gm, 0 : i32, f16, true, 0 : i32, gm, 0 : i32, f32, false, 0 : i32, gm, 0 : i32, f32, <do_norm = true, iterate_mode = 2 : i32>>, %l: !ascendc.local_tensor<*xf32>, %u: ui32) {
  %true = arith.constant true
  // CHECK: error: 'ascendc.matmul.iterate_batch': into a local tensor, IterateBatch takes no wait_iterate_batch (its only template argument is sync)
  ascendc.matmul.iterate_batch %mm, %l, %u, %u, %true, %u, %u, %u, %true, %true {operandSegmentSizes = array<i32: 1, 1, 1, 1, 1, 1, 1, 1, 0, 0, 1, 1>} : !ascendc.matmul<gm, 0 : i32, f16, false, 0 : i32, gm, 0 : i32, f16, true, 0 : i32, gm, 0 : i32, f32, false, 0 : i32, gm, 0 : i32, f32, <do_norm = true, iterate_mode = 2 : i32>>, !ascendc.local_tensor<*xf32>, ui32, ui32, i1, ui32, ui32, ui32, i1, i1
  return
}

// -----

func.func @iterate_n_batch_layout(%mm: !ascendc.matmul<gm, 0 : i32, f16, false, 0 : i32, gm, 0 : i32, f16, true, 0 : i32, gm, 0 : i32, f32, false, 0 : i32, gm, 0 : i32, f32, <do_norm = true, iterate_mode = 2 : i32>>, %u: ui32) {
  %true = arith.constant true
  // CHECK: error: 'ascendc.matmul.iterate_n_batch': IterateNBatch needs batch layouts (BSNGD, SBNGD, BNGS1S2) for A and B and no NORMAL one for C: A is NONE, B is NONE
  ascendc.matmul.iterate_n_batch %mm, %u, %u, %u, %true, %u, %u, %u, %true, %true : !ascendc.matmul<gm, 0 : i32, f16, false, 0 : i32, gm, 0 : i32, f16, true, 0 : i32, gm, 0 : i32, f32, false, 0 : i32, gm, 0 : i32, f32, <do_norm = true, iterate_mode = 2 : i32>>, ui32, ui32, ui32, i1, ui32, ui32, ui32, i1, i1
  return
}

// -----

func.func @workspace_without_size(%mm: !ascendc.matmul<gm, 0 : i32, f16, false, 0 : i32, gm, 0 : i32, f16, true, 0 : i32, gm, 0 : i32, f32, false, 0 : i32, gm, 0 : i32, f32, <do_norm = true, iterate_mode = 2 : i32>>, %p: memref<?xui8, 22>) {
  // CHECK: error: 'ascendc.matmul.set_workspace': SetWorkspace takes a global tensor, or a GM pointer and its size
  ascendc.matmul.set_workspace %mm, %p : !ascendc.matmul<gm, 0 : i32, f16, false, 0 : i32, gm, 0 : i32, f16, true, 0 : i32, gm, 0 : i32, f32, false, 0 : i32, gm, 0 : i32, f32, <do_norm = true, iterate_mode = 2 : i32>>, memref<?xui8, 22>
  return
}

// -----

func.func @api_tiling_type(%cfg: !ascendc.matmul_config, %l1: i32) {
  // CHECK: error: 'ascendc.get_matmul_api_tiling': matmulType must be a !ascendc.matmul, got f32
  %t = ascendc.get_matmul_api_tiling %cfg, %l1 {matmulType = f32} : !ascendc.matmul_config, i32
  return
}

// -----

func.func @construct_with_fields(%n: i32) {
  // CHECK: error: 'ascendc.construct': a matmul object takes no fields
  %mm = ascendc.construct !ascendc.matmul<gm, 0 : i32, f16, false, 0 : i32, gm, 0 : i32, f16, true, 0 : i32, gm, 0 : i32, f32, false, 0 : i32, gm, 0 : i32, f32, <do_norm = true, iterate_mode = 2 : i32>>(%n) : i32
  return
}

// -----

// CHECK: MatmulConfig has no field 'do_magic'
func.func @config_field(%mm: !ascendc.matmul<gm, 0 : i32, f16, false, 0 : i32, gm, 0 : i32, f16, false, 0 : i32, gm, 0 : i32, f32, false, 0 : i32, gm, 0 : i32, f32, <do_magic = true>>) {
  return
}

// -----

// CHECK: MatmulConfig field 'do_norm' is given twice
func.func @config_twice(%mm: !ascendc.matmul<gm, 0 : i32, f16, false, 0 : i32, gm, 0 : i32, f16, false, 0 : i32, gm, 0 : i32, f32, false, 0 : i32, gm, 0 : i32, f32, <do_norm = true, do_norm = false>>) {
  return
}

// -----

// CHECK: error: MatmulConfig field 'batch_mode': 7 is not a valid BatchMode (valid: 0 (NONE), 1 (BATCH_LESS_THAN_L1), 2 (BATCH_LARGE_THAN_L1), 3 (SINGLE_LARGE_THAN_L1))
func.func @config_enum(%mm: !ascendc.matmul<gm, 0 : i32, f16, false, 0 : i32, gm, 0 : i32, f16, false, 0 : i32, gm, 0 : i32, f32, false, 0 : i32, gm, 0 : i32, f32, <batch_mode = 7 : i32>>) {
  return
}

// -----

// CHECK: error: MatmulConfig field 'iterate_mode': 256 is out of range [0, 255]
func.func @config_range(%mm: !ascendc.matmul<gm, 0 : i32, f16, false, 0 : i32, gm, 0 : i32, f16, false, 0 : i32, gm, 0 : i32, f32, false, 0 : i32, gm, 0 : i32, f32, <iterate_mode = 256 : i32>>) {
  return
}

// -----

// CHECK: MatmulConfig field 'do_norm' is a bool (true or false), got 1 : i32
func.func @config_bool(%mm: !ascendc.matmul<gm, 0 : i32, f16, false, 0 : i32, gm, 0 : i32, f16, false, 0 : i32, gm, 0 : i32, f32, false, 0 : i32, gm, 0 : i32, f32, <do_norm = 1 : i32>>) {
  return
}

// -----

// CHECK: error: ascendc.matmul: 9 is not a valid LayoutMode for B
func.func @type_layout(%mm: !ascendc.matmul<gm, 0 : i32, f16, false, 0 : i32, gm, 0 : i32, f16, false, 9 : i32, gm, 0 : i32, f32, false, 0 : i32, gm, 0 : i32, f32, <>>) {
  return
}

// -----

// CHECK: expected a CubeFormat (nd, nz, zn, zz, nn, nd_align, scalar, vector), got 'xx'
func.func @type_format(%mm: !ascendc.matmul<gm, xx, f16, false, 0 : i32, gm, 0 : i32, f16, false, 0 : i32, gm, 0 : i32, f32, false, 0 : i32, gm, 0 : i32, f32, <>>) {
  return
}

// -----

// CHECK: expected 'true' or 'false' (is the matrix transposed)
func.func @type_trans(%mm: !ascendc.matmul<gm, 0 : i32, f16, 1, 0 : i32, gm, 0 : i32, f16, false, 0 : i32, gm, 0 : i32, f32, false, 0 : i32, gm, 0 : i32, f32, <>>) {
  return
}

// -----

// SetBatchNum is declared only by the batch Matmul (asc-devkit batch_matmul_impl.h,
// A_TYPE::layout != LayoutMode::NONE).
func.func @set_batch_num_layout_none(%mm: !ascendc.matmul<gm, 0 : i32, f16, false, 0 : i32, gm, 0 : i32, f16, true, 0 : i32, gm, 0 : i32, f32, false, 0 : i32, gm, 0 : i32, f32, <do_norm = true, iterate_mode = 2 : i32>>, %n: i32) {
  // CHECK: error: 'ascendc.matmul.set_batch_num': SetBatchNum is a member of the batch Matmul only (A of a batch layout: NORMAL, BSNGD, SBNGD, BNGS1S2); this matmul's A has layout NONE, whose Matmul has no SetBatchNum
  ascendc.matmul.set_batch_num %mm, %n, %n : !ascendc.matmul<gm, 0 : i32, f16, false, 0 : i32, gm, 0 : i32, f16, true, 0 : i32, gm, 0 : i32, f32, false, 0 : i32, gm, 0 : i32, f32, <do_norm = true, iterate_mode = 2 : i32>>, i32, i32
  return
}

// -----

// A module that sets up a Matmul for vector-side clients (asc.compile_mix) without
// asc.matmul_cube_only compiles Matmul as MatmulClient, which has no SetBatchNum.
module attributes {asc.compile_mix} {
  func.func @set_batch_num_mixed(%mm: !ascendc.matmul<gm, 0 : i32, f16, false, 1 : i32, gm, 0 : i32, f16, false, 1 : i32, gm, 0 : i32, f32, false, 1 : i32, gm, 0 : i32, f32, <do_norm = true, iterate_mode = 2 : i32>>, %n: i32) {
    // CHECK: error: 'ascendc.matmul.set_batch_num': SetBatchNum needs the cube-only Matmul (matmul_cube_only, `#define ASCENDC_CUBE_ONLY`); in a mixed kernel the Matmul is the vector side's MatmulClient, which has no SetBatchNum (pass the batch counts to IterateBatch instead)
    ascendc.matmul.set_batch_num %mm, %n, %n : !ascendc.matmul<gm, 0 : i32, f16, false, 1 : i32, gm, 0 : i32, f16, false, 1 : i32, gm, 0 : i32, f32, false, 1 : i32, gm, 0 : i32, f32, <do_norm = true, iterate_mode = 2 : i32>>, i32, i32
    return
  }
}
