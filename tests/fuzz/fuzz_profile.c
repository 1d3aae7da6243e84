/* fuzz_profile.c: libFuzzer target: the device-profile loader (spmvp_profile_parse) on
 * arbitrary text. Build with -DSPMVP_FUZZ_PROFILE_ONE_LINE=1 to also require one-line
 * messages (a known failure today, see docs/fuzzing.md). */
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
#if SPMVP_FUZZ_PROFILE_ONE_LINE
    /* Off until model/predict escapes what it echoes: a key holding "\n" ("si\ngle") makes
     * a two-line message (found by this target: tests/fuzz/known/, docs/fuzzing.md). */
    if (st && strchr(spmvp_last_error(), '\n'))
        abort();
#endif
    spmvp_profile_free(p);
    free(text);
    return 0;
}
