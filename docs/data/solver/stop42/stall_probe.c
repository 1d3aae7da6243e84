#define _POSIX_C_SOURCE 200809L
#define CL_TARGET_OPENCL_VERSION 120
/* stall_probe.c (stop 42, prepared for the next stop; not run yet): where do the staged uploads
 * of some H100 machines lose 40-90 ms (docs/solver-h100.md, CG section)? One process does R
 * rounds of a 160 MB staged write the way host/ocl/stage.c does it (two pinned 8 MiB chunks,
 * each filled on T OpenMP threads, then written without blocking while the other fills), and
 * times every piece: each thread's memcpy into the chunk, the wait for the chunk's last write,
 * the enqueue. Beside it, per round, the same fill into plain malloc'd memory (no OpenCL: does a
 * parallel memcpy stall by itself?). Prints TSV: round, variant, chunk, thread (-1: the main
 * thread's wait or enqueue), what, us; then per round the totals. A stalled round shows which
 * part took the time.
 *   gcc -O2 -std=c11 -fopenmp stall_probe.c -o stall_probe -lOpenCL && ./stall_probe 20 8
 * (a third argument, "any", takes the first device of any type: a smoke test on PoCL) */
#include <CL/cl.h>
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define CK(x) do { cl_int e_ = (x); if (e_) { fprintf(stderr, "%s: %d (line %d)\n", #x, e_, __LINE__); exit(1); } } while (0)
#define CHUNK ((size_t)8 << 20)
#define BYTES ((size_t)160 << 20)
#define MAXT 64

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec * 1e6 + t.tv_nsec * 1e-3;
}

/* Copies n bytes on T threads, each thread's time in us[t]. */
static void fill(char *d, const char *s, size_t n, int T, double *us)
{
#pragma omp parallel for num_threads(T) schedule(static)
    for (int t = 0; t < T; t++) {
        const double t0 = now();
        size_t a = n / T * t, b = t == T - 1 ? n : n / T * (t + 1);
        memcpy(d + a, s + a, b - a);
        us[t] = now() - t0;
    }
}

int main(int argc, char **argv)
{
    const int R = argc > 1 ? atoi(argv[1]) : 20, T = argc > 2 ? atoi(argv[2]) : 8;
    const cl_device_type type = argc > 3 && !strcmp(argv[3], "any") ? CL_DEVICE_TYPE_ALL : CL_DEVICE_TYPE_GPU;
    if (T < 1 || T > MAXT)
        return 2;
    cl_platform_id pl[8];
    cl_uint np;
    CK(clGetPlatformIDs(8, pl, &np));
    cl_device_id dev = 0;
    for (cl_uint i = 0; i < np && !dev; i++) {
        cl_uint nd;
        if (clGetDeviceIDs(pl[i], type, 1, &dev, &nd) != CL_SUCCESS || !nd)
            dev = 0;
    }
    if (!dev)
        return fprintf(stderr, "no device\n"), 1;
    cl_int e;
    cl_context ctx = clCreateContext(NULL, 1, &dev, NULL, NULL, &e);
    CK(e);
    cl_command_queue q = clCreateCommandQueue(ctx, dev, 0, &e);
    CK(e);
    cl_mem dst = clCreateBuffer(ctx, CL_MEM_READ_WRITE, BYTES, NULL, &e);
    CK(e);
    cl_mem pin[2];
    char *host[2];
    for (int k = 0; k < 2; k++) {
        pin[k] = clCreateBuffer(ctx, CL_MEM_ALLOC_HOST_PTR | CL_MEM_READ_ONLY, CHUNK, NULL, &e);
        CK(e);
        host[k] = clEnqueueMapBuffer(q, pin[k], CL_TRUE, CL_MAP_WRITE, 0, CHUNK, 0, NULL, NULL, &e);
        CK(e);
    }
    char *src = malloc(BYTES), *plain = malloc(2 * CHUNK);
    if (!src || !plain)
        return 1;
    for (size_t i = 0; i < BYTES; i++)
        src[i] = (char)(i * 31);
    memset(plain, 0, 2 * CHUNK);
    double us[MAXT];
    printf("round\tvariant\tchunk\tthread\twhat\tus\n");
    for (int r = 0; r < R; r++) {
        /* staged, as stage.c */
        cl_event done[2] = {NULL, NULL};
        double t0 = now(), waits = 0, fills = 0;
        int k = 0, c = 0;
        for (size_t o = 0; o < BYTES; o += CHUNK, k ^= 1, c++) {
            double w0 = now();
            if (done[k]) {
                CK(clWaitForEvents(1, &done[k]));
                clReleaseEvent(done[k]);
                done[k] = NULL;
            }
            double w = now() - w0;
            waits += w;
            printf("%d\tstaged\t%d\t-1\twait\t%.1f\n", r, c, w);
            double f0 = now();
            fill(host[k], src + o, CHUNK, T, us);
            fills += now() - f0;
            for (int t = 0; t < T; t++)
                printf("%d\tstaged\t%d\t%d\tfill\t%.1f\n", r, c, t, us[t]);
            double q0 = now();
            CK(clEnqueueWriteBuffer(q, dst, CL_FALSE, o, CHUNK, host[k], 0, NULL, &done[k]));
            CK(clFlush(q));
            printf("%d\tstaged\t%d\t-1\tenqueue\t%.1f\n", r, c, now() - q0);
        }
        CK(clFinish(q));
        for (int j = 0; j < 2; j++)
            if (done[j])
                clReleaseEvent(done[j]);
        printf("%d\tstaged\t-1\t-1\ttotal\t%.1f\n%d\tstaged\t-1\t-1\tfills\t%.1f\n%d\tstaged\t-1\t-1\twaits\t%.1f\n",
               r, now() - t0, r, fills, r, waits);
        /* the same fills into plain memory, no OpenCL */
        t0 = now();
        for (size_t o = 0, c2 = 0; o < BYTES; o += CHUNK, c2++) {
            fill(plain + (c2 & 1) * CHUNK, src + o, CHUNK, T, us);
            for (int t = 0; t < T; t++)
                if (us[t] > 2000) /* only the slow ones: a plain 1 MiB copy takes ~100 us */
                    printf("%d\tplain\t%zu\t%d\tfill\t%.1f\n", r, c2, t, us[t]);
        }
        printf("%d\tplain\t-1\t-1\ttotal\t%.1f\n", r, now() - t0);
        fflush(stdout);
    }
    return 0;
}
