// symbol-dce: private symbols nothing live refers to go, transitively (a helper only a
// dead helper calls, a dead cycle); public functions, kernels (even private
// declarations) and what they call (from loops and branches too) stay, and so does
// what a non-symbol op refers to.
// RUN: asc-opt %s --allow-unregistered-dialect -p symbol-dce | filecheck %s

// CHECK: func.func private @used_in_loop(%v: i32) -> i32 {
func.func private @used_in_loop(%v: i32) -> i32 {
  %w = func.call @used_by_used(%v) : (i32) -> i32
  func.return %w : i32
}

// CHECK: func.func private @used_by_used(%v: i32) -> i32 {
func.func private @used_by_used(%v: i32) -> i32 {
  func.return %v : i32
}

// CHECK: func.func private @used_in_branch() {
func.func private @used_in_branch() {
  func.return
}

// CHECK-NOT: @unused
// CHECK-NOT: @only_unused_calls
// CHECK-NOT: @cycle_
// CHECK-NOT: @unused_declaration
func.func private @unused(%v: i32) -> i32 {
  %w = func.call @only_unused_calls(%v) : (i32) -> i32
  func.return %w : i32
}

func.func private @only_unused_calls(%v: i32) -> i32 {
  func.return %v : i32
}

func.func private @cycle_a() {
  func.call @cycle_b() : () -> ()
  func.return
}

func.func private @cycle_b() {
  func.call @cycle_a() : () -> ()
  func.return
}

func.func private @unused_declaration(i32) -> i32

// CHECK: func.func private @referenced_by_attribute()
func.func private @referenced_by_attribute()

// CHECK: "test.table"() {entries = [@referenced_by_attribute]} : () -> ()
"test.table"() {entries = [@referenced_by_attribute]} : () -> ()

// CHECK: func.func @public_helper() {
func.func @public_helper() {
  func.return
}

// CHECK: func.func private @kernel_declaration() -> () attributes {ascendc.global}
func.func private @kernel_declaration() attributes {ascendc.global}

// CHECK: func.func @kernel(%n: i32, %c: i1) attributes {ascendc.global} {
func.func @kernel(%n: i32, %c: i1) attributes {ascendc.global} {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  scf.for %i = %c0 to %n step %c1 : i32 {
    %x = func.call @used_in_loop(%i) : (i32) -> i32
    scf.if %c {
      func.call @used_in_branch() : () -> ()
    }
  }
  func.return
}
