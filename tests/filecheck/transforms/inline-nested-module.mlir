// Each module is a symbol table of its own: a call in a nested module's function is
// inlined from that module's functions, and the outer module's are inlined as before.

// RUN: asc-opt %s -p inline | filecheck %s

// CHECK:      func.func @outer(%x: i32) -> i32 {
// CHECK-NEXT:   %r = arith.addi %x, %x : i32
// CHECK-NEXT:   func.return %r : i32
// CHECK-NEXT: }
// CHECK:      builtin.module @inner {
// CHECK:        func.func @inner_kernel(%y: i32) -> i32 {
// CHECK-NEXT:     %r = arith.muli %y, %y : i32
// CHECK-NEXT:     func.return %r : i32
// CHECK-NEXT:   }
func.func private @twice(%a: i32) -> i32 {
  %r = arith.addi %a, %a : i32
  func.return %r : i32
}
func.func @outer(%x: i32) -> i32 {
  %r = func.call @twice(%x) : (i32) -> i32
  func.return %r : i32
}
builtin.module @inner {
  func.func private @square(%a: i32) -> i32 {
    %r = arith.muli %a, %a : i32
    func.return %r : i32
  }
  func.func @inner_kernel(%y: i32) -> i32 {
    %r = func.call @square(%y) : (i32) -> i32
    func.return %r : i32
  }
}
