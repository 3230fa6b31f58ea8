// `lib/matmul_intf.h` as a CANN install provides it (the matmul API; kernels and pyasc's
// generated code include it under this name), for asc_xdsl's header check
// (tools/check_headers.py): asc-devkit keeps the header at adv_api/matmul/matmul_intf.h
// and its install step links it into place.
#include "matmul/matmul_intf.h"
