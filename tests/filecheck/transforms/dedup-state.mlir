// ascendc-dedup-state: set-ups that re-set the state in force, or that are written
// again before anything reads them, go; loop-invariant ones move out of loops.
// RUN: asc-opt %s --allow-unregistered-dialect -p ascendc-dedup-state | filecheck %s

!T = !ascendc.local_tensor<*xf32>
!G = !ascendc.global_tensor<*xf32>
!P = !ascendc.binary_repeat_params

// The mask and its mode around two count-mode vector ops: the restore after the first
// and the second set-up go.
// CHECK-LABEL: func.func @mask_between_ops
// CHECK-NEXT:    ascendc.set_mask_count
// CHECK-NEXT:    ascendc.set_vector_mask_l0 %n
// CHECK-NEXT:    ascendc.add_l0
// CHECK-NEXT:    ascendc.add_l0
// CHECK-NEXT:    ascendc.set_mask_norm
// CHECK-NEXT:    ascendc.reset_mask
// CHECK-NEXT:    func.return
func.func @mask_between_ops(%t: !T, %n: i32, %r: i32, %p: !P) {
  ascendc.set_mask_count
  ascendc.set_vector_mask_l0 %n {dtype = f32, mode = 1 : i32} : i32
  ascendc.add_l0 %t, %t, %t, %n, %r, %p : !T, !T, !T, i32, i32, !P
  ascendc.set_mask_norm
  ascendc.reset_mask
  ascendc.set_mask_count
  ascendc.set_vector_mask_l0 %n {dtype = f32, mode = 1 : i32} : i32
  ascendc.add_l0 %t, %t, %t, %n, %r, %p : !T, !T, !T, i32, i32, !P
  ascendc.set_mask_norm
  ascendc.reset_mask
  func.return
}

// A vector op that sets its own mask (isSetMask) writes the register: the set-up
// after it is kept; a different length is kept too.
// CHECK-LABEL: func.func @own_mask_and_other_values
// CHECK-NEXT:    ascendc.set_vector_mask_l0 %n
// CHECK-NEXT:    ascendc.add_l0 {{.*}} {isSetMask}
// CHECK-NEXT:    ascendc.set_vector_mask_l0 %n
// CHECK-NEXT:    ascendc.add_l0
// CHECK-NEXT:    ascendc.set_vector_mask_l0 %m
// CHECK-NEXT:    ascendc.add_l0
// CHECK-NEXT:    func.return
func.func @own_mask_and_other_values(%t: !T, %n: i32, %m: i32, %r: i32, %p: !P) {
  ascendc.set_vector_mask_l0 %n {dtype = f32, mode = 0 : i32} : i32
  ascendc.add_l0 %t, %t, %t, %n, %r, %p {isSetMask} : !T, !T, !T, i32, i32, !P
  ascendc.set_vector_mask_l0 %n {dtype = f32, mode = 0 : i32} : i32
  ascendc.add_l0 %t, %t, %t, %n, %r, %p : !T, !T, !T, i32, i32, !P
  ascendc.set_vector_mask_l0 %m {dtype = f32, mode = 0 : i32} : i32
  ascendc.add_l0 %t, %t, %t, %n, %r, %p : !T, !T, !T, i32, i32, !P
  func.return
}

// The atomic mode before each copy out: the repeat goes, the final reset stays. After
// SetAtomicType (which writes the type only) the same SetAtomicAdd is kept; a type
// written again before any copy reads it goes.
// CHECK-LABEL: func.func @atomic
// CHECK-NEXT:    ascendc.set_atomic_add {dtype = f32}
// CHECK-NEXT:    ascendc.data_copy_l2
// CHECK-NEXT:    ascendc.data_copy_l2
// CHECK-NEXT:    ascendc.set_atomic_type {dtype = f16}
// CHECK-NEXT:    ascendc.data_copy_l2
// CHECK-NEXT:    ascendc.set_atomic_add {dtype = f32}
// CHECK-NEXT:    ascendc.data_copy_l2
// CHECK-NEXT:    ascendc.set_atomic_none
// CHECK-NEXT:    func.return
func.func @atomic(%g: !G, %t: !T, %n: i32) {
  ascendc.set_atomic_add {dtype = f32}
  ascendc.data_copy_l2 %g, %t, %n : !G, !T, i32
  ascendc.set_atomic_add {dtype = f32}
  ascendc.data_copy_l2 %g, %t, %n : !G, !T, i32
  ascendc.set_atomic_type {dtype = f16}
  ascendc.data_copy_l2 %g, %t, %n : !G, !T, i32
  ascendc.set_atomic_type {dtype = bf16}
  ascendc.set_atomic_add {dtype = f32}
  ascendc.data_copy_l2 %g, %t, %n : !G, !T, i32
  ascendc.set_atomic_none
  func.return
}

// DeqScale, the Load3D padding, HF32 and DataCopyPad's pad value: a repeat goes, a
// set-up written again before any read goes; after an op that may read and write
// every set-up (test.use), nothing is known.
// CHECK-LABEL: func.func @scalars
// CHECK-NEXT:    ascendc.set_deq_scale %s : f16
// CHECK-NEXT:    ascendc.set_load_data_padding_value %h : f16
// CHECK-NEXT:    ascendc.set_hf32_mode %i : i1
// CHECK-NEXT:    ascendc.set_pad_value %h {pos = 12 : i32} : f16
// CHECK-NEXT:    "test.use"() : () -> ()
// CHECK-NEXT:    ascendc.set_hf32_mode %i : i1
// CHECK-NEXT:    func.return
func.func @scalars(%s: f16, %h: f16, %i: i1, %j: i1) {
  ascendc.set_deq_scale %s : f16
  ascendc.set_deq_scale %s : f16
  ascendc.set_load_data_padding_value %h : f16
  ascendc.set_hf32_mode %j : i1
  ascendc.set_hf32_mode %i : i1
  ascendc.set_pad_value %h {pos = 12 : i32} : f16
  ascendc.set_pad_value %h {pos = 12 : i32} : f16
  "test.use"() : () -> ()
  ascendc.set_hf32_mode %i : i1
  func.return
}

// An op the pass does not know may read and write every set-up: nothing around it
// goes.
// CHECK-LABEL: func.func @unknown_op
// CHECK-NEXT:    ascendc.set_mask_norm
// CHECK-NEXT:    "test.use"() : () -> ()
// CHECK-NEXT:    ascendc.set_mask_norm
// CHECK-NEXT:    func.return
func.func @unknown_op() {
  ascendc.set_mask_norm
  "test.use"() : () -> ()
  ascendc.set_mask_norm
  func.return
}

// A loop-invariant set-up leaves a loop of constant bounds; the state is known in the
// body afterwards, so the body's repeat goes as well.
// CHECK-LABEL: func.func @hoist
// CHECK:         ascendc.set_atomic_add {dtype = f32}
// CHECK-NEXT:    scf.for
// CHECK-NEXT:      ascendc.data_copy_l2
// CHECK-NEXT:    }
// CHECK-NEXT:    ascendc.set_atomic_none
func.func @hoist(%g: !G, %t: !T, %n: i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c4 = arith.constant 4 : i32
  scf.for %i = %c0 to %c4 step %c1 : i32 {
    ascendc.set_atomic_add {dtype = f32}
    ascendc.data_copy_l2 %g, %t, %n : !G, !T, i32
  }
  ascendc.set_atomic_none
  func.return
}

// Bounds not known: the loop may not run, and the copy after it reads the atomic
// mode in force: the set-up stays in the body. In a branch the state before it is
// known; after the branch, what a side writes is not.
// CHECK-LABEL: func.func @no_hoist_and_branches
// CHECK:         scf.for
// CHECK-NEXT:      ascendc.set_atomic_add {dtype = f32}
// CHECK-NEXT:      ascendc.data_copy_l2
// CHECK-NEXT:    }
// CHECK-NEXT:    ascendc.set_mask_norm
// CHECK-NEXT:    scf.if %c {
// CHECK-NEXT:      ascendc.data_copy_l2
// CHECK-NEXT:    } else {
// CHECK-NEXT:      ascendc.set_mask_count
// CHECK-NEXT:    }
// CHECK-NEXT:    ascendc.set_mask_norm
// CHECK-NEXT:    ascendc.data_copy_l2
func.func @no_hoist_and_branches(%g: !G, %t: !T, %n: i32, %c: i1) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  scf.for %i = %c0 to %n step %c1 : i32 {
    ascendc.set_atomic_add {dtype = f32}
    ascendc.data_copy_l2 %g, %t, %n : !G, !T, i32
  }
  ascendc.set_mask_norm
  scf.if %c {
    ascendc.set_mask_norm
    ascendc.data_copy_l2 %g, %t, %n : !G, !T, i32
  } else {
    ascendc.set_mask_count
  }
  ascendc.set_mask_norm
  ascendc.data_copy_l2 %g, %t, %n : !G, !T, i32
  "test.use"() : () -> ()
  func.return
}
