// Emission of the cube ops (cube.py).
// RUN: asc-opt %s -t ascendc | filecheck %s

// LoadData in its 2D, 2D V2 and 3D V2Pro forms, from L1 (A1) or GM, and with transpose.
// CHECK-LABEL: __inline__ __attribute__((always_inline)) __aicore__ void load_data(AscendC::LocalTensor<half> a2, AscendC::LocalTensor<half> a1, AscendC::GlobalTensor<half> gm, AscendC::LoadData2DParams p2, AscendC::LoadData2DParamsV2 v2, AscendC::LoadData3DParamsV2Pro pro, AscendC::LoadData2dTransposeParams t, AscendC::LoadData2dTransposeParamsV2 t2) {
// CHECK-NEXT:    AscendC::LoadData(a2, a1, p2);
// CHECK-NEXT:    AscendC::LoadData(a1, gm, p2);
// CHECK-NEXT:    AscendC::LoadData(a2, a1, v2);
// CHECK-NEXT:    AscendC::LoadData(a1, gm, v2);
// CHECK-NEXT:    AscendC::LoadData(a2, a1, pro);
// CHECK-NEXT:    AscendC::LoadData(a2, a1, p2);
// CHECK-NEXT:    AscendC::LoadDataWithTranspose(a2, a1, t);
// CHECK-NEXT:    AscendC::LoadDataWithTranspose(a2, a1, t2);
// CHECK-NEXT:    return;
// CHECK-NEXT:  }
func.func @load_data(%a2: !ascendc.local_tensor<f16>, %a1: !ascendc.local_tensor<f16>, %gm: !ascendc.global_tensor<f16>, %p2: !ascendc.load_data_2d_params, %v2: !ascendc.load_data_2d_params_v2, %pro: !ascendc.load_data_3d_params_v2_pro, %t: !ascendc.load_data_2d_transpose_params, %t2: !ascendc.load_data_2d_transpose_params_v2) {
  ascendc.load_data_l0 %a2, %a1, %p2 : !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.load_data_2d_params
  ascendc.load_data_g2l %a1, %gm, %p2 : !ascendc.local_tensor<f16>, !ascendc.global_tensor<f16>, !ascendc.load_data_2d_params
  ascendc.load_data_l0_v2 %a2, %a1, %v2 : !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.load_data_2d_params_v2
  ascendc.load_data_g2l_v2 %a1, %gm, %v2 : !ascendc.local_tensor<f16>, !ascendc.global_tensor<f16>, !ascendc.load_data_2d_params_v2
  ascendc.load_data_3d_l0_v2pro %a2, %a1, %pro : !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.load_data_3d_params_v2_pro
  ascendc.load_data %a2, %a1, %p2 : !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.load_data_2d_params
  ascendc.load_data_with_transpose %a2, %a1, %t : !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.load_data_2d_transpose_params
  ascendc.load_data_with_transpose_v2 %a2, %a1, %t2 : !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.load_data_2d_transpose_params_v2
  return
}

// Mmad (bf16 x bf16 -> f32, int8 x int8 -> int32), with a bias, and the sparse forms.
// CHECK-LABEL: __inline__ __attribute__((always_inline)) __aicore__ void mmad(AscendC::LocalTensor<float> c, AscendC::LocalTensor<bfloat16_t> a, AscendC::LocalTensor<bfloat16_t> b, AscendC::LocalTensor<float> bias, AscendC::MmadParams mp, AscendC::LocalTensor<int32_t> ci, AscendC::LocalTensor<int8_t> w, AscendC::LocalTensor<int8_t> w1, AscendC::LocalTensor<uint8_t> idx, AscendC::LoadData2DParams p2) {
// CHECK-NEXT:    AscendC::Mmad(c, a, b, mp);
// CHECK-NEXT:    AscendC::Mmad(c, a, b, bias, mp);
// CHECK-NEXT:    AscendC::Mmad(ci, w1, w, mp);
// CHECK-NEXT:    AscendC::LoadDataWithSparse(w, w1, idx, p2);
// CHECK-NEXT:    AscendC::MmadWithSparse(ci, w1, w, mp);
// CHECK-NEXT:    return;
// CHECK-NEXT:  }
func.func @mmad(%c: !ascendc.local_tensor<f32>, %a: !ascendc.local_tensor<bf16>, %b: !ascendc.local_tensor<bf16>, %bias: !ascendc.local_tensor<f32>, %mp: !ascendc.mmad_params, %ci: !ascendc.local_tensor<i32>, %w: !ascendc.local_tensor<i8>, %w1: !ascendc.local_tensor<i8>, %idx: !ascendc.local_tensor<ui8>, %p2: !ascendc.load_data_2d_params) {
  ascendc.mmad %c, %a, %b, %mp : !ascendc.local_tensor<f32>, !ascendc.local_tensor<bf16>, !ascendc.local_tensor<bf16>, !ascendc.mmad_params
  ascendc.mmad_with_bias %c, %a, %b, %bias, %mp : !ascendc.local_tensor<f32>, !ascendc.local_tensor<bf16>, !ascendc.local_tensor<bf16>, !ascendc.local_tensor<f32>, !ascendc.mmad_params
  ascendc.mmad %ci, %w1, %w, %mp : !ascendc.local_tensor<i32>, !ascendc.local_tensor<i8>, !ascendc.local_tensor<i8>, !ascendc.mmad_params
  ascendc.load_data_with_sparse %w, %w1, %idx, %p2 : !ascendc.local_tensor<i8>, !ascendc.local_tensor<i8>, !ascendc.local_tensor<ui8>, !ascendc.load_data_2d_params
  ascendc.mmad_with_sparse %ci, %w1, %w, %mp : !ascendc.local_tensor<i32>, !ascendc.local_tensor<i8>, !ascendc.local_tensor<i8>, !ascendc.mmad_params
  return
}

// Fixpipe: the config is a template argument, a CFG_* constant when its layout is a
// constant; a config built at run time picks the instantiation by its layout.
// CHECK-LABEL: __inline__ __attribute__((always_inline)) __aicore__ void fixpipe(AscendC::GlobalTensor<half> gm, AscendC::GlobalTensor<int8_t> gi, AscendC::LocalTensor<float> c, AscendC::LocalTensor<int32_t> ci, AscendC::LocalTensor<uint64_t> ws, AscendC::FixpipeParamsV220 fp, AscendC::FixpipeConfig runtime_cfg, int64_t q) {
// CHECK-NEXT:    constexpr int64_t row = 1;
// CHECK-NEXT:    constexpr int32_t nz = 0;
// CHECK-NEXT:    AscendC::FixpipeConfig row_major{static_cast<AscendC::CO2Layout>(row)};
// CHECK-NEXT:    AscendC::FixpipeConfig nz_cfg{static_cast<AscendC::CO2Layout>(nz)};
// CHECK-NEXT:    AscendC::Fixpipe<half, float, AscendC::CFG_ROW_MAJOR>(gm, c, fp);
// CHECK-NEXT:    AscendC::Fixpipe<int8_t, int32_t, AscendC::CFG_NZ>(gi, ci, ws, fp);
// CHECK-NEXT:    if (runtime_cfg.format == AscendC::CO2Layout::NZ) {
// CHECK-NEXT:      AscendC::Fixpipe<half, float, AscendC::CFG_NZ>(gm, c, fp);
// CHECK-NEXT:    } else {
// CHECK-NEXT:      AscendC::Fixpipe<half, float, AscendC::CFG_ROW_MAJOR>(gm, c, fp);
// CHECK-NEXT:    }
// CHECK-NEXT:    AscendC::SetFixpipePreQuantFlag(q);
// CHECK-NEXT:    return;
// CHECK-NEXT:  }
func.func @fixpipe(%gm: !ascendc.global_tensor<f16>, %gi: !ascendc.global_tensor<i8>, %c: !ascendc.local_tensor<f32>, %ci: !ascendc.local_tensor<i32>, %ws: !ascendc.local_tensor<ui64>, %fp: !ascendc.fixpipe_params_v220, %runtime_cfg: !ascendc.fixpipe_config, %q: i64) {
  %row = arith.constant 1 : i64
  %nz = arith.constant 0 : i32
  %row_major = ascendc.construct !ascendc.fixpipe_config(%row) [!ascendc.co2_layout] : i64
  %nz_cfg = ascendc.construct !ascendc.fixpipe_config(%nz) [!ascendc.co2_layout] : i32
  ascendc.fixpipe %gm, %c, %fp, %row_major : !ascendc.global_tensor<f16>, !ascendc.local_tensor<f32>, !ascendc.fixpipe_params_v220, !ascendc.fixpipe_config
  ascendc.fixpipe_with_workspace %gi, %ci, %ws, %fp, %nz_cfg : !ascendc.global_tensor<i8>, !ascendc.local_tensor<i32>, !ascendc.local_tensor<ui64>, !ascendc.fixpipe_params_v220, !ascendc.fixpipe_config
  ascendc.fixpipe %gm, %c, %fp, %runtime_cfg : !ascendc.global_tensor<f16>, !ascendc.local_tensor<f32>, !ascendc.fixpipe_params_v220, !ascendc.fixpipe_config
  ascendc.set_fixpipe_pre_quant_flag %q : i64
  return
}

// Load and matrix state; an int8 pad list is passed as the const uint8_t[4] SetFmatrix takes.
// CHECK-LABEL: __inline__ __attribute__((always_inline)) __aicore__ void state(int16_t h, uint16_t w, int8_t* pad, uint8_t* padu, AscendC::FmatrixMode fm, half v, AscendC::LoadDataRepeatParam rp, int32_t b, bool m) {
// CHECK-NEXT:    AscendC::SetFmatrix(h, w, reinterpret_cast<uint8_t*>(pad), fm);
// CHECK-NEXT:    AscendC::SetFmatrix(h, w, padu, fm);
// CHECK-NEXT:    AscendC::SetLoadDataPaddingValue(v);
// CHECK-NEXT:    AscendC::SetLoadDataRepeat(rp);
// CHECK-NEXT:    AscendC::SetLoadDataBoundary(b);
// CHECK-NEXT:    AscendC::SetHF32Mode(m);
// CHECK-NEXT:    AscendC::SetHF32TransMode(m);
// CHECK-NEXT:    AscendC::SetMMLayoutTransform(m);
// CHECK-NEXT:    return;
// CHECK-NEXT:  }
func.func @state(%h: i16, %w: ui16, %pad: memref<4xi8>, %padu: memref<4xui8>, %fm: !ascendc.fmatrix_mode, %v: f16, %rp: !ascendc.load_data_repeat_param, %b: i32, %m: i1) {
  ascendc.set_fmatrix %h, %w, %pad, %fm : i16, ui16, memref<4xi8>, !ascendc.fmatrix_mode
  ascendc.set_fmatrix %h, %w, %padu, %fm : i16, ui16, memref<4xui8>, !ascendc.fmatrix_mode
  ascendc.set_load_data_padding_value %v : f16
  ascendc.set_load_data_repeat %rp : !ascendc.load_data_repeat_param
  ascendc.set_load_data_boundary %b : i32
  ascendc.set_hf32_mode %m : i1
  ascendc.set_hf32_trans_mode %m : i1
  ascendc.set_mm_layout_transform %m : i1
  return
}

// AIPP image load; the workspace APIs take and return `__gm__ uint8_t*`, other GM
// pointers are reinterpreted.
// CHECK-LABEL: __inline__ __attribute__((always_inline)) __aicore__ void image_and_workspace(AscendC::LocalTensor<int8_t> a1, AscendC::LoadImageToLocalParams lp, __gm__ uint8_t* w8, __gm__ int32_t* wi) {
// CHECK-NEXT:    AscendC::LoadImageToLocal(a1, lp);
// CHECK-NEXT:    AscendC::SetSysWorkspace(reinterpret_cast<__gm__ uint8_t*>(w8));
// CHECK-NEXT:    AscendC::SetSysWorkspace(reinterpret_cast<__gm__ uint8_t*>(wi));
// CHECK-NEXT:    __gm__ uint8_t* ws = GetSysWorkSpacePtr();
// CHECK-NEXT:    __gm__ int32_t* wsi = reinterpret_cast<__gm__ int32_t*>(GetSysWorkSpacePtr());
// CHECK-NEXT:    return;
// CHECK-NEXT:  }
func.func @image_and_workspace(%a1: !ascendc.local_tensor<i8>, %lp: !ascendc.load_image_to_local_params, %w8: memref<?xui8, 22>, %wi: memref<?xi32, 22>) {
  ascendc.load_image_to_local %a1, %lp : !ascendc.local_tensor<i8>, !ascendc.load_image_to_local_params
  ascendc.set_sys_workspace %w8 : memref<?xui8, 22>
  ascendc.set_sys_workspace %wi : memref<?xi32, 22>
  %ws = ascendc.get_sys_workspace_ptr : memref<?xui8, 22>
  %wsi = ascendc.get_sys_workspace_ptr : memref<?xi32, 22>
  return
}
