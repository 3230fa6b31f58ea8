// Stand-in for CANN's `acl/acl.h`, written for asc_xdsl's header check
// (tools/check_headers.py). The CPU-debug SIMT header of arch 3510 (asc-tools
// cpudebug/include/kernel_simt_cpu.h) includes it only for the launch-geometry type `dim3`.
#ifndef ASC_XDSL_ACL_STUB_H
#define ASC_XDSL_ACL_STUB_H

#include <cstdint>

struct dim3 {
    uint32_t x;
    uint32_t y;
    uint32_t z;
    constexpr dim3(uint32_t vx = 1, uint32_t vy = 1, uint32_t vz = 1) : x(vx), y(vy), z(vz) {}
};

#endif  // ASC_XDSL_ACL_STUB_H
