// Names and code the IR gives verbatim, printed with `--disable-verify`: the printer
// itself refuses any name that is not a C++ identifier and any text that could reach
// past its place (a located error naming the op), so no input injects C++.
// RUN: not asc-opt %s --disable-verify -t ascendc --split-input-file 2>&1 | filecheck %s --check-prefix=FIRST
// RUN: asc-opt %s --disable-verify -t ascendc --split-input-file --verify-diagnostics | filecheck %s

// FIRST-NOT:   Traceback
// FIRST:       invalid_injection.mlir:[[# @LINE + 5]]:1
// FIRST-NEXT:  emitasc.declare_py_struct !emitasc.py_struct<"S; int x", [i32], ["n"]>
// FIRST-NEXT:  ^^^^^^^^^^^^^^^^^^^^^^^^^
// FIRST-NEXT:  error: cannot emit 'emitasc.declare_py_struct' as Ascend C: struct name 'S; int x' is not a C identifier [ASC-E400]
// FIRST-NOT:   {{.}}
emitasc.declare_py_struct !emitasc.py_struct<"S; int x", [i32], ["n"]>

// CHECK: error: cannot emit 'emitasc.declare_py_struct' as Ascend C: struct name 'S; int x' is not a C identifier
// CHECK-NOT: struct S; int x

// -----

emitasc.declare_py_struct !emitasc.py_struct<"S", [i32], ["n; };"]>

// CHECK: error: cannot emit 'emitasc.declare_py_struct' as Ascend C: field name 'n; };' is not a C identifier

// -----

emitasc.declare_py_struct !emitasc.py_struct<"S", [i32], ["double"]>

// CHECK: error: cannot emit 'emitasc.declare_py_struct' as Ascend C: field name 'double' is a C++ keyword

// -----

// A kernel parameter whose type names a struct: the type's spelling is checked too.
func.func @k(%p: memref<?x!emitasc.py_struct<"S {} evil", [i32], ["n"]>, 22>) attributes {ascendc.global, ascendc.aicore} {
  return
}

// CHECK: error: cannot emit 'func.func' as Ascend C: type !emitasc.py_struct<"S {} evil", [i32], ["n"]> names the C++ class 'S {} evil', which is not a C identifier

// -----

func.func @member(%p: memref<?x!emitasc.py_struct<"S", [i32], ["n"]>, 22>) {
  %n = emitasc.member %p "n + 1" : memref<?x!emitasc.py_struct<"S", [i32], ["n"]>, 22>, i32
  return
}

// CHECK: error: cannot emit 'emitasc.member' as Ascend C: the op does not verify: 'emitasc.member': field 'n + 1' is not a C identifier

// -----

func.func @callee(%a: i32) {
  emitasc.call_opaque "int x, y" (%a) : (i32) -> ()
  return
}

// CHECK: error: cannot emit 'emitasc.call_opaque' as Ascend C: the op does not verify: 'emitasc.call_opaque': callee 'int x, y' is not a C++ function name (a qualified name with template arguments): 'int' is a C++ keyword

// -----

func.func @open_comment() {
  emitasc.verbatim "int a; /* open"
  emitasc.verbatim "int c;"
  return
}

// CHECK: error: cannot emit 'emitasc.verbatim' as Ascend C: the op does not verify: 'emitasc.verbatim': code 'int a; /* open' must be one line of C++ (it opens a /* comment that does not end on the line)

// -----

func.func @line_splice() {
  emitasc.verbatim "int b = 1; \\"
  emitasc.verbatim "int c;"
  return
}

// CHECK: error: cannot emit 'emitasc.verbatim' as Ascend C: the op does not verify: 'emitasc.verbatim': code 'int b = 1; \\' must be one line of C++ (it ends with a backslash, which would join the next line to it)
