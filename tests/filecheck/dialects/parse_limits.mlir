// Input xDSL's parser does not expect, found by fuzzing asc-opt: each is a located
// error, never a traceback, and the wide types are refused before any value of them
// is made (a dense array of i16777215 took 50 s, one of i1999999999 a gigabyte).
// RUN: not asc-opt %s --split-input-file 2>&1 | filecheck %s --check-prefix=FIRST
// RUN: asc-opt %s --split-input-file --parsing-diagnostics | filecheck %s

// FIRST-NOT:   Traceback
// FIRST:       parse_limits.mlir:[[# @LINE + 6]]:34
// FIRST-NEXT:    %c = arith.constant dense<1> : tensor<4xi100000>
// FIRST-NEXT:                                   ^^^^^^^^^^^^^^^^^
// FIRST-NEXT:                                   error: dense elements of type i100000 are not supported (integer elements have at most 64 bits) [ASC-V211]
// FIRST-NOT:   {{.}}
func.func @dense_wide() {
  %c = arith.constant dense<1> : tensor<4xi100000>
  return
}

// CHECK:       parse_limits.mlir:[[# @LINE - 4]]:34
// CHECK:       error: dense elements of type i100000 are not supported (integer elements have at most 64 bits)

// -----

func.func @dense_array_wide() attributes {a = array<i65536: 1, 2, 3>} {
  return
}

// CHECK:       parse_limits.mlir:[[# @LINE - 4]]:53
// CHECK:       error: dense arrays of i65536 are not supported (integer elements have at most 64 bits)

// -----

func.func @too_many_digits() {
  %c = arith.constant 1 : i99999999999999999999
  return
}

// CHECK:       parse_limits.mlir:[[# @LINE - 4]]:27
// CHECK:       error: integer type i99999999999999999999 is too wide (at most 16777215 bits)

// -----

func.func @too_wide(%a: ui16777216) {
  return
}

// CHECK:       error: integer type ui16777216 is too wide (at most 16777215 bits)

// -----

func.func @dense_huge() {
  %c = arith.constant dense<1> : tensor<4611686018427387904xi8>
  return
}

// CHECK:       error: a dense literal of type tensor<4611686018427387904xi8> has too many elements (at most 16777216)

// -----

// A label defined twice after a forward branch to it.
func.func @twice() {
  cf.br ^bb1
^bb1:
  cf.br ^bb1
^bb1:
  return
}

// CHECK:       parse_limits.mlir:[[# @LINE - 4]]:1
// CHECK:       error: block ^bb1 is defined twice in this region

// -----

func.func @parameterless(%a: !ascendc.data_copy_params<1>) {
  return
}

// CHECK:       parse_limits.mlir:[[# @LINE - 4]]:55
// CHECK:       error: !ascendc.data_copy_params takes no parameters, not as written
