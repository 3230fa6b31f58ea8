"""asc.testing.do_bench on the npu backend (fake ACL): device time from ACL events
recorded on the launch's stream around the kernel, warm-up runs untimed, the median
and quantiles over the repeats."""

from __future__ import annotations

import numpy as np
import pytest
from cann_fake import vector_add_kernel

import asc_xdsl as asc


def test_device_time_from_acl_events(fake_toolkit):
    kernel = vector_add_kernel()
    x, y, z = (np.zeros(64, np.float32) for _ in range(3))
    result = asc.testing.do_bench(
        lambda: kernel[1](x, y, z, 64), warmup=2, rep=5, quantiles=(0.2, 0.5, 0.8), backend="npu"
    )
    # the fake's aclrtEventElapsedTime says 1, 2, 3, ... ms: warm-up launches record none
    assert result.samples == (1.0, 2.0, 3.0, 4.0, 5.0)
    assert not result.modelled and result.backend == "npu" and result.launches == 1
    assert result.ms == 3.0 and result.quantiles == pytest.approx({0.2: 1.8, 0.5: 3.0, 0.8: 4.2})
    assert (result.min_ms, result.max_ms, result.mean_ms) == (1.0, 5.0, 3.0)
    assert "median device time" in str(result) and "ACL events" in str(result)
    calls = fake_toolkit.acl_calls()
    assert (
        calls.count("aclrtLaunchKernelWithConfig add_custom block_dim=1 cfg=null reserve=null") == 7
    )
    assert calls.count("aclrtEventElapsedTime") == 5
    launch = calls.index(
        "aclrtLaunchKernelWithConfig add_custom block_dim=1 cfg=null reserve=null", 0
    )
    timed = calls.index("aclrtRecordEvent")  # the first timed launch: events around it
    assert timed > launch and calls[timed + 1].startswith("aclrtKernelArgsInit")
    assert calls.count("aclrtCreateEvent") == calls.count("aclrtDestroyEvent") == 10
