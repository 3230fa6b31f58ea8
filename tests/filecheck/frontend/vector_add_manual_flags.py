# The tutorial's manual-flag vector add (examples/vector_add_manual_flags.py): tensors at
# explicit UB addresses, SetFlag/WaitFlag between the pipes.
# RUN: %python %s | filecheck %s

import pathlib
import sys

import numpy as np

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[3] / "examples"))
from vector_add_manual_flags import vadd_manual

x = np.zeros(4 * 4096, np.float32)
compiled = vadd_manual.compile(x, x, x, 4096, block_dim=4, always_compile=True)
print(compiled.asm["ir"])
print(compiled.asm["ascendc"])

# CHECK-LABEL: func.func @vadd_manual
# CHECK:         %x_ub = ascendc.local_tensor_v2 vecin, %{{.*}}, %{{.*}} : !ascendc.local_tensor<*xf32>
# CHECK:         %y_ub = ascendc.local_tensor_v2 vecin, %{{.*}}, %{{.*}} : !ascendc.local_tensor<*xf32>
# CHECK:         %z_ub = ascendc.local_tensor_v2 vecout, %{{.*}}, %{{.*}} : !ascendc.local_tensor<*xf32>
# CHECK:         scf.for %i = %{{.*}} to %{{.*}} step %{{.*}} : i32 {
# CHECK:           scf.if %{{.*}} {
# CHECK-NEXT:        ascendc.wait_flag mte3_mte2, %{{.*}} : i32
# CHECK:           ascendc.data_copy_l2 %x_ub
# CHECK:           ascendc.data_copy_l2 %y_ub
# CHECK-NEXT:      ascendc.set_flag mte2_v, %{{.*}} : i32
# CHECK-NEXT:      ascendc.wait_flag mte2_v, %{{.*}} : i32
# CHECK-NEXT:      ascendc.add_l2 %z_ub, %x_ub, %y_ub, %{{.*}}
# CHECK-NEXT:      ascendc.set_flag v_mte3, %{{.*}} : i32
# CHECK-NEXT:      ascendc.wait_flag v_mte3, %{{.*}} : i32

# CHECK-LABEL: extern "C" __global__ __aicore__ void vadd_manual(__gm__ float* x, __gm__ float* y, __gm__ float* z, int32_t block_length) {
# CHECK:         AscendC::LocalTensor<float> x_ub = AscendC::LocalTensor<float>(AscendC::TPosition::VECIN, v{{[0-9]+}}, v{{[0-9]+}});
# CHECK:         AscendC::LocalTensor<float> z_ub = AscendC::LocalTensor<float>(AscendC::TPosition::VECOUT, v{{[0-9]+}}, v{{[0-9]+}});
# CHECK:           AscendC::SetFlag<AscendC::HardEvent::MTE2_V>(c0_i32);
# CHECK-NEXT:      AscendC::WaitFlag<AscendC::HardEvent::MTE2_V>(c0_i32);
# CHECK-NEXT:      AscendC::Add(z_ub, x_ub, y_ub, c1024_i32);
# CHECK-NEXT:      AscendC::SetFlag<AscendC::HardEvent::V_MTE3>(c0_i32);
# CHECK-NEXT:      AscendC::WaitFlag<AscendC::HardEvent::V_MTE3>(c0_i32);
# CHECK:             AscendC::SetFlag<AscendC::HardEvent::MTE3_MTE2>(c0_i32);
