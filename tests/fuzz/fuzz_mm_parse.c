/* fuzz_mm_parse.c: libFuzzer target: spmvp_mm_parse on arbitrary text held in memory. */
#include "fuzz_common.h"
#include "sparse.h"

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    fuzz_limit_memory();
    return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    spmvp_csr *A = (spmvp_csr *)(uintptr_t)1;
    spmvp_status st = spmvp_mm_parse("fuzz.mtx", (const char *)data, size, &A);
    /* the contract: a matrix, or NULL and a one-line message naming the input */
    if (st ? A != NULL : A == NULL)
        abort();
    if (st && (strncmp(spmvp_last_error(), "fuzz.mtx", 8) || strchr(spmvp_last_error(), '\n')))
        abort();
    if (A && (A->rowptr[0] != 0 || A->rowptr[A->nrows] != A->nnz))
        abort();
    spmvp_csr_free(A);
    return 0;
}
