// SetBatchNum on a Matmul of a batch layout in a cube-only module: the only Matmul that
// declares it (asc-devkit batch_matmul_impl.h, under ASCENDC_CUBE_ONLY). The same op on
// a LayoutMode::NONE matmul, or in a mixed module, is refused (dialects/ascendc/invalid_adv.mlir).
// RUN: asc-opt %s -t ascendc | filecheck %s

// CHECK: #define ASCENDC_CUBE_ONLY
// CHECK: #include "lib/matmul_intf.h"
// CHECK-LABEL: void batch_num(
// CHECK-NEXT:   mm.SetBatchNum(n, n);
// CHECK-NEXT:   return;
module attributes {asc.matmul_cube_only, asc.compile_mix} {
  emitc.verbatim "#define ASCENDC_CUBE_ONLY"
  emitc.include "lib/matmul_intf.h"
  func.func @batch_num(%mm: !ascendc.matmul<gm, 0 : i32, f16, false, 1 : i32, gm, 0 : i32, f16, false, 1 : i32, gm, 0 : i32, f32, false, 1 : i32, gm, 0 : i32, f32, <do_norm = true, iterate_mode = 2 : i32>>, %n: i32) {
    ascendc.matmul.set_batch_num %mm, %n, %n : !ascendc.matmul<gm, 0 : i32, f16, false, 1 : i32, gm, 0 : i32, f16, false, 1 : i32, gm, 0 : i32, f32, false, 1 : i32, gm, 0 : i32, f32, <do_norm = true, iterate_mode = 2 : i32>>, i32, i32
    return
  }
}
