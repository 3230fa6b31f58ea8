// Emission of the TPipe/TQue/TQueBind/TBuf/TBufPool ops (framework.py).
// RUN: asc-opt %s -t ascendc | filecheck %s

// CHECK-LABEL: __inline__ __attribute__((always_inline)) __aicore__ void objects(int32_t n, uint32_t len) {
// CHECK-NEXT:    AscendC::TPipe pipe;
// CHECK-NEXT:    AscendC::TQue<AscendC::TPosition::VECIN, 2> qin;
// CHECK-NEXT:    AscendC::TQue<AscendC::TPosition::VECOUT, 1> qout;
// CHECK-NEXT:    AscendC::TQue<AscendC::TPosition::A1, 1> qa1;
// CHECK-NEXT:    AscendC::TQueBind<AscendC::TPosition::GM, AscendC::TPosition::VECIN, 1> bind;
// CHECK-NEXT:    AscendC::TBuf<AscendC::TPosition::VECCALC> buf;
// CHECK-NEXT:    AscendC::TBuf<AscendC::TPosition::B2> bufb2;
// CHECK-NEXT:    pipe.InitBuffer(qin, n, len);
// CHECK-NEXT:    pipe.InitBuffer(qout, n, n);
// CHECK-NEXT:    pipe.InitBuffer(bind, n, len);
// CHECK-NEXT:    pipe.InitBuffer(buf, len);
// CHECK-NEXT:    return;
// CHECK-NEXT:  }
func.func @objects(%n: i32, %len: ui32) {
  %pipe = ascendc.pipe
  %qin = ascendc.queue : !ascendc.queue<vecin, 2>
  %qout = ascendc.queue : <vec_out, 1>
  %qa1 = ascendc.queue : <a1, 1>
  %bind = ascendc.que_bind : <gm, vecin, 1>
  %buf = ascendc.tbuf : <vec_calc>
  %bufb2 = ascendc.tbuf : !ascendc.tbuf<b2>
  ascendc.pipe.init_queue %pipe, %qin, %n, %len : !ascendc.queue<vecin, 2>, i32, ui32
  ascendc.pipe.init_queue %pipe, %qout, %n, %n : !ascendc.queue<vecout, 1>, i32, i32
  ascendc.pipe.init_queue %pipe, %bind, %n, %len : !ascendc.que_bind<gm, vecin, 1>, i32, ui32
  ascendc.pipe.init_buffer %pipe, %buf, %len : !ascendc.tbuf<veccalc>, ui32
  return
}

// TPipe::GetBaseAddr exists only in the CPU-debug build; on the device on-chip addresses
// (GetPhyAddr's) start at 0.
// CHECK-LABEL: __inline__ __attribute__((always_inline)) __aicore__ void pipe_members(AscendC::TPipe& pipe) {
// CHECK-NEXT:    pipe.Init();
// CHECK-NEXT:    int32_t id = pipe.AllocEventID<AscendC::HardEvent::MTE2_V>();
// CHECK-NEXT:    AscendC::SetFlag<AscendC::HardEvent::MTE2_V>(id);
// CHECK-NEXT:    AscendC::WaitFlag<AscendC::HardEvent::MTE2_V>(id);
// CHECK-NEXT:    pipe.ReleaseEventID<AscendC::HardEvent::MTE2_V>(id);
// CHECK-NEXT:    int8_t next = pipe.FetchEventID<AscendC::HardEvent::V_MTE3>();
// CHECK-NEXT:    #if defined(ASCENDC_CPU_DEBUG) && ASCENDC_CPU_DEBUG == 1
// CHECK-NEXT:    uint64_t base = reinterpret_cast<uint64_t>(pipe.GetBaseAddr(static_cast<int8_t>(AscendC::TPosition::VECIN)));
// CHECK-NEXT:    #else
// CHECK-NEXT:    uint64_t base = 0;
// CHECK-NEXT:    #endif
// CHECK-NEXT:    pipe.Reset();
// CHECK-NEXT:    pipe.Destroy();
// CHECK-NEXT:    return;
// CHECK-NEXT:  }
func.func @pipe_members(%pipe: !ascendc.pipe) {
  ascendc.pipe.init %pipe : !ascendc.pipe
  %id = ascendc.pipe.alloc_event_id %pipe, mte2_v : i32
  ascendc.set_flag mte2_v, %id : i32
  ascendc.wait_flag mte2_v, %id : i32
  ascendc.pipe.release_event_id %pipe, %id {event = 4 : i32} : !ascendc.pipe, i32
  %next = ascendc.pipe.fetch_event_id %pipe, v_mte3 : i8
  %base = ascendc.pipe.get_base_addr %pipe, vecin : ui64
  ascendc.pipe.reset %pipe : !ascendc.pipe
  ascendc.pipe.destroy %pipe : !ascendc.pipe
  return
}

// A pool carves pools of its own type (the headers give it access to no other).
// CHECK-LABEL: __inline__ __attribute__((always_inline)) __aicore__ void pools(uint32_t len, int32_t n) {
// CHECK-NEXT:    AscendC::TPipe pipe;
// CHECK-NEXT:    AscendC::TBufPool<AscendC::TPosition::VECIN, 4> pool;
// CHECK-NEXT:    AscendC::TBufPool<AscendC::TPosition::VECIN, 4> stage;
// CHECK-NEXT:    AscendC::TBufPool<AscendC::TPosition::VECIN, 4> stage2;
// CHECK-NEXT:    bool ok = pipe.InitBufPool(pool, len);
// CHECK-NEXT:    bool ok2 = pool.InitBufPool(stage, len);
// CHECK-NEXT:    bool ok3 = pool.InitBufPool(stage2, len, stage);
// CHECK-NEXT:    AscendC::TBuf<AscendC::TPosition::VECIN> buf;
// CHECK-NEXT:    AscendC::TQue<AscendC::TPosition::VECIN, 1> que;
// CHECK-NEXT:    stage.InitBuffer(buf, n);
// CHECK-NEXT:    stage2.InitBuffer(que, n, n);
// CHECK-NEXT:    stage.Reset();
// CHECK-NEXT:    return;
// CHECK-NEXT:  }
func.func @pools(%len: ui32, %n: i32) {
  %pipe = ascendc.pipe
  %pool = ascendc.tBufPool : <vecin, 4>
  %stage = ascendc.tBufPool : <vecin, 4>
  %stage2 = ascendc.tBufPool : <vecin, 4>
  %ok = ascendc.pipe.init_buf_pool(%pipe, %pool, %len) : !ascendc.pipe, !ascendc.tbuf_pool<vecin, 4>, ui32 -> i1
  %ok2 = ascendc.tbuf_pool.init_buf_pool(%pool, %stage, %len) : !ascendc.tbuf_pool<vecin, 4>, !ascendc.tbuf_pool<vecin, 4>, ui32 -> i1
  %ok3 = ascendc.tbuf_pool.init_buf_pool(%pool, %stage2, %len), %stage : !ascendc.tbuf_pool<vecin, 4>, !ascendc.tbuf_pool<vecin, 4>, ui32, !ascendc.tbuf_pool<vecin, 4> -> i1
  %buf = ascendc.tbuf : <vecin>
  %que = ascendc.queue : <vecin, 1>
  ascendc.tbuf_pool.init_buffer %stage, %buf, %n : !ascendc.tbuf_pool<vecin, 4>, !ascendc.tbuf<vecin>, i32
  ascendc.tbuf_pool.init_queue %stage2, %que, %n, %n : !ascendc.tbuf_pool<vecin, 4>, !ascendc.queue<vecin, 1>, i32, i32
  ascendc.tbuf_pool.reset %stage : !ascendc.tbuf_pool<vecin, 4>
  return
}

// CHECK-LABEL: __inline__ __attribute__((always_inline)) __aicore__ void queue_traffic(uint32_t addr, uint32_t len) {
// CHECK-NEXT:    AscendC::TQue<AscendC::TPosition::VECIN, 1> q;
// CHECK-NEXT:    AscendC::LocalTensor<half> t = q.AllocTensor<half>();
// CHECK-NEXT:    q.EnQue(t);
// CHECK-NEXT:    AscendC::LocalTensor<half> d = q.DeQue<half>();
// CHECK-NEXT:    q.FreeTensor(d);
// CHECK-NEXT:    q.EnQue<AscendC::TPosition::GM, AscendC::TPosition::VECIN>(t);
// CHECK-NEXT:    AscendC::LocalTensor<half> dp = q.DeQue<AscendC::TPosition::GM, AscendC::TPosition::VECIN, half>();
// CHECK-NEXT:    int32_t count = q.GetTensorCountInQue();
// CHECK-NEXT:    bool idle = q.HasIdleBuffer();
// CHECK-NEXT:    bool has = q.HasTensorInQue();
// CHECK-NEXT:    bool vacant = q.VacantInQue();
// CHECK-NEXT:    AscendC::TQueBind<AscendC::TPosition::GM, AscendC::TPosition::VECIN, 1>& bind = q;
// CHECK-NEXT:    AscendC::TQueBind<AscendC::TPosition::VECIN, AscendC::TPosition::VECIN, 0> qb;
// CHECK-NEXT:    AscendC::LocalTensor<float> lt = AscendC::LocalTensor<float>(AscendC::TPosition::VECIN, addr, len);
// CHECK-NEXT:    qb.AllocTensor<float>(lt);
// CHECK-NEXT:    qb.DeQue<float>(lt);
// CHECK-NEXT:    return;
// CHECK-NEXT:  }
func.func @queue_traffic(%addr: ui32, %len: ui32) {
  %q = ascendc.queue : <vecin, 1>
  %t = ascendc.que_bind.alloc_tensor %q : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf16>
  ascendc.que_bind.enque_tensor %q, %t : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf16>
  %d = ascendc.que_bind.deque_tensor %q : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf16>
  ascendc.que_bind.free_tensor %q, %d : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf16>
  ascendc.que_bind.enque_tensor_pos %q, %t, gm, vecin : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf16>
  %dp = ascendc.que_bind.deque_tensor_pos %q, gm, vecin : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf16>
  %count = ascendc.que_bind.get_tensor_count_in_que %q : !ascendc.queue<vecin, 1>, i32
  %idle = ascendc.que_bind.has_idle_buffer %q : !ascendc.queue<vecin, 1>, i1
  %has = ascendc.que_bind.has_tensor_in_que %q : !ascendc.queue<vecin, 1>, i1
  %vacant = ascendc.que_bind.vacant_in_que %q : !ascendc.queue<vecin, 1>, i1
  %bind = ascendc.to_que_bind %q : !ascendc.queue<vecin, 1>, !ascendc.que_bind<gm, vecin, 1>
  %qb = ascendc.que_bind : <vecin, vecin, 0>
  %lt = ascendc.local_tensor_v2 vecin, %addr, %len : !ascendc.local_tensor<*xf32>
  ascendc.que_bind.alloc_tensor_in_place %qb, %lt : !ascendc.que_bind<vecin, vecin, 0>, !ascendc.local_tensor<*xf32>
  ascendc.que_bind.deque_tensor_in_place %qb, %lt : !ascendc.que_bind<vecin, vecin, 0>, !ascendc.local_tensor<*xf32>
  return
}

// A custom TBufPool hands its buffers to queues by TBufHandle (uint8_t*).
// CHECK-LABEL: __inline__ __attribute__((always_inline)) __aicore__ void buf_handles(AscendC::TQue<AscendC::TPosition::VECIN, 1>& q, AscendC::TBufPool<AscendC::TPosition::VECIN, 4>& pool, uint8_t* h, uint32_t idx, uint32_t addr, uint8_t num) {
// CHECK-NEXT:    q.InitBufHandle(&pool, idx, h, addr, idx);
// CHECK-NEXT:    q.InitStartBufHandle(h, num, idx);
// CHECK-NEXT:    return;
// CHECK-NEXT:  }
func.func @buf_handles(%q: !ascendc.queue<vecin, 1>, %pool: !ascendc.tbuf_pool<vecin, 4>, %h: memref<?xui8>, %idx: ui32, %addr: ui32, %num: ui8) {
  ascendc.que_bind.init_buf_handle %q, %pool, %idx, %h, %addr, %idx : !ascendc.queue<vecin, 1>, !ascendc.tbuf_pool<vecin, 4>, ui32, memref<?xui8>, ui32, ui32
  ascendc.que_bind.init_start_buf_handle %q, %h, %num, %idx : !ascendc.queue<vecin, 1>, memref<?xui8>, ui8, ui32
  return
}

// CHECK-LABEL: __inline__ __attribute__((always_inline)) __aicore__ void tbuf_views(uint32_t len, uint32_t off) {
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
// CHECK-LABEL: __inline__ __attribute__((always_inline)) __aicore__ void helper(AscendC::TPipe& pipe, AscendC::TQue<AscendC::TPosition::VECIN, 2>& que, AscendC::TQueBind<AscendC::TPosition::VECIN, AscendC::TPosition::VECOUT, 1>& bind, AscendC::TBuf<AscendC::TPosition::VECCALC>& buf, AscendC::TBufPool<AscendC::TPosition::VECIN, 4>& pool, AscendC::LocalTensor<float> t) {
func.func @helper(%pipe: !ascendc.pipe, %que: !ascendc.queue<vecin, 2>, %bind: !ascendc.que_bind<vecin, vecout, 1>, %buf: !ascendc.tbuf<veccalc>, %pool: !ascendc.tbuf_pool<vecin, 4>, %t: !ascendc.local_tensor<*xf32>) {
  return
}

// A TQue at VECCALC is spelled as the TQueBind the device builds it as (CANN's CPU-debug
// headers reject TQue<VECCALC, d>: GetBufferLogicPos asserts).
// CHECK-LABEL: __inline__ __attribute__((always_inline)) __aicore__ void veccalc_queue(int32_t n) {
// CHECK-NEXT:    AscendC::TPipe pipe;
// CHECK-NEXT:    AscendC::TQueBind<AscendC::TPosition::VECCALC, AscendC::TPosition::VECCALC, 1> tmp;
// CHECK-NEXT:    pipe.InitBuffer(tmp, n, n);
// CHECK-NEXT:    AscendC::LocalTensor<float> t = tmp.AllocTensor<float>();
// CHECK-NEXT:    tmp.FreeTensor(t);
func.func @veccalc_queue(%n: i32) {
  %pipe = ascendc.pipe
  %tmp = ascendc.queue : <veccalc, 1>
  ascendc.pipe.init_queue %pipe, %tmp, %n, %n : !ascendc.queue<veccalc, 1>, i32, i32
  %t = ascendc.que_bind.alloc_tensor %tmp : !ascendc.queue<veccalc, 1>, !ascendc.local_tensor<*xf32>
  ascendc.que_bind.free_tensor %tmp, %t : !ascendc.queue<veccalc, 1>, !ascendc.local_tensor<*xf32>
  return
}
