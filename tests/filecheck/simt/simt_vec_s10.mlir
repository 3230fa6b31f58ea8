// The vector types of kernel_vectorized.h / vector_functions.h (char2 ... ulonglong4,
// float2 ... float4: make_<type> and the components .x .y .z .w) and the float2
// conversions of asc_fp16.h / asc_bf16.h, printed as the 3510 headers declare them.
// tools/check_headers.py --arch 3510 compiles it.
// RUN: asc-opt %s | asc-opt | filecheck %s --check-prefix=IR
// RUN: asc-opt %s -t ascendc | filecheck %s

// IR:      %v0 = ascendc.simt.make_char2 %c, %c : i8, i8 -> !ascendc.vector<char2>
// IR:      %y0 = ascendc.simt.component %v0 {component = "y"} : !ascendc.vector<char2> -> i8
// IR:      %p0 = ascendc.simt.float22half2_rn %f : !ascendc.vector<float2> -> !ascendc.half2
// IR:      %b = ascendc.simt.bfloat1622float2 %q : !ascendc.bfloat16x2 -> !ascendc.vector<float2>

builtin.module attributes {ascendc.soc = "Ascend950PR_9599"} {
  // CHECK:      #include "kernel_operator.h"
  // CHECK-DAG:  #include "simt_api/vector_functions.h"
  // CHECK-DAG:  #include "simt_api/asc_fp16.h"
  // CHECK-DAG:  #include "simt_api/asc_bf16.h"
  // CHECK-LABEL: __simt_vf__ __launch_bounds__(32) inline void vectors(int8_t c, uint8_t uc, int16_t s, uint16_t us, int32_t i, uint32_t u, int64_t l, uint64_t ul, float x) {
  // CHECK-NEXT: char2 v0 = make_char2(c, c);
  // CHECK-NEXT: int8_t x0 = v0.x;
  // CHECK-NEXT: int8_t y0 = v0.y;
  // CHECK-NEXT: char3 v1 = make_char3(c, c, c);
  // CHECK-NEXT: int8_t x1 = v1.x;
  // CHECK-NEXT: int8_t y1 = v1.y;
  // CHECK-NEXT: int8_t z1 = v1.z;
  // CHECK-NEXT: char4 v2 = make_char4(c, c, c, c);
  // CHECK-NEXT: int8_t x2 = v2.x;
  // CHECK-NEXT: int8_t y2 = v2.y;
  // CHECK-NEXT: int8_t z2 = v2.z;
  // CHECK-NEXT: int8_t w2 = v2.w;
  // CHECK-NEXT: uchar2 v3 = make_uchar2(uc, uc);
  // CHECK-NEXT: uint8_t x3 = v3.x;
  // CHECK-NEXT: uint8_t y3 = v3.y;
  // CHECK-NEXT: uchar3 v4 = make_uchar3(uc, uc, uc);
  // CHECK-NEXT: uint8_t x4 = v4.x;
  // CHECK-NEXT: uint8_t y4 = v4.y;
  // CHECK-NEXT: uint8_t z4 = v4.z;
  // CHECK-NEXT: uchar4 v5 = make_uchar4(uc, uc, uc, uc);
  // CHECK-NEXT: uint8_t x5 = v5.x;
  // CHECK-NEXT: uint8_t y5 = v5.y;
  // CHECK-NEXT: uint8_t z5 = v5.z;
  // CHECK-NEXT: uint8_t w5 = v5.w;
  // CHECK-NEXT: short2 v6 = make_short2(s, s);
  // CHECK-NEXT: int16_t x6 = v6.x;
  // CHECK-NEXT: int16_t y6 = v6.y;
  // CHECK-NEXT: short3 v7 = make_short3(s, s, s);
  // CHECK-NEXT: int16_t x7 = v7.x;
  // CHECK-NEXT: int16_t y7 = v7.y;
  // CHECK-NEXT: int16_t z7 = v7.z;
  // CHECK-NEXT: short4 v8 = make_short4(s, s, s, s);
  // CHECK-NEXT: int16_t x8 = v8.x;
  // CHECK-NEXT: int16_t y8 = v8.y;
  // CHECK-NEXT: int16_t z8 = v8.z;
  // CHECK-NEXT: int16_t w8 = v8.w;
  // CHECK-NEXT: ushort2 v9 = make_ushort2(us, us);
  // CHECK-NEXT: uint16_t x9 = v9.x;
  // CHECK-NEXT: uint16_t y9 = v9.y;
  // CHECK-NEXT: ushort3 v10 = make_ushort3(us, us, us);
  // CHECK-NEXT: uint16_t x10 = v10.x;
  // CHECK-NEXT: uint16_t y10 = v10.y;
  // CHECK-NEXT: uint16_t z10 = v10.z;
  // CHECK-NEXT: ushort4 v11 = make_ushort4(us, us, us, us);
  // CHECK-NEXT: uint16_t x11 = v11.x;
  // CHECK-NEXT: uint16_t y11 = v11.y;
  // CHECK-NEXT: uint16_t z11 = v11.z;
  // CHECK-NEXT: uint16_t w11 = v11.w;
  // CHECK-NEXT: int2 v12 = make_int2(i, i);
  // CHECK-NEXT: int32_t x12 = v12.x;
  // CHECK-NEXT: int32_t y12 = v12.y;
  // CHECK-NEXT: int3 v13 = make_int3(i, i, i);
  // CHECK-NEXT: int32_t x13 = v13.x;
  // CHECK-NEXT: int32_t y13 = v13.y;
  // CHECK-NEXT: int32_t z13 = v13.z;
  // CHECK-NEXT: int4 v14 = make_int4(i, i, i, i);
  // CHECK-NEXT: int32_t x14 = v14.x;
  // CHECK-NEXT: int32_t y14 = v14.y;
  // CHECK-NEXT: int32_t z14 = v14.z;
  // CHECK-NEXT: int32_t w14 = v14.w;
  // CHECK-NEXT: uint2 v15 = make_uint2(u, u);
  // CHECK-NEXT: uint32_t x15 = v15.x;
  // CHECK-NEXT: uint32_t y15 = v15.y;
  // CHECK-NEXT: uint3 v16 = make_uint3(u, u, u);
  // CHECK-NEXT: uint32_t x16 = v16.x;
  // CHECK-NEXT: uint32_t y16 = v16.y;
  // CHECK-NEXT: uint32_t z16 = v16.z;
  // CHECK-NEXT: uint4 v17 = make_uint4(u, u, u, u);
  // CHECK-NEXT: uint32_t x17 = v17.x;
  // CHECK-NEXT: uint32_t y17 = v17.y;
  // CHECK-NEXT: uint32_t z17 = v17.z;
  // CHECK-NEXT: uint32_t w17 = v17.w;
  // CHECK-NEXT: long2 v18 = make_long2(l, l);
  // CHECK-NEXT: int64_t x18 = v18.x;
  // CHECK-NEXT: int64_t y18 = v18.y;
  // CHECK-NEXT: long3 v19 = make_long3(l, l, l);
  // CHECK-NEXT: int64_t x19 = v19.x;
  // CHECK-NEXT: int64_t y19 = v19.y;
  // CHECK-NEXT: int64_t z19 = v19.z;
  // CHECK-NEXT: long4 v20 = make_long4(l, l, l, l);
  // CHECK-NEXT: int64_t x20 = v20.x;
  // CHECK-NEXT: int64_t y20 = v20.y;
  // CHECK-NEXT: int64_t z20 = v20.z;
  // CHECK-NEXT: int64_t w20 = v20.w;
  // CHECK-NEXT: ulong2 v21 = make_ulong2(ul, ul);
  // CHECK-NEXT: uint64_t x21 = v21.x;
  // CHECK-NEXT: uint64_t y21 = v21.y;
  // CHECK-NEXT: ulong3 v22 = make_ulong3(ul, ul, ul);
  // CHECK-NEXT: uint64_t x22 = v22.x;
  // CHECK-NEXT: uint64_t y22 = v22.y;
  // CHECK-NEXT: uint64_t z22 = v22.z;
  // CHECK-NEXT: ulong4 v23 = make_ulong4(ul, ul, ul, ul);
  // CHECK-NEXT: uint64_t x23 = v23.x;
  // CHECK-NEXT: uint64_t y23 = v23.y;
  // CHECK-NEXT: uint64_t z23 = v23.z;
  // CHECK-NEXT: uint64_t w23 = v23.w;
  // CHECK-NEXT: longlong2 v24 = make_longlong2(l, l);
  // CHECK-NEXT: int64_t x24 = v24.x;
  // CHECK-NEXT: int64_t y24 = v24.y;
  // CHECK-NEXT: longlong3 v25 = make_longlong3(l, l, l);
  // CHECK-NEXT: int64_t x25 = v25.x;
  // CHECK-NEXT: int64_t y25 = v25.y;
  // CHECK-NEXT: int64_t z25 = v25.z;
  // CHECK-NEXT: longlong4 v26 = make_longlong4(l, l, l, l);
  // CHECK-NEXT: int64_t x26 = v26.x;
  // CHECK-NEXT: int64_t y26 = v26.y;
  // CHECK-NEXT: int64_t z26 = v26.z;
  // CHECK-NEXT: int64_t w26 = v26.w;
  // CHECK-NEXT: ulonglong2 v27 = make_ulonglong2(ul, ul);
  // CHECK-NEXT: uint64_t x27 = v27.x;
  // CHECK-NEXT: uint64_t y27 = v27.y;
  // CHECK-NEXT: ulonglong3 v28 = make_ulonglong3(ul, ul, ul);
  // CHECK-NEXT: uint64_t x28 = v28.x;
  // CHECK-NEXT: uint64_t y28 = v28.y;
  // CHECK-NEXT: uint64_t z28 = v28.z;
  // CHECK-NEXT: ulonglong4 v29 = make_ulonglong4(ul, ul, ul, ul);
  // CHECK-NEXT: uint64_t x29 = v29.x;
  // CHECK-NEXT: uint64_t y29 = v29.y;
  // CHECK-NEXT: uint64_t z29 = v29.z;
  // CHECK-NEXT: uint64_t w29 = v29.w;
  // CHECK-NEXT: float2 v30 = make_float2(x, x);
  // CHECK-NEXT: float x30 = v30.x;
  // CHECK-NEXT: float y30 = v30.y;
  // CHECK-NEXT: float3 v31 = make_float3(x, x, x);
  // CHECK-NEXT: float x31 = v31.x;
  // CHECK-NEXT: float y31 = v31.y;
  // CHECK-NEXT: float z31 = v31.z;
  // CHECK-NEXT: float4 v32 = make_float4(x, x, x, x);
  // CHECK-NEXT: float x32 = v32.x;
  // CHECK-NEXT: float y32 = v32.y;
  // CHECK-NEXT: float z32 = v32.z;
  // CHECK-NEXT: float w32 = v32.w;
  // CHECK-NEXT: return;
  func.func @vectors(%c: i8, %uc: ui8, %s: i16, %us: ui16, %i: i32, %u: ui32, %l: i64, %ul: ui64, %x: f32) attributes {ascendc.simt_vf = 32 : i32} {
    %v0 = ascendc.simt.make_char2 %c, %c : i8, i8 -> !ascendc.vector<char2>
    %x0 = ascendc.simt.component %v0 {component = "x"} : !ascendc.vector<char2> -> i8
    %y0 = ascendc.simt.component %v0 {component = "y"} : !ascendc.vector<char2> -> i8
    %v1 = ascendc.simt.make_char3 %c, %c, %c : i8, i8, i8 -> !ascendc.vector<char3>
    %x1 = ascendc.simt.component %v1 {component = "x"} : !ascendc.vector<char3> -> i8
    %y1 = ascendc.simt.component %v1 {component = "y"} : !ascendc.vector<char3> -> i8
    %z1 = ascendc.simt.component %v1 {component = "z"} : !ascendc.vector<char3> -> i8
    %v2 = ascendc.simt.make_char4 %c, %c, %c, %c : i8, i8, i8, i8 -> !ascendc.vector<char4>
    %x2 = ascendc.simt.component %v2 {component = "x"} : !ascendc.vector<char4> -> i8
    %y2 = ascendc.simt.component %v2 {component = "y"} : !ascendc.vector<char4> -> i8
    %z2 = ascendc.simt.component %v2 {component = "z"} : !ascendc.vector<char4> -> i8
    %w2 = ascendc.simt.component %v2 {component = "w"} : !ascendc.vector<char4> -> i8
    %v3 = ascendc.simt.make_uchar2 %uc, %uc : ui8, ui8 -> !ascendc.vector<uchar2>
    %x3 = ascendc.simt.component %v3 {component = "x"} : !ascendc.vector<uchar2> -> ui8
    %y3 = ascendc.simt.component %v3 {component = "y"} : !ascendc.vector<uchar2> -> ui8
    %v4 = ascendc.simt.make_uchar3 %uc, %uc, %uc : ui8, ui8, ui8 -> !ascendc.vector<uchar3>
    %x4 = ascendc.simt.component %v4 {component = "x"} : !ascendc.vector<uchar3> -> ui8
    %y4 = ascendc.simt.component %v4 {component = "y"} : !ascendc.vector<uchar3> -> ui8
    %z4 = ascendc.simt.component %v4 {component = "z"} : !ascendc.vector<uchar3> -> ui8
    %v5 = ascendc.simt.make_uchar4 %uc, %uc, %uc, %uc : ui8, ui8, ui8, ui8 -> !ascendc.vector<uchar4>
    %x5 = ascendc.simt.component %v5 {component = "x"} : !ascendc.vector<uchar4> -> ui8
    %y5 = ascendc.simt.component %v5 {component = "y"} : !ascendc.vector<uchar4> -> ui8
    %z5 = ascendc.simt.component %v5 {component = "z"} : !ascendc.vector<uchar4> -> ui8
    %w5 = ascendc.simt.component %v5 {component = "w"} : !ascendc.vector<uchar4> -> ui8
    %v6 = ascendc.simt.make_short2 %s, %s : i16, i16 -> !ascendc.vector<short2>
    %x6 = ascendc.simt.component %v6 {component = "x"} : !ascendc.vector<short2> -> i16
    %y6 = ascendc.simt.component %v6 {component = "y"} : !ascendc.vector<short2> -> i16
    %v7 = ascendc.simt.make_short3 %s, %s, %s : i16, i16, i16 -> !ascendc.vector<short3>
    %x7 = ascendc.simt.component %v7 {component = "x"} : !ascendc.vector<short3> -> i16
    %y7 = ascendc.simt.component %v7 {component = "y"} : !ascendc.vector<short3> -> i16
    %z7 = ascendc.simt.component %v7 {component = "z"} : !ascendc.vector<short3> -> i16
    %v8 = ascendc.simt.make_short4 %s, %s, %s, %s : i16, i16, i16, i16 -> !ascendc.vector<short4>
    %x8 = ascendc.simt.component %v8 {component = "x"} : !ascendc.vector<short4> -> i16
    %y8 = ascendc.simt.component %v8 {component = "y"} : !ascendc.vector<short4> -> i16
    %z8 = ascendc.simt.component %v8 {component = "z"} : !ascendc.vector<short4> -> i16
    %w8 = ascendc.simt.component %v8 {component = "w"} : !ascendc.vector<short4> -> i16
    %v9 = ascendc.simt.make_ushort2 %us, %us : ui16, ui16 -> !ascendc.vector<ushort2>
    %x9 = ascendc.simt.component %v9 {component = "x"} : !ascendc.vector<ushort2> -> ui16
    %y9 = ascendc.simt.component %v9 {component = "y"} : !ascendc.vector<ushort2> -> ui16
    %v10 = ascendc.simt.make_ushort3 %us, %us, %us : ui16, ui16, ui16 -> !ascendc.vector<ushort3>
    %x10 = ascendc.simt.component %v10 {component = "x"} : !ascendc.vector<ushort3> -> ui16
    %y10 = ascendc.simt.component %v10 {component = "y"} : !ascendc.vector<ushort3> -> ui16
    %z10 = ascendc.simt.component %v10 {component = "z"} : !ascendc.vector<ushort3> -> ui16
    %v11 = ascendc.simt.make_ushort4 %us, %us, %us, %us : ui16, ui16, ui16, ui16 -> !ascendc.vector<ushort4>
    %x11 = ascendc.simt.component %v11 {component = "x"} : !ascendc.vector<ushort4> -> ui16
    %y11 = ascendc.simt.component %v11 {component = "y"} : !ascendc.vector<ushort4> -> ui16
    %z11 = ascendc.simt.component %v11 {component = "z"} : !ascendc.vector<ushort4> -> ui16
    %w11 = ascendc.simt.component %v11 {component = "w"} : !ascendc.vector<ushort4> -> ui16
    %v12 = ascendc.simt.make_int2 %i, %i : i32, i32 -> !ascendc.vector<int2>
    %x12 = ascendc.simt.component %v12 {component = "x"} : !ascendc.vector<int2> -> i32
    %y12 = ascendc.simt.component %v12 {component = "y"} : !ascendc.vector<int2> -> i32
    %v13 = ascendc.simt.make_int3 %i, %i, %i : i32, i32, i32 -> !ascendc.vector<int3>
    %x13 = ascendc.simt.component %v13 {component = "x"} : !ascendc.vector<int3> -> i32
    %y13 = ascendc.simt.component %v13 {component = "y"} : !ascendc.vector<int3> -> i32
    %z13 = ascendc.simt.component %v13 {component = "z"} : !ascendc.vector<int3> -> i32
    %v14 = ascendc.simt.make_int4 %i, %i, %i, %i : i32, i32, i32, i32 -> !ascendc.vector<int4>
    %x14 = ascendc.simt.component %v14 {component = "x"} : !ascendc.vector<int4> -> i32
    %y14 = ascendc.simt.component %v14 {component = "y"} : !ascendc.vector<int4> -> i32
    %z14 = ascendc.simt.component %v14 {component = "z"} : !ascendc.vector<int4> -> i32
    %w14 = ascendc.simt.component %v14 {component = "w"} : !ascendc.vector<int4> -> i32
    %v15 = ascendc.simt.make_uint2 %u, %u : ui32, ui32 -> !ascendc.vector<uint2>
    %x15 = ascendc.simt.component %v15 {component = "x"} : !ascendc.vector<uint2> -> ui32
    %y15 = ascendc.simt.component %v15 {component = "y"} : !ascendc.vector<uint2> -> ui32
    %v16 = ascendc.simt.make_uint3 %u, %u, %u : ui32, ui32, ui32 -> !ascendc.vector<uint3>
    %x16 = ascendc.simt.component %v16 {component = "x"} : !ascendc.vector<uint3> -> ui32
    %y16 = ascendc.simt.component %v16 {component = "y"} : !ascendc.vector<uint3> -> ui32
    %z16 = ascendc.simt.component %v16 {component = "z"} : !ascendc.vector<uint3> -> ui32
    %v17 = ascendc.simt.make_uint4 %u, %u, %u, %u : ui32, ui32, ui32, ui32 -> !ascendc.vector<uint4>
    %x17 = ascendc.simt.component %v17 {component = "x"} : !ascendc.vector<uint4> -> ui32
    %y17 = ascendc.simt.component %v17 {component = "y"} : !ascendc.vector<uint4> -> ui32
    %z17 = ascendc.simt.component %v17 {component = "z"} : !ascendc.vector<uint4> -> ui32
    %w17 = ascendc.simt.component %v17 {component = "w"} : !ascendc.vector<uint4> -> ui32
    %v18 = ascendc.simt.make_long2 %l, %l : i64, i64 -> !ascendc.vector<long2>
    %x18 = ascendc.simt.component %v18 {component = "x"} : !ascendc.vector<long2> -> i64
    %y18 = ascendc.simt.component %v18 {component = "y"} : !ascendc.vector<long2> -> i64
    %v19 = ascendc.simt.make_long3 %l, %l, %l : i64, i64, i64 -> !ascendc.vector<long3>
    %x19 = ascendc.simt.component %v19 {component = "x"} : !ascendc.vector<long3> -> i64
    %y19 = ascendc.simt.component %v19 {component = "y"} : !ascendc.vector<long3> -> i64
    %z19 = ascendc.simt.component %v19 {component = "z"} : !ascendc.vector<long3> -> i64
    %v20 = ascendc.simt.make_long4 %l, %l, %l, %l : i64, i64, i64, i64 -> !ascendc.vector<long4>
    %x20 = ascendc.simt.component %v20 {component = "x"} : !ascendc.vector<long4> -> i64
    %y20 = ascendc.simt.component %v20 {component = "y"} : !ascendc.vector<long4> -> i64
    %z20 = ascendc.simt.component %v20 {component = "z"} : !ascendc.vector<long4> -> i64
    %w20 = ascendc.simt.component %v20 {component = "w"} : !ascendc.vector<long4> -> i64
    %v21 = ascendc.simt.make_ulong2 %ul, %ul : ui64, ui64 -> !ascendc.vector<ulong2>
    %x21 = ascendc.simt.component %v21 {component = "x"} : !ascendc.vector<ulong2> -> ui64
    %y21 = ascendc.simt.component %v21 {component = "y"} : !ascendc.vector<ulong2> -> ui64
    %v22 = ascendc.simt.make_ulong3 %ul, %ul, %ul : ui64, ui64, ui64 -> !ascendc.vector<ulong3>
    %x22 = ascendc.simt.component %v22 {component = "x"} : !ascendc.vector<ulong3> -> ui64
    %y22 = ascendc.simt.component %v22 {component = "y"} : !ascendc.vector<ulong3> -> ui64
    %z22 = ascendc.simt.component %v22 {component = "z"} : !ascendc.vector<ulong3> -> ui64
    %v23 = ascendc.simt.make_ulong4 %ul, %ul, %ul, %ul : ui64, ui64, ui64, ui64 -> !ascendc.vector<ulong4>
    %x23 = ascendc.simt.component %v23 {component = "x"} : !ascendc.vector<ulong4> -> ui64
    %y23 = ascendc.simt.component %v23 {component = "y"} : !ascendc.vector<ulong4> -> ui64
    %z23 = ascendc.simt.component %v23 {component = "z"} : !ascendc.vector<ulong4> -> ui64
    %w23 = ascendc.simt.component %v23 {component = "w"} : !ascendc.vector<ulong4> -> ui64
    %v24 = ascendc.simt.make_longlong2 %l, %l : i64, i64 -> !ascendc.vector<longlong2>
    %x24 = ascendc.simt.component %v24 {component = "x"} : !ascendc.vector<longlong2> -> i64
    %y24 = ascendc.simt.component %v24 {component = "y"} : !ascendc.vector<longlong2> -> i64
    %v25 = ascendc.simt.make_longlong3 %l, %l, %l : i64, i64, i64 -> !ascendc.vector<longlong3>
    %x25 = ascendc.simt.component %v25 {component = "x"} : !ascendc.vector<longlong3> -> i64
    %y25 = ascendc.simt.component %v25 {component = "y"} : !ascendc.vector<longlong3> -> i64
    %z25 = ascendc.simt.component %v25 {component = "z"} : !ascendc.vector<longlong3> -> i64
    %v26 = ascendc.simt.make_longlong4 %l, %l, %l, %l : i64, i64, i64, i64 -> !ascendc.vector<longlong4>
    %x26 = ascendc.simt.component %v26 {component = "x"} : !ascendc.vector<longlong4> -> i64
    %y26 = ascendc.simt.component %v26 {component = "y"} : !ascendc.vector<longlong4> -> i64
    %z26 = ascendc.simt.component %v26 {component = "z"} : !ascendc.vector<longlong4> -> i64
    %w26 = ascendc.simt.component %v26 {component = "w"} : !ascendc.vector<longlong4> -> i64
    %v27 = ascendc.simt.make_ulonglong2 %ul, %ul : ui64, ui64 -> !ascendc.vector<ulonglong2>
    %x27 = ascendc.simt.component %v27 {component = "x"} : !ascendc.vector<ulonglong2> -> ui64
    %y27 = ascendc.simt.component %v27 {component = "y"} : !ascendc.vector<ulonglong2> -> ui64
    %v28 = ascendc.simt.make_ulonglong3 %ul, %ul, %ul : ui64, ui64, ui64 -> !ascendc.vector<ulonglong3>
    %x28 = ascendc.simt.component %v28 {component = "x"} : !ascendc.vector<ulonglong3> -> ui64
    %y28 = ascendc.simt.component %v28 {component = "y"} : !ascendc.vector<ulonglong3> -> ui64
    %z28 = ascendc.simt.component %v28 {component = "z"} : !ascendc.vector<ulonglong3> -> ui64
    %v29 = ascendc.simt.make_ulonglong4 %ul, %ul, %ul, %ul : ui64, ui64, ui64, ui64 -> !ascendc.vector<ulonglong4>
    %x29 = ascendc.simt.component %v29 {component = "x"} : !ascendc.vector<ulonglong4> -> ui64
    %y29 = ascendc.simt.component %v29 {component = "y"} : !ascendc.vector<ulonglong4> -> ui64
    %z29 = ascendc.simt.component %v29 {component = "z"} : !ascendc.vector<ulonglong4> -> ui64
    %w29 = ascendc.simt.component %v29 {component = "w"} : !ascendc.vector<ulonglong4> -> ui64
    %v30 = ascendc.simt.make_float2 %x, %x : f32, f32 -> !ascendc.vector<float2>
    %x30 = ascendc.simt.component %v30 {component = "x"} : !ascendc.vector<float2> -> f32
    %y30 = ascendc.simt.component %v30 {component = "y"} : !ascendc.vector<float2> -> f32
    %v31 = ascendc.simt.make_float3 %x, %x, %x : f32, f32, f32 -> !ascendc.vector<float3>
    %x31 = ascendc.simt.component %v31 {component = "x"} : !ascendc.vector<float3> -> f32
    %y31 = ascendc.simt.component %v31 {component = "y"} : !ascendc.vector<float3> -> f32
    %z31 = ascendc.simt.component %v31 {component = "z"} : !ascendc.vector<float3> -> f32
    %v32 = ascendc.simt.make_float4 %x, %x, %x, %x : f32, f32, f32, f32 -> !ascendc.vector<float4>
    %x32 = ascendc.simt.component %v32 {component = "x"} : !ascendc.vector<float4> -> f32
    %y32 = ascendc.simt.component %v32 {component = "y"} : !ascendc.vector<float4> -> f32
    %z32 = ascendc.simt.component %v32 {component = "z"} : !ascendc.vector<float4> -> f32
    %w32 = ascendc.simt.component %v32 {component = "w"} : !ascendc.vector<float4> -> f32
    func.return
  }

  // CHECK-LABEL: __simt_vf__ __launch_bounds__(32) inline void float2s(float2 f, bfloat16x2_t q) {
  // CHECK-NEXT: half2 p0 = __float22half2_rn(f);
  // CHECK-NEXT: half2 p1 = __float22half2_rn_sat(f);
  // CHECK-NEXT: half2 p2 = __float22half2_rz_sat(f);
  // CHECK-NEXT: half2 p3 = __float22half2_rd(f);
  // CHECK-NEXT: half2 p4 = __float22half2_rd_sat(f);
  // CHECK-NEXT: half2 p5 = __float22half2_ru(f);
  // CHECK-NEXT: half2 p6 = __float22half2_ru_sat(f);
  // CHECK-NEXT: half2 p7 = __float22half2_rna(f);
  // CHECK-NEXT: half2 p8 = __float22half2_rna_sat(f);
  // CHECK-NEXT: half2 p9 = __float22half2_ro(f);
  // CHECK-NEXT: half2 p10 = __float22half2_ro_sat(f);
  // CHECK-NEXT: bfloat16x2_t p11 = __float22bfloat162_rn(f);
  // CHECK-NEXT: bfloat16x2_t p12 = __float22bfloat162_rn_sat(f);
  // CHECK-NEXT: bfloat16x2_t p13 = __float22bfloat162_rz(f);
  // CHECK-NEXT: bfloat16x2_t p14 = __float22bfloat162_rz_sat(f);
  // CHECK-NEXT: bfloat16x2_t p15 = __float22bfloat162_rd(f);
  // CHECK-NEXT: bfloat16x2_t p16 = __float22bfloat162_rd_sat(f);
  // CHECK-NEXT: bfloat16x2_t p17 = __float22bfloat162_ru(f);
  // CHECK-NEXT: bfloat16x2_t p18 = __float22bfloat162_ru_sat(f);
  // CHECK-NEXT: bfloat16x2_t p19 = __float22bfloat162_rna(f);
  // CHECK-NEXT: bfloat16x2_t p20 = __float22bfloat162_rna_sat(f);
  // CHECK-NEXT: float2 b = __bfloat1622float2(q);
  // CHECK-NEXT: float bx = b.x;
  // CHECK-NEXT: return;
  func.func @float2s(%f: !ascendc.vector<float2>, %q: !ascendc.bfloat16x2) attributes {ascendc.simt_vf = 32 : i32} {
    %p0 = ascendc.simt.float22half2_rn %f : !ascendc.vector<float2> -> !ascendc.half2
    %p1 = ascendc.simt.float22half2_rn_sat %f : !ascendc.vector<float2> -> !ascendc.half2
    %p2 = ascendc.simt.float22half2_rz_sat %f : !ascendc.vector<float2> -> !ascendc.half2
    %p3 = ascendc.simt.float22half2_rd %f : !ascendc.vector<float2> -> !ascendc.half2
    %p4 = ascendc.simt.float22half2_rd_sat %f : !ascendc.vector<float2> -> !ascendc.half2
    %p5 = ascendc.simt.float22half2_ru %f : !ascendc.vector<float2> -> !ascendc.half2
    %p6 = ascendc.simt.float22half2_ru_sat %f : !ascendc.vector<float2> -> !ascendc.half2
    %p7 = ascendc.simt.float22half2_rna %f : !ascendc.vector<float2> -> !ascendc.half2
    %p8 = ascendc.simt.float22half2_rna_sat %f : !ascendc.vector<float2> -> !ascendc.half2
    %p9 = ascendc.simt.float22half2_ro %f : !ascendc.vector<float2> -> !ascendc.half2
    %p10 = ascendc.simt.float22half2_ro_sat %f : !ascendc.vector<float2> -> !ascendc.half2
    %p11 = ascendc.simt.float22bfloat162_rn %f : !ascendc.vector<float2> -> !ascendc.bfloat16x2
    %p12 = ascendc.simt.float22bfloat162_rn_sat %f : !ascendc.vector<float2> -> !ascendc.bfloat16x2
    %p13 = ascendc.simt.float22bfloat162_rz %f : !ascendc.vector<float2> -> !ascendc.bfloat16x2
    %p14 = ascendc.simt.float22bfloat162_rz_sat %f : !ascendc.vector<float2> -> !ascendc.bfloat16x2
    %p15 = ascendc.simt.float22bfloat162_rd %f : !ascendc.vector<float2> -> !ascendc.bfloat16x2
    %p16 = ascendc.simt.float22bfloat162_rd_sat %f : !ascendc.vector<float2> -> !ascendc.bfloat16x2
    %p17 = ascendc.simt.float22bfloat162_ru %f : !ascendc.vector<float2> -> !ascendc.bfloat16x2
    %p18 = ascendc.simt.float22bfloat162_ru_sat %f : !ascendc.vector<float2> -> !ascendc.bfloat16x2
    %p19 = ascendc.simt.float22bfloat162_rna %f : !ascendc.vector<float2> -> !ascendc.bfloat16x2
    %p20 = ascendc.simt.float22bfloat162_rna_sat %f : !ascendc.vector<float2> -> !ascendc.bfloat16x2
    %b = ascendc.simt.bfloat1622float2 %q : !ascendc.bfloat16x2 -> !ascendc.vector<float2>
    %bx = ascendc.simt.component %b {component = "x"} : !ascendc.vector<float2> -> f32
    func.return
  }
}
