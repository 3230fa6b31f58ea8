// Emission of the debug and profiling ops.
// RUN: asc-opt %s -t ascendc | filecheck %s

// The format is printed as a C string literal, always on one line: `"` and `\` are
// escaped, `%%` stays as it is, control characters and non-ASCII bytes are escapes, and
// `??` cannot form a trigraph.
// CHECK-LABEL: __inline__ __attribute__((always_inline)) __aicore__ void print(int32_t n, int64_t l, uint32_t u, float f, half h, int64_t i) {
// CHECK-NEXT:    AscendC::printf("hello");
// CHECK-NEXT:    AscendC::printf("say \"hi\" C:\\tmp 100%% n=%d\n", n);
// CHECK-NEXT:    AscendC::printf("%i %ld %u %x %f %8.3f\n", n, l, u, u, f, h);
// CHECK-NEXT:    AscendC::printf("i=%d\n", i);
// CHECK-NEXT:    AscendC::printf("tab\there ?\?=\")\n#define x");
// CHECK-NEXT:    AscendC::printf("caf\303\251");
// CHECK-NEXT:    return;
// CHECK-NEXT:  }
func.func @print(%n: i32, %l: i64, %u: ui32, %f: f32, %h: f16, %i: index) {
  ascendc.printf {desc = "hello"} :
  ascendc.printf %n {desc = "say \"hi\" C:\\tmp 100%% n=%d\n"} : i32
  ascendc.printf %n, %l, %u, %u, %f, %h {desc = "%i %ld %u %x %f %8.3f\n"} : i32, i64, ui32, ui32, f32, f16
  // An index is an integer (int64_t) for %d.
  ascendc.printf %i {desc = "i=%d\n"} : index
  ascendc.printf {desc = "tab\there ??=\")\n#define x"} :
  ascendc.printf {desc = "café"} :
  return
}

// CHECK-LABEL: __inline__ __attribute__((always_inline)) __aicore__ void dump(AscendC::LocalTensor<half> lt, AscendC::GlobalTensor<float> gt, uint32_t desc, int32_t size) {
// CHECK-NEXT:    AscendC::DumpTensor(lt, desc, size);
// CHECK-NEXT:    AscendC::ShapeInfo si;
// CHECK-NEXT:    AscendC::DumpTensor(gt, desc, size, si);
// CHECK-NEXT:    AscendC::DumpAccChkPoint(lt, desc, size, size);
// CHECK-NEXT:    AscendC::PrintTimeStamp(desc);
// CHECK-NEXT:    AscendC::MetricsProfStart();
// CHECK-NEXT:    AscendC::MetricsProfStop();
// CHECK-NEXT:    return;
// CHECK-NEXT:  }
func.func @dump(%lt: !ascendc.local_tensor<*xf16>, %gt: !ascendc.global_tensor<*xf32>, %desc: ui32, %size: i32) {
  ascendc.dump_tensor %lt, %desc, %size : !ascendc.local_tensor<*xf16>, ui32, i32
  %si = ascendc.construct !ascendc.shape_info() []
  ascendc.dump_tensor %gt, %desc, %size, %si : !ascendc.global_tensor<*xf32>, ui32, i32, !ascendc.shape_info
  ascendc.dump_acc_chk_point %lt, %desc, %size, %size : !ascendc.local_tensor<*xf16>, ui32, i32, i32
  ascendc.print_time_stamp %desc : ui32
  ascendc.metrics_prof_start
  ascendc.metrics_prof_stop
  return
}
