"""GM parameters a kernel writes, from the ops' memory effects and views (transforms.gm_writes)."""

from __future__ import annotations

from cann_fake import MIX_KERNEL, VECTOR_ADD, parse_module
from xdsl.dialects import func

from asc_xdsl.transforms.gm_writes import written_params


def _written(text: str, name: str | None = None) -> list[bool]:
    module = parse_module(text)
    fns = [op for op in module.ops if isinstance(op, func.FuncOp)]
    fn = fns[0] if name is None else next(f for f in fns if f.sym_name.data == name)
    return written_params(fn)


def test_vector_add_writes_only_z():
    assert _written(VECTOR_ADD) == [False, False, True, False]


def test_set_value_writes():
    assert _written(MIX_KERNEL) == [True]


HEAD = "attributes {ascendc.aicore, ascendc.global}"


def test_ptr_offset_and_copy_directions():
    text = f"""
func.func @k(%a: memref<?xf32, 22>, %b: memref<?xf32, 22>, %n: i32) {HEAD} {{
  %c4 = arith.constant 4 : index
  %q = ascendc.queue : !ascendc.queue<vecin, 1>
  %b4 = emitasc.ptr_offset %b[%c4] : memref<?xf32, 22>, memref<?xf32, 22>
  %ga = ascendc.global_tensor : !ascendc.global_tensor<*xf32>
  %gb = ascendc.global_tensor : !ascendc.global_tensor<*xf32>
  ascendc.global_tensor.set_global_buffer %ga, %a : !ascendc.global_tensor<*xf32>, memref<?xf32, 22>
  ascendc.global_tensor.set_global_buffer %gb, %b4 : !ascendc.global_tensor<*xf32>, memref<?xf32, 22>
  %t = ascendc.que_bind.alloc_tensor %q : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf32>
  ascendc.data_copy_l2 %t, %ga, %n : !ascendc.local_tensor<*xf32>, !ascendc.global_tensor<*xf32>, i32
  %v = ascendc.global_tensor.get_value %ga, %c4 : !ascendc.global_tensor<*xf32>, index, f32
  %gb2 = ascendc.global_tensor.subindex %gb[%c4] : !ascendc.global_tensor<*xf32>, index, !ascendc.global_tensor<*xf32>
  ascendc.data_copy_l2 %gb2, %t, %n : !ascendc.global_tensor<*xf32>, !ascendc.local_tensor<*xf32>, i32
  return
}}
"""
    assert _written(text) == [False, True, False]


def test_unknown_uses_are_conservative():
    text = f"""
func.func private @helper(memref<?xf32, 22>) -> ()
func.func @k(%a: memref<?xf32, 22>, %b: memref<?xf32, 22>) {HEAD} {{
  func.call @helper(%a) : (memref<?xf32, 22>) -> ()
  return
}}
"""
    assert _written(text, "k") == [True, False]


def test_calls_are_followed():
    text = f"""
func.func @store(%t: !ascendc.global_tensor<*xf32>, %v: f32) {{
  %c0 = arith.constant 0 : index
  ascendc.global_tensor.set_value %t, %c0, %v : !ascendc.global_tensor<*xf32>, index, f32
  return
}}
func.func @load(%t: !ascendc.global_tensor<*xf32>) -> f32 {{
  %c0 = arith.constant 0 : index
  %v = ascendc.global_tensor.get_value %t, %c0 : !ascendc.global_tensor<*xf32>, index, f32
  return %v : f32
}}
func.func @k(%a: memref<?xf32, 22>, %b: memref<?xf32, 22>) {HEAD} {{
  %ga = ascendc.global_tensor : !ascendc.global_tensor<*xf32>
  %gb = ascendc.global_tensor : !ascendc.global_tensor<*xf32>
  ascendc.global_tensor.set_global_buffer %ga, %a : !ascendc.global_tensor<*xf32>, memref<?xf32, 22>
  ascendc.global_tensor.set_global_buffer %gb, %b : !ascendc.global_tensor<*xf32>, memref<?xf32, 22>
  %v = func.call @load(%ga) : (!ascendc.global_tensor<*xf32>) -> f32
  func.call @store(%gb, %v) : (!ascendc.global_tensor<*xf32>, f32) -> ()
  return
}}
"""
    assert _written(text, "k") == [False, True]


def test_recursion_is_conservative():
    text = f"""
func.func @k(%a: memref<?xf32, 22>) {HEAD} {{
  func.call @k(%a) : (memref<?xf32, 22>) -> ()
  return
}}
"""
    assert _written(text, "k") == [True]
