#define _POSIX_C_SOURCE 200809L
#define CL_TARGET_OPENCL_VERSION 120
/* stop 41 upload A/B, second form (call 2: every thread count and chunk) (device only): host-to-device writes of S bytes from pageable memory
 * (spmvp's path) against staging through pinned chunks, copied on T threads, and against a
 * pinned source (the DMA's own rate). Prints TSV: variant, bytes, round, us. */
#include <CL/cl.h>
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define CK(x) do { cl_int e_ = (x); if (e_) { fprintf(stderr, "%s: %d (line %d)\n", #x, e_, __LINE__); exit(1); } } while (0)
static double now(void) { struct timespec t; clock_gettime(CLOCK_MONOTONIC, &t); return t.tv_sec * 1e6 + t.tv_nsec * 1e-3; }
static cl_context ctx; static cl_command_queue q;

static void *pinned(size_t n, cl_mem *m)
{
    cl_int e;
    *m = clCreateBuffer(ctx, CL_MEM_ALLOC_HOST_PTR | CL_MEM_READ_WRITE, n, NULL, &e); CK(e);
    void *p = clEnqueueMapBuffer(q, *m, CL_TRUE, CL_MAP_WRITE, 0, n, 0, NULL, NULL, &e); CK(e);
    return p;
}
static void pcopy(char *d, const char *s, size_t n, int T)
{
    if (T <= 1) { memcpy(d, s, n); return; }
    #pragma omp parallel for num_threads(T) schedule(static)
    for (int t = 0; t < T; t++) {
        size_t a = n / T * t, b = t == T - 1 ? n : n / T * (t + 1);
        memcpy(d + a, s + a, b - a);
    }
}
int main(int argc, char **argv)
{
    int R = argc > 1 ? atoi(argv[1]) : 5;
    cl_platform_id pl[8]; cl_uint np; CK(clGetPlatformIDs(8, pl, &np));
    cl_device_id dev = 0; char name[256];
    for (cl_uint i = 0; i < np && !dev; i++) {
        cl_device_id d; cl_uint nd;
        if (clGetDeviceIDs(pl[i], CL_DEVICE_TYPE_GPU, 1, &d, &nd) == CL_SUCCESS && nd) dev = d;
    }
    if (!dev) { fprintf(stderr, "no GPU\n"); return 1; }
    clGetDeviceInfo(dev, CL_DEVICE_NAME, sizeof name, name, NULL);
    fprintf(stderr, "device %s\n", name);
    cl_int e;
    ctx = clCreateContext(NULL, 1, &dev, NULL, NULL, &e); CK(e);
    q = clCreateCommandQueue(ctx, dev, 0, &e); CK(e);
    const size_t sizes[] = {(size_t)1 << 18, (size_t)1 << 20, (size_t)4 << 20, (size_t)16 << 20,
                            (size_t)64 << 20, (size_t)256 << 20};
    const int ns = 6;
    size_t maxb = sizes[ns - 1];
    char *src = malloc(maxb);
    for (size_t i = 0; i < maxb; i++) src[i] = (char)(i * 7);
    cl_mem dbuf = clCreateBuffer(ctx, CL_MEM_READ_WRITE, maxb, NULL, &e); CK(e);
    CK(clEnqueueWriteBuffer(q, dbuf, CL_TRUE, 0, maxb, src, 0, NULL, NULL));
    /* one-time cost of pinned staging */
    const size_t chunks[] = {(size_t)1 << 20, (size_t)4 << 20, (size_t)16 << 20};
    for (int c = 0; c < 3; c++)
        for (int r = 0; r < 3; r++) {
            double t0 = now(); cl_mem m[2]; void *p[2];
            for (int k = 0; k < 2; k++) p[k] = pinned(chunks[c], &m[k]);
            double t1 = now();
            for (int k = 0; k < 2; k++) { CK(clEnqueueUnmapMemObject(q, m[k], p[k], 0, NULL, NULL)); clReleaseMemObject(m[k]); }
            CK(clFinish(q));
            printf("alloc_pinned2x\t%zu\t%d\t%.1f\n", chunks[c], r, t1 - t0);
        }
    cl_mem full_m; char *full = pinned(maxb, &full_m);
    memcpy(full, src, maxb);
    /* variants: pageable, pinned_src, then staged T threads x C MiB chunks */
    const int Ts[] = {2, 4, 8, 16}, Cs[] = {1, 2, 4, 8, 16};
    char vname[64][32]; int vT[64], vC[64], nv = 0;
    snprintf(vname[nv], 32, "pageable"); vT[nv] = -1; vC[nv++] = 0;
    snprintf(vname[nv], 32, "pinned_src"); vT[nv] = -2; vC[nv++] = 0;
    for (int a = 0; a < 4; a++) for (int b = 0; b < 5; b++) {
        snprintf(vname[nv], 32, "staged%d_%dM", Ts[a], Cs[b]); vT[nv] = Ts[a]; vC[nv++] = Cs[b];
    }
    cl_mem sm[2][5]; char *sp[2][5];
    for (int c = 0; c < 5; c++) for (int k = 0; k < 2; k++) sp[k][c] = pinned((size_t)Cs[c] << 20, &sm[k][c]);
    printf("variant\tbytes\tround\tus\n");
    for (int r = 0; r < R; r++)
        for (int si = 0; si < ns; si++)
            for (int j = 0; j < nv; j++) {
                int v = (j + 3 * r + si) % nv;
                size_t n = sizes[si];
                double t0 = now();
                if (vT[v] == -1) {
                    CK(clEnqueueWriteBuffer(q, dbuf, CL_TRUE, 0, n, src, 0, NULL, NULL));
                } else if (vT[v] == -2) {
                    CK(clEnqueueWriteBuffer(q, dbuf, CL_TRUE, 0, n, full, 0, NULL, NULL));
                } else {
                    int T = vT[v], c = 0;
                    while (Cs[c] != vC[v]) c++;
                    size_t C = (size_t)Cs[c] << 20;
                    cl_event ev[2] = {0, 0};
                    int k = 0;
                    for (size_t o = 0; o < n; o += C, k ^= 1) {
                        size_t m = n - o < C ? n - o : C;
                        if (ev[k]) { CK(clWaitForEvents(1, &ev[k])); clReleaseEvent(ev[k]); ev[k] = 0; }
                        pcopy(sp[k][c], src + o, m, T);
                        CK(clEnqueueWriteBuffer(q, dbuf, CL_FALSE, o, m, sp[k][c], 0, NULL, &ev[k]));
                        CK(clFlush(q));
                    }
                    CK(clFinish(q));
                    for (int t = 0; t < 2; t++) if (ev[t]) clReleaseEvent(ev[t]);
                }
                double t1 = now();
                printf("%s\t%zu\t%d\t%.1f\n", vname[v], n, r, t1 - t0);
            }
    /* correctness of the staged path: read back the last write */
    char *chk = malloc(maxb);
    CK(clEnqueueReadBuffer(q, dbuf, CL_TRUE, 0, maxb, chk, 0, NULL, NULL));
    fprintf(stderr, "readback %s\n", memcmp(chk, src, maxb) ? "DIFFERS" : "ok");
    return 0;
}
