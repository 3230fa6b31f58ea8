# printf (format strings and f-strings), DumpTensor, MetricsProf regions, TBuf,
# get/set value, casts and reductions from Python kernels.
# RUN: %python %s | filecheck %s

import numpy as np

import asc_xdsl as asc


@asc.jit
def debug(x: asc.GlobalAddress, n: int, f: float):
    gm = asc.GlobalTensor()
    gm.set_global_buffer(x)
    pipe = asc.TPipe()
    buf = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(buf, 4096)
    t = buf.get(asc.float32)
    h = buf.get_with_offset(256, 2048, asc.float16)
    asc.metrics_prof_start()
    asc.data_copy(t, gm, 256)
    asc.cast(h, t, asc.RoundMode.CAST_RINT, 256)
    asc.reduce_max(t, t, t, 256, True)
    first = t.get_value(0)
    t[1] = first + 1.0
    t.set_value(2, f)
    asc.metrics_prof_stop()
    asc.printf(f"n={n} f={f} first={first} 100%\n")
    asc.printf('a "quoted" %d\n', n)
    asc.dump_tensor(t, 7, 32)
    asc.pipe_barrier(asc.PipeID.PIPE_V)


compiled = debug.compile(np.zeros(256, np.float32), 3, 0.5, always_compile=True)
print(compiled.asm["ir"])
print(compiled.asm["ascendc"])

# CHECK-LABEL: func.func @debug
# CHECK:         %buf = ascendc.tbuf : <veccalc>
# CHECK-NEXT:    ascendc.pipe.init_buffer %pipe, %buf, %{{.*}} : !ascendc.tbuf<veccalc>, i32
# CHECK-NEXT:    %t = ascendc.tbuf.get_tensor %buf : !ascendc.tbuf<veccalc>, !ascendc.local_tensor<*xf32>
# CHECK:         %h = ascendc.tbuf.get_with_offset %buf, %{{.*}}, %{{.*}} : !ascendc.tbuf<veccalc>, ui32, ui32, !ascendc.local_tensor<*xf16>
# CHECK-NEXT:    ascendc.metrics_prof_start
# CHECK-NEXT:    ascendc.data_copy_l2 %t, %gm, %{{.*}}
# CHECK-NEXT:    ascendc.cast_l2 %h, %t, %{{.*}} {roundMode = 1 : i32}
# CHECK-NEXT:    ascendc.reduce_max_l2 %t, %t, %t, %{{.*}}, %{{.*}} : {{.*}}, i32, i1
# CHECK-NEXT:    %first = ascendc.local_tensor.get_value %t, %{{.*}} : !ascendc.local_tensor<*xf32>, i32, f32
# CHECK-NEXT:    %{{.*}} = arith.addf %first, %{{.*}} : f32
# CHECK-NEXT:    ascendc.local_tensor.set_value %t, %{{.*}}, %{{.*}} : !ascendc.local_tensor<*xf32>, i32, f32
# CHECK-NEXT:    ascendc.local_tensor.set_value %t, %{{.*}}, %f : !ascendc.local_tensor<*xf32>, i32, f32
# CHECK-NEXT:    ascendc.metrics_prof_stop
# CHECK-NEXT:    ascendc.printf %n, %f, %first {desc = "n=%d f=%f first=%f 100%%\0A"} : i32, f32, f32
# CHECK-NEXT:    ascendc.printf %n {desc = "a \22quoted\22 %d\0A"} : i32
# CHECK-NEXT:    ascendc.dump_tensor %t, %{{.*}}, %{{.*}} : !ascendc.local_tensor<*xf32>, ui32, ui32
# CHECK-NEXT:    ascendc.pipe_barrier pipe_v

# CHECK-LABEL: extern "C" __global__ __aicore__ void debug(__gm__ float* x, int32_t n, float f) {
# CHECK:         AscendC::TBuf<AscendC::TPosition::VECCALC> buf;
# CHECK-NEXT:    pipe.InitBuffer(buf, c4096_i32);
# CHECK-NEXT:    AscendC::LocalTensor<float> t = buf.Get<float>();
# CHECK:         AscendC::LocalTensor<half> h = buf.GetWithOffset<half>(v{{[0-9]+}}, v{{[0-9]+}});
# CHECK-NEXT:    AscendC::MetricsProfStart();
# CHECK-NEXT:    AscendC::DataCopy(t, gm, c256_i32);
# CHECK-NEXT:    AscendC::Cast<half, float>(h, t, AscendC::RoundMode::CAST_RINT, c256_i32);
# CHECK-NEXT:    AscendC::ReduceMax(t, t, t, c256_i32, c_true);
# CHECK-NEXT:    float first = t.GetValue(c0_i32);
# CHECK:         AscendC::MetricsProfStop();
# CHECK-NEXT:    AscendC::printf("n=%d f=%f first=%f 100%%\n", n, f, first);
# CHECK-NEXT:    AscendC::printf("a \"quoted\" %d\n", n);
# CHECK-NEXT:    AscendC::DumpTensor(t, v{{[0-9]+}}, v{{[0-9]+}});
# CHECK-NEXT:    AscendC::PipeBarrier<PIPE_V>();
