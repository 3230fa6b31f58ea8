/* A no-op CANN runtime (libascendcl.so) for bench/launch_floor.py and
 * tests/unit/test_launch_floor.py: every ACL call a launch makes succeeds at once and
 * does nothing else, so a launch through it costs only its caller's own work.
 *
 * Device memory is never touched: aclrtMalloc hands out distinct fake addresses and
 * aclrtMemcpy copies nothing. With fake_record(1), each call appends its name (and
 * the numbers that tell two sequences apart: sizes, copy kinds, block_dim) as one
 * line to a log that fake_calls() returns; recording is off by default, so the bench
 * measures the calls without it.
 */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#define LOG_SIZE (1 << 20)

static int g_record;
static char g_log[LOG_SIZE];
static size_t g_log_len;
static uintptr_t g_next = 0x100000;

void fake_record(int on) { g_record = on; g_log_len = 0; g_log[0] = 0; }
const char *fake_calls(void) { return g_log; }

#define REC(...) do { if (g_record) rec_(__VA_ARGS__); } while (0)
static void rec_(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
#include <stdarg.h>
static void rec_(const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(g_log + g_log_len, LOG_SIZE - g_log_len, fmt, ap);
    va_end(ap);
    if (n > 0 && g_log_len + (size_t)n + 1 < LOG_SIZE) {
        g_log_len += (size_t)n;
        g_log[g_log_len++] = '\n';
        g_log[g_log_len] = 0;
    }
}

static void *fresh(void) { g_next += 0x1000; return (void *)g_next; }

int aclInit(const char *config) { (void)config; REC("aclInit"); return 0; }
int aclFinalize(void) { REC("aclFinalize"); return 0; }
const char *aclGetRecentErrMsg(void) { return NULL; }
const char *aclrtGetSocName(void) { return "Ascend910B2"; }
int aclrtSetDevice(int32_t id) { REC("aclrtSetDevice %d", id); return 0; }
int aclrtResetDevice(int32_t id) { REC("aclrtResetDevice %d", id); return 0; }
int aclrtCreateStream(void **s) { *s = fresh(); REC("aclrtCreateStream"); return 0; }
int aclrtDestroyStream(void *s) { (void)s; REC("aclrtDestroyStream"); return 0; }
int aclrtSynchronizeStream(void *s) { (void)s; REC("aclrtSynchronizeStream"); return 0; }
int aclrtMalloc(void **p, size_t size, int policy) { *p = fresh(); REC("aclrtMalloc %zu %d", size, policy); return 0; }
int aclrtFree(void *p) { (void)p; REC("aclrtFree"); return 0; }
int aclrtMemcpy(void *dst, size_t dmax, const void *src, size_t count, int kind) {
    (void)dst; (void)src;
    REC("aclrtMemcpy %zu %zu %d", dmax, count, kind);
    return 0;
}
int aclrtBinaryLoadFromFile(const char *path, void *options, void **bin) {
    (void)path; (void)options; *bin = fresh(); REC("aclrtBinaryLoadFromFile"); return 0;
}
int aclrtBinaryUnLoad(void *bin) { (void)bin; REC("aclrtBinaryUnLoad"); return 0; }
int aclrtBinaryGetFunction(void *bin, const char *name, void **func) {
    (void)bin; *func = fresh(); REC("aclrtBinaryGetFunction %s", name); return 0;
}
int aclrtGetHardwareSyncAddr(void **addr) { *addr = fresh(); REC("aclrtGetHardwareSyncAddr"); return 0; }
int aclrtKernelArgsInit(void *func, void **handle) { (void)func; *handle = fresh(); REC("aclrtKernelArgsInit"); return 0; }
int aclrtKernelArgsAppend(void *handle, void *param, size_t size, void **ph) {
    (void)handle; *ph = param; REC("aclrtKernelArgsAppend %zu", size); return 0;
}
int aclrtKernelArgsFinalize(void *handle) { (void)handle; REC("aclrtKernelArgsFinalize"); return 0; }
int aclrtLaunchKernelWithConfig(void *func, uint32_t block_dim, void *stream, void *cfg, void *handle, void *reserve) {
    (void)func; (void)stream; (void)cfg; (void)handle; (void)reserve;
    REC("aclrtLaunchKernelWithConfig %u", block_dim);
    return 0;
}
int aclrtLaunchKernel(void *func, uint32_t block_dim, const void *args, size_t size, void *stream) {
    (void)func; (void)args; (void)stream;
    REC("aclrtLaunchKernel %u %zu", block_dim, size);
    return 0;
}
