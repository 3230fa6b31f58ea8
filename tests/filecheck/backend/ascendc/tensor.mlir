// Emission of the tensor ops (tensor.py).
// RUN: asc-opt %s -t ascendc | filecheck %s

// CHECK-LABEL: __inline__ __attribute__((always_inline)) __aicore__ void constructors(uint32_t addr, uint32_t len) {
// CHECK-NEXT:    AscendC::GlobalTensor<int32_t> gt;
// CHECK-NEXT:    AscendC::GlobalTensor<half> gs;
// CHECK-NEXT:    AscendC::LocalTensor<float> lt;
// CHECK-NEXT:    AscendC::LocalTensor<float> v2 = AscendC::LocalTensor<float>(AscendC::TPosition::VECIN, addr, len);
// CHECK-NEXT:    AscendC::LocalTensor<int8_t> v2b = AscendC::LocalTensor<int8_t>(AscendC::TPosition::A1, addr, len);
// CHECK-NEXT:    AscendC::LocalTensor<half> v2c = AscendC::LocalTensor<half>(AscendC::TPosition::VECCALC, addr, len);
// CHECK-NEXT:    return;
// CHECK-NEXT:  }
func.func @constructors(%addr: ui32, %len: ui32) {
  %gt = ascendc.global_tensor : !ascendc.global_tensor<i32>
  %gs = ascendc.global_tensor : !ascendc.global_tensor<16x?xf16>
  %lt = ascendc.local_tensor : !ascendc.local_tensor<1024xf32>
  %v2 = ascendc.local_tensor_v2 vec_in, %addr, %len : !ascendc.local_tensor<*xf32>
  %v2b = ascendc.local_tensor_v2 a1, %addr, %len : !ascendc.local_tensor<*xi8>
  %v2c = ascendc.local_tensor_v2 veccalc, %addr, %len : !ascendc.local_tensor<*xf16>
  return
}

// A pointer of another element type (the kernel's GM_ADDR bytes) is reinterpreted.
// CHECK-LABEL: extern "C" __global__ __aicore__ void bind(__gm__ float* x, __gm__ uint8_t* y, int32_t n, uint64_t size) {
// CHECK-NEXT:    AscendC::GlobalTensor<float> gx;
// CHECK-NEXT:    gx.SetGlobalBuffer(x);
// CHECK-NEXT:    gx.SetGlobalBuffer(x, n);
// CHECK-NEXT:    AscendC::GlobalTensor<half> gy;
// CHECK-NEXT:    gy.SetGlobalBuffer(reinterpret_cast<__gm__ half*>(y));
// CHECK-NEXT:    gy.SetGlobalBuffer(reinterpret_cast<__gm__ half*>(y), size);
// CHECK-NEXT:    AscendC::GlobalTensor<int32_t> gz;
// CHECK-NEXT:    gz.SetGlobalBuffer(reinterpret_cast<__gm__ int32_t*>(x), n);
// CHECK-NEXT:    return;
// CHECK-NEXT:  }
func.func @bind(%x: memref<?xf32, 22>, %y: memref<?xui8, 22>, %n: i32, %size: ui64) attributes {ascendc.aicore, ascendc.global} {
  %gx = ascendc.global_tensor : !ascendc.global_tensor<*xf32>
  ascendc.global_tensor.set_global_buffer %gx, %x : !ascendc.global_tensor<*xf32>, memref<?xf32, 22>
  ascendc.global_tensor.set_global_buffer %gx, %x, %n : !ascendc.global_tensor<*xf32>, memref<?xf32, 22>, i32
  %gy = ascendc.global_tensor : !ascendc.global_tensor<*xf16>
  ascendc.global_tensor.set_global_buffer %gy, %y : !ascendc.global_tensor<*xf16>, memref<?xui8, 22>
  ascendc.global_tensor.set_global_buffer %gy, %y, %size : !ascendc.global_tensor<*xf16>, memref<?xui8, 22>, ui64
  %gz = ascendc.global_tensor : !ascendc.global_tensor<*xi32>
  ascendc.global_tensor.set_global_buffer %gz, %x, %n : !ascendc.global_tensor<*xi32>, memref<?xf32, 22>, i32
  return
}

// CHECK-LABEL: __inline__ __attribute__((always_inline)) __aicore__ void access(AscendC::GlobalTensor<float> gt, AscendC::LocalTensor<half> lt, int64_t i, uint32_t u, uint64_t off, half h) {
// CHECK-NEXT:    AscendC::GlobalTensor<float> gsub = gt[i];
// CHECK-NEXT:    AscendC::GlobalTensor<float> gsub2 = gt[off];
// CHECK-NEXT:    float gv = gt.GetValue(off);
// CHECK-NEXT:    gt.SetValue(off, gv);
// CHECK-NEXT:    float ge = gt(off);
// CHECK-NEXT:    AscendC::LocalTensor<half> lsub = lt[u];
// CHECK-NEXT:    half lv = lt.GetValue(i);
// CHECK-NEXT:    lt.SetValue(u, h);
// CHECK-NEXT:    half le = lt(u);
// CHECK-NEXT:    return;
// CHECK-NEXT:  }
func.func @access(%gt: !ascendc.global_tensor<*xf32>, %lt: !ascendc.local_tensor<1024xf16>, %i: index, %u: ui32, %off: ui64, %h: f16) {
  %gsub = ascendc.global_tensor.subindex %gt[%i] : !ascendc.global_tensor<*xf32>, index, !ascendc.global_tensor<*xf32>
  %gsub2 = ascendc.global_tensor.subindex %gt[%off] : !ascendc.global_tensor<*xf32>, ui64, !ascendc.global_tensor<64xf32>
  %gv = ascendc.global_tensor.get_value %gt, %off : !ascendc.global_tensor<*xf32>, ui64, f32
  ascendc.global_tensor.set_value %gt, %off, %gv : !ascendc.global_tensor<*xf32>, ui64, f32
  %ge = ascendc.global_tensor.bracket %gt(%off) : !ascendc.global_tensor<*xf32>, ui64, f32
  %lsub = ascendc.local_tensor.subindex %lt[%u] : !ascendc.local_tensor<1024xf16>, ui32, !ascendc.local_tensor<*xf16>
  %lv = ascendc.local_tensor.get_value %lt, %i : !ascendc.local_tensor<1024xf16>, index, f16
  ascendc.local_tensor.set_value %lt, %u, %h : !ascendc.local_tensor<1024xf16>, ui32, f16
  %le = ascendc.local_tensor.bracket %lt(%u) : !ascendc.local_tensor<1024xf16>, ui32, f16
  return
}

// GlobalTensor::GetPhyAddr() returns a const pointer: GetPhyAddr(0) is the same address.
// CHECK-LABEL: __inline__ __attribute__((always_inline)) __aicore__ void global_members(AscendC::GlobalTensor<int32_t> gt, uint64_t off, AscendC::ShapeInfo si, int32_t d, uint32_t u) {
// CHECK-NEXT:    __gm__ int32_t* p = gt.GetPhyAddr(0);
// CHECK-NEXT:    __gm__ int32_t* p2 = gt.GetPhyAddr(off);
// CHECK-NEXT:    uint64_t size = gt.GetSize();
// CHECK-NEXT:    AscendC::ShapeInfo info = gt.GetShapeInfo();
// CHECK-NEXT:    gt.SetShapeInfo(si);
// CHECK-NEXT:    uint32_t gt_shape[] = {static_cast<uint32_t>(d), u};
// CHECK-NEXT:    gt.SetShapeInfo(AscendC::ShapeInfo(2, gt_shape));
// CHECK-NEXT:    gt.SetL2CacheHint<AscendC::CacheRwMode::RW>(AscendC::CacheMode::CACHE_MODE_DISABLE);
// CHECK-NEXT:    gt.SetL2CacheHint<AscendC::CacheRwMode::READ>(AscendC::CacheMode::CACHE_MODE_NORMAL);
// CHECK-NEXT:    return;
// CHECK-NEXT:  }
func.func @global_members(%gt: !ascendc.global_tensor<*xi32>, %off: ui64, %si: !ascendc.shape_info, %d: i32, %u: ui32) {
  %p = ascendc.global_tensor.get_phy_addr %gt : !ascendc.global_tensor<*xi32>, memref<?xi32, 22>
  %p2 = ascendc.global_tensor.get_phy_addr %gt, %off : !ascendc.global_tensor<*xi32>, memref<?xi32, 22>, ui64
  %size = ascendc.global_tensor.get_size %gt : !ascendc.global_tensor<*xi32>
  %info = ascendc.global_tensor.get_shape_info %gt : !ascendc.global_tensor<*xi32>, !ascendc.shape_info
  ascendc.global_tensor.set_shape_info %gt, %si : !ascendc.global_tensor<*xi32>, !ascendc.shape_info
  ascendc.global_tensor.set_shape_info_v2 %gt, %d, %u : !ascendc.global_tensor<*xi32>, i32, ui32
  ascendc.global_tensor.set_l2_cache_hint %gt {mode = 0 : i32, rwMode = 3 : i32} : !ascendc.global_tensor<*xi32>
  ascendc.global_tensor.set_l2_cache_hint %gt {mode = 1 : i32, rwMode = 1 : i32} : !ascendc.global_tensor<*xi32>
  return
}

// LocalTensor::GetPhyAddr() is a uint64_t on the device and a pointer in the CPU-debug
// build: the cast is valid in both.
// CHECK-LABEL: __inline__ __attribute__((always_inline)) __aicore__ void local_members(AscendC::LocalTensor<float> lt, AscendC::LocalTensor<float> src, uint32_t u, int32_t tag, AscendC::ShapeInfo si) {
// CHECK-NEXT:    uint64_t addr = reinterpret_cast<uint64_t>(lt.GetPhyAddr());
// CHECK-NEXT:    uint64_t addr2 = reinterpret_cast<uint64_t>(lt.GetPhyAddr(u));
// CHECK-NEXT:    uint32_t len = lt.GetLength();
// CHECK-NEXT:    uint32_t size = lt.GetSize();
// CHECK-NEXT:    int32_t pos = lt.GetPosition();
// CHECK-NEXT:    int32_t t = lt.GetUserTag();
// CHECK-NEXT:    lt.SetSize(u);
// CHECK-NEXT:    lt.SetBufferLen(u);
// CHECK-NEXT:    lt.SetUserTag(tag);
// CHECK-NEXT:    AscendC::ShapeInfo info = lt.GetShapeInfo();
// CHECK-NEXT:    lt.SetShapeInfo(si);
// CHECK-NEXT:    AscendC::LocalTensor<int32_t> bits = lt.ReinterpretCast<int32_t>();
// CHECK-NEXT:    lt.SetAddrWithOffset(src, u);
// CHECK-NEXT:    return;
// CHECK-NEXT:  }
func.func @local_members(%lt: !ascendc.local_tensor<*xf32>, %src: !ascendc.local_tensor<*xf32>, %u: ui32, %tag: i32, %si: !ascendc.shape_info) {
  %addr = ascendc.local_tensor.get_phy_addr %lt : !ascendc.local_tensor<*xf32>, ui64
  %addr2 = ascendc.local_tensor.get_phy_addr %lt, %u : !ascendc.local_tensor<*xf32>, ui64, ui32
  %len = ascendc.local_tensor.get_length %lt : !ascendc.local_tensor<*xf32>, ui32
  %size = ascendc.local_tensor.get_size %lt : !ascendc.local_tensor<*xf32>, ui32
  %pos = ascendc.local_tensor.get_position %lt : !ascendc.local_tensor<*xf32>, i32
  %t = ascendc.local_tensor.get_user_tag %lt : !ascendc.local_tensor<*xf32>, i32
  ascendc.local_tensor.set_size %lt, %u : !ascendc.local_tensor<*xf32>, ui32
  ascendc.local_tensor.set_buffer_len %lt, %u : !ascendc.local_tensor<*xf32>, ui32
  ascendc.local_tensor.set_user_tag %lt, %tag : !ascendc.local_tensor<*xf32>, i32
  %info = ascendc.local_tensor.get_shape_info %lt : !ascendc.local_tensor<*xf32>, !ascendc.shape_info
  ascendc.local_tensor.set_shape_info %lt, %si : !ascendc.local_tensor<*xf32>, !ascendc.shape_info
  %bits = ascendc.reinterpret_cast %lt : !ascendc.local_tensor<*xf32> to !ascendc.local_tensor<*xi32>
  ascendc.local_tensor.set_addr_with_offset %lt, %src, %u : !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, ui32
  return
}

// CHECK-LABEL: __inline__ __attribute__((always_inline)) __aicore__ void shape_info(AscendC::ShapeInfo si, int32_t d) {
// CHECK-NEXT:    int32_t s = si.shape[d];
// CHECK-NEXT:    uint32_t o = si.originalShape[d];
// CHECK-NEXT:    int32_t n = AscendC::GetShapeSize(si);
// CHECK-NEXT:    return;
// CHECK-NEXT:  }
func.func @shape_info(%si: !ascendc.shape_info, %d: i32) {
  %s = ascendc.shape_info.shape %si, %d i32, i32
  %o = ascendc.shape_info.original_shape %si, %d i32, ui32
  %n = ascendc.get_shape_size %si : !ascendc.shape_info -> i32
  return
}

// Print and ToFile exist only in CANN's CPU-debug build.
// CHECK-LABEL: __inline__ __attribute__((always_inline)) __aicore__ void debug_output(AscendC::LocalTensor<half> lt, uint32_t n) {
// CHECK-NEXT:    #if defined(ASCENDC_CPU_DEBUG) && ASCENDC_CPU_DEBUG == 1
// CHECK-NEXT:    lt.Print();
// CHECK-NEXT:    #endif
// CHECK-NEXT:    #if defined(ASCENDC_CPU_DEBUG) && ASCENDC_CPU_DEBUG == 1
// CHECK-NEXT:    lt.Print(n);
// CHECK-NEXT:    #endif
// CHECK-NEXT:    #if defined(ASCENDC_CPU_DEBUG) && ASCENDC_CPU_DEBUG == 1
// CHECK-NEXT:    lt.ToFile("lt \"1\".bin");
// CHECK-NEXT:    #endif
// CHECK-NEXT:    return;
// CHECK-NEXT:  }
func.func @debug_output(%lt: !ascendc.local_tensor<*xf16>, %n: ui32) {
  ascendc.local_tensor.print %lt : !ascendc.local_tensor<*xf16>
  ascendc.local_tensor.print %lt, %n : !ascendc.local_tensor<*xf16>, ui32
  ascendc.local_tensor.to_file %lt {fileName = "lt \"1\".bin"} : !ascendc.local_tensor<*xf16>
  return
}
