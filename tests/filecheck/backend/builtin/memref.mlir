// Emission of memref: pointer address spaces (22 __gm__, 23 __ca__, 24 __cb__, 25 __cc__,
// 26 __ubuf__, 27 __cbuf__, 28 __fbuf__, none = plain pointer), load/store as
// subscripts (one linear index into a pointer of rank > 1), alloca as a local array
// (rank 0 -> one element), cast as reinterpret_cast.
// RUN: asc-opt %s -t ascendc | filecheck %s

// CHECK-LABEL: __inline__ __attribute__((always_inline)) __aicore__ void spaces(__gm__ float* gm, __ca__ half* ca, __cb__ half* cb, __cc__ float* cc, __ubuf__ int32_t* ub, __cbuf__ int8_t* cbuf, __fbuf__ uint64_t* fb, int64_t* plain) {
// CHECK-NEXT:    return;
// CHECK-NEXT:  }
func.func @spaces(%gm: memref<?xf32, 22>, %ca: memref<?xf16, 23>, %cb: memref<?xf16, 24>, %cc: memref<?xf32, 25>, %ub: memref<?xi32, 26>, %cbuf: memref<?xi8, 27>, %fb: memref<?xui64, 28>, %plain: memref<?xi64>) {
  return
}

// CHECK-LABEL: __inline__ __attribute__((always_inline)) __aicore__ void load_store(__gm__ float* x, __gm__ float* y, int64_t i) {
// CHECK-NEXT:    float v = x[i];
// CHECK-NEXT:    y[i] = v;
// CHECK-NEXT:    return;
// CHECK-NEXT:  }
func.func @load_store(%x: memref<?xf32, 22>, %y: memref<?xf32, 22>, %i: index) {
  %v = memref.load %x[%i] : memref<?xf32, 22>
  memref.store %v, %y[%i] : memref<?xf32, 22>
  return
}

// CHECK-LABEL: __inline__ __attribute__((always_inline)) __aicore__ void stack_arrays(int64_t i, int64_t j, int32_t v) {
// CHECK-NEXT:    int32_t scalar[1];
// CHECK-NEXT:    int32_t row[8];
// CHECK-NEXT:    float grid[4][2];
// CHECK-NEXT:    constexpr int64_t c0 = 0;
// CHECK-NEXT:    scalar[0] = v;
// CHECK-NEXT:    row[i] = v;
// CHECK-NEXT:    int32_t w = scalar[0];
// CHECK-NEXT:    float g = grid[i][j];
// CHECK-NEXT:    return;
// CHECK-NEXT:  }
func.func @stack_arrays(%i: index, %j: index, %v: i32) {
  %scalar = memref.alloca() : memref<i32>
  %row = memref.alloca() : memref<8xi32>
  %grid = memref.alloca() : memref<4x2xf32>
  %c0 = arith.constant 0 : index
  memref.store %v, %scalar[] : memref<i32>
  memref.store %v, %row[%i] : memref<8xi32>
  %w = memref.load %scalar[] : memref<i32>
  %g = memref.load %grid[%i, %j] : memref<4x2xf32>
  return
}

// pyasc marks arrays it declares unsigned with {ascendc.emit_as_unsigned}.
// CHECK-LABEL: __inline__ __attribute__((always_inline)) __aicore__ void unsigned_array(int16_t v) {
// CHECK-NEXT:    uint16_t bits[2];
// CHECK-NEXT:    constexpr int64_t c1 = 1;
// CHECK-NEXT:    bits[c1] = v;
func.func @unsigned_array(%v: i16) {
  %bits = memref.alloca() {ascendc.emit_as_unsigned} : memref<2xi16>
  %c1 = arith.constant 1 : index
  memref.store %v, %bits[%c1] : memref<2xi16>
  return
}

// CHECK-LABEL: __inline__ __attribute__((always_inline)) __aicore__ void cast(__gm__ float* x) {
// CHECK-NEXT:    __gm__ float* fixed = reinterpret_cast<__gm__ float*>(x);
// CHECK-NEXT:    constexpr int64_t c = 3;
// CHECK-NEXT:    float v = fixed[c];
// CHECK-NEXT:    return;
// CHECK-NEXT:  }
func.func @cast(%x: memref<?xf32, 22>) {
  %fixed = "memref.cast"(%x) : (memref<?xf32, 22>) -> memref<16xf32, 22>
  %c = arith.constant 3 : index
  %v = memref.load %fixed[%c] : memref<16xf32, 22>
  return
}

// A pointer of rank 3 is subscripted once, row-major over its static sizes; a local
// array keeps one subscript per dimension.
// CHECK-LABEL: __inline__ __attribute__((always_inline)) __aicore__ void linear(int32_t* b, int64_t i, int64_t j, int64_t k) {
// CHECK-NEXT:    int32_t c[4][8];
// CHECK-NEXT:    int32_t v1 = b[(i * 8 + j) * 4 + k];
// CHECK-NEXT:    c[i][j] = v1;
// CHECK-NEXT:    b[(k * 8 + i) * 4 + j] = v1;
// CHECK-NEXT:    return;
// CHECK-NEXT:  }
func.func @linear(%b: memref<?x8x4xi32>, %i: index, %j: index, %k: index) {
  %c = memref.alloca() : memref<4x8xi32>
  %0 = memref.load %b[%i, %j, %k] : memref<?x8x4xi32>
  memref.store %0, %c[%i, %j] : memref<4x8xi32>
  memref.store %0, %b[%k, %i, %j] : memref<?x8x4xi32>
  return
}
