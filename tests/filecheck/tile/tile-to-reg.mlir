// tile-to-reg (Ascend 950): a chain of element-wise ops and row reductions becomes one
// vector function of Reg ops (a loop over the rows, a pass over each row per level of
// reduction, MERGING accumulators, masks for the row's tail) and one asctile.fused_vf;
// tile-to-ascendc then calls it with __ubuf__ pointers to the buffers of its inputs and
// results only. Elsewhere (other dtypes, other SoCs, shapes whose rows are not whole
// registers) the ops stay as they are.
// RUN: asc-opt %s --split-input-file -p tile-to-reg 2>&1 | filecheck %s
// RUN: asc-opt %s --split-input-file -p tile-to-reg,tile-to-ascendc 2>&1 | filecheck %s --check-prefix=LOWER
// The fused op read back by a process that ran no tile-to-reg (tile-to-ascendc lowers it itself):
// RUN: asc-opt %s --split-input-file -p tile-to-reg | asc-opt --split-input-file -p tile-to-ascendc 2>&1 | filecheck %s --check-prefix=LOWER

// CHECK-LABEL: func.func @softmax(
// CHECK:         %[[T:.*]] = asctile.load
// CHECK-NEXT:    %[[F:.*]] = asctile.fused_vf @softmax_vf0(%[[T]] : !asctile.tile<2x128xf32, ub>) across_rows : !asctile.tile<2x128xf32, ub>
// CHECK-NEXT:    asctile.store %[[F]]
// CHECK-LABEL: func.func @softmax_vf0(%in0: memref<?xf32, 26 : i64>, %out0: memref<?xf32, 26 : i64>) attributes {ascendc.vf} {
// CHECK:         %[[ALL:.*]] = ascendc.reg.create_mask {dtype = f32, pattern = 0 : i32}
// CHECK:         %[[LOW:.*]] = ascendc.reg.duplicate %{{.*}}, %[[ALL]]
// CHECK:         scf.for %r =
// CHECK:           %[[MAXACC:.*]] = scf.for {{.*}} iter_args(%[[A:.*]] = %[[LOW]])
// CHECK:             %[[M:.*]], %{{.*}} = ascendc.reg.update_mask
// CHECK:             %[[X:.*]] = ascendc.reg.load_align %in0
// CHECK:             ascendc.reg.max_merging %[[A]], %[[A]], %[[X]], %[[M]]
// CHECK:           %[[MAX:.*]] = ascendc.reg.reduce %[[MAXACC]], %[[ALL]] {reduceType = 1 : i32}
// CHECK:           %[[BMAX:.*]] = ascendc.reg.duplicate_reg %[[MAX]], %[[ALL]]
// CHECK:           scf.for
// CHECK:             ascendc.reg.sub %{{.*}}, %[[BMAX]]
// CHECK:             ascendc.reg.exp
// CHECK:             ascendc.reg.add_merging
// CHECK:           ascendc.reg.reduce {{.*}} {reduceType = 0 : i32}
// CHECK:           %[[BSUM:.*]] = ascendc.reg.duplicate_reg
// CHECK:           scf.for
// CHECK:             ascendc.reg.exp
// CHECK:             %[[Q:.*]] = ascendc.reg.div %{{.*}}, %[[BSUM]]
// CHECK:             ascendc.reg.store_align %out0, %{{.*}}, %[[Q]]
// CHECK-NOT:     ascendc.reg.store_align
// CHECK:         func.return

// LOWER-LABEL: func.func @softmax(
// LOWER:         %[[IN:.*]] = ascendc.que_bind.deque_tensor
// LOWER-NEXT:    %[[PIN:.*]] = ascendc.reg.ub_ptr %[[IN]], %{{.*}} : !ascendc.local_tensor<256xf32>, i32 -> memref<?xf32, 26 : i64>
// LOWER-NEXT:    %[[OUT:.*]] = ascendc.que_bind.alloc_tensor
// LOWER-NEXT:    %[[POUT:.*]] = ascendc.reg.ub_ptr %[[OUT]]
// LOWER-NEXT:    ascendc.reg.vf_call(%[[PIN]], %[[POUT]] : memref<?xf32, 26 : i64>, memref<?xf32, 26 : i64>) {callee = @softmax_vf0}
// LOWER-NOT:     ascendc.tbuf
// LOWER-NOT:     asctile.
// LOWER-LABEL: func.func @softmax_vf0(
builtin.module attributes {ascendc.soc = "Ascend950PR_9599"} {
  func.func @softmax(%x: memref<?xf32, 22 : i64>, %n: i32) attributes {ascendc.global} {
    %c0 = arith.constant 0 : i32
    %v = asctile.tensor %x[%n] : memref<?xf32, 22 : i64>, i32 -> !asctile.tensor<?x128xf32>
    %t = asctile.load %v[%c0, %c0] : !asctile.tensor<?x128xf32>, i32, i32 -> !asctile.tile<2x128xf32, ub>
    %m = asctile.reduce "max" %t {dims = [#builtin.int<1>], keep_dims = true} : !asctile.tile<2x128xf32, ub> -> !asctile.tile<2x1xf32, ub>
    %d = asctile.binary "sub" %t, %m : !asctile.tile<2x128xf32, ub>, !asctile.tile<2x1xf32, ub> -> !asctile.tile<2x128xf32, ub>
    %e = asctile.unary "exp" %d : !asctile.tile<2x128xf32, ub> -> !asctile.tile<2x128xf32, ub>
    %s = asctile.reduce "sum" %e {dims = [#builtin.int<1>], keep_dims = true} : !asctile.tile<2x128xf32, ub> -> !asctile.tile<2x1xf32, ub>
    %q = asctile.binary "div" %e, %s : !asctile.tile<2x128xf32, ub>, !asctile.tile<2x1xf32, ub> -> !asctile.tile<2x128xf32, ub>
    asctile.store %q, %v[%c0, %c0] : !asctile.tile<2x128xf32, ub>, !asctile.tensor<?x128xf32>, i32, i32
    func.return
  }
}

// -----

// An element-wise chain with a scalar argument and a result used twice (stored, and by
// an op the fusion leaves alone, tanh): one loop over the buffer, the last chunk masked
// (100 elements: 64 + 36); the scalar is a parameter, constants are made inside, both
// broadcast once before the loop where an op needs a register of them.
// CHECK-LABEL: func.func @chain(
// CHECK:         %[[A:.*]] = asctile.load
// CHECK-NEXT:    %[[B:.*]] = asctile.load
// CHECK-NEXT:    %[[F:.*]] = asctile.fused_vf @chain_vf0(%[[A]], %[[B]], %s : !asctile.tile<100xf32, ub>, !asctile.tile<100xf32, ub>, f32) : !asctile.tile<100xf32, ub>
// CHECK-NEXT:    %{{.*}} = asctile.unary "tanh" %[[F]]
// CHECK-LABEL: func.func @chain_vf0(%in0: memref<?xf32, 26 : i64>, %in1: memref<?xf32, 26 : i64>, %out0: memref<?xf32, 26 : i64>, %s0: f32) attributes {ascendc.vf} {
// CHECK-DAG:     %[[N:.*]] = arith.constant 100 : i32
// CHECK-DAG:     %[[TWO:.*]] = arith.constant 2.000000e+00 : f32
// CHECK-DAG:     %[[DUP:.*]] = ascendc.reg.duplicate %s0
// CHECK:         scf.for %[[J:.*]] = {{.*}} : i32 {
// CHECK:           %[[REST:.*]] = arith.subi %[[N]]
// CHECK:           %{{.*}}, %{{.*}} = ascendc.reg.update_mask %[[REST]] {dtype = f32}
// CHECK:           %[[X:.*]] = ascendc.reg.load_align %in0
// CHECK:           %[[Y:.*]] = ascendc.reg.load_align %in1
// CHECK:           %[[SUM:.*]] = ascendc.reg.add %[[X]], %[[Y]]
// CHECK:           %[[P:.*]] = ascendc.reg.muls %[[SUM]], %[[TWO]]
// CHECK:           %[[D:.*]] = ascendc.reg.sub %[[P]], %[[DUP]]
// CHECK:           %[[R:.*]] = ascendc.reg.relu %[[D]]
// CHECK:           ascendc.reg.store_align %out0, %{{.*}}, %[[R]]

// LOWER-LABEL: func.func @chain(
// LOWER:         ascendc.reg.vf_call({{.*}}, %s : memref<?xf32, 26 : i64>, memref<?xf32, 26 : i64>, memref<?xf32, 26 : i64>, f32) {callee = @chain_vf0}
// LOWER:         ascendc.tanh
builtin.module attributes {ascendc.soc = "Ascend950PR_9599"} {
  func.func @chain(%x: memref<?xf32, 22 : i64>, %y: memref<?xf32, 22 : i64>, %s: f32) attributes {ascendc.global} {
    %c0 = arith.constant 0 : i32
    %c100 = arith.constant 100 : i32
    %two = arith.constant 2.0 : f32
    %xv = asctile.tensor %x[%c100] : memref<?xf32, 22 : i64>, i32 -> !asctile.tensor<?xf32>
    %yv = asctile.tensor %y[%c100] : memref<?xf32, 22 : i64>, i32 -> !asctile.tensor<?xf32>
    %a = asctile.load %xv[%c0] : !asctile.tensor<?xf32>, i32 -> !asctile.tile<100xf32, ub>
    %b = asctile.load %yv[%c0] : !asctile.tensor<?xf32>, i32 -> !asctile.tile<100xf32, ub>
    %sum = asctile.binary "add" %a, %b : !asctile.tile<100xf32, ub>, !asctile.tile<100xf32, ub> -> !asctile.tile<100xf32, ub>
    %p = asctile.binary "mul" %sum, %two : !asctile.tile<100xf32, ub>, f32 -> !asctile.tile<100xf32, ub>
    %d = asctile.binary "sub" %p, %s : !asctile.tile<100xf32, ub>, f32 -> !asctile.tile<100xf32, ub>
    %r = asctile.unary "relu" %d : !asctile.tile<100xf32, ub> -> !asctile.tile<100xf32, ub>
    %t = asctile.unary "tanh" %r : !asctile.tile<100xf32, ub> -> !asctile.tile<100xf32, ub>
    asctile.store %r, %xv[%c0] : !asctile.tile<100xf32, ub>, !asctile.tensor<?xf32>, i32
    asctile.store %t, %yv[%c0] : !asctile.tile<100xf32, ub>, !asctile.tensor<?xf32>, i32
    func.return
  }
}

// -----

// Not fused: a module for Atlas A2/A3 (no Reg layer), i32 tiles, and row reductions of
// rows that are not whole registers (100 floats: a 256-byte load would run past the
// buffer's last row).
// CHECK-LABEL: func.func @unfused(
// CHECK-NOT:     asctile.fused_vf
// CHECK:         asctile.unary "exp"
// CHECK-NOT:     asctile.fused_vf
// CHECK:         func.return
// LOWER-LABEL: func.func @unfused(
// LOWER-NOT:     ascendc.reg.vf_call
// LOWER:         ascendc.exp_l2
// LOWER-NOT:     ascendc.reg.vf_call
// LOWER:         func.return
builtin.module attributes {ascendc.soc = "Ascend910B"} {
  func.func @unfused(%x: memref<?xf32, 22 : i64>) attributes {ascendc.global} {
    %c0 = arith.constant 0 : i32
    %c64 = arith.constant 64 : i32
    %v = asctile.tensor %x[%c64] : memref<?xf32, 22 : i64>, i32 -> !asctile.tensor<?xf32>
    %t = asctile.load %v[%c0] : !asctile.tensor<?xf32>, i32 -> !asctile.tile<64xf32, ub>
    %e = asctile.unary "exp" %t : !asctile.tile<64xf32, ub> -> !asctile.tile<64xf32, ub>
    %a = asctile.unary "abs" %e : !asctile.tile<64xf32, ub> -> !asctile.tile<64xf32, ub>
    asctile.store %a, %v[%c0] : !asctile.tile<64xf32, ub>, !asctile.tensor<?xf32>, i32
    func.return
  }
}

// -----

// CHECK-LABEL: func.func @rows_of_100(
// CHECK-NOT:     asctile.fused_vf
// CHECK:         func.return
// LOWER-LABEL: func.func @rows_of_100(
// LOWER-NOT:     ascendc.reg.vf_call
// LOWER:         func.return
builtin.module attributes {ascendc.soc = "Ascend950PR_9599"} {
  func.func @rows_of_100(%x: memref<?xf32, 22 : i64>, %y: memref<?xi32, 22 : i64>) attributes {ascendc.global} {
    %c0 = arith.constant 0 : i32
    %c800 = arith.constant 800 : i32
    %v = asctile.tensor %x[%c800] : memref<?xf32, 22 : i64>, i32 -> !asctile.tensor<?x100xf32>
    %t = asctile.load %v[%c0, %c0] : !asctile.tensor<?x100xf32>, i32, i32 -> !asctile.tile<8x100xf32, ub>
    %m = asctile.reduce "max" %t {dims = [#builtin.int<1>], keep_dims = true} : !asctile.tile<8x100xf32, ub> -> !asctile.tile<8x1xf32, ub>
    %d = asctile.binary "sub" %t, %m : !asctile.tile<8x100xf32, ub>, !asctile.tile<8x1xf32, ub> -> !asctile.tile<8x100xf32, ub>
    asctile.store %d, %v[%c0, %c0] : !asctile.tile<8x100xf32, ub>, !asctile.tensor<?x100xf32>, i32, i32
    %iv = asctile.tensor %y[%c800] : memref<?xi32, 22 : i64>, i32 -> !asctile.tensor<?xi32>
    %i = asctile.load %iv[%c0] : !asctile.tensor<?xi32>, i32 -> !asctile.tile<64xi32, ub>
    %i2 = asctile.binary "add" %i, %i : !asctile.tile<64xi32, ub>, !asctile.tile<64xi32, ub> -> !asctile.tile<64xi32, ub>
    %i3 = asctile.binary "mul" %i2, %i : !asctile.tile<64xi32, ub>, !asctile.tile<64xi32, ub> -> !asctile.tile<64xi32, ub>
    asctile.store %i3, %iv[%c0] : !asctile.tile<64xi32, ub>, !asctile.tensor<?xi32>, i32
    func.return
  }
}

// -----

// softmax and rms_norm are taken apart into the ops they are (as tile-to-ascendc computes
// them) and fused like any chain: one vector function each; gamma of the tile's shape is
// an input.
// CHECK-LABEL: func.func @norms(
// CHECK:         %[[T:.*]] = asctile.load
// CHECK-NEXT:    %[[SM:.*]] = asctile.fused_vf @norms_vf0(%[[T]] : !asctile.tile<2x128xf16, ub>) across_rows : !asctile.tile<2x128xf16, ub>
// CHECK:         %[[G:.*]] = asctile.load
// CHECK-NOT:     arith.constant
// CHECK:         %[[RN:.*]] = asctile.fused_vf @norms_vf1(%[[T]], %[[G]] : !asctile.tile<2x128xf16, ub>, !asctile.tile<2x128xf16, ub>) across_rows : !asctile.tile<2x128xf16, ub>
// CHECK-NOT:     asctile.softmax
// CHECK-NOT:     asctile.rms_norm
// CHECK-LABEL: func.func @norms_vf0(
// CHECK:         ascendc.reg.max_merging
// CHECK:         ascendc.reg.add_merging
// CHECK:         ascendc.reg.div
// CHECK-LABEL: func.func @norms_vf1(
// CHECK-DAG:     %[[EPS:.*]] = arith.constant 1.001360e-05 : f16
// CHECK-DAG:     %[[INV:.*]] = arith.constant 7.812500e-03 : f16
// CHECK:         %[[SQ:.*]] = ascendc.reg.mul
// CHECK:         ascendc.reg.add_merging {{.*}}, %[[SQ]]
// CHECK:         %[[MEAN:.*]] = ascendc.reg.muls %{{.*}}, %[[INV]]
// CHECK-NEXT:    %[[SH:.*]] = ascendc.reg.adds %[[MEAN]], %[[EPS]]
// CHECK:         %[[ROOT:.*]] = ascendc.reg.sqrt %[[SH]]
// CHECK:         ascendc.reg.div %{{.*}}, %[[ROOT]]
// CHECK:         ascendc.reg.load_align %in1
// CHECK:         ascendc.reg.store_align %out0
builtin.module attributes {ascendc.soc = "Ascend950PR_9599"} {
  func.func @norms(%x: memref<?xf16, 22 : i64>) attributes {ascendc.global} {
    %c0 = arith.constant 0 : i32
    %c256 = arith.constant 256 : i32
    %v = asctile.tensor %x[%c256] : memref<?xf16, 22 : i64>, i32 -> !asctile.tensor<?x128xf16>
    %t = asctile.load %v[%c0, %c0] : !asctile.tensor<?x128xf16>, i32, i32 -> !asctile.tile<2x128xf16, ub>
    %s = asctile.softmax %t : !asctile.tile<2x128xf16, ub> -> !asctile.tile<2x128xf16, ub>
    asctile.store %s, %v[%c0, %c0] : !asctile.tile<2x128xf16, ub>, !asctile.tensor<?x128xf16>, i32, i32
    %g = asctile.load %v[%c0, %c0] : !asctile.tensor<?x128xf16>, i32, i32 -> !asctile.tile<2x128xf16, ub>
    %r = asctile.rms_norm %t, %g {epsilon = 1.0e-05 : f32} : !asctile.tile<2x128xf16, ub>, !asctile.tile<2x128xf16, ub> -> !asctile.tile<2x128xf16, ub>
    asctile.store %r, %v[%c0, %c0] : !asctile.tile<2x128xf16, ub>, !asctile.tensor<?x128xf16>, i32, i32
    func.return
  }
}
