// IR that does not verify, printed with `--disable-verify`: the ascendc target checks
// each op before printing (its rules assume verified IR), so every case is a located
// error naming the op and what is wrong with it, never a Python exception or wrong C++.
// RUN: not asc-opt %s --disable-verify -t ascendc --split-input-file 2>&1 | filecheck %s --check-prefix=FIRST
// RUN: asc-opt %s --disable-verify -t ascendc --split-input-file --verify-diagnostics | filecheck %s

// FIRST-NOT:   Traceback
// FIRST:       invalid_unverified.mlir:[[# @LINE + 6]]:3
// FIRST-NEXT:    %r = "arith.addi"(%a) : (i32) -> i32
// FIRST-NEXT:    ^^
// FIRST-NEXT:    error: cannot emit 'arith.addi' as Ascend C: the op does not verify: Expected 2 operands, but got 1 [ASC-E400]
// FIRST-NOT:   {{.}}
func.func @one_operand(%a: i32) {
  %r = "arith.addi"(%a) : (i32) -> i32
  return
}

// CHECK: error: cannot emit 'arith.addi' as Ascend C: the op does not verify: Expected 2 operands, but got 1

// -----

func.func @bad_predicate(%a: i32) {
  %r = "arith.cmpi"(%a, %a) <{predicate = 42 : i64}> : (i32, i32) -> i1
  return
}

// CHECK: error: cannot emit 'arith.cmpi' as Ascend C: unknown arith.cmpi predicate 42

// -----

func.func @no_value() {
  %r = "arith.constant"() : () -> i32
  return
}

// CHECK: error: cannot emit 'arith.constant' as Ascend C: the op does not verify: property 'value' expected in operation 'arith.constant'

// -----

func.func @add_missing(%t: !ascendc.local_tensor<*xf32>) {
  "ascendc.add_l2"(%t, %t) : (!ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>) -> ()
  return
}

// CHECK: error: cannot emit 'ascendc.add_l2' as Ascend C: the op does not verify: Expected 4 operands, but got 2

// -----

func.func @printf_no_desc(%a: i32) {
  "ascendc.printf"(%a) : (i32) -> ()
  return
}

// CHECK: error: cannot emit 'ascendc.printf' as Ascend C: the op does not verify: property 'desc' expected in operation 'ascendc.printf'

// -----

func.func @for_no_iv(%n: index) {
  "scf.for"(%n, %n, %n) ({
  ^bb0:
    scf.yield
  }) : (index, index, index) -> ()
  return
}

// CHECK: error: cannot emit 'scf.for' as Ascend C: the op does not verify: Body block must have induction var as first block arg

// -----

func.func @call_wrong(%a: i32) {
  %r = "func.call"(%a) <{callee = @nowhere}> : (i32) -> i32
  return
}

// CHECK: error: cannot emit 'func.call' as Ascend C: the op does not verify: '@nowhere' could not be found in symbol table

// -----

func.func @math_int(%a: i32) {
  %r = "math.sqrt"(%a) : (i32) -> i32
  return
}

// CHECK: error: cannot emit 'math.sqrt' as Ascend C: the op does not verify: operand 'operand' at position 0 does not verify:

// -----

func.func @load_scalar(%a: i32, %i: index) {
  %r = "memref.load"(%a, %i) : (i32, index) -> i32
  return
}

// CHECK: error: cannot emit 'memref.load' as Ascend C: the op does not verify: operand 'memref' at position 0 does not verify:

// -----

func.func @select_two(%a: i32, %c: i1) {
  %r = "arith.select"(%c, %a) : (i1, i32) -> i32
  return
}

// CHECK: error: cannot emit 'arith.select' as Ascend C: the op does not verify: Expected 3 operands, but got 2

// -----

func.func @construct_wrong_count(%n: i32) {
  %p = "ascendc.construct"(%n) : (i32) -> !ascendc.data_copy_params
  return
}

// CHECK: error: cannot emit 'ascendc.construct' as Ascend C: the op does not verify: 'ascendc.construct': AscendC::DataCopyParams cannot be built from 1 field

// -----

func.func @set_flag_bad() {
  %id = arith.constant 0 : i32
  "ascendc.set_flag"(%id) <{event = 99 : i32}> : (i32) -> ()
  return
}

// CHECK: error: cannot emit 'ascendc.set_flag' as Ascend C: the op does not verify: 'ascendc.set_flag': 99 is not a valid HardEvent

// -----

func.func @ret_two(%a: i32) -> i32 {
  "func.return"() : () -> ()
}

// CHECK: error: cannot emit 'func.return' as Ascend C: the op does not verify: Expected arguments to have the same types as the function output types: expected [i32], got []

// -----

func.func @ptr_offset_none(%p: memref<?xf32, 22>) {
  %q = "emitasc.ptr_offset"(%p) : (memref<?xf32, 22>) -> memref<?xf32, 22>
  return
}

// CHECK: error: cannot emit 'emitasc.ptr_offset' as Ascend C: the op does not verify: 'emitasc.ptr_offset' needs exactly one of a dynamic offset and staticOffset

// -----

// Not a verifier matter (arith does not check the predicate's range): the printer's own
// message. An unknown cmpf predicate likewise.
func.func @bad_cmpf(%x: f32) {
  %r = "arith.cmpf"(%x, %x) <{predicate = 16 : i64, fastmath = #arith.fastmath<none>}> : (f32, f32) -> i1
  return
}

// CHECK: error: cannot emit 'arith.cmpf' as Ascend C: unknown arith.cmpf predicate 16
