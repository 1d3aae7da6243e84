/* work.c: the lock-step counter and shared pieces of the formats' work hooks (work.h). */
#include "work.h"

#include <math.h>

void spmvp_lockstep_init(spmvp_lockstep *l, unsigned warp)
{
    l->warp = warp ? warp : 1;
    l->pos = l->cur = l->sum = 0;
}

void spmvp_lockstep_add(spmvp_lockstep *l, long long count, long long steps)
{
    long long W = (long long)l->warp;
    while (count > 0) {
        long long in_warp = l->pos % W, take = W - in_warp;
        if (in_warp == 0 && count >= W) { /* whole warps at once */
            long long full = count / W;
            l->sum += full * steps;
            l->pos += full * W;
            count -= full * W;
            continue;
        }
        take = take < count ? take : count;
        l->cur = steps > l->cur ? steps : l->cur;
        l->pos += take;
        count -= take;
        if (l->pos % W == 0) {
            l->sum += l->cur;
            l->cur = 0;
        }
    }
}

long long spmvp_lockstep_end(spmvp_lockstep *l, long long items)
{
    if (items > l->pos)
        spmvp_lockstep_add(l, items - l->pos, 0);
    if (l->pos % (long long)l->warp) { /* a last, partial warp: its idle lanes are padding */
        l->sum += l->cur;
        l->cur = 0;
        l->pos += (long long)l->warp - l->pos % (long long)l->warp;
    }
    return (long long)l->warp * l->sum;
}

long long spmvp_lockstep_rows(const spmvp_csr *A, int v, unsigned warp, long long items)
{
    spmvp_lockstep l;
    spmvp_lockstep_init(&l, warp);
    for (spmvp_idx i = 0; i < A->nrows; i++)
        spmvp_lockstep_add(&l, v, spmvp_ceil_div(A->rowptr[i + 1] - A->rowptr[i], v));
    return spmvp_lockstep_end(&l, items);
}

long long spmvp_ceil_div(long long a, long long b) { return a / b + (a % b != 0); }

long long spmvp_work_launch(spmvp_work *w, long long items, size_t wg)
{
    long long g = wg ? (long long)wg : 1, n = spmvp_ceil_div(items, g) * g;
    if (w->launches < SPMVP_PLAN_MAX_LAUNCHES)
        w->items[w->launches++] = n;
    return n;
}

double spmvp_l2_pin_fraction(double l2_bytes, double share, double from, double matrix,
                             double vectors)
{
    if (!(l2_bytes > 0) || !(matrix > 0) || matrix + vectors <= from * l2_bytes)
        return 0;
    const double f = (share * l2_bytes - vectors) / matrix;
    return f >= 1 ? 1 : f > 0 ? floor(f * 32) / 32 : 0;
}

long long spmvp_work_vectors(const spmvp_csr *A, size_t vs)
{
    return ((long long)A->nrows + A->ncols) * (long long)vs;
}

int spmvp_coo_one_launch(long long n, long long tile)
{
    long long tiles = spmvp_ceil_div(n, tile);
    return tiles > 1 && 2 * tiles <= tile;
}

long long spmvp_work_coo_part(spmvp_work *w, long long n, size_t wg, int items, unsigned warp)
{
    long long tile = (long long)wg * items, scratch = 0;
    if (n <= 0)
        return 0;
    /* level 0, the entries: every work-item of a tile takes ITEMS load rounds and ITEMS serial
     * adds, whatever the rows; the last tile's missing entries are padding. Each level of
     * carries after it the same, over 2 carries a tile of the level below. */
    for (long long len = n;;) {
        long long tiles = spmvp_ceil_div(len, tile);
        /* a level whose own carries are one tile reduces them in its launch, by its last
         * work-group (cl/coo.cl: COO_ONE_LAUNCH at level 0, the fold after it): one more tile
         * on the critical path, one more group's lock step */
        int fold = spmvp_coo_one_launch(len, tile);
        spmvp_lockstep l;
        spmvp_lockstep_init(&l, warp);
        long long launched = spmvp_work_launch(w, tiles * (long long)wg, wg);
        spmvp_lockstep_add(&l, launched, items);
        if (fold)
            spmvp_lockstep_add(&l, (long long)wg, items);
        w->lockstep_entries += spmvp_lockstep_end(&l, launched + (fold ? (long long)wg : 0));
        w->critical_path += (fold ? 2 : 1) * items;
        if (tiles <= 1)
            break;
        scratch += 2 * tiles; /* two carries per tile for the next level */
        if (fold)
            break;
        len = 2 * tiles;
    }
    return scratch;
}
