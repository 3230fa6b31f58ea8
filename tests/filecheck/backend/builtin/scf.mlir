// Emission of scf: for (with and without iter_args; results readable after the loop;
// swapped iter_args go through temporaries), if (with and without results, empty else),
// while with results, index_switch.
// RUN: asc-opt %s -t ascendc | filecheck %s

// CHECK-LABEL: __inline__ __attribute__((always_inline)) __aicore__ void for_plain(__gm__ float* x, int64_t n) {
// CHECK-NEXT:    constexpr int64_t c0 = 0;
// CHECK-NEXT:    constexpr int64_t c1 = 1;
// CHECK-NEXT:    constexpr float zero = 0.0f;
// CHECK-NEXT:    for (int64_t i = c0; i < n; i += c1) {
// CHECK-NEXT:      x[i] = zero;
// CHECK-NEXT:    }
// CHECK-NEXT:    return;
// CHECK-NEXT:  }
func.func @for_plain(%x: memref<?xf32, 22>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0.0 : f32
  scf.for %i = %c0 to %n step %c1 {
    memref.store %zero, %x[%i] : memref<?xf32, 22>
  }
  return
}

// CHECK-LABEL: __inline__ __attribute__((always_inline)) __aicore__ float for_iter_args(__gm__ float* x, int64_t n) {
// CHECK-NEXT:    constexpr int64_t c0 = 0;
// CHECK-NEXT:    constexpr int64_t c1 = 1;
// CHECK-NEXT:    constexpr float init = 0.0f;
// CHECK-NEXT:    float acc = init;
// CHECK-NEXT:    int64_t k = c0;
// CHECK-NEXT:    for (int64_t i = c0; i < n; i += c1) {
// CHECK-NEXT:      float v = x[i];
// CHECK-NEXT:      float next = acc + v;
// CHECK-NEXT:      int64_t k1 = static_cast<int64_t>(static_cast<uint64_t>(k) + static_cast<uint64_t>(c1));
// CHECK-NEXT:      acc = next;
// CHECK-NEXT:      k = k1;
// CHECK-NEXT:    }
// CHECK-NEXT:    int32_t countf = static_cast<int32_t>(k);
// CHECK-NEXT:    float mean_div = static_cast<float>(countf);
// CHECK-NEXT:    float mean = acc / mean_div;
// CHECK-NEXT:    return mean;
// CHECK-NEXT:  }
func.func @for_iter_args(%x: memref<?xf32, 22>, %n: index) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %init = arith.constant 0.0 : f32
  %sum, %count = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %init, %k = %c0) -> (f32, index) {
    %v = memref.load %x[%i] : memref<?xf32, 22>
    %next = arith.addf %acc, %v : f32
    %k1 = arith.addi %k, %c1 : index
    scf.yield %next, %k1 : f32, index
  }
  %countf = arith.index_cast %count : index to i32
  %mean_div = arith.sitofp %countf : i32 to f32
  %mean = arith.divf %sum, %mean_div : f32
  return %mean : f32
}

// CHECK-LABEL: __inline__ __attribute__((always_inline)) __aicore__ int64_t for_nested(int64_t n) {
// CHECK-NEXT:    constexpr int64_t c0 = 0;
// CHECK-NEXT:    constexpr int64_t c1 = 1;
// CHECK-NEXT:    int64_t a = c0;
// CHECK-NEXT:    for (int64_t i = c0; i < n; i += c1) {
// CHECK-NEXT:      int64_t b = a;
// CHECK-NEXT:      for (int64_t j = c0; j < i; j += c1) {
// CHECK-NEXT:        int64_t s = static_cast<int64_t>(static_cast<uint64_t>(b) + static_cast<uint64_t>(j));
// CHECK-NEXT:        b = s;
// CHECK-NEXT:      }
// CHECK-NEXT:      a = b;
// CHECK-NEXT:    }
// CHECK-NEXT:    return a;
// CHECK-NEXT:  }
func.func @for_nested(%n: index) -> index {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%a = %c0) -> (index) {
    %inner = scf.for %j = %c0 to %i step %c1 iter_args(%b = %a) -> (index) {
      %s = arith.addi %b, %j : index
      scf.yield %s : index
    }
    scf.yield %inner : index
  }
  return %r : index
}

// CHECK-LABEL: __inline__ __attribute__((always_inline)) __aicore__ void if_no_results(bool c, __gm__ int32_t* x, int64_t i, int32_t v) {
// CHECK-NEXT:    if (c) {
// CHECK-NEXT:      x[i] = v;
// CHECK-NEXT:    }
// CHECK-NEXT:    return;
// CHECK-NEXT:  }
func.func @if_no_results(%c: i1, %x: memref<?xi32, 22>, %i: index, %v: i32) {
  scf.if %c {
    memref.store %v, %x[%i] : memref<?xi32, 22>
  }
  return
}

// CHECK-LABEL: __inline__ __attribute__((always_inline)) __aicore__ void if_empty_else(bool c, __gm__ int32_t* x, int64_t i, int32_t v) {
// CHECK-NEXT:    if (c) {
// CHECK-NEXT:      x[i] = v;
// CHECK-NEXT:    }
// CHECK-NEXT:    return;
// CHECK-NEXT:  }
func.func @if_empty_else(%c: i1, %x: memref<?xi32, 22>, %i: index, %v: i32) {
  scf.if %c {
    memref.store %v, %x[%i] : memref<?xi32, 22>
  } else {
  }
  return
}

// CHECK-LABEL: __inline__ __attribute__((always_inline)) __aicore__ void if_else(bool c, __gm__ int32_t* x, int64_t i, int32_t v, int32_t w) {
// CHECK-NEXT:    if (c) {
// CHECK-NEXT:      x[i] = v;
// CHECK-NEXT:    } else {
// CHECK-NEXT:      x[i] = w;
// CHECK-NEXT:    }
// CHECK-NEXT:    return;
// CHECK-NEXT:  }
func.func @if_else(%c: i1, %x: memref<?xi32, 22>, %i: index, %v: i32, %w: i32) {
  scf.if %c {
    memref.store %v, %x[%i] : memref<?xi32, 22>
  } else {
    memref.store %w, %x[%i] : memref<?xi32, 22>
  }
  return
}

// CHECK-LABEL: __inline__ __attribute__((always_inline)) __aicore__ int32_t if_results(bool c, int32_t a, int32_t b) {
// CHECK-NEXT:    int32_t r;
// CHECK-NEXT:    int32_t s;
// CHECK-NEXT:    if (c) {
// CHECK-NEXT:      int32_t d = static_cast<int32_t>(static_cast<uint32_t>(a) - static_cast<uint32_t>(b));
// CHECK-NEXT:      r = d;
// CHECK-NEXT:      s = a;
// CHECK-NEXT:    } else {
// CHECK-NEXT:      r = b;
// CHECK-NEXT:      s = b;
// CHECK-NEXT:    }
// CHECK-NEXT:    int32_t t = static_cast<int32_t>(static_cast<uint32_t>(r) + static_cast<uint32_t>(s));
// CHECK-NEXT:    return t;
// CHECK-NEXT:  }
func.func @if_results(%c: i1, %a: i32, %b: i32) -> i32 {
  %r, %s = scf.if %c -> (i32, i32) {
    %d = arith.subi %a, %b : i32
    scf.yield %d, %a : i32, i32
  } else {
    scf.yield %b, %b : i32, i32
  }
  %t = arith.addi %r, %s : i32
  return %t : i32
}

// CHECK-LABEL: __inline__ __attribute__((always_inline)) __aicore__ int32_t while_results(int32_t n) {
// CHECK-NEXT:    constexpr int32_t c0 = 0;
// CHECK-NEXT:    constexpr int32_t c1 = 1;
// CHECK-NEXT:    int32_t res;
// CHECK-NEXT:    int32_t i = c0;
// CHECK-NEXT:    while (true) {
// CHECK-NEXT:      bool more = i < n;
// CHECK-NEXT:      if (!more) {
// CHECK-NEXT:        res = i;
// CHECK-NEXT:        break;
// CHECK-NEXT:      };
// CHECK-NEXT:      int32_t j = i;
// CHECK-NEXT:      int32_t next = static_cast<int32_t>(static_cast<uint32_t>(j) + static_cast<uint32_t>(c1));
// CHECK-NEXT:      i = next;
// CHECK-NEXT:    };
// CHECK-NEXT:    return res;
// CHECK-NEXT:  }
func.func @while_results(%n: i32) -> i32 {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %res = scf.while (%i = %c0) : (i32) -> i32 {
    %more = arith.cmpi slt, %i, %n : i32
    scf.condition(%more) %i : i32
  } do {
  ^bb0(%j: i32):
    %next = arith.addi %j, %c1 : i32
    scf.yield %next : i32
  }
  return %res : i32
}

// CHECK-LABEL: __inline__ __attribute__((always_inline)) __aicore__ float index_switch(int64_t sel, float a, float b) {
// CHECK-NEXT:    float r;
// CHECK-NEXT:    switch (sel) {
// CHECK-NEXT:    case 0: {
// CHECK-NEXT:      float s = a + b;
// CHECK-NEXT:      r = s;
// CHECK-NEXT:    } break;
// CHECK-NEXT:    case 2: {
// CHECK-NEXT:      float m = a * b;
// CHECK-NEXT:      r = m;
// CHECK-NEXT:    } break;
// CHECK-NEXT:    default: {
// CHECK-NEXT:      r = a;
// CHECK-NEXT:    }
// CHECK-NEXT:    }
// CHECK-NEXT:    return r;
// CHECK-NEXT:  }
func.func @index_switch(%sel: index, %a: f32, %b: f32) -> f32 {
  %r = scf.index_switch %sel -> f32
  case 0 {
    %s = arith.addf %a, %b : f32
    scf.yield %s : f32
  }
  case 2 {
    %m = arith.mulf %a, %b : f32
    scf.yield %m : f32
  }
  default {
    scf.yield %a : f32
  }
  return %r : f32
}

// CHECK-LABEL: __inline__ __attribute__((always_inline)) __aicore__ int32_t for_swap(int64_t n, int32_t a, int32_t b) {
// CHECK-NEXT:    constexpr int64_t c0 = 0;
// CHECK-NEXT:    constexpr int64_t c1 = 1;
// CHECK-NEXT:    int32_t p = a;
// CHECK-NEXT:    int32_t q = b;
// CHECK-NEXT:    for (int64_t i = c0; i < n; i += c1) {
// CHECK-NEXT:      int32_t p_next = q;
// CHECK-NEXT:      int32_t q_next = p;
// CHECK-NEXT:      p = p_next;
// CHECK-NEXT:      q = q_next;
// CHECK-NEXT:    }
// CHECK-NEXT:    int32_t d = static_cast<int32_t>(static_cast<uint32_t>(p) - static_cast<uint32_t>(q));
// CHECK-NEXT:    return d;
// CHECK-NEXT:  }
func.func @for_swap(%n: index, %a: i32, %b: i32) -> i32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %x, %y = scf.for %i = %c0 to %n step %c1 iter_args(%p = %a, %q = %b) -> (i32, i32) {
    scf.yield %q, %p : i32, i32
  }
  %d = arith.subi %x, %y : i32
  return %d : i32
}

// CHECK-LABEL: __inline__ __attribute__((always_inline)) __aicore__ int32_t while_swap(int32_t a, int32_t b) {
// CHECK-NEXT:    int32_t r;
// CHECK-NEXT:    int32_t r_1;
// CHECK-NEXT:    int32_t p = a;
// CHECK-NEXT:    int32_t q = b;
// CHECK-NEXT:    while (true) {
// CHECK-NEXT:      bool go = p < q;
// CHECK-NEXT:      if (!go) {
// CHECK-NEXT:        r = p;
// CHECK-NEXT:        r_1 = q;
// CHECK-NEXT:        break;
// CHECK-NEXT:      };
// CHECK-NEXT:      int32_t u = p;
// CHECK-NEXT:      int32_t w = q;
// CHECK-NEXT:      p = w;
// CHECK-NEXT:      q = u;
// CHECK-NEXT:    };
// CHECK-NEXT:    return r_1;
// CHECK-NEXT:  }
func.func @while_swap(%a: i32, %b: i32) -> i32 {
  %r:2 = scf.while (%p = %a, %q = %b) : (i32, i32) -> (i32, i32) {
    %go = arith.cmpi slt, %p, %q : i32
    scf.condition(%go) %p, %q : i32, i32
  } do {
  ^bb0(%u: i32, %w: i32):
    scf.yield %w, %u : i32, i32
  }
  return %r#1 : i32
}
