# asc-devkit's Mutex sample (examples/01_simd_cpp_api/03_basic_api/05_sync_control/mutex)
# as a Python kernel for Ascend 950: LocalMemAllocator static allocation and buffer-id
# synchronisation, and the Ascend C it prints (header-checked for 3510 by test_headers).
# RUN: %python %s | filecheck %s

import numpy as np

import asc_xdsl as asc

TILE = 256
TILES = 4


@asc.jit(soc_version="Ascend950PR_9599")
def mutex_custom(x: asc.GlobalAddress, y: asc.GlobalAddress, z: asc.GlobalAddress):
    xg, yg, zg = asc.GlobalTensor(), asc.GlobalTensor(), asc.GlobalTensor()
    xg.set_global_buffer(x)
    yg.set_global_buffer(y)
    zg.set_global_buffer(z)
    ub = asc.LocalMemAllocator(asc.Hardware.UB)
    x_local = ub.alloc(asc.TPosition.VECCALC, asc.float32, TILE)
    y_local = ub.alloc(asc.TPosition.VECCALC, asc.float32, TILE)
    z_local = ub.alloc(asc.TPosition.VECCALC, asc.float32, TILE)
    mutex_id = asc.alloc_mutex_id()
    for i in range(TILES):
        asc.mutex_lock(asc.PipeID.PIPE_MTE2, mutex_id)
        asc.data_copy(x_local, xg[i * TILE :], TILE)
        asc.data_copy(y_local, yg[i * TILE :], TILE)
        asc.mutex_unlock(asc.PipeID.PIPE_MTE2, mutex_id)
        asc.mutex_lock(asc.PipeID.PIPE_V, mutex_id)
        asc.add(z_local, x_local, y_local, TILE)
        asc.mutex_unlock(asc.PipeID.PIPE_V, mutex_id)
        asc.mutex_lock(asc.PipeID.PIPE_MTE3, mutex_id)
        asc.data_copy(zg[i * TILE :], z_local, TILE)
        asc.mutex_unlock(asc.PipeID.PIPE_MTE3, mutex_id)
    asc.release_mutex_id(mutex_id)


x = np.zeros(TILE * TILES, np.float32)
print(mutex_custom.compile(x, x, x).asm["ascendc"])

# CHECK:      AscendC::LocalMemAllocator<AscendC::Hardware::UB> ub;
# CHECK:      AscendC::LocalTensor<float> x_local = ub.Alloc<AscendC::TPosition::VECCALC, float, {{.*}}>();
# CHECK:      uint8_t mutex_id = AscendC::AllocMutexID();
# CHECK:      for (
# CHECK:        AscendC::Mutex::Lock<PIPE_MTE2>(mutex_id);
# CHECK:        AscendC::Mutex::Unlock<PIPE_MTE2>(mutex_id);
# CHECK:        AscendC::Mutex::Lock<PIPE_V>(mutex_id);
# CHECK-NEXT:   AscendC::Add(z_local, x_local, y_local, {{.*}});
# CHECK-NEXT:   AscendC::Mutex::Unlock<PIPE_V>(mutex_id);
# CHECK:        AscendC::Mutex::Lock<PIPE_MTE3>(mutex_id);
# CHECK:      AscendC::ReleaseMutexID(mutex_id);
