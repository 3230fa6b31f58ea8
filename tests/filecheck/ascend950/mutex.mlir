// Buffer-id synchronisation of Ascend 950 (sync.py): Mutex::Lock/Unlock, AllocMutexID,
// ReleaseMutexID; round trip and emission.
// RUN: asc-opt %s | asc-opt | filecheck %s --check-prefix=IR
// RUN: asc-opt %s -t ascendc | filecheck %s

// IR:      %id = ascendc.alloc_mutex_id : ui8
// IR-NEXT: ascendc.mutex_lock pipe_mte2, %id : ui8
// IR-NEXT: ascendc.mutex_unlock pipe_mte2, %id : ui8
// IR-NEXT: %c3i = arith.constant 3 : i8
// IR-NEXT: %c3 = builtin.unrealized_conversion_cast %c3i : i8 to ui8
// IR-NEXT: ascendc.mutex_lock pipe_v, %c3 : ui8
// IR-NEXT: ascendc.mutex_unlock pipe_v, %c3 : ui8
// IR-NEXT: ascendc.release_mutex_id %id : ui8

// CHECK-LABEL: void mutexes() {
// CHECK-NEXT:    uint8_t id = AscendC::AllocMutexID();
// CHECK-NEXT:    AscendC::Mutex::Lock<PIPE_MTE2>(id);
// CHECK-NEXT:    AscendC::Mutex::Unlock<PIPE_MTE2>(id);
// CHECK-NEXT:    constexpr int8_t c3i = 3;
// CHECK-NEXT:    uint8_t c3 = static_cast<uint8_t>(c3i);
// CHECK-NEXT:    AscendC::Mutex::Lock<PIPE_V>(c3);
// CHECK-NEXT:    AscendC::Mutex::Unlock<PIPE_V>(c3);
// CHECK-NEXT:    AscendC::ReleaseMutexID(id);
builtin.module attributes {ascendc.soc = "Ascend950"} {
  func.func @mutexes() {
    %id = ascendc.alloc_mutex_id : ui8
    ascendc.mutex_lock pipe_mte2, %id : ui8
    ascendc.mutex_unlock pipe_mte2, %id : ui8
    %c3i = arith.constant 3 : i8
    %c3 = builtin.unrealized_conversion_cast %c3i : i8 to ui8
    ascendc.mutex_lock pipe_v, %c3 : ui8
    ascendc.mutex_unlock pipe_v, %c3 : ui8
    ascendc.release_mutex_id %id : ui8
    func.return
  }
}
