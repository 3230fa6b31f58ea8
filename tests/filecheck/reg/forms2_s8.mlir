// The Reg and basic-API forms of issue 30's second round as the 3510 headers take them
// (tools/check_headers.py --arch 3510 compiles this file: tests/unit/test_headers.py):
// the mask register's MaskDist modes (each form's own enum: MaskDist::DIST_US and
// DIST_PACK are both 1 in C++), Not of half / float, ShiftLefts of int8, Cast with int64
// (one register and RegTraitNumTwo pairs), Pack / UnPack of 64-bit elements, AbsSub of
// int64, complex32 DataBlock copies; the basic API's Subs / Divs mask forms (bfloat16
// too) and int64 / int8 / bfloat16 in the count forms of Adds / Muls.
// RUN: asc-opt %s -t ascendc | filecheck %s
// RUN: asc-opt %s | asc-opt | filecheck %s --check-prefix=IR

// IR-LABEL: builtin.module
// IR-DAG: ascendc.reg.load_mask %x, %c0 {dist = 1 : i32}
// IR-DAG: ascendc.reg.store_mask %z, %c0, %mu {dist = 1 : i32}
// IR-DAG: ascendc.reg.load_mask_post %x, %c16 {dist = 2 : i32}
// IR-DAG: ascendc.reg.store_mask_areg %z1, %ma, %a {dist = 1 : i32}
// IR-DAG: ascendc.reg.cast %p, %b32 {roundMode = 1 : i32, sat = 1 : i32, layout = 0 : i32} : !ascendc.reg_tensor<i64, 2>
// IR-DAG: ascendc.reg.unpack %rw {part = 0 : i32} : !ascendc.reg_tensor<i32> -> !ascendc.reg_tensor<i64, 2>
// IR-DAG: ascendc.reg.load_align_block %c, %c0, %c2, %full32 : memref<?xcomplex<f16>, 26 : i64>
// IR-DAG: ascendc.subs_l1
// IR-DAG: ascendc.divs_scalar_first_l0
// IR-DAG: ascendc.adds_l2 {{.*}} : !ascendc.local_tensor<*xi64>

builtin.module attributes {ascendc.soc = "Ascend950PR_9599"} {
  // CHECK-LABEL: __simd_vf__ inline void maskdist(__ubuf__ uint8_t* x, __ubuf__ uint8_t* z) {
  // CHECK:      AscendC::Reg::LoadAlign<uint8_t, AscendC::Reg::MaskDist::DIST_US>(mu, x + c0);
  // CHECK:      AscendC::Reg::LoadAlign<uint8_t, AscendC::Reg::MaskDist::DIST_DS>(md, x + c64);
  // CHECK:      AscendC::Reg::StoreAlign<uint8_t, AscendC::Reg::MaskDist::DIST_PACK>(z + c0, mu);
  // CHECK:      AscendC::Reg::LoadAlign<uint8_t, AscendC::Reg::PostLiteral::POST_MODE_UPDATE, AscendC::Reg::MaskDist::DIST_DS>(mp, x1, c16);
  // CHECK:      AscendC::Reg::StoreAlign<uint8_t, AscendC::Reg::PostLiteral::POST_MODE_UPDATE, AscendC::Reg::MaskDist::DIST_PACK>(z1, md, c16);
  // CHECK:      AscendC::Reg::LoadAlign<uint8_t, AscendC::Reg::MaskDist::DIST_US>(ma, x1, a);
  // CHECK:      AscendC::Reg::StoreAlign<uint8_t, AscendC::Reg::MaskDist::DIST_PACK>(z1, ma, a);
  // CHECK:      AscendC::Reg::StoreAlign(z1, mp, a);
  func.func @maskdist(%x: memref<?xui8, 26 : i64>, %z: memref<?xui8, 26 : i64>) attributes {ascendc.vf} {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %c16 = arith.constant 16 : i32
    %c64 = arith.constant 64 : i32
    %mu = ascendc.reg.load_mask %x, %c0 {dist = 1 : i32} : memref<?xui8, 26 : i64>, i32 -> !ascendc.mask_reg
    %md = ascendc.reg.load_mask %x, %c64 {dist = 2 : i32} : memref<?xui8, 26 : i64>, i32 -> !ascendc.mask_reg
    ascendc.reg.store_mask %z, %c0, %mu {dist = 1 : i32} : memref<?xui8, 26 : i64>, i32, !ascendc.mask_reg
    %mp, %x1 = ascendc.reg.load_mask_post %x, %c16 {dist = 2 : i32} : memref<?xui8, 26 : i64>, i32 -> !ascendc.mask_reg, memref<?xui8, 26 : i64>
    %z1 = ascendc.reg.store_mask_post %z, %md, %c16 {dist = 1 : i32} : memref<?xui8, 26 : i64>, !ascendc.mask_reg, i32 -> memref<?xui8, 26 : i64>
    scf.for %j = %c0 to %c1 step %c1 : i32 {
      %a = ascendc.reg.create_addr_reg(%j, %c64 : i32, i32) {dtype = ui8} : () -> !ascendc.addr_reg
      %ma = ascendc.reg.load_mask_areg %x1, %a {dist = 1 : i32} : memref<?xui8, 26 : i64>, !ascendc.addr_reg -> !ascendc.mask_reg
      ascendc.reg.store_mask_areg %z1, %ma, %a {dist = 1 : i32} : memref<?xui8, 26 : i64>, !ascendc.mask_reg, !ascendc.addr_reg
      ascendc.reg.store_mask_areg %z1, %mp, %a : memref<?xui8, 26 : i64>, !ascendc.mask_reg, !ascendc.addr_reg
    }
    func.return
  }
  // CHECK-LABEL: __simd_vf__ inline void bits(__ubuf__ half* h, __ubuf__ float* f, __ubuf__ int8_t* b) {
  // CHECK:      AscendC::Reg::Not(nh, rh, mh);
  // CHECK:      AscendC::Reg::Not(nf, rf, mf);
  // CHECK:      AscendC::Reg::ShiftLefts(sb, rb, c3, mb);
  // CHECK:      AscendC::Reg::ShiftRights(tb, rb, c3, mb);
  func.func @bits(%h: memref<?xf16, 26 : i64>, %f: memref<?xf32, 26 : i64>, %b: memref<?xi8, 26 : i64>) attributes {ascendc.vf} {
    %c0 = arith.constant 0 : i32
    %c3 = arith.constant 3 : i16
    %mh = ascendc.reg.create_mask {dtype = f16, pattern = 0 : i32} : () -> !ascendc.mask_reg
    %mf = ascendc.reg.create_mask {dtype = f32, pattern = 0 : i32} : () -> !ascendc.mask_reg
    %mb = ascendc.reg.create_mask {dtype = i8, pattern = 0 : i32} : () -> !ascendc.mask_reg
    %rh = ascendc.reg.load_align %h, %c0 : memref<?xf16, 26 : i64>, i32 -> !ascendc.reg_tensor<f16>
    %rf = ascendc.reg.load_align %f, %c0 : memref<?xf32, 26 : i64>, i32 -> !ascendc.reg_tensor<f32>
    %rb = ascendc.reg.load_align %b, %c0 : memref<?xi8, 26 : i64>, i32 -> !ascendc.reg_tensor<i8>
    %nh = ascendc.reg.not %rh, %mh : !ascendc.reg_tensor<f16>, !ascendc.mask_reg -> !ascendc.reg_tensor<f16>
    %nf = ascendc.reg.not %rf, %mf : !ascendc.reg_tensor<f32>, !ascendc.mask_reg -> !ascendc.reg_tensor<f32>
    %sb = ascendc.reg.shift_lefts %rb, %c3, %mb : !ascendc.reg_tensor<i8>, i16, !ascendc.mask_reg -> !ascendc.reg_tensor<i8>
    %tb = ascendc.reg.shift_rights %rb, %c3, %mb : !ascendc.reg_tensor<i8>, i16, !ascendc.mask_reg -> !ascendc.reg_tensor<i8>
    ascendc.reg.store_align %h, %c0, %nh, %mh : memref<?xf16, 26 : i64>, i32, !ascendc.reg_tensor<f16>, !ascendc.mask_reg
    ascendc.reg.store_align %f, %c0, %nf, %mf : memref<?xf32, 26 : i64>, i32, !ascendc.reg_tensor<f32>, !ascendc.mask_reg
    ascendc.reg.store_align %b, %c0, %sb, %mb : memref<?xi8, 26 : i64>, i32, !ascendc.reg_tensor<i8>, !ascendc.mask_reg
    ascendc.reg.store_align %b, %c0, %tb, %mb : memref<?xi8, 26 : i64>, i32, !ascendc.reg_tensor<i8>, !ascendc.mask_reg
    func.return
  }
  // CHECK-LABEL: __simd_vf__ inline void wide(__ubuf__ int64_t* x, __ubuf__ int32_t* w, __ubuf__ float* f, __ubuf__ uint32_t* u, __ubuf__ complex32* c) {
  // CHECK:      AscendC::Reg::RegTensor<int64_t, AscendC::Reg::RegTraitNumTwo> p;
  // CHECK:      AscendC::Reg::Cast<int32_t, int64_t, n_trait>(n, p, b32);
  // CHECK:      AscendC::Reg::Cast<float, int64_t, g_trait>(g, p, b32);
  // CHECK:      AscendC::Reg::Cast<int64_t, int32_t, q_trait>(q, rw, b32);
  // CHECK:      AscendC::Reg::Cast<int64_t, float, q1_trait>(q1, rf, b64);
  // CHECK:      AscendC::Reg::Pack<uint32_t, int64_t, AscendC::Reg::HighLowPart::LOWEST>(k, p);
  // CHECK:      AscendC::Reg::Pack<uint32_t, int64_t, AscendC::Reg::HighLowPart::HIGHEST>(k1, o);
  // CHECK:      AscendC::Reg::UnPack<int64_t, int32_t, AscendC::Reg::HighLowPart::LOWEST>(v, rw);
  // CHECK:      AscendC::Reg::AbsSub(d, p, v, pairs);
  // CHECK:      AscendC::Reg::LoadAlign<complex32, AscendC::Reg::DataCopyMode::DATA_BLOCK_COPY>(rc, c + c0, static_cast<uint32_t>(c2), full32);
  // CHECK:      AscendC::Reg::StoreAlign<complex32, AscendC::Reg::DataCopyMode::DATA_BLOCK_COPY>(c + c0, rc, static_cast<uint32_t>(c2), full32);
  func.func @wide(%x: memref<?xi64, 26 : i64>, %w: memref<?xi32, 26 : i64>, %f: memref<?xf32, 26 : i64>, %u: memref<?xui32, 26 : i64>, %c: memref<?xcomplex<f16>, 26 : i64>) attributes {ascendc.vf} {
    %c0 = arith.constant 0 : i32
    %c2 = arith.constant 2 : i32
    %b32 = ascendc.reg.create_mask {dtype = i32, pattern = 0 : i32} : () -> !ascendc.mask_reg
    %b64 = ascendc.reg.create_mask {dtype = i64, pattern = 0 : i32} : () -> !ascendc.mask_reg
    %pairs = ascendc.reg.create_mask {dtype = i64, pattern = 0 : i32, trait = 2 : i32} : () -> !ascendc.mask_reg
    %full32 = ascendc.reg.create_mask {dtype = complex<f16>, pattern = 0 : i32} : () -> !ascendc.mask_reg
    %p = ascendc.reg.load_align %x, %c0 : memref<?xi64, 26 : i64>, i32 -> !ascendc.reg_tensor<i64, 2>
    %o = ascendc.reg.load_align %x, %c0 : memref<?xi64, 26 : i64>, i32 -> !ascendc.reg_tensor<i64>
    %rw = ascendc.reg.load_align %w, %c0 : memref<?xi32, 26 : i64>, i32 -> !ascendc.reg_tensor<i32>
    %rf = ascendc.reg.load_align %f, %c0 : memref<?xf32, 26 : i64>, i32 -> !ascendc.reg_tensor<f32>
    %n = ascendc.reg.cast %p, %b32 {roundMode = 1 : i32, sat = 1 : i32, layout = 0 : i32} : !ascendc.reg_tensor<i64, 2>, !ascendc.mask_reg -> !ascendc.reg_tensor<i32>
    %g = ascendc.reg.cast %p, %b32 {roundMode = 2 : i32, sat = 1 : i32, layout = 0 : i32} : !ascendc.reg_tensor<i64, 2>, !ascendc.mask_reg -> !ascendc.reg_tensor<f32>
    %q = ascendc.reg.cast %rw, %b32 {roundMode = 1 : i32, sat = 1 : i32, layout = 0 : i32} : !ascendc.reg_tensor<i32>, !ascendc.mask_reg -> !ascendc.reg_tensor<i64, 2>
    %q1 = ascendc.reg.cast %rf, %b64 {roundMode = 2 : i32, sat = 1 : i32, layout = 1 : i32} : !ascendc.reg_tensor<f32>, !ascendc.mask_reg -> !ascendc.reg_tensor<i64>
    %k = ascendc.reg.pack %p {part = 0 : i32} : !ascendc.reg_tensor<i64, 2> -> !ascendc.reg_tensor<ui32>
    %k1 = ascendc.reg.pack %o {part = 1 : i32} : !ascendc.reg_tensor<i64> -> !ascendc.reg_tensor<ui32>
    %v = ascendc.reg.unpack %rw {part = 0 : i32} : !ascendc.reg_tensor<i32> -> !ascendc.reg_tensor<i64, 2>
    %d = ascendc.reg.abs_sub %p, %v, %pairs : !ascendc.reg_tensor<i64, 2>, !ascendc.reg_tensor<i64, 2>, !ascendc.mask_reg -> !ascendc.reg_tensor<i64, 2>
    ascendc.reg.store_align %w, %c0, %n, %b32 : memref<?xi32, 26 : i64>, i32, !ascendc.reg_tensor<i32>, !ascendc.mask_reg
    ascendc.reg.store_align %f, %c0, %g, %b32 : memref<?xf32, 26 : i64>, i32, !ascendc.reg_tensor<f32>, !ascendc.mask_reg
    ascendc.reg.store_align %x, %c0, %q, %pairs : memref<?xi64, 26 : i64>, i32, !ascendc.reg_tensor<i64, 2>, !ascendc.mask_reg
    ascendc.reg.store_align %x, %c0, %q1, %b64 : memref<?xi64, 26 : i64>, i32, !ascendc.reg_tensor<i64>, !ascendc.mask_reg
    ascendc.reg.store_align %u, %c0, %k, %b32 : memref<?xui32, 26 : i64>, i32, !ascendc.reg_tensor<ui32>, !ascendc.mask_reg
    ascendc.reg.store_align %u, %c0, %k1, %b32 : memref<?xui32, 26 : i64>, i32, !ascendc.reg_tensor<ui32>, !ascendc.mask_reg
    ascendc.reg.store_align %x, %c0, %d, %pairs : memref<?xi64, 26 : i64>, i32, !ascendc.reg_tensor<i64, 2>, !ascendc.mask_reg
    %rc = ascendc.reg.load_align_block %c, %c0, %c2, %full32 : memref<?xcomplex<f16>, 26 : i64>, i32, i32, !ascendc.mask_reg -> !ascendc.reg_tensor<complex<f16>>
    ascendc.reg.store_align_block %c, %c0, %c2, %rc, %full32 : memref<?xcomplex<f16>, 26 : i64>, i32, i32, !ascendc.reg_tensor<complex<f16>>, !ascendc.mask_reg
    func.return
  }
  // Subs / Divs mask forms on 3510 (level 0: a count mask, level 1: a bit mask), tensor-
  // and scalar-first.
  // CHECK-LABEL: extern "C" __global__ __aicore__ void masked_scalar_kernel(
  // CHECK:      AscendC::Subs<half, 1>(zl, xl, {{.*}}, params);
  // CHECK:      AscendC::Subs<half, 1>({{.*}}, xl, mask_list, {{.*}}, params);
  // CHECK:      AscendC::Divs<half, 1>({{.*}}, xl, {{.*}}, params);
  // CHECK:      AscendC::Divs<half, 1>({{.*}}, xl, {{.*}}, mask_list_1, {{.*}}, params);
  func.func @masked_scalar_kernel(%x: memref<?xf16, 22 : i64>, %z: memref<?xf16, 22 : i64>) attributes {ascendc.global, ascendc.aicore} {
    %0 = arith.constant 1024 : i32
    %1 = arith.constant 4096 : i32
    %2 = arith.constant 256 : i32
    %3 = arith.constant 0 : i32
    %4 = arith.constant 1 : i16
    %5 = builtin.unrealized_conversion_cast %4 : i16 to ui16
    %6 = arith.constant 8 : i8
    %7 = builtin.unrealized_conversion_cast %6 : i8 to ui8
    %8 = arith.constant 1.250000e+00 : f16
    %9 = arith.constant 123 : i32
    %10 = arith.constant 2 : i32
    %11 = arith.constant 1085102592571207923 : i64
    %12 = builtin.unrealized_conversion_cast %11 : i64 to ui64
    %13 = arith.constant 0 : i64
    %14 = builtin.unrealized_conversion_cast %13 : i64 to ui64
    %15 = arith.constant 512 : i32
    %16 = arith.constant 768 : i32
    %pipe = ascendc.pipe
    %bx = ascendc.tbuf : <veccalc>
    %bz = ascendc.tbuf : <veccalc>
    ascendc.pipe.init_buffer %pipe, %bx, %0 : !ascendc.tbuf<veccalc>, i32
    ascendc.pipe.init_buffer %pipe, %bz, %1 : !ascendc.tbuf<veccalc>, i32
    %xl = ascendc.tbuf.get_tensor %bx : !ascendc.tbuf<veccalc>, !ascendc.local_tensor<*xf16>
    %zl = ascendc.tbuf.get_tensor %bz : !ascendc.tbuf<veccalc>, !ascendc.local_tensor<*xf16>
    %xg = ascendc.global_tensor : !ascendc.global_tensor<*xf16>
    ascendc.global_tensor.set_global_buffer %xg, %x : !ascendc.global_tensor<*xf16>, memref<?xf16, 22 : i64>
    %zg = ascendc.global_tensor : !ascendc.global_tensor<*xf16>
    ascendc.global_tensor.set_global_buffer %zg, %z : !ascendc.global_tensor<*xf16>, memref<?xf16, 22 : i64>
    ascendc.data_copy_l2 %xl, %xg, %2 : !ascendc.local_tensor<*xf16>, !ascendc.global_tensor<*xf16>, i32
    ascendc.data_copy_l2 %zl, %zg, %0 : !ascendc.local_tensor<*xf16>, !ascendc.global_tensor<*xf16>, i32
    ascendc.set_flag mte2_v, %3 : i32
    ascendc.wait_flag mte2_v, %3 : i32
    %params = ascendc.construct !ascendc.unary_repeat_params(%5, %5, %7, %7) : ui16, ui16, ui8, ui8
    ascendc.subs_l0 %zl, %xl, %8, %9, %10, %params {isSetMask} : !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, f16, i32, i32, !ascendc.unary_repeat_params
    %17 = ascendc.local_tensor.subindex %zl[%2] : !ascendc.local_tensor<*xf16>, i32, !ascendc.local_tensor<*xf16>
    ascendc.subs_scalar_first_l1 %17, %8, %xl, %12, %14, %10, %params {isSetMask} : !ascendc.local_tensor<*xf16>, f16, !ascendc.local_tensor<*xf16>, ui64, ui64, i32, !ascendc.unary_repeat_params
    %18 = ascendc.local_tensor.subindex %zl[%15] : !ascendc.local_tensor<*xf16>, i32, !ascendc.local_tensor<*xf16>
    ascendc.divs_scalar_first_l0 %18, %8, %xl, %9, %10, %params {isSetMask} : !ascendc.local_tensor<*xf16>, f16, !ascendc.local_tensor<*xf16>, i32, i32, !ascendc.unary_repeat_params
    %19 = ascendc.local_tensor.subindex %zl[%16] : !ascendc.local_tensor<*xf16>, i32, !ascendc.local_tensor<*xf16>
    ascendc.divs_l1 %19, %xl, %8, %12, %14, %10, %params {isSetMask} : !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, f16, ui64, ui64, i32, !ascendc.unary_repeat_params
    ascendc.set_flag v_mte3, %3 : i32
    ascendc.wait_flag v_mte3, %3 : i32
    ascendc.data_copy_l2 %zg, %zl, %0 : !ascendc.global_tensor<*xf16>, !ascendc.local_tensor<*xf16>, i32
    func.return
  }
  // int64 in the count forms of Adds / Muls and their scalar-first overloads.
  // CHECK-LABEL: extern "C" __global__ __aicore__ void int64_scalar_kernel(
  // CHECK:      AscendC::Adds<int64_t, 1>(zl, xl, {{.*}});
  // CHECK:      AscendC::Muls<int64_t, 1>(
  // CHECK:      AscendC::Adds({{.*}}, xl, {{.*}});
  // CHECK:      AscendC::Muls({{.*}}, xl, {{.*}});
  func.func @int64_scalar_kernel(%x: memref<?xi64, 22 : i64>, %z: memref<?xi64, 22 : i64>) attributes {ascendc.global, ascendc.aicore} {
    %0 = arith.constant 1024 : i32
    %1 = arith.constant 4096 : i32
    %2 = arith.constant 40 : i32
    %3 = arith.constant 0 : i32
    %4 = arith.constant -3 : i64
    %5 = arith.constant 80 : i32
    %6 = arith.constant 120 : i32
    %7 = arith.constant 160 : i32
    %pipe = ascendc.pipe
    %bx = ascendc.tbuf : <veccalc>
    %bz = ascendc.tbuf : <veccalc>
    ascendc.pipe.init_buffer %pipe, %bx, %0 : !ascendc.tbuf<veccalc>, i32
    ascendc.pipe.init_buffer %pipe, %bz, %1 : !ascendc.tbuf<veccalc>, i32
    %xl = ascendc.tbuf.get_tensor %bx : !ascendc.tbuf<veccalc>, !ascendc.local_tensor<*xi64>
    %zl = ascendc.tbuf.get_tensor %bz : !ascendc.tbuf<veccalc>, !ascendc.local_tensor<*xi64>
    %xg = ascendc.global_tensor : !ascendc.global_tensor<*xi64>
    ascendc.global_tensor.set_global_buffer %xg, %x : !ascendc.global_tensor<*xi64>, memref<?xi64, 22 : i64>
    %zg = ascendc.global_tensor : !ascendc.global_tensor<*xi64>
    ascendc.global_tensor.set_global_buffer %zg, %z : !ascendc.global_tensor<*xi64>, memref<?xi64, 22 : i64>
    ascendc.data_copy_l2 %xl, %xg, %2 : !ascendc.local_tensor<*xi64>, !ascendc.global_tensor<*xi64>, i32
    ascendc.set_flag mte2_v, %3 : i32
    ascendc.wait_flag mte2_v, %3 : i32
    ascendc.adds_l2 %zl, %xl, %4, %2 {isSetMask} : !ascendc.local_tensor<*xi64>, !ascendc.local_tensor<*xi64>, i64, i32
    %8 = ascendc.local_tensor.subindex %zl[%2] : !ascendc.local_tensor<*xi64>, i32, !ascendc.local_tensor<*xi64>
    ascendc.muls_l2 %8, %xl, %4, %2 {isSetMask} : !ascendc.local_tensor<*xi64>, !ascendc.local_tensor<*xi64>, i64, i32
    %9 = ascendc.local_tensor.subindex %zl[%5] : !ascendc.local_tensor<*xi64>, i32, !ascendc.local_tensor<*xi64>
    ascendc.adds_scalar_first_l2 %9, %4, %xl, %2 : !ascendc.local_tensor<*xi64>, i64, !ascendc.local_tensor<*xi64>, i32
    %10 = ascendc.local_tensor.subindex %zl[%6] : !ascendc.local_tensor<*xi64>, i32, !ascendc.local_tensor<*xi64>
    ascendc.muls_scalar_first_l2 %10, %4, %xl, %2 : !ascendc.local_tensor<*xi64>, i64, !ascendc.local_tensor<*xi64>, i32
    ascendc.set_flag v_mte3, %3 : i32
    ascendc.wait_flag v_mte3, %3 : i32
    ascendc.data_copy_l2 %zg, %zl, %7 : !ascendc.global_tensor<*xi64>, !ascendc.local_tensor<*xi64>, i32
    func.return
  }
  // Subs of bfloat16: the count form and both mask forms.
  // CHECK-LABEL: extern "C" __global__ __aicore__ void bf16_subs_kernel(
  // CHECK:      AscendC::Subs(zb, xb, {{.*}});
  // CHECK:      AscendC::Subs<bfloat16_t, 1>({{.*}}, xb, {{.*}}, params);
  // CHECK:      AscendC::Subs<bfloat16_t, 1>({{.*}}, xb, {{.*}}, mask_list, {{.*}}, params);
  func.func @bf16_subs_kernel(%x: memref<?xui16, 22 : i64>, %z: memref<?xui16, 22 : i64>) attributes {ascendc.global, ascendc.aicore} {
    %0 = arith.constant 1024 : i32
    %1 = arith.constant 128 : i32
    %2 = arith.constant 384 : i32
    %3 = arith.constant 0 : i32
    %4 = arith.constant 1 : i16
    %5 = builtin.unrealized_conversion_cast %4 : i16 to ui16
    %6 = arith.constant 8 : i8
    %7 = builtin.unrealized_conversion_cast %6 : i8 to ui8
    %8 = arith.constant 1.296880e+00 : bf16
    %9 = arith.constant 100 : i32
    %10 = arith.constant 1 : i32
    %11 = arith.constant 256 : i32
    %12 = arith.constant 1085102592571207923 : i64
    %13 = builtin.unrealized_conversion_cast %12 : i64 to ui64
    %14 = arith.constant 135637824071400990 : i64
    %15 = builtin.unrealized_conversion_cast %14 : i64 to ui64
    %pipe = ascendc.pipe
    %bx = ascendc.tbuf : <veccalc>
    %bz = ascendc.tbuf : <veccalc>
    ascendc.pipe.init_buffer %pipe, %bx, %0 : !ascendc.tbuf<veccalc>, i32
    ascendc.pipe.init_buffer %pipe, %bz, %0 : !ascendc.tbuf<veccalc>, i32
    %xl = ascendc.tbuf.get_tensor %bx : !ascendc.tbuf<veccalc>, !ascendc.local_tensor<*xui16>
    %zl = ascendc.tbuf.get_tensor %bz : !ascendc.tbuf<veccalc>, !ascendc.local_tensor<*xui16>
    %xg = ascendc.global_tensor : !ascendc.global_tensor<*xui16>
    ascendc.global_tensor.set_global_buffer %xg, %x : !ascendc.global_tensor<*xui16>, memref<?xui16, 22 : i64>
    %zg = ascendc.global_tensor : !ascendc.global_tensor<*xui16>
    ascendc.global_tensor.set_global_buffer %zg, %z : !ascendc.global_tensor<*xui16>, memref<?xui16, 22 : i64>
    ascendc.data_copy_l2 %xl, %xg, %1 : !ascendc.local_tensor<*xui16>, !ascendc.global_tensor<*xui16>, i32
    ascendc.data_copy_l2 %zl, %zg, %2 : !ascendc.local_tensor<*xui16>, !ascendc.global_tensor<*xui16>, i32
    ascendc.set_flag mte2_v, %3 : i32
    ascendc.wait_flag mte2_v, %3 : i32
    %xb = ascendc.reinterpret_cast %xl : !ascendc.local_tensor<*xui16> to !ascendc.local_tensor<*xbf16>
    %zb = ascendc.reinterpret_cast %zl : !ascendc.local_tensor<*xui16> to !ascendc.local_tensor<*xbf16>
    %params = ascendc.construct !ascendc.unary_repeat_params(%5, %5, %7, %7) : ui16, ui16, ui8, ui8
    ascendc.subs_l2 %zb, %xb, %8, %1 : !ascendc.local_tensor<*xbf16>, !ascendc.local_tensor<*xbf16>, bf16, i32
    %16 = ascendc.local_tensor.subindex %zb[%1] : !ascendc.local_tensor<*xbf16>, i32, !ascendc.local_tensor<*xbf16>
    ascendc.subs_scalar_first_l0 %16, %8, %xb, %9, %10, %params {isSetMask} : !ascendc.local_tensor<*xbf16>, bf16, !ascendc.local_tensor<*xbf16>, i32, i32, !ascendc.unary_repeat_params
    %17 = ascendc.local_tensor.subindex %zb[%11] : !ascendc.local_tensor<*xbf16>, i32, !ascendc.local_tensor<*xbf16>
    ascendc.subs_l1 %17, %xb, %8, %13, %15, %10, %params {isSetMask} : !ascendc.local_tensor<*xbf16>, !ascendc.local_tensor<*xbf16>, bf16, ui64, ui64, i32, !ascendc.unary_repeat_params
    ascendc.set_flag v_mte3, %3 : i32
    ascendc.wait_flag v_mte3, %3 : i32
    ascendc.data_copy_l2 %zg, %zl, %2 : !ascendc.global_tensor<*xui16>, !ascendc.local_tensor<*xui16>, i32
    func.return
  }
  // int8 / uint8 in Adds' count form (AddsImpl on 3510), tensor- and scalar-first.
  // CHECK-LABEL: extern "C" __global__ __aicore__ void adds8_kernel(
  // CHECK:      AscendC::Adds<int8_t, 1>(zl, xl, {{.*}});
  // CHECK:      AscendC::Adds({{.*}}, xl, {{.*}});
  func.func @adds8_kernel(%x: memref<?xi8, 22 : i64>, %z: memref<?xi8, 22 : i64>) attributes {ascendc.global, ascendc.aicore} {
    %0 = arith.constant 1024 : i32
    %1 = arith.constant 96 : i32
    %2 = arith.constant 0 : i32
    %3 = arith.constant 100 : i8
    %4 = arith.constant 192 : i32
    %pipe = ascendc.pipe
    %bx = ascendc.tbuf : <veccalc>
    %bz = ascendc.tbuf : <veccalc>
    ascendc.pipe.init_buffer %pipe, %bx, %0 : !ascendc.tbuf<veccalc>, i32
    ascendc.pipe.init_buffer %pipe, %bz, %0 : !ascendc.tbuf<veccalc>, i32
    %xl = ascendc.tbuf.get_tensor %bx : !ascendc.tbuf<veccalc>, !ascendc.local_tensor<*xi8>
    %zl = ascendc.tbuf.get_tensor %bz : !ascendc.tbuf<veccalc>, !ascendc.local_tensor<*xi8>
    %xg = ascendc.global_tensor : !ascendc.global_tensor<*xi8>
    ascendc.global_tensor.set_global_buffer %xg, %x : !ascendc.global_tensor<*xi8>, memref<?xi8, 22 : i64>
    %zg = ascendc.global_tensor : !ascendc.global_tensor<*xi8>
    ascendc.global_tensor.set_global_buffer %zg, %z : !ascendc.global_tensor<*xi8>, memref<?xi8, 22 : i64>
    ascendc.data_copy_l2 %xl, %xg, %1 : !ascendc.local_tensor<*xi8>, !ascendc.global_tensor<*xi8>, i32
    ascendc.set_flag mte2_v, %2 : i32
    ascendc.wait_flag mte2_v, %2 : i32
    ascendc.adds_l2 %zl, %xl, %3, %1 {isSetMask} : !ascendc.local_tensor<*xi8>, !ascendc.local_tensor<*xi8>, i8, i32
    %5 = ascendc.local_tensor.subindex %zl[%1] : !ascendc.local_tensor<*xi8>, i32, !ascendc.local_tensor<*xi8>
    ascendc.adds_scalar_first_l2 %5, %3, %xl, %1 : !ascendc.local_tensor<*xi8>, i8, !ascendc.local_tensor<*xi8>, i32
    ascendc.set_flag v_mte3, %2 : i32
    ascendc.wait_flag v_mte3, %2 : i32
    ascendc.data_copy_l2 %zg, %zl, %4 : !ascendc.global_tensor<*xi8>, !ascendc.local_tensor<*xi8>, i32
    func.return
  }
  // bfloat16 in the count forms of Adds / Muls.
  // CHECK-LABEL: extern "C" __global__ __aicore__ void bf16_adds_kernel(
  // CHECK:      AscendC::Adds<bfloat16_t, 1>(zb, xb, {{.*}});
  // CHECK:      AscendC::Muls<bfloat16_t, 1>({{.*}}, xb, {{.*}});
  // CHECK:      AscendC::Muls({{.*}}, xb, {{.*}});
  func.func @bf16_adds_kernel(%x: memref<?xui16, 22 : i64>, %z: memref<?xui16, 22 : i64>) attributes {ascendc.global, ascendc.aicore} {
    %0 = arith.constant 1024 : i32
    %1 = arith.constant 128 : i32
    %2 = arith.constant 0 : i32
    %3 = arith.constant 1.296880e+00 : bf16
    %4 = arith.constant 256 : i32
    %5 = arith.constant 384 : i32
    %pipe = ascendc.pipe
    %bx = ascendc.tbuf : <veccalc>
    %bz = ascendc.tbuf : <veccalc>
    ascendc.pipe.init_buffer %pipe, %bx, %0 : !ascendc.tbuf<veccalc>, i32
    ascendc.pipe.init_buffer %pipe, %bz, %0 : !ascendc.tbuf<veccalc>, i32
    %xl = ascendc.tbuf.get_tensor %bx : !ascendc.tbuf<veccalc>, !ascendc.local_tensor<*xui16>
    %zl = ascendc.tbuf.get_tensor %bz : !ascendc.tbuf<veccalc>, !ascendc.local_tensor<*xui16>
    %xg = ascendc.global_tensor : !ascendc.global_tensor<*xui16>
    ascendc.global_tensor.set_global_buffer %xg, %x : !ascendc.global_tensor<*xui16>, memref<?xui16, 22 : i64>
    %zg = ascendc.global_tensor : !ascendc.global_tensor<*xui16>
    ascendc.global_tensor.set_global_buffer %zg, %z : !ascendc.global_tensor<*xui16>, memref<?xui16, 22 : i64>
    ascendc.data_copy_l2 %xl, %xg, %1 : !ascendc.local_tensor<*xui16>, !ascendc.global_tensor<*xui16>, i32
    ascendc.set_flag mte2_v, %2 : i32
    ascendc.wait_flag mte2_v, %2 : i32
    %xb = ascendc.reinterpret_cast %xl : !ascendc.local_tensor<*xui16> to !ascendc.local_tensor<*xbf16>
    %zb = ascendc.reinterpret_cast %zl : !ascendc.local_tensor<*xui16> to !ascendc.local_tensor<*xbf16>
    ascendc.adds_l2 %zb, %xb, %3, %1 {isSetMask} : !ascendc.local_tensor<*xbf16>, !ascendc.local_tensor<*xbf16>, bf16, i32
    %6 = ascendc.local_tensor.subindex %zb[%1] : !ascendc.local_tensor<*xbf16>, i32, !ascendc.local_tensor<*xbf16>
    ascendc.muls_l2 %6, %xb, %3, %1 {isSetMask} : !ascendc.local_tensor<*xbf16>, !ascendc.local_tensor<*xbf16>, bf16, i32
    %7 = ascendc.local_tensor.subindex %zb[%4] : !ascendc.local_tensor<*xbf16>, i32, !ascendc.local_tensor<*xbf16>
    ascendc.muls_scalar_first_l2 %7, %3, %xb, %1 : !ascendc.local_tensor<*xbf16>, bf16, !ascendc.local_tensor<*xbf16>, i32
    ascendc.set_flag v_mte3, %2 : i32
    ascendc.wait_flag v_mte3, %2 : i32
    ascendc.data_copy_l2 %zg, %zl, %5 : !ascendc.global_tensor<*xui16>, !ascendc.local_tensor<*xui16>, i32
    func.return
  }
}
