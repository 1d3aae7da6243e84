/* stage.c: host-to-device writes through two pinned staging buffers (stage.h says why). */
#include "stage.h"

#include <stdlib.h>
#include <string.h>
#ifdef _OPENMP
#include <omp.h>
#endif

#include "clcheck.h"
#include "clock.h"
#include "format.h"

struct spmvp_stage {
    size_t chunk;      /* bytes each */
    cl_mem buf[2];     /* CL_MEM_ALLOC_HOST_PTR: pinned by the driver (owned) */
    void *host[2];     /* their mappings, kept for the context's life */
    cl_event done[2];  /* the last write from each, NULL when none is in flight */
};

void spmvp_stage_release(spmvp_context *ctx)
{
    struct spmvp_stage *g = ctx ? ctx->stage : NULL;
    if (!g)
        return;
    for (int k = 0; k < 2; k++) {
        if (g->done[k])
            clReleaseEvent(g->done[k]);
        if (g->host[k])
            clEnqueueUnmapMemObject(ctx->queue, g->buf[k], g->host[k], 0, NULL, NULL);
    }
    clFinish(ctx->queue);
    for (int k = 0; k < 2; k++)
        if (g->buf[k])
            clReleaseMemObject(g->buf[k]);
    free(g);
    ctx->stage = NULL;
}

/* Pins the two chunks and maps them for writing, once per context. */
static spmvp_status stage_open(spmvp_context *ctx, size_t chunk)
{
    spmvp_status st = SPMVP_OK;
    const double t0 = spmvp_now_us();
    struct spmvp_stage *g = calloc(1, sizeof *g);
    if (!g)
        return spmvp_fail(SPMVP_ERR_NOMEM, "out of memory for the staging buffers");
    g->chunk = chunk;
    ctx->stage = g;
    for (int k = 0; k < 2; k++) {
        SPMVP_CL_ASSIGN(g->buf[k], clCreateBuffer(ctx->context, CL_MEM_ALLOC_HOST_PTR | CL_MEM_READ_ONLY,
                                                  chunk, NULL, &err_), fail);
        SPMVP_CL_ASSIGN(g->host[k], clEnqueueMapBuffer(ctx->queue, g->buf[k], CL_TRUE, CL_MAP_WRITE,
                                                       0, chunk, 0, NULL, NULL, &err_), fail);
    }
    ctx->stage_us += spmvp_now_us() - t0;
    return SPMVP_OK;
fail:
    spmvp_stage_release(ctx);
    return st;
}

/* The context's chunks, pinned now if it has none: 0, or non-zero with the context's
 * stage_bytes set to 0, so that nothing is staged in it from then on (stage.h). */
static int stage_ready(spmvp_context *ctx, size_t chunk)
{
    if (ctx->stage || !stage_open(ctx, chunk))
        return 0;
    ctx->info.stage_bytes = 0;
    return -1;
}

int spmvp_stage_sized(const spmvp_context *ctx, size_t bytes)
{
    return ctx->info.stage_bytes && bytes >= ctx->info.stage_bytes;
}

void spmvp_stage_upload(spmvp_context *ctx, size_t bytes)
{
    if (!ctx->info.stage_bytes || ctx->stage || !bytes)
        return;
    ctx->stage_seen += bytes;
    if (ctx->stage_seen >= SPMVP_STAGE_PIN_BYTES)
        stage_ready(ctx, SPMVP_STAGE_CHUNK); /* or nothing pinned: pageable from now on */
}

int spmvp_stage_wanted(const spmvp_context *ctx, size_t bytes)
{
    return ctx->stage && spmvp_stage_sized(ctx, bytes);
}

spmvp_status spmvp_stage_reserve(spmvp_context *ctx)
{
    if (ctx->info.stage_bytes)
        stage_ready(ctx, SPMVP_STAGE_CHUNK); /* or nothing pinned: pageable from now on */
    return SPMVP_OK;
}

/* Waits for chunk k's last write and lets its event go. */
static spmvp_status stage_wait(struct spmvp_stage *g, int k)
{
    spmvp_status st = SPMVP_OK;
    if (!g->done[k])
        return SPMVP_OK;
    SPMVP_CL(clWaitForEvents(1, &g->done[k]), out);
out:
    clReleaseEvent(g->done[k]);
    g->done[k] = NULL;
    return st;
}

spmvp_status spmvp_stage_write(spmvp_context *ctx, cl_mem buf, size_t off, const void *src,
                               size_t count, size_t out_size, spmvp_stage_fill fill,
                               size_t chunk_bytes)
{
    spmvp_status st = SPMVP_OK;
    if (!count)
        return SPMVP_OK;
    if (stage_ready(ctx, chunk_bytes ? chunk_bytes : SPMVP_STAGE_CHUNK))
        return spmvp_fail(SPMVP_ERR_UNSUPPORTED, "cannot pin the staging buffers: %s",
                          spmvp_last_error());
    struct spmvp_stage *g = ctx->stage;
    const size_t per = g->chunk / out_size; /* elements a chunk */
    if (!per)
        return spmvp_fail(SPMVP_ERR_ARG, "a staging chunk of %zu bytes holds no element of %zu",
                          g->chunk, out_size);
    int k = 0;
    for (size_t i0 = 0; i0 < count; i0 += per, k ^= 1) {
        const size_t m = count - i0 < per ? count - i0 : per;
        if ((st = stage_wait(g, k))) /* chunk k's previous write has left it */
            goto out;
        fill(g->host[k], src, i0, m);
        SPMVP_CL(clEnqueueWriteBuffer(ctx->queue, buf, CL_FALSE, off + i0 * out_size, m * out_size,
                                      g->host[k], 0, NULL, &g->done[k]),
                 out);
        SPMVP_CL(clFlush(ctx->queue), out); /* start it while the next chunk fills */
    }
out:
    for (int j = 0; j < 2; j++) { /* on failure too: no write may outlive the call */
        spmvp_status sj = stage_wait(g, j);
        if (!st)
            st = sj;
    }
    if (!st)
        ctx->stage_written += count * out_size;
    return st;
}

void spmvp_stage_narrow(void *dst, const void *src, size_t first, size_t count)
{
    spmvp_narrow_values(dst, (const double *)src + first, count);
}

void spmvp_stage_copy_bytes(void *dst, const void *src, size_t first, size_t count)
{
    const char *s = (const char *)src + first;
    int T = 1;
#ifdef _OPENMP
    T = omp_get_max_threads() < SPMVP_STAGE_THREADS ? omp_get_max_threads() : SPMVP_STAGE_THREADS;
#endif
    /* T pieces of whole cache lines, the last one the rest */
    const size_t piece = (count / (size_t)T) & ~(size_t)63;
#pragma omp parallel for num_threads(T) schedule(static) if (T > 1)
    for (int t = 0; t < T; t++) {
        const size_t a = piece * (size_t)t, b = t == T - 1 ? count : a + piece;
        memcpy((char *)dst + a, s + a, b - a);
    }
}
