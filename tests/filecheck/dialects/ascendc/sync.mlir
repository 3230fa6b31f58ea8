// Round trip of the synchronisation and system-value ops, custom and generic form.
// RUN: asc-opt %s | asc-opt | filecheck %s
// RUN: asc-opt %s --print-op-generic | asc-opt | filecheck %s
// RUN: asc-opt %s --print-op-generic | filecheck %s --check-prefix=GENERIC

// CHECK-LABEL: func.func @flags(%id: i32)
// CHECK-NEXT:    ascendc.set_flag mte2_v, %id : i32
// CHECK-NEXT:    ascendc.wait_flag v_mte3, %id : i32
// CHECK-NEXT:    ascendc.pipe_barrier pipe_v
// CHECK-NEXT:    ascendc.pipe_barrier pipe_all
// GENERIC: "ascendc.set_flag"(%id) <{event = 4 : i32}> : (i32) -> ()
// GENERIC: "ascendc.wait_flag"(%id) <{event = 7 : i32}> : (i32) -> ()
// GENERIC: "ascendc.pipe_barrier"() <{pipe = 1 : i32}> : () -> ()
func.func @flags(%id: i32) {
  ascendc.set_flag mte2_v, %id : i32
  ascendc.wait_flag v_mte3, %id : i32
  ascendc.pipe_barrier pipe_v
  ascendc.pipe_barrier pipe_all
  return
}

// CHECK-LABEL: func.func @sysvars()
// CHECK-NEXT:    %idx = ascendc.get_block_idx : i32
// CHECK-NEXT:    %num = ascendc.get_block_num : i64
func.func @sysvars() {
  %idx = ascendc.get_block_idx : i32
  %num = ascendc.get_block_num : i64
  return
}

// CHECK-LABEL: func.func @ffts(%addr: memref<?xui64, 22 : i64>)
// CHECK-NEXT:    ascendc.set_ffts_base_addr %addr : memref<?xui64, 22 : i64>
// GENERIC: "ascendc.set_ffts_base_addr"(%addr) : (memref<?xui64, 22 : i64>) -> ()
func.func @ffts(%addr: memref<?xui64, 22>) {
  ascendc.set_ffts_base_addr %addr : memref<?xui64, 22>
  return
}
