// Emission of the LocalMemAllocator ops (mem_allocator.py).
// RUN: asc-opt %s -t ascendc | filecheck %s

// The constant tile size is the template argument of Alloc<pos, T, tileSize>().
// CHECK-LABEL: __inline__ __attribute__((always_inline)) __aicore__ void allocator(uint32_t n) {
// CHECK-NEXT:    constexpr int64_t hw = 1;
// CHECK-NEXT:    AscendC::LocalMemAllocator<AscendC::Hardware::UB> ub;
// CHECK-NEXT:    uint32_t addr = ub.GetCurAddr();
// CHECK-NEXT:    constexpr int32_t c256 = 256;
// CHECK-NEXT:    AscendC::LocalTensor<float> t = ub.Alloc<AscendC::TPosition::VECIN, float, c256>();
// CHECK-NEXT:    AscendC::LocalTensor<half> t2 = ub.Alloc<AscendC::TPosition::VECCALC, half>(n);
// CHECK-NEXT:    constexpr int64_t hw2 = 2;
// CHECK-NEXT:    AscendC::LocalMemAllocator<AscendC::Hardware::L1> l1;
// CHECK-NEXT:    AscendC::LocalTensor<half> a = l1.Alloc<AscendC::TPosition::A1, half>(n);
// CHECK-NEXT:    return;
// CHECK-NEXT:  }
func.func @allocator(%n: ui32) {
  %hw = arith.constant 1 : i64
  %ub = ascendc.local_mem_allocator %hw : i64, !ascendc.local_mem_allocator<1>
  %addr = ascendc.local_mem_allocator.get_cur_addr %ub : !ascendc.local_mem_allocator<1>, ui32
  %c256 = arith.constant 256 : i32
  %t = ascendc.local_mem_allocator.alloc %ub, vecin, %c256, f32 : !ascendc.local_mem_allocator<1>, i32, !ascendc.local_tensor<*xf32>
  %t2 = ascendc.local_mem_allocator.alloc_dynamic %ub, veccalc, %n, f16 : !ascendc.local_mem_allocator<1>, ui32, !ascendc.local_tensor<*xf16>
  %hw2 = arith.constant 2 : i64
  %l1 = ascendc.local_mem_allocator %hw2 : i64, !ascendc.local_mem_allocator<2>
  %a = ascendc.local_mem_allocator.alloc_dynamic %l1, a1, %n, f16 : !ascendc.local_mem_allocator<2>, ui32, !ascendc.local_tensor<*xf16>
  return
}

// An allocator is passed by reference (it keeps the next free address).
// CHECK-LABEL: __inline__ __attribute__((always_inline)) __aicore__ void helper(AscendC::LocalMemAllocator<AscendC::Hardware::L0C>& a) {
func.func @helper(%a: !ascendc.local_mem_allocator<5>) {
  return
}
