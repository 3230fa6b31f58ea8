/* A fake CANN runtime (libascendcl.so) for asc_xdsl's tests.
 *
 * It records every ACL call it receives in a text log (fake_log), treats device
 * memory as host memory (aclrtMalloc = malloc), and "runs" two known test kernels:
 *   add_custom(x, y, z, int32 total): z[i] = x[i] + y[i]; also scribbles x[0] = -1
 *     on the device, so a test can see that x is not copied back;
 *   mix_k(int64* x, uint64* ffts_addr): x[0] = *ffts_addr.
 *   print_k(int32* x, int32 n, uint8* dump): on each block b < block_dim (core id b),
 *     printf("x[0]=%d n=%u name=%s f=%f\n", x[0], n, "abc", 1.5f) and DumpTensor of
 *     x[0..3] (desc 7, GM), written into the dump buffer exactly as Ascend C's device
 *     code writes them (asc-devkit impl/utils/debug: asc_debug_utils.h,
 *     asc_aicore_printf_impl.h, asc_aicore_dump_impl.h, asc_debug_types.h).
 * fake_fail(name, code) makes the next call of `name` return `code`.
 * Built with -DFAKE_NO_WITH_CONFIG it lacks the aclrtKernelArgs* and
 * aclrtLaunchKernelWithConfig symbols (an older runtime: aclrtLaunchKernel only).
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define LOG_SIZE (1 << 16)
#define MAX_BUFS 256

static char g_log[LOG_SIZE];
static size_t g_log_len;
static void *g_bufs[MAX_BUFS];
static int g_nbufs;
static char g_fail_fn[64];
static int g_fail_code;
static char g_err[256];
static unsigned char g_args[4096];
static size_t g_args_len;
static char g_binary[4096];

struct func { char name[256]; };
struct args { struct func *f; unsigned char data[4096]; size_t len; };
struct opt { int type; uint32_t value; };
struct opts { struct opt *options; size_t num; };

static void logf_(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
#include <stdarg.h>
static void logf_(const char *fmt, ...) {
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

static int fail(const char *fn) {
    if (g_fail_fn[0] && strcmp(g_fail_fn, fn) == 0) {
        g_fail_fn[0] = 0;
        snprintf(g_err, sizeof g_err, "EZ9999: fake %s failure", fn);
        return g_fail_code;
    }
    return 0;
}

static const char *buf_name(const void *p, char *out) {
    for (int i = 0; i < g_nbufs; i++)
        if (g_bufs[i] == p) { sprintf(out, "dev%d", i); return out; }
    strcpy(out, "host");
    return out;
}

/* -- test controls -------------------------------------------------------- */
const char *fake_log(void) { return g_log; }
void fake_reset(void) { g_log_len = 0; g_log[0] = 0; g_fail_fn[0] = 0; g_err[0] = 0; }
void fake_fail(const char *fn, int code) { snprintf(g_fail_fn, sizeof g_fail_fn, "%s", fn); g_fail_code = code; }
size_t fake_last_args(unsigned char *out, size_t cap) {
    size_t n = g_args_len < cap ? g_args_len : cap;
    memcpy(out, g_args, n);
    return g_args_len;
}
const char *fake_last_binary(void) { return g_binary; }

/* -- ACL ------------------------------------------------------------------ */
#define CHECK(name) do { int rc_ = fail(name); if (rc_) { logf_("%s -> %d", name, rc_); return rc_; } } while (0)

int aclInit(const char *config) { CHECK("aclInit"); logf_("aclInit"); (void)config; return 0; }
int aclFinalize(void) { logf_("aclFinalize"); return 0; }
const char *aclGetRecentErrMsg(void) { return g_err[0] ? g_err : NULL; }
const char *aclrtGetSocName(void) { return "Ascend910B2"; }
int aclrtSetDevice(int32_t id) { CHECK("aclrtSetDevice"); logf_("aclrtSetDevice %d", id); return 0; }
int aclrtResetDevice(int32_t id) { logf_("aclrtResetDevice %d", id); return 0; }
int aclrtCreateStream(void **s) { CHECK("aclrtCreateStream"); *s = malloc(8); logf_("aclrtCreateStream"); return 0; }
int aclrtDestroyStream(void *s) { free(s); logf_("aclrtDestroyStream"); return 0; }
int aclrtSynchronizeStream(void *s) { (void)s; CHECK("aclrtSynchronizeStream"); logf_("aclrtSynchronizeStream"); return 0; }

int aclrtMalloc(void **p, size_t size, int policy) {
    CHECK("aclrtMalloc");
    *p = calloc(1, size);
    g_bufs[g_nbufs % MAX_BUFS] = *p;
    logf_("aclrtMalloc dev%d size=%zu policy=%d", g_nbufs, size, policy);
    g_nbufs++;
    return 0;
}
int aclrtFree(void *p) {
    char n[16];
    logf_("aclrtFree %s", buf_name(p, n));
    for (int i = 0; i < g_nbufs; i++) if (g_bufs[i] == p) g_bufs[i] = (void *)1;
    free(p);
    return 0;
}
int aclrtMemcpy(void *dst, size_t dmax, const void *src, size_t count, int kind) {
    char a[16], b[16];
    CHECK("aclrtMemcpy");
    if (count > dmax) return 100000;
    memcpy(dst, src, count);
    logf_("aclrtMemcpy %s %s<-%s n=%zu", kind == 1 ? "H2D" : kind == 2 ? "D2H" : "?",
          buf_name(dst, a), buf_name(src, b), count);
    return 0;
}

int aclrtBinaryLoadFromFile(const char *path, struct opts *o, void **bin) {
    CHECK("aclrtBinaryLoadFromFile");
    FILE *f = fopen(path, "rb");
    if (!f) { snprintf(g_err, sizeof g_err, "cannot open %s", path); return 100003; }
    fclose(f);
    snprintf(g_binary, sizeof g_binary, "%s", path);
    logf_("aclrtBinaryLoadFromFile magic=0x%x nopt=%zu type=%d", o && o->num ? o->options[0].value : 0,
          o ? o->num : 0, o && o->num ? o->options[0].type : -1);
    *bin = malloc(8);
    return 0;
}
int aclrtBinaryUnLoad(void *bin) { free(bin); logf_("aclrtBinaryUnLoad"); return 0; }
int aclrtBinaryGetFunction(void *bin, const char *name, void **func) {
    (void)bin;
    CHECK("aclrtBinaryGetFunction");
    struct func *fn = calloc(1, sizeof *fn);
    snprintf(fn->name, sizeof fn->name, "%s", name);
    *func = fn;
    logf_("aclrtBinaryGetFunction %s", name);
    return 0;
}
int aclrtGetHardwareSyncAddr(void **addr) { *addr = (void *)(uintptr_t)0xFF7500ULL; logf_("aclrtGetHardwareSyncAddr"); return 0; }


/* -- Ascend C's debug ring buffer, as the device writes it -------------------- */
struct head { uint32_t length, core_id, block_num, ring_len; uint16_t magic, flag; uint32_t rsv;
              uint64_t ring_addr, debug_bus; uint32_t resv[4]; };
struct rw { uint32_t type, length; uint64_t buf_offset, pack_idx; };
struct print_tlv { uint32_t type, length, block_idx, resv; uint64_t fmt_offset; };
struct tensor_tlv { uint32_t type, length, tensor_addr, data_type, desc, buffer_id; uint16_t position, block_idx;
                    uint32_t dim, shape[8], resv1, dump_size; };

static struct head *block_info(uint8_t *space, uint32_t core) {  /* get_block_info */
    struct head *first = (struct head *)space;
    struct head *h = (struct head *)(space + (size_t)first->length * (core % 75));
    if (h->magic != 0xAE86) return NULL;
    h->flag = 1; /* ASCEND_IS_AIV */
    return h;
}
static struct rw *write_info(struct head *h) { return (struct rw *)((uint8_t *)(uintptr_t)h->ring_addr + h->ring_len); }
static uint8_t *tlv_addr(struct head *h) { return (uint8_t *)(uintptr_t)h->ring_addr + write_info(h)->buf_offset; }
static int has_space(struct head *h, uint32_t len) { return write_info(h)->buf_offset + len <= h->ring_len; }
static void advance(struct head *h, uint32_t len) { write_info(h)->buf_offset += len; write_info(h)->pack_idx += 1; }

static void device_printf(uint8_t *space, uint32_t core, uint32_t block, uint32_t total, int32_t x0, uint32_t n) {
    struct head *h = block_info(space, core);
    const char *dumphead = "[AIV Block %u/%u] ", *fmt = "x[0]=%d n=%u name=%s f=%f\n", *str = "abc";
    uint32_t nargs = 6, head_len = (uint32_t)strlen(dumphead), fmt_len = (uint32_t)strlen(fmt) + 1,
             str_len = (uint32_t)strlen(str) + 1;
    uint32_t args_len = nargs * 8 + str_len;
    uint32_t tlv_len = ((sizeof(struct print_tlv) + args_len + fmt_len + head_len + 7) & ~7u) + 8;
    if (!h || !has_space(h, tlv_len)) return;
    struct print_tlv *t = (struct print_tlv *)tlv_addr(h);
    t->type = 1; t->length = tlv_len - 8; t->block_idx = block; t->resv = 0; t->fmt_offset = (nargs + 1) * 8;
    uint8_t *param = (uint8_t *)(t + 1);
    uint8_t *head_at = param + t->fmt_offset - 8;
    memcpy(head_at, dumphead, head_len);
    memcpy(head_at + head_len, fmt, fmt_len);
    uint64_t u; int64_t i; float f = 1.5f;
    u = block; memcpy(param, &u, 8);
    u = total; memcpy(param + 8, &u, 8);
    i = x0; memcpy(param + 16, &i, 8);
    u = n; memcpy(param + 24, &u, 8);
    uint32_t str_offset = (uint32_t)t->fmt_offset + fmt_len + head_len;  /* set_string_param */
    u = str_offset - 8 * 4; memcpy(param + 32, &u, 8);
    memcpy(param + str_offset, str, str_len);
    u = 0; memcpy(param + 40, &u, 8); memcpy(param + 40, &f, 4);
    advance(h, tlv_len);
}

static void device_dump_tensor(uint8_t *space, uint32_t core, uint32_t block, const int32_t *x, uint32_t count) {
    struct head *h = block_info(space, core);
    uint32_t align_len = (count * 4 + 31) / 32 * 32, tlv_len = sizeof(struct tensor_tlv) + align_len;
    if (!h || !has_space(h, tlv_len)) return;
    struct tensor_tlv *t = (struct tensor_tlv *)tlv_addr(h);
    memset(t, 0, tlv_len);
    t->type = 2; t->length = sizeof(struct tensor_tlv) - 8 + align_len;
    t->tensor_addr = (uint32_t)(uintptr_t)x; t->data_type = 3; /* ACL_INT32 */ t->desc = 7;
    t->position = 0; /* Hardware::GM */ t->block_idx = (uint16_t)block; t->dump_size = count * 4;
    memcpy(t + 1, x, count * 4);
    advance(h, tlv_len);
}

static void run_kernel(struct func *fn, uint32_t block_dim, const unsigned char *a, size_t len) {
    memcpy(g_args, a, len < sizeof g_args ? len : sizeof g_args);
    g_args_len = len;
    if (strcmp(fn->name, "add_custom") == 0 && len >= 32) {
        float *x, *y, *z; int32_t total;
        memcpy(&x, a, 8); memcpy(&y, a + 8, 8); memcpy(&z, a + 16, 8); memcpy(&total, a + 24, 4);
        for (int32_t i = 0; i < total; i++) z[i] = x[i] + y[i];
        if (total > 0) x[0] = -1.0f;
    } else if (strcmp(fn->name, "print_k") == 0 && len >= 24) {
        int32_t *x; int32_t n; uint8_t *space;
        memcpy(&x, a, 8); memcpy(&n, a + 8, 4); memcpy(&space, a + 16, 8);
        for (uint32_t b = 0; b < block_dim; b++) {
            device_printf(space, b, b, block_dim, x[0], (uint32_t)n);
            device_dump_tensor(space, b, b, x, 4);
        }
    } else if (strcmp(fn->name, "mix_k") == 0 && len >= 16) {
        uint64_t *x, *ffts;
        memcpy(&x, a, 8); memcpy(&ffts, a + 8, 8);
        x[0] = *ffts;
    }
}

#ifndef FAKE_NO_WITH_CONFIG
int aclrtKernelArgsInit(void *func, void **handle) {
    CHECK("aclrtKernelArgsInit");
    struct args *h = calloc(1, sizeof *h);
    h->f = func;
    *handle = h;
    logf_("aclrtKernelArgsInit");
    return 0;
}
int aclrtKernelArgsAppend(void *handle, void *param, size_t size, void **ph) {
    struct args *h = handle;
    CHECK("aclrtKernelArgsAppend");
    if (h->len + size > sizeof h->data) return 100000;
    memcpy(h->data + h->len, param, size);
    h->len += size;
    *ph = h->data + h->len - size;
    logf_("aclrtKernelArgsAppend size=%zu", size);
    return 0;
}
int aclrtKernelArgsFinalize(void *handle) { (void)handle; CHECK("aclrtKernelArgsFinalize"); logf_("aclrtKernelArgsFinalize"); return 0; }
int aclrtLaunchKernelWithConfig(void *func, uint32_t block_dim, void *stream, void *cfg, void *handle, void *reserve) {
    struct args *h = handle;
    (void)stream;
    CHECK("aclrtLaunchKernelWithConfig");
    logf_("aclrtLaunchKernelWithConfig %s block_dim=%u cfg=%s reserve=%s", ((struct func *)func)->name,
          block_dim, cfg ? "set" : "null", reserve ? "set" : "null");
    run_kernel(func, block_dim, h->data, h->len);
    free(h);
    return 0;
}
#endif

int aclrtLaunchKernel(void *func, uint32_t block_dim, const void *args, size_t size, void *stream) {
    char n[16];
    (void)stream;
    CHECK("aclrtLaunchKernel");
    logf_("aclrtLaunchKernel %s block_dim=%u args=%s size=%zu", ((struct func *)func)->name, block_dim,
          buf_name(args, n), size);
    run_kernel(func, block_dim, args, size);
    return 0;
}

/* Events (asc_xdsl.testing.do_bench): aclrtEventElapsedTime reports 1.0 ms for the
 * first pair measured after fake_reset, then 2.0, 3.0, ... (a known spread). */
static int g_elapsed_calls;
int aclrtCreateEvent(void **event) { CHECK("aclrtCreateEvent"); *event = malloc(8); logf_("aclrtCreateEvent"); return 0; }
int aclrtDestroyEvent(void *event) { free(event); logf_("aclrtDestroyEvent"); return 0; }
int aclrtRecordEvent(void *event, void *stream) { (void)event; (void)stream; CHECK("aclrtRecordEvent"); logf_("aclrtRecordEvent"); return 0; }
int aclrtSynchronizeEvent(void *event) { (void)event; logf_("aclrtSynchronizeEvent"); return 0; }
int aclrtEventElapsedTime(float *ms, void *start, void *end) {
    (void)start; (void)end;
    CHECK("aclrtEventElapsedTime");
    *ms = (float)(++g_elapsed_calls);
    logf_("aclrtEventElapsedTime");
    return 0;
}
void fake_reset_elapsed(void) { g_elapsed_calls = 0; }
