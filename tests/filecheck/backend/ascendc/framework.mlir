// Emission of the TPipe/TQue/TBuf framework ops (framework.py).
// RUN: asc-opt %s -t ascendc | filecheck %s

// CHECK-LABEL: __aicore__ inline void objects(int32_t n, uint32_t len) {
// CHECK-NEXT:    AscendC::TPipe pipe;
// CHECK-NEXT:    AscendC::TQue<AscendC::TPosition::VECIN, 2> qin;
// CHECK-NEXT:    AscendC::TQue<AscendC::TPosition::VECOUT, 1> qout;
// CHECK-NEXT:    AscendC::TQue<AscendC::TPosition::A1, 1> qa1;
// CHECK-NEXT:    AscendC::TBuf<AscendC::TPosition::VECCALC> buf;
// CHECK-NEXT:    AscendC::TBuf<AscendC::TPosition::B2> bufb2;
// CHECK-NEXT:    pipe.InitBuffer(qin, n, len);
// CHECK-NEXT:    pipe.InitBuffer(qout, n, n);
// CHECK-NEXT:    pipe.InitBuffer(buf, len);
// CHECK-NEXT:    return;
// CHECK-NEXT:  }
func.func @objects(%n: i32, %len: ui32) {
  %pipe = ascendc.pipe
  %qin = ascendc.queue : !ascendc.queue<vecin, 2>
  %qout = ascendc.queue : <vec_out, 1>
  %qa1 = ascendc.queue : <a1, 1>
  %buf = ascendc.tbuf : <vec_calc>
  %bufb2 = ascendc.tbuf : !ascendc.tbuf<b2>
  ascendc.pipe.init_queue %pipe, %qin, %n, %len : !ascendc.queue<vecin, 2>, i32, ui32
  ascendc.pipe.init_queue %pipe, %qout, %n, %n : !ascendc.queue<vecout, 1>, i32, i32
  ascendc.pipe.init_buffer %pipe, %buf, %len : !ascendc.tbuf<veccalc>, ui32
  return
}

// CHECK-LABEL: __aicore__ inline void queue_traffic() {
// CHECK-NEXT:    AscendC::TQue<AscendC::TPosition::VECIN, 1> q;
// CHECK-NEXT:    AscendC::LocalTensor<half> t = q.AllocTensor<half>();
// CHECK-NEXT:    q.EnQue(t);
// CHECK-NEXT:    AscendC::LocalTensor<half> d = q.DeQue<half>();
// CHECK-NEXT:    q.FreeTensor(d);
// CHECK-NEXT:    AscendC::LocalTensor<int32_t> ti = q.AllocTensor<int32_t>();
// CHECK-NEXT:    return;
// CHECK-NEXT:  }
func.func @queue_traffic() {
  %q = ascendc.queue : <vecin, 1>
  %t = ascendc.que_bind.alloc_tensor %q : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf16>
  ascendc.que_bind.enque_tensor %q, %t : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf16>
  %d = ascendc.que_bind.deque_tensor %q : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf16>
  ascendc.que_bind.free_tensor %q, %d : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf16>
  %ti = ascendc.que_bind.alloc_tensor %q : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<i32>
  return
}

// CHECK-LABEL: __aicore__ inline void tbuf_views(uint32_t len, uint32_t off) {
// CHECK-NEXT:    AscendC::TBuf<AscendC::TPosition::VECCALC> buf;
// CHECK-NEXT:    AscendC::LocalTensor<float> all = buf.Get<float>();
// CHECK-NEXT:    AscendC::LocalTensor<uint8_t> part = buf.Get<uint8_t>(len);
// CHECK-NEXT:    AscendC::LocalTensor<int32_t> at = buf.GetWithOffset<int32_t>(len, off);
// CHECK-NEXT:    return;
// CHECK-NEXT:  }
func.func @tbuf_views(%len: ui32, %off: ui32) {
  %buf = ascendc.tbuf : !ascendc.tbuf<veccalc>
  %all = ascendc.tbuf.get_tensor %buf : !ascendc.tbuf<veccalc>, !ascendc.local_tensor<*xf32>
  %part = ascendc.tbuf.get_tensor %buf, %len : !ascendc.tbuf<veccalc>, !ascendc.local_tensor<*xui8>, ui32
  %at = ascendc.tbuf.get_with_offset %buf, %len, %off : !ascendc.tbuf<veccalc>, ui32, ui32, !ascendc.local_tensor<i32>
  return
}

// Framework objects are passed to helper functions by reference (a copied TPipe or
// TQue would lose its buffers and queue state); tensors are passed by value.
// CHECK-LABEL: __aicore__ inline void helper(AscendC::TPipe& pipe, AscendC::TQue<AscendC::TPosition::VECIN, 2>& que, AscendC::TQueBind<AscendC::TPosition::VECIN, AscendC::TPosition::VECOUT, 1>& bind, AscendC::TBuf<AscendC::TPosition::VECCALC>& buf, AscendC::LocalTensor<float> t) {
func.func @helper(%pipe: !ascendc.pipe, %que: !ascendc.queue<vecin, 2>, %bind: !ascendc.que_bind<vecin, vecout, 1>, %buf: !ascendc.tbuf<veccalc>, %t: !ascendc.local_tensor<*xf32>) {
  return
}
