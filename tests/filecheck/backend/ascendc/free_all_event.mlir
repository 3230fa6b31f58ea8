// Emission of ascendc.que_bind.free_all_event (framework.py): a member call of the queue.
// RUN: asc-opt %s -t ascendc | filecheck %s

// CHECK-LABEL: __inline__ __attribute__((always_inline)) __aicore__ void free_all_event() {
// CHECK-NEXT:    AscendC::TQue<AscendC::TPosition::VECIN, 2> q;
// CHECK-NEXT:    AscendC::TQueBind<AscendC::TPosition::VECOUT, AscendC::TPosition::GM, 4> qb;
// CHECK-NEXT:    q.FreeAllEvent();
// CHECK-NEXT:    qb.FreeAllEvent();
// CHECK-NEXT:    return;
// CHECK-NEXT:  }
func.func @free_all_event() {
  %q = ascendc.queue : <vecin, 2>
  %qb = ascendc.que_bind : <vecout, gm, 4>
  ascendc.que_bind.free_all_event %q : !ascendc.queue<vecin, 2>
  ascendc.que_bind.free_all_event %qb : !ascendc.que_bind<vecout, gm, 4>
  return
}
