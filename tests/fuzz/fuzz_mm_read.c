/* fuzz_mm_read.c: libFuzzer target: spmvp_mm_read on an arbitrary file, gzip or plain (the
 * reader decides by the magic bytes), so the streaming window and zlib's errors are fuzzed. */
#include "fuzz_common.h"
#include "sparse.h"

static char path[512];

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    fuzz_limit_memory();
    fuzz_temp_path(path, sizeof path, "in.mtx.gz");
    return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    FILE *f = fopen(path, "wb");
    if (!f || fwrite(data, 1, size, f) != size || fclose(f))
        abort();
    spmvp_csr *A = (spmvp_csr *)(uintptr_t)1;
    spmvp_status st = spmvp_mm_read(path, &A);
    if (st ? A != NULL : A == NULL)
        abort();
    if (st && (strncmp(spmvp_last_error(), path, strlen(path)) || strchr(spmvp_last_error(), '\n')))
        abort();
    spmvp_csr_free(A);
    return 0;
}
