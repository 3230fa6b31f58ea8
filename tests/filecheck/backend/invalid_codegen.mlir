// IR the Ascend C printer refuses, each with a located error that names the op.
// Without --verify-diagnostics the driver stops at the first chunk's error with exit
// status 1, a `file:line:col` position and no Python traceback; with it, every chunk's
// error is reported (printer errors are xDSL diagnostics).
// RUN: not asc-opt %s -t ascendc --split-input-file 2>&1 | filecheck %s --check-prefix=FIRST
// RUN: asc-opt %s -t ascendc --split-input-file --verify-diagnostics | filecheck %s

// FIRST-NOT:   Traceback
// FIRST:       invalid_codegen.mlir:[[# @LINE + 5]]:1
// FIRST-NEXT:  func.func @kernel_with_result(%a: i32) -> i32 attributes {ascendc.aicore, ascendc.global} {
// FIRST-NEXT:  ^^^^^^^^^
// FIRST-NEXT:  error: cannot emit 'func.func' as Ascend C: a kernel (ascendc.global) must return nothing [ASC-E400]
// FIRST-NOT:   {{.}}
func.func @kernel_with_result(%a: i32) -> i32 attributes {ascendc.aicore, ascendc.global} {
  return %a : i32
}

// CHECK:       error: cannot emit 'func.func' as Ascend C: a kernel (ascendc.global) must return nothing

// -----

func.func @extended_add(%a: i32, %b: i32) {
  %sum, %overflow = arith.addui_extended %a, %b : i32, i1
  return
}

// CHECK:       %sum, %overflow = arith.addui_extended %a, %b : i32, i1
// CHECK:       error: cannot emit 'arith.addui_extended' as Ascend C: this op has no Ascend C form

// -----

func.func @tensor_argument(%t: tensor<4xf32>) {
  return
}

// CHECK:       error: cannot emit 'func.func' as Ascend C: type tensor<4xf32> has no Ascend C equivalent

// -----

func.func @vector_constant() {
  %v = arith.constant dense<1.0> : vector<4xf32>
  return
}

// CHECK:       error: cannot emit 'arith.constant' as Ascend C: constant dense<1.000000e+00> : vector<4xf32> has no scalar C++ form

// -----

func.func @vector_argument(%v: vector<4xf32>) {
  return
}

// CHECK:       error: cannot emit 'func.func' as Ascend C: type vector<4xf32> has no Ascend C equivalent

// -----

func.func @odd_width(%a: i3) {
  return
}

// CHECK:       error: cannot emit 'func.func' as Ascend C: integer type i3 has no Ascend C equivalent

// -----

func.func @unknown_space(%p: memref<?xf32, 5>) {
  return
}

// CHECK:       error: cannot emit 'func.func' as Ascend C: memory space 5 has no Ascend C address qualifier

// -----

func.func @dynamic_alloca(%n: index) {
  %buf = memref.alloca(%n) : memref<?xi32>
  return
}

// CHECK:       error: cannot emit 'memref.alloca' as Ascend C: only statically shaped scalar arrays can be allocated

// -----

"memref.global"() <{sym_name = "table", type = memref<4xi32>, initial_value = dense<0> : tensor<4xi32>, sym_visibility = "private"}> : () -> ()

// CHECK:       error: cannot emit 'memref.global' as Ascend C: only func.func, emitasc.include and declarations (emitasc.declare_py_struct, emitasc.verbatim) may appear at module level

// -----

func.func @nested_unsupported(%n: index, %k: i32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 {
    %p = math.ctlz %k : i32
  }
  return
}

// CHECK:       invalid_codegen.mlir:[[# @LINE - 5]]:5
// CHECK-NEXT:      %p = math.ctlz %k : i32
// CHECK:       error: cannot emit 'math.ctlz' as Ascend C: this op has no Ascend C form

// -----

// CHECK: error: cannot emit 'func.func' as Ascend C: unknown kernel type 'tensor' (vector, cube or mix)
func.func @bad_kind() attributes {ascendc.aicore, ascendc.global, ascendc.kernel_type = "tensor"} {
  return
}

// -----

// A kernel keeps its name (the launcher finds it by name): one C++ cannot spell is refused.
func.func @new() attributes {ascendc.aicore, ascendc.global} {
  return
}

// CHECK: error: cannot emit 'func.func' as Ascend C: kernel name 'new' is a C++ keyword; a kernel keeps its name (the launcher looks it up by name), so rename the kernel

// -----

func.func @"vector add"() attributes {ascendc.aicore, ascendc.global} {
  return
}

// CHECK: error: cannot emit 'func.func' as Ascend C: kernel name 'vector add' is not a C identifier; a kernel keeps its name (the launcher looks it up by name), so rename the kernel

// -----

func.func @printf() attributes {ascendc.aicore, ascendc.global} {
  return
}

// CHECK: error: cannot emit 'func.func' as Ascend C: kernel name 'printf' already names something in Ascend C sources; a kernel keeps its name (the launcher looks it up by name), so rename the kernel

// -----

func.func @__kernel() attributes {ascendc.aicore, ascendc.global} {
  return
}

// CHECK: error: cannot emit 'func.func' as Ascend C: kernel name '__kernel' is reserved by C++ (it has '__' or starts with '_' and a capital); a kernel keeps its name (the launcher looks it up by name), so rename the kernel

// -----

// A header name has no escapes: one that would close the directive or start a new line
// is refused, never printed.
emitasc.include "evil.h\"\n#define x 1"

// CHECK: error: cannot emit 'emitasc.include' as Ascend C: header name 'evil.h"\n#define x 1' cannot be written in an #include: it contains '"'

// -----

emitasc.include <"vector>\nint x;">

// CHECK: error: cannot emit 'emitasc.include' as Ascend C: header name 'vector>\nint x;' cannot be written in an #include: it contains '>'

// -----

emitasc.include "two\nlines.h"

// CHECK: error: cannot emit 'emitasc.include' as Ascend C: header name 'two\nlines.h' cannot be written in an #include: it contains '\n'

// -----

emitasc.include ""

// CHECK: error: cannot emit 'emitasc.include' as Ascend C: an empty header name cannot be included

// -----

// A mixed kernel without its hidden ffts_addr parameter: the pass that adds it did not run.
// CHECK: error: cannot emit 'func.func' as Ascend C: a mix kernel takes the hidden ffts_addr parameter (#emitasc.kernel_arg<ffts_addr>), which ascendc-legalize-kernel-args adds: run it (asc-opt -p ascendc-legalize-kernel-args) or the JIT pipeline first
func.func @mixed_unlegalized(%x: memref<?xf32, 22>) attributes {ascendc.aicore, ascendc.global, ascendc.kernel_type = "mix"} {
  return
}

// -----

// A parameter kind no launcher fills.
// CHECK: error: cannot emit 'func.func' as Ascend C: unknown kernel parameter kind(s) tiling (explicit, ffts_addr, workspace, dump)
func.func @odd_kind(%t: memref<?xui8, 22> {emitasc.kernel_arg = #emitasc.kernel_arg<tiling>}) attributes {ascendc.aicore, ascendc.global, ascendc.kernel_type = "vector"} {
  return
}

// -----

// A memref parameter is a pointer: two indices need its row size, which is dynamic here.
// CHECK: error: cannot emit 'memref.load' as Ascend C: a memref<?x?xi64> is a pointer in C++: 2 indices into it need the sizes of all but its first dimension, and they are not static
func.func @dynamic_rows(%a: memref<?x?xi64>, %i: index) -> i64 {
  %v = memref.load %a[%i, %i] : memref<?x?xi64>
  return %v : i64
}

// -----

// Branches between blocks (found by fuzzing: an internal error before).
func.func @two_blocks() {
  cf.br ^bb1
^bb1:
  return
}

// CHECK:       error: cannot emit 'func.func' as Ascend C: a function of 2 blocks (branches between blocks, `cf` ops) has no Ascend C form: write its control flow with scf ops
