/* budget.c: the host memory limit (budget.h). */
#define _POSIX_C_SOURCE 200809L /* sysconf */
#include "budget.h"

#include <stdlib.h>
#include <unistd.h>

uint64_t spmvp_bytes_add(uint64_t a, uint64_t b) { return a > UINT64_MAX - b ? UINT64_MAX : a + b; }

uint64_t spmvp_bytes_mul(uint64_t a, uint64_t b)
{
    return b && a > UINT64_MAX / b ? UINT64_MAX : a * b;
}

uint64_t spmvp_csr_host_bytes(uint64_t rows, uint64_t nnz)
{
    return spmvp_bytes_add(spmvp_bytes_mul(spmvp_bytes_add(rows, 1), 4), spmvp_bytes_mul(nnz, 12));
}

/* SPMVP_MAX_HOST_BYTES as bytes, or 0 when unset or malformed. */
static uint64_t env_limit(void)
{
    const char *s = getenv("SPMVP_MAX_HOST_BYTES");
    if (!s || *s < '0' || *s > '9')
        return 0;
    char *end;
    unsigned long long v = strtoull(s, &end, 10);
    int shift = 0;
    switch (*end) {
    case 'K': case 'k': shift = 10; break;
    case 'M': case 'm': shift = 20; break;
    case 'G': case 'g': shift = 30; break;
    case 'T': case 't': shift = 40; break;
    case '\0': break;
    default: return 0;
    }
    if (shift && end[1])
        return 0;
    return spmvp_bytes_mul(v, (uint64_t)1 << shift);
}

uint64_t spmvp_host_limit(void)
{
    uint64_t env = env_limit();
    if (env)
        return env;
    long pages = sysconf(_SC_PHYS_PAGES), page = sysconf(_SC_PAGESIZE);
    if (pages <= 0 || page <= 0)
        return UINT64_MAX; /* unknown: allocations fail on their own */
    return spmvp_bytes_mul((uint64_t)pages, (uint64_t)page) / 2;
}

spmvp_status spmvp_host_check(const char *name, const char *what, uint64_t bytes)
{
    uint64_t limit = spmvp_host_limit();
    if (bytes <= limit)
        return SPMVP_OK;
    const char *src = env_limit() ? "SPMVP_MAX_HOST_BYTES" : "half the physical memory; "
                                                             "SPMVP_MAX_HOST_BYTES overrides it";
    if (bytes == UINT64_MAX)
        return spmvp_fail(SPMVP_ERR_NOMEM, "%s%s%s: more than 2^64 bytes of host memory "
                          "needed, above the limit of %llu bytes (%s)", name ? name : "", name ? ": " : "",
                          what, (unsigned long long)limit, src);
    return spmvp_fail(SPMVP_ERR_NOMEM, "%s%s%s: %llu bytes of host memory needed, above the "
                      "limit of %llu bytes (%s)", name ? name : "", name ? ": " : "", what,
                      (unsigned long long)bytes, (unsigned long long)limit, src);
}
