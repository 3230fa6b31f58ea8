// Ascend 950's cube forms: LoadData with LoadData2DParamsV2 (L1 -> L0A/L0B) and Fixpipe
// with FixpipeParamsArch3510<> into UB (isToUB routes it; dualDstCtl set as a member)
// or GM. Round trip and Ascend C (header-checked for 3510 by test_headers).
// RUN: asc-opt %s | asc-opt | filecheck %s --check-prefix=IR
// RUN: asc-opt %s -t ascendc | filecheck %s

// IR-LABEL: func.func @cube_3510
// IR:       ascendc.load_data_l0_v2 %a2, %a1, %lp : !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, !ascendc.load_data_2d_params_v2
// IR:       %fp = ascendc.construct !ascendc.fixpipe_params_arch3510(%n, %n, %n, %n32) : ui16, ui16, ui16, ui32
// IR:       emitasc.set_member %fp "dualDstCtl", %dual : !ascendc.fixpipe_params_arch3510, ui8
// IR:       ascendc.fixpipe %ub, %co1, %fp, %cfg : !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, !ascendc.fixpipe_params_arch3510, !ascendc.fixpipe_config
// IR:       ascendc.fixpipe %out, %co1, %fp, %gm_cfg : !ascendc.global_tensor<*xf32>, !ascendc.local_tensor<*xf32>, !ascendc.fixpipe_params_arch3510, !ascendc.fixpipe_config

// CHECK-LABEL: void cube_3510(
// CHECK:         AscendC::LoadData2DParamsV2 lp{
// CHECK-NEXT:    AscendC::LoadData(a2, a1, lp);
// CHECK:         AscendC::FixpipeParamsArch3510<> fp{
// CHECK:         fp.dualDstCtl = dual;
// CHECK:         static constexpr AscendC::FixpipeConfig fixpipe_to_ub = {AscendC::CO2Layout::ROW_MAJOR, true};
// CHECK-NEXT:    AscendC::Fixpipe<float, float, fixpipe_to_ub>(ub, co1, fp);
// CHECK:         AscendC::Fixpipe<float, float, AscendC::CFG_ROW_MAJOR>(out, co1, fp);
builtin.module attributes {ascendc.soc = "Ascend950"} {
  func.func @cube_3510(%out: !ascendc.global_tensor<*xf32>) {
    %c0 = arith.constant 0 : i32
    %a0 = builtin.unrealized_conversion_cast %c0 : i32 to ui32
    %c1024 = arith.constant 1024 : i32
    %len = builtin.unrealized_conversion_cast %c1024 : i32 to ui32
    %a1 = ascendc.local_tensor_v2 a1, %a0, %len : !ascendc.local_tensor<*xf16>
    %a2 = ascendc.local_tensor_v2 a2, %a0, %len : !ascendc.local_tensor<*xf16>
    %two = arith.constant 2 : i32
    %u2 = builtin.unrealized_conversion_cast %two : i32 to ui16
    %s2 = builtin.unrealized_conversion_cast %two : i32 to i32
    %false = arith.constant false
    %c0_i8 = arith.constant 0 : i8
    %sid = builtin.unrealized_conversion_cast %c0_i8 : i8 to ui8
    %lp = ascendc.construct !ascendc.load_data_2d_params_v2(%a0, %a0, %u2, %u2, %s2, %u2, %false, %sid) : ui32, ui32, ui16, ui16, i32, ui16, i1, ui8
    ascendc.load_data_l0_v2 %a2, %a1, %lp : !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, !ascendc.load_data_2d_params_v2
    %co1 = ascendc.local_tensor_v2 co1, %a0, %len : !ascendc.local_tensor<*xf32>
    %ub = ascendc.local_tensor_v2 veccalc, %a0, %len : !ascendc.local_tensor<*xf32>
    %c32 = arith.constant 32 : i32
    %n = builtin.unrealized_conversion_cast %c32 : i32 to ui16
    %n32 = builtin.unrealized_conversion_cast %c32 : i32 to ui32
    %fp = ascendc.construct !ascendc.fixpipe_params_arch3510(%n, %n, %n, %n32) : ui16, ui16, ui16, ui32
    %c1_i8 = arith.constant 1 : i8
    %dual = builtin.unrealized_conversion_cast %c1_i8 : i8 to ui8
    emitasc.set_member %fp "dualDstCtl", %dual : !ascendc.fixpipe_params_arch3510, ui8
    %row = arith.constant 1 : i32
    %true = arith.constant true
    %cfg = ascendc.construct !ascendc.fixpipe_config(%row, %true) : i32, i1
    ascendc.fixpipe %ub, %co1, %fp, %cfg : !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, !ascendc.fixpipe_params_arch3510, !ascendc.fixpipe_config
    %gm_cfg = ascendc.construct !ascendc.fixpipe_config(%row) : i32
    ascendc.fixpipe %out, %co1, %fp, %gm_cfg : !ascendc.global_tensor<*xf32>, !ascendc.local_tensor<*xf32>, !ascendc.fixpipe_params_arch3510, !ascendc.fixpipe_config
    func.return
  }
}
