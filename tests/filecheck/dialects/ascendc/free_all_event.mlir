// Round trip of ascendc.que_bind.free_all_event (framework.py): a TQue and a TQueBind of
// depth >= 1, custom and generic form (invalid_free_all_event.mlir: depth 0).
// RUN: asc-opt %s | asc-opt | filecheck %s
// RUN: asc-opt %s --print-op-generic | asc-opt | filecheck %s
// RUN: asc-opt %s --print-op-generic | filecheck %s --check-prefix=GENERIC

// CHECK-LABEL: func.func @free_all_event() {
// CHECK-NEXT:    %q = ascendc.queue : <vecin, 2>
// CHECK-NEXT:    %qb = ascendc.que_bind : <vecout, gm, 4>
// CHECK-NEXT:    ascendc.que_bind.free_all_event %q : !ascendc.queue<vecin, 2>
// CHECK-NEXT:    ascendc.que_bind.free_all_event %qb : !ascendc.que_bind<vecout, gm, 4>
// CHECK-NEXT:    func.return
// GENERIC:       "ascendc.que_bind.free_all_event"(%q) : (!ascendc.queue<vecin, 2>) -> ()
// GENERIC-NEXT:  "ascendc.que_bind.free_all_event"(%qb) : (!ascendc.que_bind<vecout, gm, 4>) -> ()
func.func @free_all_event() {
  %q = ascendc.queue : <vecin, 2>
  %qb = ascendc.que_bind : <vecout, gm, 4>
  ascendc.que_bind.free_all_event %q : !ascendc.queue<vecin, 2>
  ascendc.que_bind.free_all_event %qb : !ascendc.que_bind<vecout, gm, 4>
  return
}
