/* fuzz_profile.c: libFuzzer target: the device-profile loader (spmvp_profile_parse) on
 * arbitrary text: a profile or a one-line error naming the file, never both, never a crash. */
#include "fuzz_common.h"
#include "profile.h"

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    fuzz_limit_memory();
    return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *text = fuzz_cstring(data, size);
    spmvp_profile *p = (spmvp_profile *)(uintptr_t)1;
    spmvp_status st = spmvp_profile_parse("fuzz.json", text, &p);
    if (st ? p != NULL : p == NULL)
        abort();
    if (st && strncmp(spmvp_last_error(), "fuzz.json", 9))
        abort();
    /* one line: a key holding "\n" ("si\ngle") once made two (found by this target,
     * tests/fuzz/known/profile_key_with_newline.json; spmvp_fail now replaces control
     * characters) */
    if (st && strchr(spmvp_last_error(), '\n'))
        abort();
    spmvp_profile_free(p);
    free(text);
    return 0;
}
