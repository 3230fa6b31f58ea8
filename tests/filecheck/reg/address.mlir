// The Reg address forms printed as the samples write them: a PostUpdate call advances
// the loop's pointer variable in place (a pointer used again is copied first), the
// unaligned stream's register likewise; CreateAddrReg binds the loop counters; `p[i]`
// is the AuxScalar read; MERGING starts dst as the register it keeps; the DataBlock
// copies take DataCopyMode::DATA_BLOCK_COPY and the block stride.
// RUN: asc-opt %s -t ascendc | filecheck %s

builtin.module attributes {ascendc.soc = "Ascend950PR_9599"} {
  // CHECK-LABEL: __simd_vf__ inline void walk(__ubuf__ float* x, __ubuf__ float* z, int32_t n) {
  // CHECK:      AscendC::Reg::UnalignRegForLoad u;
  // CHECK-NEXT: AscendC::Reg::LoadUnAlignPre(u, x);
  // CHECK-NEXT: __ubuf__ float* xi = x;
  // CHECK-NEXT: AscendC::Reg::UnalignRegForLoad ui = u;
  // CHECK-NEXT: __ubuf__ float* zi = z;
  // CHECK-NEXT: for (int32_t i = c0; i < n; i += c1) {
  // CHECK-NEXT:   AscendC::Reg::RegTensor<float> r;
  // CHECK-NEXT:   AscendC::Reg::LoadAlign<float, AscendC::Reg::PostLiteral::POST_MODE_UPDATE>(r, xi, static_cast<int32_t>(c64));
  // CHECK-NEXT:   float s = z[i];
  // CHECK-NEXT:   AscendC::Reg::RegTensor<float> q;
  // CHECK-NEXT:   AscendC::Reg::LoadUnAlign(q, ui, xi, static_cast<uint32_t>(c1));
  // CHECK-NEXT:   AscendC::Reg::RegTensor<float> acc = q;
  // CHECK-NEXT:   AscendC::Reg::Max<float, AscendC::Reg::MaskMergeMode::MERGING>(acc, r, q, m);
  // CHECK-NEXT:   AscendC::Reg::StoreAlign<float, AscendC::Reg::PostLiteral::POST_MODE_UPDATE>(zi, acc, static_cast<int32_t>(c64), m);
  // CHECK-NEXT:   AscendC::Reg::AddrReg a = AscendC::Reg::CreateAddrReg<float>(static_cast<uint16_t>(i), static_cast<uint32_t>(c64));
  // CHECK-NEXT:   AscendC::Reg::RegTensor<float> b;
  // CHECK-NEXT:   AscendC::Reg::LoadAlign(b, x, a);
  // CHECK-NEXT:   AscendC::Reg::StoreAlign(z, b, a, m);
  // CHECK-NEXT: }
  func.func @walk(%x: memref<?xf32, 26 : i64>, %z: memref<?xf32, 26 : i64>, %n: i32) attributes {ascendc.vf} {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %c64 = arith.constant 64 : i32
    %m = ascendc.reg.create_mask {dtype = f32, pattern = 0 : i32} : () -> !ascendc.mask_reg
    %u = ascendc.reg.load_unalign_pre %x : memref<?xf32, 26 : i64> -> !ascendc.unalign_reg_load
    %xe, %ue, %ze = scf.for %i = %c0 to %n step %c1 iter_args(%xi = %x, %ui = %u, %zi = %z) -> (memref<?xf32, 26 : i64>, !ascendc.unalign_reg_load, memref<?xf32, 26 : i64>) : i32 {
      %r, %x1 = ascendc.reg.load_align_post %xi, %c64 : memref<?xf32, 26 : i64>, i32 -> !ascendc.reg_tensor<f32>, memref<?xf32, 26 : i64>
      %s = ascendc.reg.load_scalar %z, %i : memref<?xf32, 26 : i64>, i32 -> f32
      %q, %u1, %x2 = ascendc.reg.load_unalign_post %ui, %x1, %c1 : !ascendc.unalign_reg_load, memref<?xf32, 26 : i64>, i32 -> !ascendc.reg_tensor<f32>, !ascendc.unalign_reg_load, memref<?xf32, 26 : i64>
      %acc = ascendc.reg.max_merging %q, %r, %q, %m : !ascendc.reg_tensor<f32>, !ascendc.reg_tensor<f32>, !ascendc.reg_tensor<f32>, !ascendc.mask_reg -> !ascendc.reg_tensor<f32>
      %z1 = ascendc.reg.store_align_post %zi, %c64, %acc, %m : memref<?xf32, 26 : i64>, i32, !ascendc.reg_tensor<f32>, !ascendc.mask_reg -> memref<?xf32, 26 : i64>
      %a = ascendc.reg.create_addr_reg(%i, %c64 : i32, i32) {dtype = f32} : () -> !ascendc.addr_reg
      %b = ascendc.reg.load_align_areg %x, %a : memref<?xf32, 26 : i64>, !ascendc.addr_reg -> !ascendc.reg_tensor<f32>
      ascendc.reg.store_align_areg %z, %a, %b, %m : memref<?xf32, 26 : i64>, !ascendc.addr_reg, !ascendc.reg_tensor<f32>, !ascendc.mask_reg
      scf.yield %x2, %u1, %z1 : memref<?xf32, 26 : i64>, !ascendc.unalign_reg_load, memref<?xf32, 26 : i64>
    }
    func.return
  }
  // CHECK-LABEL: __simd_vf__ inline void blocks(__ubuf__ float* x, __ubuf__ float* z) {
  // CHECK:      AscendC::Reg::RegTensor<float> r;
  // CHECK-NEXT: AscendC::Reg::LoadAlign<float, AscendC::Reg::DataCopyMode::DATA_BLOCK_COPY>(r, x + c8, static_cast<uint32_t>(c8), m);
  // CHECK-NEXT: AscendC::Reg::StoreAlign<float, AscendC::Reg::DataCopyMode::DATA_BLOCK_COPY>(z + c8, r, static_cast<uint32_t>(c8), m);
  func.func @blocks(%x: memref<?xf32, 26 : i64>, %z: memref<?xf32, 26 : i64>) attributes {ascendc.vf} {
    %c8 = arith.constant 8 : i32
    %m = ascendc.reg.create_mask {dtype = f32, pattern = 0 : i32} : () -> !ascendc.mask_reg
    %r = ascendc.reg.load_align_block %x, %c8, %c8, %m : memref<?xf32, 26 : i64>, i32, i32, !ascendc.mask_reg -> !ascendc.reg_tensor<f32>
    ascendc.reg.store_align_block %z, %c8, %c8, %r, %m : memref<?xf32, 26 : i64>, i32, i32, !ascendc.reg_tensor<f32>, !ascendc.mask_reg
    func.return
  }
}
