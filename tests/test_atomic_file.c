/* test_atomic_file.c: outputs through a temporary file renamed into place
 * (model/sparse/atomic_file.h) and spmvp_mm_write on failed writes (issue 11, item 3). */
#define _XOPEN_SOURCE 700 /* mkdtemp, symlink, setrlimit */
#include "atomic_file.h"
#include "sparse.h"
#include "test.h"

#include <dirent.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

static char dir[64];

static void path_in(char *buf, size_t size, const char *name)
{
    snprintf(buf, size, "%s/%s", dir, name);
}

static void put_file(const char *path, const char *text)
{
    FILE *f = fopen(path, "wb");
    fputs(text, f);
    fclose(f);
}

static int file_is(const char *path, const char *text)
{
    char buf[256] = "";
    FILE *f = fopen(path, "rb");
    if (!f)
        return 0;
    size_t n = fread(buf, 1, sizeof buf - 1, f);
    fclose(f);
    buf[n] = '\0';
    return !strcmp(buf, text);
}

/* Files in the test directory (temporary files included: they start with '.'). */
static int entries(void)
{
    int n = 0;
    DIR *d = opendir(dir);
    for (struct dirent *e; d && (e = readdir(d));)
        n += strcmp(e->d_name, ".") && strcmp(e->d_name, "..");
    if (d)
        closedir(d);
    return n;
}

static spmvp_csr *matrix(int n)
{
    spmvp_csr *A = spmvp_csr_alloc(n, n, n);
    for (int i = 0; i < n; i++) {
        A->rowptr[i + 1] = i + 1;
        A->colidx[i] = i;
        A->val[i] = 1.0 / (i + 3);
    }
    return A;
}

static void failed_write_should_keep_the_previous_file_and_leave_nothing(void)
{
    char path[128];
    path_in(path, sizeof path, "keep.mtx");
    put_file(path, "precious\n");
    spmvp_csr *A = matrix(20000); /* about 600 KB of text */
    /* a file size limit makes the write fail part way, as a full disk would */
    struct rlimit old, small = {4096, 4096};
    getrlimit(RLIMIT_FSIZE, &old);
    small.rlim_max = old.rlim_max;
    signal(SIGXFSZ, SIG_IGN);
    setrlimit(RLIMIT_FSIZE, &small);
    spmvp_status st = spmvp_mm_write(path, A);
    setrlimit(RLIMIT_FSIZE, &old);
    CHECK_MSG(st == SPMVP_ERR_IO && strstr(spmvp_last_error(), "keep.mtx: write failed: File too "
                                           "large"), "%s", spmvp_last_error());
    CHECK(file_is(path, "precious\n")); /* was deleted before */
    CHECK(entries() == 1);              /* no temporary file left */
    /* and a successful write replaces it, keeping its mode */
    chmod(path, 0640);
    CHECK(spmvp_mm_write(path, A) == SPMVP_OK);
    struct stat sb;
    CHECK(stat(path, &sb) == 0 && (sb.st_mode & 0777) == 0640 && sb.st_size > 100000);
    CHECK(entries() == 1);
    remove(path);
    spmvp_csr_free(A);
}

static void a_device_given_as_output_should_be_written_in_place_and_never_removed(void)
{
    struct stat sb;
    if (stat("/dev/full", &sb) || !S_ISCHR(sb.st_mode))
        return;
    spmvp_csr *A = matrix(10000);
    CHECK(spmvp_mm_write("/dev/full", A) == SPMVP_ERR_IO);
    CHECK_MSG(strstr(spmvp_last_error(), "/dev/full: write failed: No space left on device"), "%s",
              spmvp_last_error());
    CHECK(stat("/dev/full", &sb) == 0 && S_ISCHR(sb.st_mode));
    CHECK(spmvp_mm_write("/dev/null", A) == SPMVP_OK);
    CHECK(stat("/dev/null", &sb) == 0 && S_ISCHR(sb.st_mode));
    spmvp_csr_free(A);
}

static void abort_should_remove_only_the_temporary_file(void)
{
    char path[128];
    path_in(path, sizeof path, "out.csv");
    put_file(path, "old\n");
    spmvp_atomic *a;
    CHECK(spmvp_atomic_open(path, &a) == SPMVP_OK);
    CHECK(strcmp(a->tmp, a->path) && !a->in_place && entries() == 2);
    put_file(a->tmp, "half");
    spmvp_atomic_abort(a);
    CHECK(file_is(path, "old\n") && entries() == 1);
    /* commit replaces; a new file gets 0666 less the umask */
    CHECK(spmvp_atomic_open(path, &a) == SPMVP_OK);
    put_file(a->tmp, "new\n");
    CHECK(spmvp_atomic_commit(a) == SPMVP_OK);
    CHECK(file_is(path, "new\n") && entries() == 1);
    remove(path);
    mode_t mask = umask(022);
    CHECK(spmvp_atomic_open(path, &a) == SPMVP_OK);
    CHECK(spmvp_atomic_commit(a) == SPMVP_OK);
    umask(mask);
    struct stat sb;
    CHECK(stat(path, &sb) == 0 && (sb.st_mode & 0777) == 0644 && sb.st_size == 0);
    remove(path);
}

static void a_symbolic_link_should_keep_pointing_at_the_new_file(void)
{
    char target[128], link[128];
    path_in(target, sizeof target, "target.mtx");
    path_in(link, sizeof link, "link.mtx");
    put_file(target, "old\n");
    CHECK(symlink("target.mtx", link) == 0);
    spmvp_csr *A = matrix(3);
    CHECK(spmvp_mm_write(link, A) == SPMVP_OK);
    struct stat sb;
    CHECK(lstat(link, &sb) == 0 && S_ISLNK(sb.st_mode));
    spmvp_csr *B = NULL;
    CHECK(spmvp_mm_read(target, &B) == SPMVP_OK && B && spmvp_csr_equal(A, B));
    CHECK(entries() == 2);
    spmvp_csr_free(A);
    spmvp_csr_free(B);
    remove(link);
    remove(target);
}

static void check_should_say_why_a_path_cannot_be_written(void)
{
    char path[128];
    CHECK(spmvp_atomic_check("/nonexistent_spmvp_dir/a.mtx") == SPMVP_ERR_IO);
    CHECK_MSG(strstr(spmvp_last_error(), "/nonexistent_spmvp_dir/a.mtx: cannot write there: "
                     "/nonexistent_spmvp_dir: No such file or directory"), "%s",
              spmvp_last_error());
    CHECK(spmvp_atomic_check(dir) == SPMVP_ERR_IO && strstr(spmvp_last_error(), "Is a directory"));
    path_in(path, sizeof path, "new.mtx");
    CHECK(spmvp_atomic_check(path) == SPMVP_OK && entries() == 0); /* creates nothing */
    CHECK(spmvp_atomic_check("/dev/null") == SPMVP_OK);
    spmvp_atomic *a = (spmvp_atomic *)1;
    CHECK(spmvp_atomic_open(dir, &a) == SPMVP_ERR_IO && a == NULL);
}

int main(void)
{
    snprintf(dir, sizeof dir, "/tmp/spmvp_test_atomic_XXXXXX");
    if (!mkdtemp(dir))
        return 1;
    RUN(failed_write_should_keep_the_previous_file_and_leave_nothing);
    RUN(a_device_given_as_output_should_be_written_in_place_and_never_removed);
    RUN(abort_should_remove_only_the_temporary_file);
    RUN(a_symbolic_link_should_keep_pointing_at_the_new_file);
    RUN(check_should_say_why_a_path_cannot_be_written);
    rmdir(dir);
    return test_report();
}
