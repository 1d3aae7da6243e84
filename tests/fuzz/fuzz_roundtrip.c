/* fuzz_roundtrip.c: libFuzzer target: whatever spmvp_mm_parse accepts, spmvp_mm_write writes
 * and spmvp_mm_read reads back equal, bit for bit (plain or gzip, chosen by the first byte). */
#include "fuzz_common.h"
#include "sparse.h"

static char plain[512], gz[512];

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    fuzz_limit_memory();
    fuzz_temp_path(plain, sizeof plain, "out.mtx");
    fuzz_temp_path(gz, sizeof gz, "out.mtx.gz");
    return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    spmvp_csr *A = NULL, *B = NULL;
    if (spmvp_mm_parse("fuzz.mtx", (const char *)data, size, &A))
        return 0;
    const char *path = size && (data[size - 1] & 1) ? gz : plain;
    if (spmvp_mm_write(path, A)) /* a write to /tmp must not fail */
        abort();
    if (spmvp_mm_read(path, &B) || !spmvp_csr_equal(A, B)) {
        fprintf(stderr, "round trip: %s\n", spmvp_last_error());
        abort();
    }
    spmvp_csr_free(A);
    spmvp_csr_free(B);
    return 0;
}
