// ShiftLeft / ShiftRight by a constant count the module's SoC does not take, and the 3510
// dtypes of the shifts and bitwise ops off Ascend 950 / in forms that do not take them:
// refused at the op (ops/shifts.py and shift_counts.py say why each range).
// RUN: asc-opt %s --split-input-file --verify-diagnostics

builtin.module attributes {ascendc.soc = "Ascend950PR_9599"} {
  func.func @int64_right_by_40(%c: !ascendc.local_tensor<*xi64>, %n: i32) {
    %s = arith.constant 40 : i64
    // expected-error @+1 {{'ascendc.shift_right_l2': ShiftRight of int64_t by 40: the dav_3510 64-bit composition (ShiftRightsB64Impl) shifts the signed high word left by 32 - 40 = -8, a negative count the Reg ShiftLefts page leaves undefined; valid counts are 0..32}}
    "ascendc.shift_right_l2"(%c, %c, %s, %n) <{isSetMask}> : (!ascendc.local_tensor<*xi64>, !ascendc.local_tensor<*xi64>, i64, i32) -> ()
    func.return
  }
}

// -----

builtin.module attributes {ascendc.soc = "Ascend950PR_9599"} {
  func.func @negative(%c: !ascendc.local_tensor<*xui16>, %n: i32) {
    %s = arith.constant 40000 : i32
    // expected-error @+1 {{'ascendc.shift_left_l2': ShiftLeft of uint16_t by 40000 (as the int16_t count Reg::ShiftLefts takes: -25536): a negative count is undefined on Ascend 950 (the Reg ShiftLefts page); valid counts are 0..32767}}
    "ascendc.shift_left_l2"(%c, %c, %s, %n) <{isSetMask}> : (!ascendc.local_tensor<*xui16>, !ascendc.local_tensor<*xui16>, i32, i32) -> ()
    func.return
  }
}

// -----

builtin.module attributes {ascendc.soc = "Ascend910B"} {
  func.func @above_the_width(%c: !ascendc.local_tensor<*xi16>, %m: i32, %r: i32, %p: !ascendc.unary_repeat_params) {
    %s = arith.constant 17 : i16
    // expected-error @+1 {{'ascendc.shift_left_l0': ShiftLeft of int16_t by 17: Atlas A2/A3 takes a count of 0..16 for 16-bit elements (the ShiftLeft page; dav_c220 CheckValueRange)}}
    "ascendc.shift_left_l0"(%c, %c, %s, %m, %r, %p) <{isSetMask}> : (!ascendc.local_tensor<*xi16>, !ascendc.local_tensor<*xi16>, i16, i32, i32, !ascendc.unary_repeat_params) -> ()
    func.return
  }
}

// -----

builtin.module attributes {ascendc.soc = "Ascend950PR_9599"} {
  func.func @int8_mask_form(%c: !ascendc.local_tensor<*xi8>, %s: i8, %m: i32, %r: i32, %p: !ascendc.unary_repeat_params) {
    // expected-error @+1 {{ShiftRight does not support element type i8 on Ascend 950}}
    "ascendc.shift_right_l0"(%c, %c, %s, %m, %r, %p) <{isSetMask}> : (!ascendc.local_tensor<*xi8>, !ascendc.local_tensor<*xi8>, i8, i32, i32, !ascendc.unary_repeat_params) -> ()
    func.return
  }
}

// -----

builtin.module attributes {ascendc.soc = "Ascend910B"} {
  func.func @int64_on_a2(%c: !ascendc.local_tensor<*xi64>, %s: i64, %n: i32) {
    // expected-error @+1 {{ShiftLeft does not support element type i64 on Atlas A2/A3}}
    "ascendc.shift_left_l2"(%c, %c, %s, %n) <{isSetMask}> : (!ascendc.local_tensor<*xi64>, !ascendc.local_tensor<*xi64>, i64, i32) -> ()
    func.return
  }
}

// -----

builtin.module attributes {ascendc.soc = "Ascend910B"} {
  func.func @and_int32_on_a2(%c: !ascendc.local_tensor<*xi32>, %n: i32) {
    // expected-error @+1 {{And does not support element type i32 on Atlas A2/A3}}
    "ascendc.and_l2"(%c, %c, %c, %n) : (!ascendc.local_tensor<*xi32>, !ascendc.local_tensor<*xi32>, !ascendc.local_tensor<*xi32>, i32) -> ()
    func.return
  }
}

// -----

builtin.module attributes {ascendc.soc = "Ascend950PR_9599"} {
  func.func @not_int64_mask_form(%c: !ascendc.local_tensor<*xi64>, %m: i32, %r: i32, %p: !ascendc.unary_repeat_params) {
    // expected-error @+1 {{Not does not support element type i64 on Ascend 950}}
    "ascendc.not_l0"(%c, %c, %m, %r, %p) <{isSetMask}> : (!ascendc.local_tensor<*xi64>, !ascendc.local_tensor<*xi64>, i32, i32, !ascendc.unary_repeat_params) -> ()
    func.return
  }
}

// -----

builtin.module attributes {ascendc.soc = "Ascend950PR_9599"} {
  func.func @counts_of_another_width(%a: !ascendc.local_tensor<*xui32>, %c: !ascendc.local_tensor<*xi16>, %n: i32) {
    // expected-error @+1 {{'ascendc.shift_left_tensor_l2': ShiftLeft of ui32 takes counts of i32 (the signed integer of its width), got i16}}
    "ascendc.shift_left_tensor_l2"(%a, %a, %c, %n) : (!ascendc.local_tensor<*xui32>, !ascendc.local_tensor<*xui32>, !ascendc.local_tensor<*xi16>, i32) -> ()
    func.return
  }
}

// -----

builtin.module attributes {ascendc.soc = "Ascend910B"} {
  func.func @by_tensor_on_a2(%a: !ascendc.local_tensor<*xi16>, %n: i32) {
    // expected-error @+1 {{'ascendc.shift_right_tensor_l2': ShiftRight by a tensor of counts exists on Ascend 950 (arch 3510) only; this module is compiled for Ascend910B (Atlas A2/A3)}}
    "ascendc.shift_right_tensor_l2"(%a, %a, %a, %n) : (!ascendc.local_tensor<*xi16>, !ascendc.local_tensor<*xi16>, !ascendc.local_tensor<*xi16>, i32) -> ()
    func.return
  }
}
