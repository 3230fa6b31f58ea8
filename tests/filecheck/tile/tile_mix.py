# A tile mix kernel's Ascend C: the matmul on the AIC writes its product to the hidden
# workspace parameter (Fixpipe), the AIVs read it back (DataCopyPad) after the
# cross-core flag insert-sync placed; each AIV reads, computes and stores its half of
# the rows (16 of 32, GetSubBlockIdx() * 16 rows in).
# RUN: %python %s | filecheck %s

import numpy as np

import asc_xdsl as asc
import asc_xdsl.asc2 as asc2


@asc2.jit
def bias_relu(a_ptr: asc.GlobalAddress, b_ptr: asc.GlobalAddress, bias_ptr: asc.GlobalAddress,
              c_ptr: asc.GlobalAddress):  # fmt: skip
    a = asc2.load(asc2.tensor(a_ptr, [32, 32]), [32, 32], offsets=[0, 0],
                  location=asc2.TileLocation.L0A)  # fmt: skip
    b = asc2.load(asc2.tensor(b_ptr, [32, 32]), [32, 32], offsets=[0, 0],
                  location=asc2.TileLocation.L0B)  # fmt: skip
    bias = asc2.load(asc2.tensor(bias_ptr, [1, 32]), [1, 32], offsets=[0, 0])
    asc2.store(asc2.relu(a @ b + bias), asc2.tensor(c_ptr, [32, 32]), offsets=[0, 0])


a = np.zeros((32, 32), np.float16)
out = np.zeros((32, 32), np.float32)
print(bias_relu.compile(a, a, out[:1], out, always_compile=True).asm["ascendc"])

# CHECK:      void bias_relu(__gm__ half* a_ptr, __gm__ half* b_ptr, __gm__ float* bias_ptr, __gm__ float* c_ptr, __gm__ float* workspace, __gm__ uint64_t* ffts_addr)
# CHECK-NEXT:   set_ffts_base_addr(*ffts_addr);
# CHECK:        [[WS:v[0-9]+]].SetGlobalBuffer(workspace);
# CHECK:        AscendC::GetBlockIdx()
# CHECK:        AscendC::GetSubBlockNum()
# CHECK:        AscendC::Mmad(
# CHECK:        AscendC::Fixpipe<float, float, AscendC::CFG_ROW_MAJOR>([[SLOT:v[0-9]+]],
# CHECK:        AscendC::GlobalTensor<float> [[HALF:v[0-9]+]] = [[SLOT]][
# CHECK:        if (is_aic) {
# CHECK-NEXT:     AscendC::CrossCoreSetFlag<2, PIPE_FIX>([[FLAG:.*]]);
# CHECK:        if (is_aiv) {
# CHECK-NEXT:     AscendC::CrossCoreWaitFlag<2, PIPE_MTE2>([[FLAG]]);
# CHECK:        AscendC::DataCopyPad({{v[0-9]+}}, [[HALF]],
# CHECK:        AscendC::Relu({{v[0-9]+}}, {{v[0-9]+}}, c512_i32);
# CHECK:        AscendC::DataCopyPad(
# CHECK-NOT:    DataCopyPad
