# Ascend 950's L1 -> UB: DataCopyL1ToUB<T, subBlockId> (count and DataCopyParams forms) on
# the AIC into each AIV's UB, the AIVs waiting for its cross-core flag; the Ascend C it
# prints (header-checked for 3510 by test_headers).
# RUN: %python %s | filecheck %s

import numpy as np

import asc_xdsl as asc

N = 256


@asc.jit(kernel_type="mix", soc_version="Ascend950PR_9599")
def l1_to_ub(x: asc.GlobalAddress, y: asc.GlobalAddress):
    xg, yg = asc.GlobalTensor(), asc.GlobalTensor()
    xg.set_global_buffer(x)
    yg.set_global_buffer(y)
    ub = asc.LocalTensor(asc.float32, asc.TPosition.VECCALC, 0, N // 2)
    if asc.ascend_is_aic():
        l1 = asc.LocalTensor(asc.float32, asc.TPosition.A1, 0, N)
        asc.data_copy(l1, xg, N)
        asc.set_flag(asc.HardEvent.MTE2_MTE1, 0)
        asc.wait_flag(asc.HardEvent.MTE2_MTE1, 0)
        asc.data_copy_l1_to_ub(ub, l1, N // 2)
        halves = asc.DataCopyParams(2, N // 4 * 4 // 32, 0, 0)
        asc.data_copy_l1_to_ub(ub, l1[N // 2 :], halves, sub_block_id=1)
        asc.cross_core_set_flag(3, mode_id=2, pipe=asc.PipeID.PIPE_MTE1)
    else:
        asc.cross_core_wait_flag(3, mode_id=0, pipe=asc.PipeID.PIPE_V)
        asc.muls(ub, ub, 2.0, N // 2)
        asc.pipe_barrier(asc.PipeID.PIPE_ALL)
        asc.data_copy(yg[asc.get_sub_block_idx() * (N // 2) :], ub, N // 2)


x = np.zeros(N, np.float32)
print(l1_to_ub.compile(x, x).asm["ascendc"])

# CHECK:      if ({{.*}}) {
# CHECK:        AscendC::DataCopyL1ToUB<float, 0>(ub, l1{{.*}}, {{.*}});
# CHECK:        AscendC::DataCopyParams halves{
# CHECK:        AscendC::DataCopyL1ToUB<float, 1>(ub, {{.*}}, halves);
# CHECK-NEXT:   AscendC::CrossCoreSetFlag<2, PIPE_MTE1>(
# CHECK:        AscendC::CrossCoreWaitFlag<0, PIPE_V>(
