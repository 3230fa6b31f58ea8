// tile-check-locations: a UB tile passes through a loop and a branch unchanged; a tile
// in L1 read by an element-wise op is an error at that op.
// RUN: not asc-opt %s --split-input-file -p tile-check-locations 2>&1 | filecheck %s

// CHECK-LABEL: func.func @fine(
// CHECK:         scf.for
// CHECK:           scf.if
// CHECK:             asctile.unary "exp"
func.func @fine(%x: memref<?xf32, 22 : i64>, %c: i1) attributes {ascendc.global} {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %v = asctile.tensor %x[] : memref<?xf32, 22 : i64>, -> !asctile.tensor<64xf32>
  scf.for %i = %c0 to %c1 step %c1 : i32 {
    %t = asctile.load %v[%c0] : !asctile.tensor<64xf32>, i32 -> !asctile.tile<64xf32, ub>
    scf.if %c {
      %e = asctile.unary "exp" %t : !asctile.tile<64xf32, ub> -> !asctile.tile<64xf32, ub>
      asctile.store %e, %v[%c0] : !asctile.tile<64xf32, ub>, !asctile.tensor<64xf32>, i32
    }
  }
  func.return
}

// -----

// The op verifier already refuses it, at the op:
// CHECK: error: asctile.unary: an operand is a tile in L1, which this op cannot read (it reads UB)
func.func @l1_read(%x: memref<?xf32, 22 : i64>) attributes {ascendc.global} {
  %c0 = arith.constant 0 : i32
  %v = asctile.tensor %x[] : memref<?xf32, 22 : i64>, -> !asctile.tensor<64xf32>
  %t = asctile.load %v[%c0] : !asctile.tensor<64xf32>, i32 -> !asctile.tile<64xf32, l1>
  %e = asctile.unary "exp" %t : !asctile.tile<64xf32, l1> -> !asctile.tile<64xf32, l1>
  func.return
}
