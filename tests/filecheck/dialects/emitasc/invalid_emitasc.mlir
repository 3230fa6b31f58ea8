// Verifier errors of the emitasc ops and the emitc ops pyasc uses: text that reaches the
// C++ as it is cannot start a new statement or line.
// RUN: asc-opt %s --split-input-file --verify-diagnostics --parsing-diagnostics | filecheck %s

func.func @callee_statement(%a: i32) {
  // CHECK: invalid_emitasc.mlir:[[# @LINE + 2]]:3
  // CHECK: error: 'emitasc.call_opaque': callee 'f(); g' is not a C++ function name (a qualified name with template arguments)
  emitasc.call_opaque "f(); g" (%a) : (i32) -> ()
  return
}

// -----

func.func @callee_single_colon(%a: i32) {
  // CHECK: error: 'emitasc.call_opaque': callee 'a:b' is not a C++ function name
  emitasc.call_opaque "a:b" (%a) : (i32) -> ()
  return
}

// -----

func.func @dereference_type(%p: memref<?xi32>) {
  // CHECK: error: 'emitasc.dereference': the result type f32 must be the element type of memref<?xi32>
  %r = emitasc.dereference %p : memref<?xi32>, f32
  return
}

// -----

func.func @dereference_not_pointer(%p: i32) {
  // CHECK: error: 'emitasc.dereference': base must be a pointer (memref), got i32
  %r = emitasc.dereference %p : i32, i32
  return
}

// -----

func.func @ptr_offset_no_offset(%p: memref<?xi32>) {
  // CHECK: error: 'emitasc.ptr_offset' needs exactly one of a dynamic offset and staticOffset
  %q = emitasc.ptr_offset %p[] : memref<?xi32>, memref<?xi32>
  return
}

// -----

func.func @variable_type(%n: i64) {
  // CHECK: error: 'emitasc.variable': the element type of memref<1xi32> must be the initial value's type i64
  %v = emitasc.variable %n : i64, memref<1xi32>
  return
}

// -----

func.func @variable_dynamic_shape(%n: i32) {
  // CHECK: error: 'emitasc.variable': the result memref<?xi32> must have a static, non-empty shape
  %v = emitasc.variable %n : i32, memref<?xi32>
  return
}

// -----

func.func @variable_string() {
  // CHECK: error: 'emitasc.variable': the initial value "x" must be an integer or float
  %v = "emitasc.variable"() <{staticInit = "x"}> : () -> memref<1xi32>
  return
}

// -----

func.func @member_not_identifier(%s: !ascendc.data_copy_params) {
  // CHECK: error: 'emitasc.member': field 'n; x' is not a C identifier
  %n = emitasc.member %s "n; x" : !ascendc.data_copy_params, i32
  return
}

// -----

func.func @set_member_keyword(%s: !ascendc.data_copy_params, %k: i32) {
  // CHECK: error: 'emitasc.set_member': field 'class' is a C++ keyword
  emitasc.set_member %s "class", %k : !ascendc.data_copy_params, i32
  return
}

// -----

func.func @copy_struct_type(%p: memref<?x!emitasc.py_struct<"S", [i32], ["n"]>, 22>) {
  // CHECK: error: 'emitasc.copy_struct': the result type i32 must be the element type of memref<?x!emitasc.py_struct<"S", [i32], ["n"]>, 22 : i64>
  %s = emitasc.copy_struct %p : memref<?x!emitasc.py_struct<"S", [i32], ["n"]>, 22>, i32
  return
}

// -----

// CHECK: !emitasc.py_struct: struct name 'my struct' is not a C identifier
emitasc.declare_py_struct !emitasc.py_struct<"my struct", [i32], ["n"]>

// -----

// CHECK: !emitasc.py_struct S: 2 field types for 1 field names
emitasc.declare_py_struct !emitasc.py_struct<"S", [i32, i32], ["n"]>

// -----

// CHECK: error: 'emitasc.declare_py_struct': pystruct must be a !emitasc.py_struct, got i32
emitasc.declare_py_struct i32

// -----

func.func @verbatim_newline() {
  // CHECK: error: 'emitasc.verbatim': code 'a;\nb;' must be one line of C++ (it contains '\n')
  emitasc.verbatim "a;\nb;"
  return
}

// -----

func.func @verbatim_argument(%n: i32) {
  // CHECK: error: 'emitasc.verbatim': $1 names no argument (there are 1)
  emitasc.verbatim "$0 = $1;" %n : i32
  return
}

// -----

// CHECK: error: 'emitasc.verbatim': code '#define A\n#define B' must be one line of C++ (it contains '\n')
emitasc.verbatim "#define A\n#define B"

// -----

func.func @constant_statement() {
  // CHECK: error: 'emitasc.constant': opaque value 'X; f()' must be one C++ expression
  %0 = "emitasc.constant"() <{value = #emitc.opaque<"X; f()">}> : () -> i32
  return
}

// -----

func.func @constant_type() {
  // CHECK: error: 'emitasc.constant': value 1 : i64 must have the result type i32
  %0 = "emitasc.constant"() <{value = 1 : i64}> : () -> i32
  return
}

// -----

// Callees that are C++ but no function name: a declaration and an operator.
func.func @callee_declaration(%a: i32) {
  // CHECK: error: 'emitasc.call_opaque': callee 'int x, y' is not a C++ function name (a qualified name with template arguments): 'int' is a C++ keyword
  emitasc.call_opaque "int x, y" (%a) : (i32) -> ()
  return
}

// -----

func.func @callee_operator(%a: i32) {
  // CHECK: error: 'emitasc.call_opaque': callee 'operator delete' is not a C++ function name (a qualified name with template arguments): 'operator' is a C++ keyword
  emitasc.call_opaque "operator delete" (%a) : (i32) -> ()
  return
}

// -----

// Verbatim lines that would take the next generated line with them.
func.func @verbatim_open_comment() {
  // CHECK: error: 'emitasc.verbatim': code 'int a; /* open' must be one line of C++ (it opens a /* comment that does not end on the line)
  emitasc.verbatim "int a; /* open"
  return
}

// -----

func.func @verbatim_line_splice() {
  // CHECK: error: 'emitasc.verbatim': code 'int b = 1; \\' must be one line of C++ (it ends with a backslash, which would join the next line to it)
  emitasc.verbatim "int b = 1; \\"
  return
}

// -----

// CHECK: error: 'emitasc.verbatim': code '#if 0' must be one line of C++ (a conditional directive (#if) would take the lines after it with it)
emitasc.verbatim "#if 0"

// -----

func.func @verbatim_raw_string() {
  // CHECK: error: 'emitasc.verbatim': code 'auto s = R"x(' must be one line of C++ (it opens a raw string literal that does not end on the line)
  emitasc.verbatim "auto s = R\"x("
  return
}

// -----

func.func @constant_comment() {
  // CHECK: error: 'emitasc.constant': opaque value 'X // y' must be one C++ expression (it contains a comment)
  %0 = "emitasc.constant"() <{value = #emitc.opaque<"X // y">}> : () -> i32
  return
}
