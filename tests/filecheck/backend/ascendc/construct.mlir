// Emission of ascendc.construct (construct.py): a braced initialiser whose fields
// are converted to the struct's field types (or to the `[types]` given), since a
// braced initialiser must not narrow. `constexpr` prints as `const`: the Ascend C
// parameter structs are not literal types. A DataCopyExtParams without `rsv` gets
// rsv = 0 (its C++ constructor takes all five fields). Rejected forms:
// construct_invalid.mlir.
// RUN: asc-opt %s -t ascendc | filecheck %s

// Without `[types]`: the struct's own field types.
// CHECK-LABEL: __inline__ __attribute__((always_inline)) __aicore__ void field_types(int32_t n, uint16_t h, uint32_t w, bool b, uint8_t c, uint64_t l, float f) {
// CHECK-NEXT:    AscendC::DataCopyParams p{static_cast<uint16_t>(n), static_cast<uint16_t>(n), static_cast<uint16_t>(n), static_cast<uint16_t>(n)};
// CHECK-NEXT:    AscendC::DataCopyParams same{h, h, h, h};
// CHECK-NEXT:    AscendC::DataCopyParams mixed{h, static_cast<uint16_t>(w), h, static_cast<uint16_t>(n)};
// CHECK-NEXT:    AscendC::DataCopyExtParams e4{static_cast<uint16_t>(n), static_cast<uint32_t>(n), static_cast<uint32_t>(n), static_cast<uint32_t>(n), 0};
// CHECK-NEXT:    AscendC::DataCopyExtParams e5{h, w, w, w, static_cast<uint32_t>(n)};
// CHECK-NEXT:    AscendC::DataCopyPadParams pp{b, c, c, l};
// CHECK-NEXT:    AscendC::DataCopyPadParams ppi{static_cast<bool>(n), static_cast<uint8_t>(n), static_cast<uint8_t>(n), static_cast<uint64_t>(n)};
// CHECK-NEXT:    AscendC::DataCopyPadExtParams<float> pe{b, c, c, f};
// CHECK-NEXT:    AscendC::DataCopyPadExtParams<int32_t> pei{static_cast<bool>(n), static_cast<uint8_t>(n), static_cast<uint8_t>(n), n};
// CHECK-NEXT:    AscendC::DataCopyPadExtParams<half> peh{b, c, c, static_cast<half>(f)};
// CHECK-NEXT:    return;
// CHECK-NEXT:  }
func.func @field_types(%n: i32, %h: ui16, %w: ui32, %b: i1, %c: ui8, %l: ui64, %f: f32) {
  %p = ascendc.construct !ascendc.data_copy_params(%n, %n, %n, %n) : i32, i32, i32, i32
  %same = ascendc.construct !ascendc.data_copy_params(%h, %h, %h, %h) : ui16, ui16, ui16, ui16
  %mixed = ascendc.construct !ascendc.data_copy_params(%h, %w, %h, %n) : ui16, ui32, ui16, i32
  %e4 = ascendc.construct !ascendc.data_copy_ext_params(%n, %n, %n, %n) : i32, i32, i32, i32
  %e5 = ascendc.construct !ascendc.data_copy_ext_params(%h, %w, %w, %w, %n) : ui16, ui32, ui32, ui32, i32
  %pp = ascendc.construct !ascendc.data_copy_pad_params(%b, %c, %c, %l) : i1, ui8, ui8, ui64
  %ppi = ascendc.construct !ascendc.data_copy_pad_params(%n, %n, %n, %n) : i32, i32, i32, i32
  %pe = ascendc.construct !ascendc.data_copy_pad_ext_params<f32>(%b, %c, %c, %f) : i1, ui8, ui8, f32
  %pei = ascendc.construct !ascendc.data_copy_pad_ext_params<i32>(%n, %n, %n, %n) : i32, i32, i32, i32
  %peh = ascendc.construct !ascendc.data_copy_pad_ext_params<f16>(%b, %c, %c, %f) : i1, ui8, ui8, f32
  return
}

// With `[types]`; arrays are reinterpreted. A number field takes the type the headers
// declare whatever number type `[types]` names (pyasc's lists often name another width
// or signedness: i32 for DataCopyParams' uint16_t, i8 for AippSwapParams' bool).
// CHECK-LABEL: __inline__ __attribute__((always_inline)) __aicore__ void given_types(int32_t n, uint16_t h, int32_t* shape, int8_t b) {
// CHECK-NEXT:    AscendC::DataCopyParams p{static_cast<uint16_t>(n), static_cast<uint16_t>(n), h, h};
// CHECK-NEXT:    AscendC::ShapeInfo s{static_cast<uint8_t>(n), reinterpret_cast<uint32_t*>(shape)};
// CHECK-NEXT:    AscendC::DataCopyParams q{static_cast<uint16_t>(n), static_cast<uint16_t>(n), h, h};
// CHECK-NEXT:    AscendC::AippSwapParams w{static_cast<bool>(b), static_cast<bool>(b), static_cast<bool>(b)};
// CHECK-NEXT:    return;
// CHECK-NEXT:  }
func.func @given_types(%n: i32, %h: ui16, %shape: memref<4xi32>, %b: i8) {
  %p = ascendc.construct !ascendc.data_copy_params(%n, %n, %h, %h) [ui16, ui16, ui16, ui16] : i32, i32, ui16, ui16
  %s = ascendc.construct !ascendc.shape_info(%n, %shape) [ui8, memref<4xui32>] : i32, memref<4xi32>
  %q = ascendc.construct !ascendc.data_copy_params(%n, %n, %h, %h) [i32, ui16, ui16, ui16] : i32, i32, ui16, ui16
  %w = ascendc.construct !ascendc.aipp_swap_params(%b, %b, %b) [i8, i8, i8] : i8, i8, i8
  return
}

// No fields: a default-constructed struct. constexpr/static prefixes. ShapeInfo's
// dimension counts are uint8_t, its shape arrays pass through.
// CHECK-LABEL: __inline__ __attribute__((always_inline)) __aicore__ void forms(uint16_t h, uint8_t dim, uint32_t* shape, int32_t n) {
// CHECK-NEXT:    AscendC::DataCopyParams d;
// CHECK-NEXT:    AscendC::DataCopyPadExtParams<half> de;
// CHECK-NEXT:    const AscendC::DataCopyParams ce{h, h, h, h};
// CHECK-NEXT:    static AscendC::DataCopyParams st{h, h, h, h};
// CHECK-NEXT:    AscendC::ShapeInfo si{dim, shape};
// CHECK-NEXT:    AscendC::ShapeInfo sn{static_cast<uint8_t>(n), shape};
// CHECK-NEXT:    AscendC::ShapeInfo si0;
// CHECK-NEXT:    return;
// CHECK-NEXT:  }
func.func @forms(%h: ui16, %dim: ui8, %shape: memref<4xui32>, %n: i32) {
  %d = ascendc.construct !ascendc.data_copy_params()
  %de = ascendc.construct !ascendc.data_copy_pad_ext_params<f16>()
  %ce = ascendc.construct !ascendc.data_copy_params(%h, %h, %h, %h) constexpr : ui16, ui16, ui16, ui16
  %st = ascendc.construct !ascendc.data_copy_params(%h, %h, %h, %h) static : ui16, ui16, ui16, ui16
  %si = ascendc.construct !ascendc.shape_info(%dim, %shape) : ui8, memref<4xui32>
  %sn = ascendc.construct !ascendc.shape_info(%n, %shape) : i32, memref<4xui32>
  %si0 = ascendc.construct !ascendc.shape_info() []
  return
}

// CHECK-LABEL: __inline__ __attribute__((always_inline)) __aicore__ void static_constexpr(int32_t n) {
// CHECK-NEXT:    static const AscendC::DataCopyParams p{static_cast<uint16_t>(n), static_cast<uint16_t>(n), static_cast<uint16_t>(n), static_cast<uint16_t>(n)};
func.func @static_constexpr(%n: i32) {
  %p = ascendc.construct !ascendc.data_copy_params(%n, %n, %n, %n) constexpr static : i32, i32, i32, i32
  return
}
