// Round trip of the reduction ops (vec_reduce.py), custom and generic form.
// RUN: asc-opt %s | asc-opt | filecheck %s
// RUN: asc-opt %s --print-op-generic | asc-opt | filecheck %s

// CHECK-LABEL: func.func @block_pair_repeat(%f: !ascendc.local_tensor<*xf32>, %h: !ascendc.local_tensor<256xf16>, %n: i32, %r: i32, %ds: i32, %sb: i32, %sr: i32, %m0: ui64, %m1: ui64)
// CHECK-NEXT:    ascendc.block_reduce_sum_l0 %f, %f, %r, %n, %ds, %sb, %sr : !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, i32, i32, i32, i32, i32
// CHECK-NEXT:    ascendc.block_reduce_sum_l1 %h, %h, %r, %m0, %m1, %ds, %sb, %sr : !ascendc.local_tensor<256xf16>, !ascendc.local_tensor<256xf16>, i32, ui64, ui64, i32, i32, i32
// CHECK-NEXT:    ascendc.block_reduce_max_l0 %h, %h, %r, %n, %ds, %sb, %sr : !ascendc.local_tensor<256xf16>, !ascendc.local_tensor<256xf16>, i32, i32, i32, i32, i32
// CHECK-NEXT:    ascendc.block_reduce_max_l1 %f, %f, %r, %m0, %m1, %ds, %sb, %sr : !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, i32, ui64, ui64, i32, i32, i32
// CHECK-NEXT:    ascendc.block_reduce_min_l0 %f, %f, %r, %n, %ds, %sb, %sr : !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, i32, i32, i32, i32, i32
// CHECK-NEXT:    ascendc.block_reduce_min_l1 %h, %h, %r, %m0, %m1, %ds, %sb, %sr : !ascendc.local_tensor<256xf16>, !ascendc.local_tensor<256xf16>, i32, ui64, ui64, i32, i32, i32
// CHECK-NEXT:    ascendc.pair_reduce_sum_l0 %h, %h, %r, %n, %ds, %sb, %sr {isSetMask} : !ascendc.local_tensor<256xf16>, !ascendc.local_tensor<256xf16>, i32, i32, i32, i32, i32
// CHECK-NEXT:    ascendc.pair_reduce_sum_l1 %f, %f, %r, %m0, %m1, %ds, %sb, %sr : !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, i32, ui64, ui64, i32, i32, i32
// CHECK-NEXT:    ascendc.repeat_reduce_sum_l0 %h, %h, %r, %n, %ds, %sb, %ds, %sr {isSetMask} : !ascendc.local_tensor<256xf16>, !ascendc.local_tensor<256xf16>, i32, i32, i32, i32, i32, i32
// CHECK-NEXT:    func.return
func.func @block_pair_repeat(%f: !ascendc.local_tensor<*xf32>, %h: !ascendc.local_tensor<256xf16>, %n: i32, %r: i32, %ds: i32, %sb: i32, %sr: i32, %m0: ui64, %m1: ui64) {
  ascendc.block_reduce_sum_l0 %f, %f, %r, %n, %ds, %sb, %sr : !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, i32, i32, i32, i32, i32
  ascendc.block_reduce_sum_l1 %h, %h, %r, %m0, %m1, %ds, %sb, %sr : !ascendc.local_tensor<256xf16>, !ascendc.local_tensor<256xf16>, i32, ui64, ui64, i32, i32, i32
  ascendc.block_reduce_max_l0 %h, %h, %r, %n, %ds, %sb, %sr : !ascendc.local_tensor<256xf16>, !ascendc.local_tensor<256xf16>, i32, i32, i32, i32, i32
  ascendc.block_reduce_max_l1 %f, %f, %r, %m0, %m1, %ds, %sb, %sr : !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, i32, ui64, ui64, i32, i32, i32
  ascendc.block_reduce_min_l0 %f, %f, %r, %n, %ds, %sb, %sr : !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, i32, i32, i32, i32, i32
  ascendc.block_reduce_min_l1 %h, %h, %r, %m0, %m1, %ds, %sb, %sr : !ascendc.local_tensor<256xf16>, !ascendc.local_tensor<256xf16>, i32, ui64, ui64, i32, i32, i32
  ascendc.pair_reduce_sum_l0 %h, %h, %r, %n, %ds, %sb, %sr {isSetMask} : !ascendc.local_tensor<256xf16>, !ascendc.local_tensor<256xf16>, i32, i32, i32, i32, i32
  ascendc.pair_reduce_sum_l1 %f, %f, %r, %m0, %m1, %ds, %sb, %sr : !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, i32, ui64, ui64, i32, i32, i32
  ascendc.repeat_reduce_sum_l0 %h, %h, %r, %n, %ds, %sb, %ds, %sr {isSetMask} : !ascendc.local_tensor<256xf16>, !ascendc.local_tensor<256xf16>, i32, i32, i32, i32, i32, i32
  return
}

// pyasc writes the ReduceOrder as `{order = N : i32}` (0: value then index, 1: index
// then value, 2: value only, 3: index only).
// CHECK-LABEL: func.func @whole(%f: !ascendc.local_tensor<*xf32>, %h: !ascendc.local_tensor<*xf16>, %n: i32, %r: i32, %ds: i32, %sb: i32, %sr: i32, %m0: ui64, %m1: ui64)
// CHECK-NEXT:    ascendc.whole_reduce_max_l0 %f, %f, %n, %r, %ds, %sb, %sr {isSetMask, order = 1 : i32} : !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, i32, i32, i32, i32, i32
// CHECK-NEXT:    ascendc.whole_reduce_max_l1 %h, %h, %m0, %m1, %r, %ds, %sb, %sr {order = 0 : i32} : !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, ui64, ui64, i32, i32, i32, i32
// CHECK-NEXT:    ascendc.whole_reduce_min_l0 %h, %h, %n, %r, %ds, %sb, %sr {order = 2 : i32} : !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, i32, i32, i32, i32, i32
// CHECK-NEXT:    ascendc.whole_reduce_min_l1 %f, %f, %m0, %m1, %r, %ds, %sb, %sr {isSetMask, order = 3 : i32} : !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, ui64, ui64, i32, i32, i32, i32
// CHECK-NEXT:    ascendc.whole_reduce_sum_l0 %f, %f, %n, %r, %ds, %sb, %sr : !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, i32, i32, i32, i32, i32
// CHECK-NEXT:    ascendc.whole_reduce_sum_l1 %h, %h, %m0, %m1, %r, %ds, %sb, %sr {isSetMask} : !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, ui64, ui64, i32, i32, i32, i32
// CHECK-NEXT:    func.return
func.func @whole(%f: !ascendc.local_tensor<*xf32>, %h: !ascendc.local_tensor<*xf16>, %n: i32, %r: i32, %ds: i32, %sb: i32, %sr: i32, %m0: ui64, %m1: ui64) {
  ascendc.whole_reduce_max_l0 %f, %f, %n, %r, %ds, %sb, %sr {order = 1 : i32, isSetMask} : !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, i32, i32, i32, i32, i32
  ascendc.whole_reduce_max_l1 %h, %h, %m0, %m1, %r, %ds, %sb, %sr {order = 0 : i32} : !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, ui64, ui64, i32, i32, i32, i32
  ascendc.whole_reduce_min_l0 %h, %h, %n, %r, %ds, %sb, %sr {order = 2 : i32} : !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, i32, i32, i32, i32, i32
  ascendc.whole_reduce_min_l1 %f, %f, %m0, %m1, %r, %ds, %sb, %sr {order = 3 : i32, isSetMask} : !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, ui64, ui64, i32, i32, i32, i32
  ascendc.whole_reduce_sum_l0 %f, %f, %n, %r, %ds, %sb, %sr : !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, i32, i32, i32, i32, i32
  ascendc.whole_reduce_sum_l1 %h, %h, %m0, %m1, %r, %ds, %sb, %sr {isSetMask} : !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, ui64, ui64, i32, i32, i32, i32
  return
}

// The L1 mask words may be any 64-bit integers (pyasc's test IR uses i64).
// CHECK-LABEL: func.func @reduce(%f: !ascendc.local_tensor<*xf32>, %h: !ascendc.local_tensor<*xf16>, %n: i32, %r: i32, %sr: i32, %idx: i1, %m0: i64, %m1: ui64)
// CHECK-NEXT:    ascendc.reduce_sum_l0 %f, %f, %f, %n, %r, %sr : !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, i32, i32, i32
// CHECK-NEXT:    ascendc.reduce_sum_l1 %h, %h, %h, %m0, %m1, %r, %sr : !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, i64, ui64, i32, i32
// CHECK-NEXT:    ascendc.reduce_sum_l2 %f, %f, %f, %n : !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, i32
// CHECK-NEXT:    ascendc.reduce_max_l0 %h, %h, %h, %n, %r, %sr, %idx : !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, i32, i32, i32, i1
// CHECK-NEXT:    ascendc.reduce_max_l1 %f, %f, %f, %m0, %m1, %r, %sr, %n : !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, i64, ui64, i32, i32, i32
// CHECK-NEXT:    ascendc.reduce_max_l2 %h, %h, %h, %n, %idx : !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, i32, i1
// CHECK-NEXT:    ascendc.reduce_min_l0 %f, %f, %f, %n, %r, %sr, %idx : !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, i32, i32, i32, i1
// CHECK-NEXT:    ascendc.reduce_min_l1 %h, %h, %h, %m1, %m1, %r, %sr, %idx : !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, ui64, ui64, i32, i32, i1
// CHECK-NEXT:    ascendc.reduce_min_l2 %f, %f, %f, %n, %idx : !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, i32, i1
// CHECK-NEXT:    func.return
func.func @reduce(%f: !ascendc.local_tensor<*xf32>, %h: !ascendc.local_tensor<*xf16>, %n: i32, %r: i32, %sr: i32, %idx: i1, %m0: i64, %m1: ui64) {
  ascendc.reduce_sum_l0 %f, %f, %f, %n, %r, %sr : !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, i32, i32, i32
  ascendc.reduce_sum_l1 %h, %h, %h, %m0, %m1, %r, %sr : !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, i64, ui64, i32, i32
  ascendc.reduce_sum_l2 %f, %f, %f, %n : !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, i32
  ascendc.reduce_max_l0 %h, %h, %h, %n, %r, %sr, %idx : !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, i32, i32, i32, i1
  ascendc.reduce_max_l1 %f, %f, %f, %m0, %m1, %r, %sr, %n : !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, i64, ui64, i32, i32, i32
  ascendc.reduce_max_l2 %h, %h, %h, %n, %idx : !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, i32, i1
  ascendc.reduce_min_l0 %f, %f, %f, %n, %r, %sr, %idx : !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, i32, i32, i32, i1
  ascendc.reduce_min_l1 %h, %h, %h, %m1, %m1, %r, %sr, %idx : !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, ui64, ui64, i32, i32, i1
  ascendc.reduce_min_l2 %f, %f, %f, %n, %idx : !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, i32, i1
  return
}
