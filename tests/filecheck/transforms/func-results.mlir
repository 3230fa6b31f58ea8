// Functions of several results through the passes: the IR round-trips; `inline` puts
// the callee's returned values in place of each result of a call it inlines, `sccp`
// folds what they compute (7 divmod 3 = 2, 1), a `no_inline` call stays and keeps its
// results, `symbol-dce` drops the inlined callee; the printer gives out-parameters.
// RUN: asc-opt %s | asc-opt | filecheck %s --check-prefix=ROUND
// RUN: asc-opt %s -p inline,sccp,canonicalize,symbol-dce | filecheck %s
// RUN: asc-opt %s -p inline,sccp,canonicalize,symbol-dce -t ascendc | filecheck %s --check-prefix=CPP

// ROUND:       func.func private @divmod3(%a: i32) -> (i32, i32) {
// ROUND:         func.return %q, %r : i32, i32
// ROUND:       %q, %r = func.call @divmod3(%c7) : (i32) -> (i32, i32)
// ROUND-NEXT:  %v, %neg = func.call @kept(%n) {no_inline} : (i32) -> (i32, i1)

// CHECK-NOT:   @divmod3
// CHECK:       func.func private @kept(%a: i32) -> (i32, i1) {
// CHECK-LABEL: func.func @kernel(
// CHECK-NEXT:    %c3 = arith.constant 3 : i32
// CHECK-NEXT:    %0 = arith.constant 2 : i32
// CHECK-NEXT:    %v, %neg = func.call @kept(%n) {no_inline} : (i32) -> (i32, i1)
// CHECK-NEXT:    %w, %neg2 = func.call @kept(%0) {no_inline} : (i32) -> (i32, i1)
// CHECK-NEXT:    %t = arith.addi %v, %c3 : i32
// CHECK-NEXT:    %u = arith.addi %t, %w : i32

// CPP:         __inline__ __attribute__((always_inline)) __aicore__ void kept(int32_t a, int32_t& result0, bool& result1) {
// CPP:           result0 = a;
// CPP-NEXT:      result1 = neg;
// CPP-NEXT:      return;
// CPP-LABEL:   extern "C" __global__ __aicore__ void kernel(
// CPP:           int32_t w;
// CPP-NEXT:      bool neg2;
// CPP-NEXT:      kept(c2_i32, w, neg2);

func.func private @divmod3(%a: i32) -> (i32, i32) {
  %c3 = arith.constant 3 : i32
  %q = arith.divsi %a, %c3 : i32
  %r = arith.remsi %a, %c3 : i32
  return %q, %r : i32, i32
}

func.func private @kept(%a: i32) -> (i32, i1) {
  %c0 = arith.constant 0 : i32
  %neg = arith.cmpi slt, %a, %c0 : i32
  return %a, %neg : i32, i1
}

func.func @kernel(%x: memref<?xi32, 22>, %n: i32) attributes {ascendc.aicore, ascendc.global} {
  %c7 = arith.constant 7 : i32
  %q, %r = func.call @divmod3(%c7) : (i32) -> (i32, i32)
  %v, %neg = func.call @kept(%n) {no_inline} : (i32) -> (i32, i1)
  %w, %neg2 = func.call @kept(%q) {no_inline} : (i32) -> (i32, i1)
  %s = arith.addi %q, %r : i32
  %t = arith.addi %s, %v : i32
  %u = arith.addi %t, %w : i32
  %i = arith.index_cast %u : i32 to index
  memref.store %u, %x[%i] : memref<?xi32, 22>
  scf.if %neg2 {
    memref.store %s, %x[%i] : memref<?xi32, 22>
  }
  return
}
