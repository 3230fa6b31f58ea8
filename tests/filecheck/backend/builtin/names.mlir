// C++ hygiene of names (names.py): functions and values whose IR names C++ cannot use
// as they are get deterministic names. Functions: a valid name keeps it; the others are
// sanitised (characters outside [A-Za-z0-9_] become `_`, a keyword gets `_`), then
// numbered clear of every kept name. Values: the same rules, plus macros of the headers
// (`errno`, `stdout`, ...) and the functions the code calls (`sqrtf`, ...) are avoided,
// and a kernel's hidden parameters (`#emitasc.kernel_arg<ffts_addr>`) are named first, so
// they keep their names. Kernels keep their names or are refused
// (invalid_codegen.mlir). Standard and quoted includes print as given.
// RUN: asc-opt %s -p ascendc-legalize-kernel-args -t ascendc | filecheck %s

// CHECK:       #include "kernel_operator.h"
// CHECK-NEXT:  #include <cstdint>
// CHECK-NEXT:  #include "kernel_tiling/kernel_tiling.h"
emitasc.include <"cstdint">
emitasc.include "kernel_tiling/kernel_tiling.h"

// A callee defined later is declared under its C++ name.
// CHECK:       __inline__ __attribute__((always_inline)) __aicore__ int32_t new_(int32_t x);

// CHECK-LABEL: __inline__ __attribute__((always_inline)) __aicore__ int32_t a_b_1(int32_t new_1, int32_t errno_, int32_t ffts_addr) {
// CHECK-NEXT:    int32_t class_ = static_cast<int32_t>(static_cast<uint32_t>(new_1) + static_cast<uint32_t>(errno_));
// CHECK-NEXT:    int32_t stdout_ = static_cast<int32_t>(static_cast<uint32_t>(class_) + static_cast<uint32_t>(ffts_addr));
// CHECK-NEXT:    int32_t r = new_(stdout_);
// CHECK-NEXT:    return r;
// CHECK-NEXT:  }
func.func @"a b"(%new: i32, %errno: i32, %ffts_addr: i32) -> i32 {
  %class = arith.addi %new, %errno : i32
  %stdout = arith.addi %class, %ffts_addr : i32
  %r = func.call @new(%stdout) : (i32) -> i32
  return %r : i32
}

// CHECK-LABEL: __inline__ __attribute__((always_inline)) __aicore__ int32_t new_(int32_t x) {
func.func @new(%x: i32) -> i32 {
  return %x : i32
}

// `a_b` is a valid name: it keeps it, and `a b` above moved to `a_b_1`.
// CHECK-LABEL: __inline__ __attribute__((always_inline)) __aicore__ int32_t a_b(int32_t x) {
// CHECK-NEXT:    int32_t r = a_b_1(x, x, x);
func.func @a_b(%x: i32) -> i32 {
  %r = func.call @"a b"(%x, %x, %x) : (i32, i32, i32) -> i32
  return %r : i32
}

// Names the printed code calls or C++ reserves are not used as they are.
// CHECK-LABEL: __inline__ __attribute__((always_inline)) __aicore__ float sqrtf_1(float x) {
// CHECK-LABEL: __inline__ __attribute__((always_inline)) __aicore__ void v_Reserved() {
// CHECK-LABEL: __inline__ __attribute__((always_inline)) __aicore__ void v_9lives() {
// CHECK-LABEL: __inline__ __attribute__((always_inline)) __aicore__ void x_y() {
func.func @sqrtf(%x: f32) -> f32 {
  return %x : f32
}
func.func @_Reserved() {
  return
}
func.func @"9lives"() {
  return
}
func.func @"x__y"() {
  return
}

// A mixed kernel's hidden parameter keeps its name; a value named like it does not.
// CHECK-LABEL: extern "C" __global__ __aicore__ void k(int32_t x, __gm__ uint64_t* ffts_addr) {
// CHECK-NEXT:    set_ffts_base_addr(*ffts_addr);
// CHECK-NEXT:    int32_t ffts_addr_1 = a_b(x);
// CHECK-NEXT:    constexpr float c1 = 1.0f;
// CHECK-NEXT:    float set_ffts_base_addr_1 = sqrtf_1(c1);
func.func @k(%x: i32) attributes {ascendc.aicore, ascendc.global, ascendc.kernel_type = "mix"} {
  %ffts_addr = func.call @a_b(%x) : (i32) -> i32
  %c1 = arith.constant 1.0 : f32
  %set_ffts_base_addr = func.call @sqrtf(%c1) : (f32) -> f32
  return
}
