// Round trip of the debug and profiling ops, custom and generic form.
// RUN: asc-opt %s | asc-opt | filecheck %s
// RUN: asc-opt %s --print-op-generic | asc-opt | filecheck %s
// RUN: asc-opt %s --print-op-generic | filecheck %s --check-prefix=GENERIC

// CHECK-LABEL: func.func @printf(%n: i32, %l: i64, %u: ui32, %f: f32, %h: f16, %k: index, %str: memref<?xui8, 22 : i64>)
// CHECK-NEXT:    ascendc.printf {desc = "hello"} :
// CHECK-NEXT:    ascendc.printf %n {desc = "n=%d\0A"} : i32
// CHECK-NEXT:    ascendc.printf %n, %l, %u, %u, %f, %h, %str, %k {desc = "%i %lld %u %x %f %.3f %s %p 100%%"} : i32, i64, ui32, ui32, f32, f16, memref<?xui8, 22 : i64>, index
// CHECK-NEXT:    ascendc.printf {desc = "q\22b\\"} :
// CHECK-NEXT:    func.return
// GENERIC-LABEL: "func.func"() <{sym_name = "printf"
// GENERIC:       "ascendc.printf"() <{desc = "hello"}> : () -> ()
// GENERIC-NEXT:  "ascendc.printf"(%n) <{desc = "n=%d\0A"}> : (i32) -> ()
// GENERIC-NEXT:  "ascendc.printf"(%n, %l, %u, %u, %f, %h, %str, %k) <{desc = "%i %lld %u %x %f %.3f %s %p 100%%"}> : (i32, i64, ui32, ui32, f32, f16, memref<?xui8, 22 : i64>, index) -> ()
// GENERIC-NEXT:  "ascendc.printf"() <{desc = "q\22b\\"}> : () -> ()
func.func @printf(%n: i32, %l: i64, %u: ui32, %f: f32, %h: f16, %k: index, %str: memref<?xui8, 22>) {
  ascendc.printf {desc = "hello"} :
  ascendc.printf %n {desc = "n=%d\n"} : i32
  ascendc.printf %n, %l, %u, %u, %f, %h, %str, %k {desc = "%i %lld %u %x %f %.3f %s %p 100%%"} : i32, i64, ui32, ui32, f32, f16, memref<?xui8, 22 : i64>, index
  ascendc.printf {desc = "q\"b\\"} :
  return
}

// CHECK-LABEL: func.func @dump(%lt: !ascendc.local_tensor<*xf16>, %gt: !ascendc.global_tensor<*xf32>, %u: ui32, %n: i32)
// CHECK-NEXT:    ascendc.dump_tensor %lt, %u, %n : !ascendc.local_tensor<*xf16>, ui32, i32
// CHECK-NEXT:    %si = ascendc.construct !ascendc.shape_info() []
// CHECK-NEXT:    ascendc.dump_tensor %gt, %u, %u, %si : !ascendc.global_tensor<*xf32>, ui32, ui32, !ascendc.shape_info
// CHECK-NEXT:    ascendc.dump_acc_chk_point %lt, %u, %n, %u : !ascendc.local_tensor<*xf16>, ui32, i32, ui32
// CHECK-NEXT:    ascendc.print_time_stamp %u : ui32
// CHECK-NEXT:    ascendc.metrics_prof_start
// CHECK-NEXT:    ascendc.metrics_prof_stop
// CHECK-NEXT:    func.return
// GENERIC-LABEL: "func.func"() <{sym_name = "dump"
// GENERIC:       "ascendc.dump_tensor"(%lt, %u, %n) : (!ascendc.local_tensor<*xf16>, ui32, i32) -> ()
// GENERIC:       "ascendc.dump_tensor"(%gt, %u, %u, %si) : (!ascendc.global_tensor<*xf32>, ui32, ui32, !ascendc.shape_info) -> ()
// GENERIC-NEXT:  "ascendc.dump_acc_chk_point"(%lt, %u, %n, %u) : (!ascendc.local_tensor<*xf16>, ui32, i32, ui32) -> ()
// GENERIC-NEXT:  "ascendc.print_time_stamp"(%u) : (ui32) -> ()
// GENERIC-NEXT:  "ascendc.metrics_prof_start"() : () -> ()
// GENERIC-NEXT:  "ascendc.metrics_prof_stop"() : () -> ()
func.func @dump(%lt: !ascendc.local_tensor<*xf16>, %gt: !ascendc.global_tensor<*xf32>, %u: ui32, %n: i32) {
  ascendc.dump_tensor %lt, %u, %n : !ascendc.local_tensor<*xf16>, ui32, i32
  %si = ascendc.construct !ascendc.shape_info() []
  ascendc.dump_tensor %gt, %u, %u, %si : !ascendc.global_tensor<*xf32>, ui32, ui32, !ascendc.shape_info
  ascendc.dump_acc_chk_point %lt, %u, %n, %u : !ascendc.local_tensor<*xf16>, ui32, i32, ui32
  ascendc.print_time_stamp %u : ui32
  ascendc.metrics_prof_start
  ascendc.metrics_prof_stop
  return
}
