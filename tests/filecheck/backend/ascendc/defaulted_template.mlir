// Class templates whose parameters have defaults (`FixpipeParams<T = int32_t>`,
// `KfcServer<uint8_t enableHardPoll = 0>`): the bare IR type is the header's default,
// spelled `C<>`; a given element type is spelled as the argument. The round trip keeps
// both forms.
// RUN: asc-opt %s | asc-opt | filecheck %s --check-prefix=IR
// RUN: asc-opt %s --print-op-generic | asc-opt | filecheck %s --check-prefix=IR
// RUN: asc-opt %s -t ascendc | filecheck %s

// IR-LABEL: func.func @fixpipe_params(%h: ui16, %w: ui32, %n: i32)
// IR-NEXT:    %d = ascendc.construct !ascendc.fixpipe_params()
// IR-NEXT:    %i = ascendc.construct !ascendc.fixpipe_params<i32>()
// IR-NEXT:    %f = ascendc.construct !ascendc.fixpipe_params<f16>(%h, %h, %h, %w) : ui16, ui16, ui16, ui32
// IR-NEXT:    %c = ascendc.construct !ascendc.fixpipe_params<f32>(%n, %n, %n, %n) : i32, i32, i32, i32

// CHECK-LABEL: void fixpipe_params(uint16_t h, uint32_t w, int32_t n) {
// CHECK-NEXT:    AscendC::FixpipeParams<> d;
// CHECK-NEXT:    AscendC::FixpipeParams<int32_t> i;
// CHECK-NEXT:    AscendC::FixpipeParams<half> f{h, h, h, w};
// CHECK-NEXT:    AscendC::FixpipeParams<float> c{static_cast<uint16_t>(n), static_cast<uint16_t>(n), static_cast<uint16_t>(n), static_cast<uint32_t>(n)};
// CHECK-NEXT:    return;
func.func @fixpipe_params(%h: ui16, %w: ui32, %n: i32) {
  %d = ascendc.construct !ascendc.fixpipe_params()
  %i = ascendc.construct !ascendc.fixpipe_params<i32>()
  %f = ascendc.construct !ascendc.fixpipe_params<f16>(%h, %h, %h, %w) : ui16, ui16, ui16, ui32
  %c = ascendc.construct !ascendc.fixpipe_params<f32>(%n, %n, %n, %n) : i32, i32, i32, i32
  return
}

// A defaulted class template as a parameter type: `C<>`.
// CHECK-LABEL: void takes_default(AscendC::FixpipeParams<> p, AscendC::FixpipeParams<half> q) {
func.func @takes_default(%p: !ascendc.fixpipe_params, %q: !ascendc.fixpipe_params<f16>) {
  return
}
