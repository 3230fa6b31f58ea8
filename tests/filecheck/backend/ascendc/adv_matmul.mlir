// Emission of the matmul object's methods (adv_matmul.py). Each distinct MatmulConfig is
// declared once at namespace scope; the matmul types name it.
// RUN: asc-opt %s -t ascendc | filecheck %s

// CHECK: #include "lib/matmul_intf.h"
// CHECK: constexpr static MatmulConfig CFG{1,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,1,0,0,0,0,1,BatchMode::NONE,1,1,1,1,1,1,1,2,1,0,0,0,IterateOrder::UNDEF,ScheduleType::INNER_PRODUCT,0,1,0,0,0,0,0,0,0,65536,BatchOutMode::SINGLE_BATCH};
// CHECK: constexpr static MatmulConfig CFG_1{1,0,0,0,0,0,0,1,0,0,0,0,0,0,0,0,0,0,1,0,0,0,0,1,BatchMode::NONE,1,1,1,1,1,1,1,255,1,0,0,0,IterateOrder::UNDEF,ScheduleType::INNER_PRODUCT,0,1,0,0,0,0,0,0,0,65536,BatchOutMode::SINGLE_BATCH};
// CHECK: constexpr static MatmulConfig CFG_2{0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,1,0,0,0,0,1,BatchMode::SINGLE_LARGE_THAN_L1,1,1,1,1,1,1,1,255,1,0,0,0,IterateOrder::ORDER_N,ScheduleType::OUTER_PRODUCT,0,1,0,0,0,0,0,0,0,1024,BatchOutMode::DYNAMIC};
emitasc.include "lib/matmul_intf.h"

// Setting up: tiling and pipe, A and B (GM or local, transposed or not), bias, shapes.
// CHECK-LABEL: __inline__ __attribute__((always_inline)) __aicore__ void setup(TCubeTiling tiling, AscendC::GlobalTensor<half> a, AscendC::LocalTensor<half> b, AscendC::GlobalTensor<float> bias, int32_t n, half h, uint64_t q, AscendC::GlobalTensor<uint64_t> qv, AscendC::GlobalTensor<uint8_t> idx, AscendC::GlobalTensor<float> ws, __gm__ uint8_t* wp, __gm__ half* user) {
// CHECK-NEXT:    constexpr bool false_ = false;
// CHECK-NEXT:    constexpr bool true_ = true;
// CHECK-NEXT:    AscendC::TPipe pipe;
// CHECK-NEXT:    matmul::Matmul<matmul::MatmulType<AscendC::TPosition::GM, CubeFormat::ND, half, false, LayoutMode::NONE>, matmul::MatmulType<AscendC::TPosition::GM, CubeFormat::ND, half, true, LayoutMode::NONE>, matmul::MatmulType<AscendC::TPosition::GM, CubeFormat::ND, float, false, LayoutMode::NONE>, matmul::MatmulType<AscendC::TPosition::GM, CubeFormat::ND, float>, CFG> mm;
// CHECK-NEXT:    mm.Init(&tiling, &pipe);
// CHECK-NEXT:    mm.Init(&tiling);
// CHECK-NEXT:    mm.SetTensorA(a, false_);
// CHECK-NEXT:    mm.SetTensorB(b, true_);
// CHECK-NEXT:    mm.SetTensorA(h);
// CHECK-NEXT:    mm.SetTensorB(h);
// CHECK-NEXT:    mm.SetBias(bias);
// CHECK-NEXT:    mm.DisableBias();
// CHECK-NEXT:    mm.SetOrgShape(n, n, n);
// CHECK-NEXT:    mm.SetOrgShape(n, n, n, n, n);
// CHECK-NEXT:    mm.SetSingleShape(n, n, n);
// CHECK-NEXT:    mm.SetTail(n, n, n);
// CHECK-NEXT:    mm.SetHF32(true_, n);
// CHECK-NEXT:    mm.SetQuantScalar(q);
// CHECK-NEXT:    mm.SetQuantVector(qv);
// CHECK-NEXT:    mm.SetSparseIndex(idx);
// CHECK-NEXT:    mm.SetWorkspace(ws);
// CHECK-NEXT:    mm.SetWorkspace(wp, n);
// CHECK-NEXT:    mm.SetUserDefInfo(reinterpret_cast<uint64_t>(user));
// CHECK-NEXT:    mm.SetSelfDefineData(reinterpret_cast<uint64_t>(user));
// CHECK-NEXT:    mm.End();
// CHECK-NEXT:    return;
// CHECK-NEXT:  }
func.func @setup(%tiling: !ascendc.cube_tiling, %a: !ascendc.global_tensor<*xf16>, %b: !ascendc.local_tensor<*xf16>, %bias: !ascendc.global_tensor<*xf32>, %n: i32, %h: f16, %q: ui64, %qv: !ascendc.global_tensor<*xui64>, %idx: !ascendc.global_tensor<*xui8>, %ws: !ascendc.global_tensor<*xf32>, %wp: memref<?xui8, 22>, %user: memref<?xf16, 22>) {
  %false = arith.constant false
  %true = arith.constant true
  %pipe = ascendc.pipe
  %mm = ascendc.construct !ascendc.matmul<gm, 0 : i32, f16, false, 0 : i32, gm, 0 : i32, f16, true, 0 : i32, gm, 0 : i32, f32, false, 0 : i32, gm, 0 : i32, f32, <do_norm = true, iterate_mode = 2 : i32>>()
  ascendc.matmul.init %mm, %tiling, %pipe : !ascendc.matmul<gm, 0 : i32, f16, false, 0 : i32, gm, 0 : i32, f16, true, 0 : i32, gm, 0 : i32, f32, false, 0 : i32, gm, 0 : i32, f32, <do_norm = true, iterate_mode = 2 : i32>>, !ascendc.cube_tiling, !ascendc.pipe
  ascendc.matmul.init %mm, %tiling : !ascendc.matmul<gm, 0 : i32, f16, false, 0 : i32, gm, 0 : i32, f16, true, 0 : i32, gm, 0 : i32, f32, false, 0 : i32, gm, 0 : i32, f32, <do_norm = true, iterate_mode = 2 : i32>>, !ascendc.cube_tiling
  ascendc.matmul.set_tensor_a %mm, %a, %false : !ascendc.matmul<gm, 0 : i32, f16, false, 0 : i32, gm, 0 : i32, f16, true, 0 : i32, gm, 0 : i32, f32, false, 0 : i32, gm, 0 : i32, f32, <do_norm = true, iterate_mode = 2 : i32>>, !ascendc.global_tensor<*xf16>, i1
  ascendc.matmul.set_tensor_b %mm, %b, %true : !ascendc.matmul<gm, 0 : i32, f16, false, 0 : i32, gm, 0 : i32, f16, true, 0 : i32, gm, 0 : i32, f32, false, 0 : i32, gm, 0 : i32, f32, <do_norm = true, iterate_mode = 2 : i32>>, !ascendc.local_tensor<*xf16>, i1
  ascendc.matmul.set_tensor_a_scalar %mm, %h : !ascendc.matmul<gm, 0 : i32, f16, false, 0 : i32, gm, 0 : i32, f16, true, 0 : i32, gm, 0 : i32, f32, false, 0 : i32, gm, 0 : i32, f32, <do_norm = true, iterate_mode = 2 : i32>>, f16
  ascendc.matmul.set_tensor_b_scalar %mm, %h : !ascendc.matmul<gm, 0 : i32, f16, false, 0 : i32, gm, 0 : i32, f16, true, 0 : i32, gm, 0 : i32, f32, false, 0 : i32, gm, 0 : i32, f32, <do_norm = true, iterate_mode = 2 : i32>>, f16
  ascendc.matmul.set_bias %mm, %bias : !ascendc.matmul<gm, 0 : i32, f16, false, 0 : i32, gm, 0 : i32, f16, true, 0 : i32, gm, 0 : i32, f32, false, 0 : i32, gm, 0 : i32, f32, <do_norm = true, iterate_mode = 2 : i32>>, !ascendc.global_tensor<*xf32>
  ascendc.matmul.disable_bias %mm : !ascendc.matmul<gm, 0 : i32, f16, false, 0 : i32, gm, 0 : i32, f16, true, 0 : i32, gm, 0 : i32, f32, false, 0 : i32, gm, 0 : i32, f32, <do_norm = true, iterate_mode = 2 : i32>>
  ascendc.matmul.set_org_shape %mm, %n, %n, %n {operandSegmentSizes = array<i32: 1, 1, 1, 1, 0, 0>} : !ascendc.matmul<gm, 0 : i32, f16, false, 0 : i32, gm, 0 : i32, f16, true, 0 : i32, gm, 0 : i32, f32, false, 0 : i32, gm, 0 : i32, f32, <do_norm = true, iterate_mode = 2 : i32>>, i32, i32, i32
  ascendc.matmul.set_org_shape %mm, %n, %n, %n, %n, %n {operandSegmentSizes = array<i32: 1, 1, 1, 1, 1, 1>} : !ascendc.matmul<gm, 0 : i32, f16, false, 0 : i32, gm, 0 : i32, f16, true, 0 : i32, gm, 0 : i32, f32, false, 0 : i32, gm, 0 : i32, f32, <do_norm = true, iterate_mode = 2 : i32>>, i32, i32, i32, i32, i32
  ascendc.matmul.set_single_shape %mm, %n, %n, %n : !ascendc.matmul<gm, 0 : i32, f16, false, 0 : i32, gm, 0 : i32, f16, true, 0 : i32, gm, 0 : i32, f32, false, 0 : i32, gm, 0 : i32, f32, <do_norm = true, iterate_mode = 2 : i32>>, i32, i32, i32
  ascendc.matmul.set_tail %mm, %n, %n, %n : !ascendc.matmul<gm, 0 : i32, f16, false, 0 : i32, gm, 0 : i32, f16, true, 0 : i32, gm, 0 : i32, f32, false, 0 : i32, gm, 0 : i32, f32, <do_norm = true, iterate_mode = 2 : i32>>, i32, i32, i32
  ascendc.matmul.set_hf32 %mm, %true, %n : !ascendc.matmul<gm, 0 : i32, f16, false, 0 : i32, gm, 0 : i32, f16, true, 0 : i32, gm, 0 : i32, f32, false, 0 : i32, gm, 0 : i32, f32, <do_norm = true, iterate_mode = 2 : i32>>, i1, i32
  ascendc.matmul.set_quant_scalar %mm, %q : !ascendc.matmul<gm, 0 : i32, f16, false, 0 : i32, gm, 0 : i32, f16, true, 0 : i32, gm, 0 : i32, f32, false, 0 : i32, gm, 0 : i32, f32, <do_norm = true, iterate_mode = 2 : i32>>, ui64
  ascendc.matmul.set_quant_vector %mm, %qv : !ascendc.matmul<gm, 0 : i32, f16, false, 0 : i32, gm, 0 : i32, f16, true, 0 : i32, gm, 0 : i32, f32, false, 0 : i32, gm, 0 : i32, f32, <do_norm = true, iterate_mode = 2 : i32>>, !ascendc.global_tensor<*xui64>
  ascendc.matmul.set_sparse_index %mm, %idx : !ascendc.matmul<gm, 0 : i32, f16, false, 0 : i32, gm, 0 : i32, f16, true, 0 : i32, gm, 0 : i32, f32, false, 0 : i32, gm, 0 : i32, f32, <do_norm = true, iterate_mode = 2 : i32>>, !ascendc.global_tensor<*xui8>
  ascendc.matmul.set_workspace %mm, %ws : !ascendc.matmul<gm, 0 : i32, f16, false, 0 : i32, gm, 0 : i32, f16, true, 0 : i32, gm, 0 : i32, f32, false, 0 : i32, gm, 0 : i32, f32, <do_norm = true, iterate_mode = 2 : i32>>, !ascendc.global_tensor<*xf32>
  ascendc.matmul.set_workspace %mm, %wp, %n : !ascendc.matmul<gm, 0 : i32, f16, false, 0 : i32, gm, 0 : i32, f16, true, 0 : i32, gm, 0 : i32, f32, false, 0 : i32, gm, 0 : i32, f32, <do_norm = true, iterate_mode = 2 : i32>>, memref<?xui8, 22>, i32
  ascendc.matmul.set_user_def_info %mm, %user : !ascendc.matmul<gm, 0 : i32, f16, false, 0 : i32, gm, 0 : i32, f16, true, 0 : i32, gm, 0 : i32, f32, false, 0 : i32, gm, 0 : i32, f32, <do_norm = true, iterate_mode = 2 : i32>>, memref<?xf16, 22>
  ascendc.matmul.set_self_define_data %mm, %user : !ascendc.matmul<gm, 0 : i32, f16, false, 0 : i32, gm, 0 : i32, f16, true, 0 : i32, gm, 0 : i32, f32, false, 0 : i32, gm, 0 : i32, f32, <do_norm = true, iterate_mode = 2 : i32>>, memref<?xf16, 22>
  ascendc.matmul.end %mm : !ascendc.matmul<gm, 0 : i32, f16, false, 0 : i32, gm, 0 : i32, f16, true, 0 : i32, gm, 0 : i32, f32, false, 0 : i32, gm, 0 : i32, f32, <do_norm = true, iterate_mode = 2 : i32>>
  return
}

// Computing: block by block (Iterate, GetTensorC), all at once (IterateAll), batched.
// CHECK-LABEL: __inline__ __attribute__((always_inline)) __aicore__ void compute(AscendC::GlobalTensor<float> c, AscendC::LocalTensor<float> lc, int32_t n, uint32_t u, int8_t atomic) {
// CHECK-NEXT:    constexpr bool false_ = false;
// CHECK-NEXT:    constexpr bool true_ = true;
// CHECK-NEXT:    matmul::Matmul<matmul::MatmulType<AscendC::TPosition::GM, CubeFormat::ND, half, false, LayoutMode::NONE>, matmul::MatmulType<AscendC::TPosition::GM, CubeFormat::ND, half, true, LayoutMode::NONE>, matmul::MatmulType<AscendC::TPosition::GM, CubeFormat::ND, float, false, LayoutMode::NONE>, matmul::MatmulType<AscendC::TPosition::GM, CubeFormat::ND, float>, CFG> mm;
// CHECK-NEXT:    bool more = mm.Iterate<true_>(false_);
// CHECK-NEXT:    bool more2 = mm.Iterate<false_>(true_, lc);
// CHECK-NEXT:    mm.GetTensorC<true_>(c, atomic, false_);
// CHECK-NEXT:    mm.GetTensorC<true_>(c, lc, atomic, false_);
// CHECK-NEXT:    AscendC::GlobalTensor<float> block = mm.GetTensorC<true_>(atomic, false_);
// CHECK-NEXT:    MatrixOffset offset = mm.GetOffsetC();
// CHECK-NEXT:    mm.IterateAll<false_>(c);
// CHECK-NEXT:    mm.IterateAll<false_>(c, atomic, false_, true_, false_);
// CHECK-NEXT:    mm.IterateAll<true_>(lc, atomic);
// CHECK-NEXT:    mm.WaitIterateAll();
// CHECK-NEXT:    mm.IterateBatch<true_>(c, u, u, false_, u, u, u);
// CHECK-NEXT:    mm.IterateBatch<false_, true_>(c, u, u, false_, u, u, u, false_, atomic);
// CHECK-NEXT:    mm.WaitIterateBatch();
// CHECK-NEXT:    AscendC::GlobalTensor<float> batch = mm.GetBatchTensorC<true_>(u, u, false_);
// CHECK-NEXT:    mm.GetBatchTensorC<true_>(lc, u, u, false_);
// CHECK-NEXT:    mm.AsyncGetTensorC(lc);
// CHECK-NEXT:    mm.WaitGetTensorC();
// CHECK-NEXT:    return;
// CHECK-NEXT:  }
func.func @compute(%c: !ascendc.global_tensor<*xf32>, %lc: !ascendc.local_tensor<*xf32>, %n: i32, %u: ui32, %atomic: i8) {
  %false = arith.constant false
  %true = arith.constant true
  %mm = ascendc.construct !ascendc.matmul<gm, 0 : i32, f16, false, 0 : i32, gm, 0 : i32, f16, true, 0 : i32, gm, 0 : i32, f32, false, 0 : i32, gm, 0 : i32, f32, <do_norm = true, iterate_mode = 2 : i32>>()
  %more = ascendc.matmul.iterate %mm, %false, %true : !ascendc.matmul<gm, 0 : i32, f16, false, 0 : i32, gm, 0 : i32, f16, true, 0 : i32, gm, 0 : i32, f32, false, 0 : i32, gm, 0 : i32, f32, <do_norm = true, iterate_mode = 2 : i32>>, i1, i1, i1
  %more2 = ascendc.matmul.iterate %mm, %true, %false, %lc : !ascendc.matmul<gm, 0 : i32, f16, false, 0 : i32, gm, 0 : i32, f16, true, 0 : i32, gm, 0 : i32, f32, false, 0 : i32, gm, 0 : i32, f32, <do_norm = true, iterate_mode = 2 : i32>>, i1, i1, !ascendc.local_tensor<*xf32>, i1
  ascendc.matmul.get_tensor_c %mm, %c, %atomic, %false, %true : !ascendc.matmul<gm, 0 : i32, f16, false, 0 : i32, gm, 0 : i32, f16, true, 0 : i32, gm, 0 : i32, f32, false, 0 : i32, gm, 0 : i32, f32, <do_norm = true, iterate_mode = 2 : i32>>, !ascendc.global_tensor<*xf32>, i8, i1, i1
  ascendc.matmul.get_tensor_c %mm, %c, %lc, %atomic, %false, %true : !ascendc.matmul<gm, 0 : i32, f16, false, 0 : i32, gm, 0 : i32, f16, true, 0 : i32, gm, 0 : i32, f32, false, 0 : i32, gm, 0 : i32, f32, <do_norm = true, iterate_mode = 2 : i32>>, !ascendc.global_tensor<*xf32>, !ascendc.local_tensor<*xf32>, i8, i1, i1
  %block = ascendc.matmul.get_tensor_c_return %mm, %atomic, %false, %true : !ascendc.matmul<gm, 0 : i32, f16, false, 0 : i32, gm, 0 : i32, f16, true, 0 : i32, gm, 0 : i32, f32, false, 0 : i32, gm, 0 : i32, f32, <do_norm = true, iterate_mode = 2 : i32>>, i8, i1, i1, !ascendc.global_tensor<*xf32>
  %offset = ascendc.matmul.get_offset_c %mm : !ascendc.matmul<gm, 0 : i32, f16, false, 0 : i32, gm, 0 : i32, f16, true, 0 : i32, gm, 0 : i32, f32, false, 0 : i32, gm, 0 : i32, f32, <do_norm = true, iterate_mode = 2 : i32>>
  ascendc.matmul.iterate_all %mm, %c, %false {operandSegmentSizes = array<i32: 1, 1, 0, 0, 0, 0, 1>} : !ascendc.matmul<gm, 0 : i32, f16, false, 0 : i32, gm, 0 : i32, f16, true, 0 : i32, gm, 0 : i32, f32, false, 0 : i32, gm, 0 : i32, f32, <do_norm = true, iterate_mode = 2 : i32>>, !ascendc.global_tensor<*xf32>, i1
  ascendc.matmul.iterate_all %mm, %c, %atomic, %false, %true, %false, %false {operandSegmentSizes = array<i32: 1, 1, 1, 1, 1, 1, 1>} : !ascendc.matmul<gm, 0 : i32, f16, false, 0 : i32, gm, 0 : i32, f16, true, 0 : i32, gm, 0 : i32, f32, false, 0 : i32, gm, 0 : i32, f32, <do_norm = true, iterate_mode = 2 : i32>>, !ascendc.global_tensor<*xf32>, i8, i1, i1, i1, i1
  ascendc.matmul.iterate_all %mm, %lc, %atomic, %true {operandSegmentSizes = array<i32: 1, 1, 1, 0, 0, 0, 1>} : !ascendc.matmul<gm, 0 : i32, f16, false, 0 : i32, gm, 0 : i32, f16, true, 0 : i32, gm, 0 : i32, f32, false, 0 : i32, gm, 0 : i32, f32, <do_norm = true, iterate_mode = 2 : i32>>, !ascendc.local_tensor<*xf32>, i8, i1
  ascendc.matmul.wait_iterate_all %mm : !ascendc.matmul<gm, 0 : i32, f16, false, 0 : i32, gm, 0 : i32, f16, true, 0 : i32, gm, 0 : i32, f32, false, 0 : i32, gm, 0 : i32, f32, <do_norm = true, iterate_mode = 2 : i32>>
  ascendc.matmul.iterate_batch %mm, %c, %u, %u, %false, %u, %u, %u, %true {operandSegmentSizes = array<i32: 1, 1, 1, 1, 1, 1, 1, 1, 0, 0, 1, 0>} : !ascendc.matmul<gm, 0 : i32, f16, false, 0 : i32, gm, 0 : i32, f16, true, 0 : i32, gm, 0 : i32, f32, false, 0 : i32, gm, 0 : i32, f32, <do_norm = true, iterate_mode = 2 : i32>>, !ascendc.global_tensor<*xf32>, ui32, ui32, i1, ui32, ui32, ui32, i1
  ascendc.matmul.iterate_batch %mm, %c, %u, %u, %false, %u, %u, %u, %false, %atomic, %false, %true {operandSegmentSizes = array<i32: 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1>} : !ascendc.matmul<gm, 0 : i32, f16, false, 0 : i32, gm, 0 : i32, f16, true, 0 : i32, gm, 0 : i32, f32, false, 0 : i32, gm, 0 : i32, f32, <do_norm = true, iterate_mode = 2 : i32>>, !ascendc.global_tensor<*xf32>, ui32, ui32, i1, ui32, ui32, ui32, i1, i8, i1, i1
  ascendc.matmul.wait_iterate_batch %mm : !ascendc.matmul<gm, 0 : i32, f16, false, 0 : i32, gm, 0 : i32, f16, true, 0 : i32, gm, 0 : i32, f32, false, 0 : i32, gm, 0 : i32, f32, <do_norm = true, iterate_mode = 2 : i32>>
  %batch = ascendc.matmul.get_batch_tensor_c %mm, %u, %u, %false, %true : !ascendc.matmul<gm, 0 : i32, f16, false, 0 : i32, gm, 0 : i32, f16, true, 0 : i32, gm, 0 : i32, f32, false, 0 : i32, gm, 0 : i32, f32, <do_norm = true, iterate_mode = 2 : i32>>, ui32, ui32, i1, i1, !ascendc.global_tensor<*xf32>
  ascendc.matmul.get_batch_tensor_c_local_mem %mm, %lc, %u, %u, %false, %true : !ascendc.matmul<gm, 0 : i32, f16, false, 0 : i32, gm, 0 : i32, f16, true, 0 : i32, gm, 0 : i32, f32, false, 0 : i32, gm, 0 : i32, f32, <do_norm = true, iterate_mode = 2 : i32>>, !ascendc.local_tensor<*xf32>, ui32, ui32, i1, i1
  ascendc.matmul.async_get_tensor_c %mm, %lc : !ascendc.matmul<gm, 0 : i32, f16, false, 0 : i32, gm, 0 : i32, f16, true, 0 : i32, gm, 0 : i32, f32, false, 0 : i32, gm, 0 : i32, f32, <do_norm = true, iterate_mode = 2 : i32>>, !ascendc.local_tensor<*xf32>
  ascendc.matmul.wait_get_tensor_c %mm : !ascendc.matmul<gm, 0 : i32, f16, false, 0 : i32, gm, 0 : i32, f16, true, 0 : i32, gm, 0 : i32, f32, false, 0 : i32, gm, 0 : i32, f32, <do_norm = true, iterate_mode = 2 : i32>>
  return
}

// The cube side of a mixed kernel: a KFC server runs the vector cores' requests.
// CHECK-LABEL: __inline__ __attribute__((always_inline)) __aicore__ void server(__gm__ uint8_t* ws, TCubeTiling tiling) {
// CHECK-NEXT:    AscendC::TPipe pipe;
// CHECK-NEXT:    AscendC::KfcServer<> server_1;
// CHECK-NEXT:    matmul::Matmul<matmul::MatmulType<AscendC::TPosition::GM, CubeFormat::ND, half, false, LayoutMode::NONE>, matmul::MatmulType<AscendC::TPosition::GM, CubeFormat::ND, half, true, LayoutMode::NONE>, matmul::MatmulType<AscendC::TPosition::GM, CubeFormat::ND, float, false, LayoutMode::NONE>, matmul::MatmulType<AscendC::TPosition::GM, CubeFormat::ND, float>, CFG> mm;
// CHECK-NEXT:    using namespace AscendC;
// CHECK-NEXT:    REGIST_MATMUL_OBJ(&pipe, ws, mm, &tiling);
// CHECK-NEXT:    server_1.Init(ws);
// CHECK-NEXT:    server_1.InitObj(&pipe, mm);
// CHECK-NEXT:    bool running = server_1.isRun();
// CHECK-NEXT:    server_1.Run(mm);
// CHECK-NEXT:    server_1.Quit();
// CHECK-NEXT:    return;
// CHECK-NEXT:  }
func.func @server(%ws: memref<?xui8, 22>, %tiling: !ascendc.cube_tiling) {
  %pipe = ascendc.pipe
  %server = ascendc.construct !ascendc.kfc_server()
  %mm = ascendc.construct !ascendc.matmul<gm, 0 : i32, f16, false, 0 : i32, gm, 0 : i32, f16, true, 0 : i32, gm, 0 : i32, f32, false, 0 : i32, gm, 0 : i32, f32, <do_norm = true, iterate_mode = 2 : i32>>()
  ascendc.regist_matmul_obj %pipe, %ws, %mm, %tiling : !ascendc.pipe, memref<?xui8, 22>, !ascendc.matmul<gm, 0 : i32, f16, false, 0 : i32, gm, 0 : i32, f16, true, 0 : i32, gm, 0 : i32, f32, false, 0 : i32, gm, 0 : i32, f32, <do_norm = true, iterate_mode = 2 : i32>>, !ascendc.cube_tiling
  ascendc.kfc_server.init %server, %ws : !ascendc.kfc_server, memref<?xui8, 22>
  ascendc.kfc_server.init_obj %server, %pipe, %mm : !ascendc.kfc_server, !ascendc.pipe, !ascendc.matmul<gm, 0 : i32, f16, false, 0 : i32, gm, 0 : i32, f16, true, 0 : i32, gm, 0 : i32, f32, false, 0 : i32, gm, 0 : i32, f32, <do_norm = true, iterate_mode = 2 : i32>>
  %running = ascendc.kfc_server.is_run %server : i1
  ascendc.kfc_server.run %server, %mm : !ascendc.kfc_server, !ascendc.matmul<gm, 0 : i32, f16, false, 0 : i32, gm, 0 : i32, f16, true, 0 : i32, gm, 0 : i32, f32, false, 0 : i32, gm, 0 : i32, f32, <do_norm = true, iterate_mode = 2 : i32>>
  ascendc.kfc_server.quit %server : !ascendc.kfc_server
  return
}

// Compile-time tiling of a matmul of the given types.
// CHECK-LABEL: __inline__ __attribute__((always_inline)) __aicore__ void api_tiling(MatmulConfig cfg, int32_t l1) {
// CHECK-NEXT:    MatmulApiStaticTiling t = AscendC::GetMatmulApiTiling<matmul::MatmulType<AscendC::TPosition::GM, CubeFormat::ND, half, false, LayoutMode::NONE>, matmul::MatmulType<AscendC::TPosition::GM, CubeFormat::ND, half, true, LayoutMode::NONE>, matmul::MatmulType<AscendC::TPosition::GM, CubeFormat::ND, float, false, LayoutMode::NONE>, matmul::MatmulType<AscendC::TPosition::GM, CubeFormat::ND, float>>(cfg, l1);
// CHECK-NEXT:    return;
// CHECK-NEXT:  }
func.func @api_tiling(%cfg: !ascendc.matmul_config, %l1: i32) {
  %t = ascendc.get_matmul_api_tiling %cfg, %l1 {matmulType = !ascendc.matmul<gm, 0 : i32, f16, false, 0 : i32, gm, 0 : i32, f16, true, 0 : i32, gm, 0 : i32, f32, false, 0 : i32, gm, 0 : i32, f32, <do_norm = true, iterate_mode = 2 : i32>>} : !ascendc.matmul_config, i32
  return
}

// IterateNBatch: A and B in a batch layout (BSNGD).
// CHECK-LABEL: __inline__ __attribute__((always_inline)) __aicore__ void n_batch(uint32_t u) {
// CHECK-NEXT:    constexpr bool false_ = false;
// CHECK-NEXT:    constexpr bool true_ = true;
// CHECK-NEXT:    matmul::Matmul<matmul::MatmulType<AscendC::TPosition::GM, CubeFormat::ND, half, false, LayoutMode::BSNGD>, matmul::MatmulType<AscendC::TPosition::GM, CubeFormat::ND, half, false, LayoutMode::BSNGD>, matmul::MatmulType<AscendC::TPosition::GM, CubeFormat::ND, float, false, LayoutMode::BSNGD>, matmul::MatmulType<AscendC::TPosition::GM, CubeFormat::ND, float>, CFG_1> mm;
// CHECK-NEXT:    mm.IterateNBatch<true_, false_>(u, u, u, false_, u, u, u);
// CHECK-NEXT:    return;
// CHECK-NEXT:  }
func.func @n_batch(%u: ui32) {
  %false = arith.constant false
  %true = arith.constant true
  %mm = ascendc.construct !ascendc.matmul<gm, 0 : i32, f16, false, 2 : i32, gm, 0 : i32, f16, false, 2 : i32, gm, 0 : i32, f32, false, 2 : i32, gm, 0 : i32, f32, <is_n_batch = true>>()
  ascendc.matmul.iterate_n_batch %mm, %u, %u, %u, %false, %u, %u, %u, %true, %false : !ascendc.matmul<gm, 0 : i32, f16, false, 2 : i32, gm, 0 : i32, f16, false, 2 : i32, gm, 0 : i32, f32, false, 2 : i32, gm, 0 : i32, f32, <is_n_batch = true>>, ui32, ui32, ui32, i1, ui32, ui32, ui32, i1, i1
  return
}

// Every format, layout and position, and a config's enum fields, in C++.
// CHECK-LABEL: __inline__ __attribute__((always_inline)) __aicore__ void spellings() {
// CHECK-NEXT:    matmul::Matmul<matmul::MatmulType<AscendC::TPosition::A1, CubeFormat::NZ, half, true, LayoutMode::BSNGD>, matmul::MatmulType<AscendC::TPosition::B1, CubeFormat::ZN, half, false, LayoutMode::SBNGD>, matmul::MatmulType<AscendC::TPosition::VECCALC, CubeFormat::ND_ALIGN, float, false, LayoutMode::BNGS1S2>, matmul::MatmulType<AscendC::TPosition::GM, CubeFormat::VECTOR, float>, CFG_2> mm;
// CHECK-NEXT:    mm.End();
// CHECK-NEXT:    return;
// CHECK-NEXT:  }
func.func @spellings() {
  %mm = ascendc.construct !ascendc.matmul<a1, 1 : i32, f16, true, 2 : i32, b1, 2 : i32, f16, false, 3 : i32, veccalc, 5 : i32, f32, false, 4 : i32, gm, 7 : i32, f32, #ascendc.matmul_config<batch_mode = 3 : i32, iterate_order = 1 : i32, schedule_type = 1, batch_out_mode = 2 : i32, shared_co1_buffer_size = 1024 : i32, do_norm = false>>()
  ascendc.matmul.end %mm : !ascendc.matmul<a1, 1 : i32, f16, true, 2 : i32, b1, 2 : i32, f16, false, 3 : i32, veccalc, 5 : i32, f32, false, 4 : i32, gm, 7 : i32, f32, #ascendc.matmul_config<batch_mode = 3 : i32, iterate_order = 1 : i32, schedule_type = 1, batch_out_mode = 2 : i32, shared_co1_buffer_size = 1024 : i32, do_norm = false>>
  return
}
