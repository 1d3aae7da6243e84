/* fuzz_common.h: what the libFuzzer targets share: a host budget small enough that a size
 * line cannot exhaust the fuzzer's memory, and a per-process temporary file. */
#ifndef SPMVP_FUZZ_COMMON_H
#define SPMVP_FUZZ_COMMON_H

#define _POSIX_C_SOURCE 200809L /* setenv, mkstemp */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* 64 MiB: far below libFuzzer's 2 GB RSS limit, far above what a fuzzed input legitimately
 * needs; a size line asking for more is then an error, which is what we test. */
static inline void fuzz_limit_memory(void) { setenv("SPMVP_MAX_HOST_BYTES", "64M", 1); }

/* A path NAME in a fresh temporary directory (both removed at exit). */
static char fuzz_dir_[512];
static char fuzz_files_[4][600];
static int fuzz_nfiles_;
static inline void fuzz_cleanup_(void)
{
    for (int i = 0; i < fuzz_nfiles_; i++)
        remove(fuzz_files_[i]);
    rmdir(fuzz_dir_);
}
static inline void fuzz_temp_path(char *buf, size_t size, const char *name)
{
    if (!fuzz_dir_[0]) {
        const char *tmp = getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp";
        snprintf(fuzz_dir_, sizeof fuzz_dir_, "%s/spmvp_fuzz_XXXXXX", tmp);
        if (!mkdtemp(fuzz_dir_))
            abort();
        atexit(fuzz_cleanup_);
    }
    snprintf(buf, size, "%s/%s", fuzz_dir_, name);
    if (fuzz_nfiles_ < 4)
        snprintf(fuzz_files_[fuzz_nfiles_++], sizeof fuzz_files_[0], "%s", buf);
}

/* data as a NUL-terminated copy (the caller frees). */
static inline char *fuzz_cstring(const uint8_t *data, size_t size)
{
    char *s = malloc(size + 1);
    if (!s)
        abort();
    memcpy(s, data, size);
    s[size] = '\0';
    return s;
}

#endif
