// Round trip of the emitasc ops (ours of the emitc ops pyasc uses among them) and the
// !emitasc.py_struct type, custom and generic form; pyasc's emitc spellings read as ours.
// RUN: asc-opt %s | asc-opt | filecheck %s
// RUN: asc-opt %s --print-op-generic | asc-opt | filecheck %s
// RUN: asc-opt %s --print-op-generic | filecheck %s --check-prefix=GENERIC

// CHECK:      emitasc.declare_py_struct !emitasc.py_struct<"Cfg", [i32, f32], ["n", "scale"]>
// CHECK-NEXT: emitasc.verbatim "#define ASCENDC_CUBE_ONLY"
// GENERIC:      "emitasc.declare_py_struct"() <{pystruct = !emitasc.py_struct<"Cfg", [i32, f32], ["n", "scale"]>}> : () -> ()
// GENERIC-NEXT: "emitasc.verbatim"() <{value = "#define ASCENDC_CUBE_ONLY"}> : () -> ()
emitasc.declare_py_struct !emitasc.py_struct<"Cfg", [i32, f32], ["n", "scale"]>
emitasc.verbatim "#define ASCENDC_CUBE_ONLY"

// CHECK-LABEL: func.func @calls(%a: i32, %b: i32) -> i32
// CHECK-NEXT:    %r = emitasc.call_opaque "add"(%a, %b) : (i32, i32) -> i32
// CHECK-NEXT:    emitasc.call_opaque "AscendC::PipeBarrier<PIPE_ALL>"() : () -> ()
// GENERIC:       %r = "emitasc.call_opaque"(%a, %b) <{callee = "add"}> : (i32, i32) -> i32
// GENERIC-NEXT:  "emitasc.call_opaque"() <{callee = "AscendC::PipeBarrier<PIPE_ALL>"}> : () -> ()
func.func @calls(%a: i32, %b: i32) -> i32 {
  %r = emitasc.call_opaque "add" (%a, %b) : (i32, i32) -> i32
  emitasc.call_opaque "AscendC::PipeBarrier<PIPE_ALL>" () : () -> ()
  return %r : i32
}

// CHECK-LABEL: func.func @pointers(%p: memref<?xi32, 22 : i64>, %x: memref<8xf32, 22 : i64>, %i: index, %n: i32)
// CHECK-NEXT:    %r = emitasc.dereference %p : memref<?xi32, 22 : i64>, i32
// CHECK-NEXT:    %q = emitasc.ptr_offset %p[512] : memref<?xi32, 22 : i64>, memref<?xi32, 22 : i64>
// CHECK-NEXT:    %q2 = emitasc.ptr_offset %p[%i] : memref<?xi32, 22 : i64>, memref<?xi32, 22 : i64>
// CHECK-NEXT:    %c = emitasc.reinterpret_cast %x : memref<8xf32, 22 : i64> to memref<8xi32, 22 : i64>
// CHECK-NEXT:    %v = emitasc.variable 512 : i32, memref<1xi32>
// CHECK-NEXT:    %w = emitasc.variable %n : i32, memref<1xi32>
// CHECK-NEXT:    %f = emitasc.variable 1.500000e+00 : f32, memref<1xf32>
// CHECK-NEXT:    emitasc.verbatim "AscendC::PipeBarrier<PIPE_V>();"
// CHECK-NEXT:    emitasc.verbatim "$0 = $1 + 1;" %n, %n : i32, i32
// GENERIC:       %r = "emitasc.dereference"(%p) : (memref<?xi32, 22 : i64>) -> i32
// GENERIC-NEXT:  %q = "emitasc.ptr_offset"(%p) <{staticOffset = 512 : index}> : (memref<?xi32, 22 : i64>) -> memref<?xi32, 22 : i64>
// GENERIC-NEXT:  %q2 = "emitasc.ptr_offset"(%p, %i) : (memref<?xi32, 22 : i64>, index) -> memref<?xi32, 22 : i64>
// GENERIC-NEXT:  %c = "emitasc.reinterpret_cast"(%x) : (memref<8xf32, 22 : i64>) -> memref<8xi32, 22 : i64>
// GENERIC-NEXT:  %v = "emitasc.variable"() <{staticInit = 512 : i32}> : () -> memref<1xi32>
// GENERIC-NEXT:  %w = "emitasc.variable"(%n) : (i32) -> memref<1xi32>
// GENERIC-NEXT:  %f = "emitasc.variable"() <{staticInit = 1.500000e+00 : f32}> : () -> memref<1xf32>
// GENERIC-NEXT:  "emitasc.verbatim"() <{value = "AscendC::PipeBarrier<PIPE_V>();"}> : () -> ()
// GENERIC-NEXT:  "emitasc.verbatim"(%n, %n) <{value = "$0 = $1 + 1;"}> : (i32, i32) -> ()
func.func @pointers(%p: memref<?xi32, 22>, %x: memref<8xf32, 22>, %i: index, %n: i32) {
  %r = emitasc.dereference %p : memref<?xi32, 22>, i32
  // pyasc writes a static offset with spaces around it.
  %q = emitasc.ptr_offset %p[ 512 ] : memref<?xi32, 22>, memref<?xi32, 22>
  %q2 = emitasc.ptr_offset %p[%i] : memref<?xi32, 22>, memref<?xi32, 22>
  %c = emitasc.reinterpret_cast %x : memref<8xf32, 22> to memref<8xi32, 22>
  %v = emitasc.variable 512 : i32, memref<1xi32>
  %w = emitasc.variable %n : i32, memref<1xi32>
  %f = emitasc.variable 1.5 : f32, memref<1xf32>
  emitasc.verbatim "AscendC::PipeBarrier<PIPE_V>();"
  emitasc.verbatim "$0 = $1 + 1;" %n, %n : i32, i32
  return
}

// CHECK-LABEL: func.func @structs(%cfg: memref<?x!emitasc.py_struct<"Cfg", [i32, f32], ["n", "scale"]>, 22 : i64>, %k: i32)
// CHECK-NEXT:    %copy = emitasc.copy_struct %cfg : memref<?x!emitasc.py_struct<"Cfg", [i32, f32], ["n", "scale"]>, 22 : i64>, !emitasc.py_struct<"Cfg", [i32, f32], ["n", "scale"]>
// CHECK-NEXT:    %n = emitasc.member %copy "n" : !emitasc.py_struct<"Cfg", [i32, f32], ["n", "scale"]>, i32
// CHECK-NEXT:    emitasc.set_member %copy "n", %k : !emitasc.py_struct<"Cfg", [i32, f32], ["n", "scale"]>, i32
// CHECK-NEXT:    %pn = emitasc.member_ptr %cfg[0] "n" : memref<?x!emitasc.py_struct<"Cfg", [i32, f32], ["n", "scale"]>, 22 : i64>, memref<1xi32, 22 : i64>
// CHECK-NEXT:    %ps = emitasc.member_ptr %cfg[1] : memref<?x!emitasc.py_struct<"Cfg", [i32, f32], ["n", "scale"]>, 22 : i64>, memref<1xf32, 22 : i64>
// CHECK-NEXT:    %rn = emitasc.member_ref %cfg[0] "n" : memref<?x!emitasc.py_struct<"Cfg", [i32, f32], ["n", "scale"]>, 22 : i64>, i32
// GENERIC:       "emitasc.copy_struct"(%cfg)
// GENERIC:       "emitasc.member"(%copy) <{field = "n"}>
// GENERIC:       "emitasc.set_member"(%copy, %k) <{field = "n"}>
// GENERIC:       "emitasc.member_ptr"(%cfg) <{index = 0 : index, field = "n"}>
// GENERIC:       "emitasc.member_ptr"(%cfg) <{index = 1 : index}>
// GENERIC:       "emitasc.member_ref"(%cfg) <{index = 0 : index, field = "n"}>
func.func @structs(%cfg: memref<?x!emitasc.py_struct<"Cfg", [i32, f32], ["n", "scale"]>, 22>, %k: i32) {
  %copy = emitasc.copy_struct %cfg : memref<?x!emitasc.py_struct<"Cfg", [i32, f32], ["n", "scale"]>, 22>, !emitasc.py_struct<"Cfg", [i32, f32], ["n", "scale"]>
  %n = emitasc.member %copy "n" : !emitasc.py_struct<"Cfg", [i32, f32], ["n", "scale"]>, i32
  emitasc.set_member %copy "n", %k : !emitasc.py_struct<"Cfg", [i32, f32], ["n", "scale"]>, i32
  %pn = emitasc.member_ptr %cfg[0] "n" : memref<?x!emitasc.py_struct<"Cfg", [i32, f32], ["n", "scale"]>, 22>, memref<1xi32, 22>
  %ps = emitasc.member_ptr %cfg[1] : memref<?x!emitasc.py_struct<"Cfg", [i32, f32], ["n", "scale"]>, 22>, memref<1xf32, 22>
  %rn = emitasc.member_ref %cfg[0] "n" : memref<?x!emitasc.py_struct<"Cfg", [i32, f32], ["n", "scale"]>, 22>, i32
  return
}

// emitasc.constant has no custom syntax (as in MLIR): it prints in the generic form, and
// reads a value given as a property or, as pyasc's tests write it, as an attribute.
// CHECK-LABEL: func.func @emitc_ops(%x: i32)
// CHECK-NEXT:    %0 = "emitasc.constant"() <{value = #emitc.opaque<"::AscendC::ONE_BLK_SIZE">}> : () -> i32
// CHECK-NEXT:    %1 = "emitasc.constant"() <{value = 128 : ui32}> : () -> ui32
// CHECK-NEXT:    %2 = emitasc.cast %x : i32 to ui32
// CHECK-NEXT:    emitasc.verbatim "#pragma unroll"
// GENERIC:       %2 = "emitasc.cast"(%x) : (i32) -> ui32
// GENERIC-NEXT:  "emitasc.verbatim"() <{value = "#pragma unroll"}> : () -> ()
func.func @emitc_ops(%x: i32) {
  %0 = "emitasc.constant"() {value = #emitc.opaque<"::AscendC::ONE_BLK_SIZE">} : () -> i32
  %1 = "emitasc.constant"() <{value = 128 : ui32}> : () -> ui32
  %2 = emitasc.cast %x : i32 to ui32
  emitasc.verbatim "#pragma unroll"
  return
}

// pyasc writes MLIR's emitc names, which xDSL's emitc dialect lacks: read as ours,
// printed as ours (docs/dialect.md, "pyasc's emitc ops").
// CHECK-LABEL: func.func @pyasc_spelling(%x: i32)
// CHECK-NEXT:    %0 = "emitasc.constant"() <{value = 7 : i32}> : () -> i32
// CHECK-NEXT:    %1 = emitasc.cast %x : i32 to ui32
// CHECK-NEXT:    emitasc.verbatim "#pragma unroll"
func.func @pyasc_spelling(%x: i32) {
  %0 = "emitc.constant"() <{value = 7 : i32}> : () -> i32
  %1 = emitc.cast %x : i32 to ui32
  emitc.verbatim "#pragma unroll"
  return
}
