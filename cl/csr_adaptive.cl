/* csr_adaptive.cl: y = A*x for CSR with rows binned by length into work-group blocks computed
 * on the host (model/sparse/csr_adaptive.c, which documents the bins and thresholds), after
 * Greathouse & Daga's CSR-Adaptive (SC'14): one launch where each work-group reads its block
 * descriptor blocks[3g..3g+2] and takes one of three paths (uniform within the work-group):
 *
 *  - stream (CSR-Stream): rows [r0, r1), at most WG_SIZE rows holding at most SHARE entries
 *    (SHARE = WG_SIZE x ITEMS). The work-group multiplies the block's entries, which are
 *    contiguous in CSR, into local memory with coalesced loads (work-item t takes entries
 *    t, t + WG_SIZE, ...), then reduces them per row: V = the largest power of two with
 *    V x rows <= WG_SIZE work-items per row, each summing a strided part, then a tree in local
 *    memory (V = 1: one work-item per row, a serial sum from local memory). Short rows thus
 *    get full-bandwidth loads however short they are, and medium rows a group of work-items.
 *    With V >= ADAPT_DIRECT_V (a few longer rows) the V work-items of a row read it straight
 *    from global memory instead, as CSR-vector does: as coalesced, without the round trip
 *    through local memory; such a block may hold more than SHARE entries (the host's bins).
 *    On NVIDIA the rows' sums of V <= 32 work-items go by warp shuffles, without barriers.
 *  - vector (CSR-Vector with a whole work-group): one row of SHARE < len <= 4 x SHARE entries,
 *    read straight from global memory with strided, coalesced loads, then a tree reduction.
 *  - chunk (for long rows, CSR-Adaptive's later "VectorL" without its atomics): entries
 *    [k0, k1) of a row longer than 4 x SHARE, cut into chunks of SHARE entries, one work-group
 *    each, so a row of 100,000 entries keeps tens of work-groups busy, not one. Each chunk's
 *    sum goes to partial[slot]; the row's last chunk to finish adds the row's partial sums by
 *    a tree and writes y, in the same launch: work-item 0 of each chunk writes its sum and
 *    counts the chunk done on done[j] (prelude.cl's hand-over, which fences first); the
 *    group that counts the row's last reads every slot back (volatile: other groups wrote
 *    them, L1 may hold none of it) and returns done[j] to 0 for the next product. The slots
 *    are added in one order whichever chunk is last: deterministic, no float atomics. (A
 *    second launch for the sums cost about 5 µs on NVIDIA's OpenCL.)
 * Every y[r] is written once. Reductions use local memory and barriers (OpenCL C 1.2, no
 * sub-groups, no warp-synchronous code), or on NVIDIA the warp shuffles of prelude.cl for the
 * rows of a stream or direct block (0.98-0.99x the time on the stencils, H100, stop 43);
 * across work-groups, integer atomics and fences. */
#ifndef WG_SIZE
#error "define WG_SIZE, the work-group size (a power of two)"
#endif
#ifndef ITEMS
#error "define ITEMS, the entries per work-item of a stream block"
#endif
#if (WG_SIZE & (WG_SIZE - 1)) != 0
#error "WG_SIZE must be a power of two"
#endif

#define SHARE (WG_SIZE * ITEMS)
#ifndef ADAPT_DIRECT_V
#error "define ADAPT_DIRECT_V, the work-items per row from which a stream block reads directly"
#endif
/* The paths the matrix's blocks take (model/sparse/csr_adaptive.h, SPMVP_ADAPTIVE_PATH_*: 1
 * stream through local memory, 2 direct stream, 4 a row over whole work-groups: a medium row
 * or a long row's chunks); the others are not compiled. What that saves is the stream path's
 * local memory (lval, lrow: 9-18 KiB a work-group) where no block takes it: on NVIDIA's
 * GPUs local memory and the L1 cache share each SM's 256 KiB, and a program that declares
 * local memory gets less L1 for the direct rows' shared lines and x. On the H200 (stop 45,
 * docs/data/h100-kernels/stop45/) a direct-only program ran rows of 300 in 0.65x the time of
 * the program with every path in single precision, 0.81x in double; declaring the unused
 * lval alone in it brought back 1.51x / 1.26x: the memory, not the code (32 registers in
 * either). Every path unless the host says. (The medium rows and the chunks are one bit:
 * PoCL 3.1 summed a medium row wrongly in a program without the chunk path, 2026-11-28, and
 * right with it.) */
#ifndef ADAPT_PATHS
#define ADAPT_PATHS 7
#endif
#define ADAPT_STAGED (ADAPT_PATHS & 1)
#define ADAPT_DIRECT (ADAPT_PATHS & 2)
#define ADAPT_WHOLE (ADAPT_PATHS & 4)
#if defined(ADAPT_V) && (ADAPT_STAGED || ADAPT_V * (WG_SIZE / ADAPT_V) != WG_SIZE)
#error "ADAPT_V (a direct-only matrix's work-items a row) needs direct blocks and divides WG_SIZE"
#endif
#if defined(ADAPT_SV) && (ADAPT_DIRECT || ADAPT_WHOLE || ADAPT_SV * (WG_SIZE / ADAPT_SV) != WG_SIZE)
#error "ADAPT_SV (a stream-only matrix's work-items a row) needs stream blocks only and divides WG_SIZE"
#endif

/* The sum of every work-item's s, by a tree in red[] (all work-items call it); the result is
 * valid in work-item 0. */
static VALUE_TYPE group_sum(VALUE_TYPE s, __local VALUE_TYPE *red)
{
    const int t = (int)get_local_id(0);
    red[t] = s;
    for (int h = WG_SIZE / 2; h > 0; h >>= 1) {
        barrier(CLK_LOCAL_MEM_FENCE);
        if (t < h)
            red[t] = s = s + red[t + h];
    }
    return s;
}

/* The entries a work-item of a stream block loads before it uses one: its next ADAPT_U
 * columns are read first, then their x and values, so that ADAPT_U gathers of x are in flight
 * at once rather than one (a loop over a run-time count is not unrolled by NVIDIA's compiler,
 * and each x[colidx[k]] then waits for its column; sell.cl's SELL_U does the same). */
#define ADAPT_U (ITEMS < 8 ? ITEMS : 8)

/* Entries [k0, k1) of one row, strided over the work-group, summed. (Not unrolled like the
 * stream blocks: written so, this loop gave wrong sums on PoCL 3.1's CPU device in two runs of
 * three with an empty kernel cache, 2026-11-23; on the H100 it gained 0-1.3 % on the long
 * rows, the only matrices where the vector and chunk paths carry much of the work.) */
static VALUE_TYPE range_sum(const INDEX_TYPE k0, const INDEX_TYPE k1,
                            __global const INDEX_TYPE *restrict colidx,
                            __global const VALUE_TYPE *restrict val,
                            __global const VALUE_TYPE *restrict x, __local VALUE_TYPE *red)
{
    VALUE_TYPE s = 0;
    for (INDEX_TYPE k = k0 + (INDEX_TYPE)get_local_id(0); k < k1; k += WG_SIZE)
        s += SPMVP_LD_V(val + k) * x[SPMVP_LD_I(colidx + k)];
    return group_sum(s, red);
}

/* The long row whose slots hold `slot`: binary search of longrows (3 per row, slots rising). */
static INDEX_TYPE long_row_of(const INDEX_TYPE slot, const INDEX_TYPE nlong,
                              __global const INDEX_TYPE *restrict longrows)
{
    INDEX_TYPE lo = 0, hi = nlong - 1;
    while (lo < hi) {
        const INDEX_TYPE mid = lo + (hi - lo + 1) / 2;
        if (longrows[3 * mid + 1] <= slot)
            lo = mid;
        else
            hi = mid - 1;
    }
    return lo;
}

/* The rows [r0, r0 + rows) of a stream or direct block, v work-items each (v x rows <= WG_SIZE,
 * v the same for the whole work-group), summed and stored to y: a direct block's straight
 * from global memory, a stream block's from lval, which the work-group has filled. Called
 * with v a constant (the host's, or one case of the kernel's switch), so that the loop's
 * stride and the reduction tree are constants of each copy. */
static void block_rows(const int v, const INDEX_TYPE rows, const int direct, const INDEX_TYPE r0,
                       __global const INDEX_TYPE *restrict rowptr,
                       __global const INDEX_TYPE *restrict colidx,
                       __global const VALUE_TYPE *restrict val,
                       __global const VALUE_TYPE *restrict x, __global VALUE_TYPE *restrict y,
                       __local const INDEX_TYPE *lrow, __local const VALUE_TYPE *lval,
                       __local VALUE_TYPE *red)
{
    const int t = (int)get_local_id(0);
    const int j = t / v, lane = t & (v - 1);
    VALUE_TYPE s = 0;
    if (j < rows) {
        if (direct) {
            const INDEX_TYPE e = rowptr[r0 + j + 1];
            for (INDEX_TYPE k = rowptr[r0 + j] + lane; k < e; k += v)
                s += SPMVP_LD_V(val + k) * x[SPMVP_LD_I(colidx + k)];
        }
#if ADAPT_STAGED
        else {
            const INDEX_TYPE e = lrow[j + 1];
            for (INDEX_TYPE i = lrow[j] + lane; i < e; i += v)
                s += lval[i];
        }
#endif
    }
#ifdef SPMVP_WARP
    if (v <= SPMVP_WARP) {
        /* NVIDIA (prelude.cl): a row's work-items are in one warp (v divides 32 and the
         * warp's lanes); the tree below by warp shuffles, the same pairs added in the same
         * order (the same bits), no barrier */
        for (int h = v / 2; h > 0; h >>= 1)
            s += spmvp_shfl_down(s, h);
        if (lane == 0 && j < rows)
            y[r0 + j] = s;
        return;
    }
#endif
    red[t] = s;
    for (int h = v / 2; h > 0; h >>= 1) {
        barrier(CLK_LOCAL_MEM_FENCE);
        if (lane < h)
            red[t] = s = s + red[t + h];
    }
    if (lane == 0 && j < rows)
        y[r0 + j] = s;
}

__kernel __attribute__((reqd_work_group_size(WG_SIZE, 1, 1)))
void spmv_csr_adaptive(__global uchar *restrict spmvp_mat,
                       const ulong rowptr_off,
                       const ulong colidx_off,
                       const ulong val_off,
                       const ulong blocks_off,
                       __global const VALUE_TYPE *restrict x,
                       __global VALUE_TYPE *restrict y,
                       const ulong partial_off,
                       const INDEX_TYPE nlong,
                       const ulong longrows_off,
                       const ulong done_off)
{
    PLAN_ARRAY(const INDEX_TYPE, rowptr);
    PLAN_ARRAY(const INDEX_TYPE, colidx);
    PLAN_ARRAY(const VALUE_TYPE, val);
    PLAN_ARRAY(const INDEX_TYPE, blocks);
    PLAN_ARRAY(const INDEX_TYPE, longrows);
    /* not restrict: written here and read back through a volatile pointer */
    __global VALUE_TYPE *partial = (__global VALUE_TYPE *)(spmvp_mat + partial_off);
    __global int *done = (__global int *)(spmvp_mat + done_off);
#if ADAPT_STAGED
    __local VALUE_TYPE lval[SHARE];
    __local INDEX_TYPE lrow[WG_SIZE + 1]; /* a stream block's row starts, from its first entry */
#endif
    __local VALUE_TYPE red[WG_SIZE];
#if ADAPT_WHOLE
    __local int last; /* the long row this chunk finished, or -1 */
#endif
    const size_t g = get_group_id(0);
    const int t = (int)get_local_id(0);
    const INDEX_TYPE b0 = blocks[3 * g], b1 = blocks[3 * g + 1], slot = blocks[3 * g + 2];
#if ADAPT_WHOLE
    if (slot >= 0) { /* a chunk [b0, b1) of a long row */
        const VALUE_TYPE s = range_sum(b0, b1, colidx, val, x, red);
        if (t == 0) {
            const INDEX_TYPE j = long_row_of(slot, nlong, longrows);
            partial[slot] = s;
            last = spmvp_last_part(done + j, longrows[3 * j + 2] - longrows[3 * j + 1]) ? j : -1;
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        if (last < 0)
            return;
        const INDEX_TYPE p0 = longrows[3 * last + 1], p1 = longrows[3 * last + 2];
        volatile __global const VALUE_TYPE *sums = partial;
        VALUE_TYPE r = 0;
        for (INDEX_TYPE p = p0 + (INDEX_TYPE)t; p < p1; p += WG_SIZE)
            r += sums[p];
        r = group_sum(r, red);
        if (t == 0) {
            y[longrows[3 * last]] = r;
            spmvp_reset_count(done + last);
        }
        return;
    }
#endif
    const INDEX_TYPE r0 = b0, rows = b1 - b0, k0 = rowptr[r0], n = rowptr[b1] - k0;
#if ADAPT_WHOLE
    if (rows == 1 && n > SHARE) { /* one row, a whole work-group (a direct block of a few
                                     rows may hold more than SHARE entries) */
        const VALUE_TYPE s = range_sum(k0, k0 + n, colidx, val, x, red);
        if (t == 0)
            y[r0] = s;
        return;
    }
#endif
    /* v >= ADAPT_DIRECT_V work-items a row (below; a few longer rows): each group of v
     * work-items reads its row straight from global memory, as CSR-vector does, not through
     * local memory. Decided in O(1) before the loads, so that the staging path issues them
     * first, as it did before the direct path existed (the single-precision stencils ran
     * 1.03x slower in the A/B that had v's loop here) */
#if ADAPT_STAGED && ADAPT_DIRECT
    const int direct = rows * ADAPT_DIRECT_V <= WG_SIZE;
#else
    const int direct = !ADAPT_STAGED;
#endif
#if ADAPT_STAGED
    if (!direct) {
        /* stream: the block's products into local memory, coalesced; with them each
         * work-item loads one row's end, so that after the barrier the rows' bounds are in
         * local memory rather than one more round trip to rowptr on every block's critical
         * path */
        const INDEX_TYPE row_end = t < rows ? rowptr[r0 + t + 1] : 0;
        for (INDEX_TYPE i0 = t; i0 < n; i0 += ADAPT_U * WG_SIZE) {
            INDEX_TYPE col[ADAPT_U];
#pragma unroll
            for (int u = 0; u < ADAPT_U; u++)
                col[u] = i0 + u * WG_SIZE < n ? SPMVP_LD_I(colidx + k0 + i0 + u * WG_SIZE) : -1;
#pragma unroll
            for (int u = 0; u < ADAPT_U; u++)
                if (col[u] >= 0)
                    lval[i0 + u * WG_SIZE] = SPMVP_LD_V(val + k0 + i0 + u * WG_SIZE) * x[col[u]];
        }
        if (t < rows)
            lrow[t + 1] = row_end - k0;
        if (t == 0)
            lrow[0] = 0;
    }
    barrier(CLK_LOCAL_MEM_FENCE); /* outside the branch: every work-item meets it */
#endif
#if !ADAPT_STAGED
    __local const INDEX_TYPE *lrow = 0;
    __local const VALUE_TYPE *lval = 0;
#endif
#ifdef ADAPT_V
    /* a direct-only matrix (the host's -DADAPT_V): every block direct, ADAPT_V work-items a
     * row whatever its rows (model/sparse/csr_adaptive.c), so that the loop's stride and the
     * shuffle tree are constants: 0.77-0.99x the time of v computed here on the H200, rows of
     * 150-1,000 (stop 47, docs/data/h100-kernels/stop47/) */
    block_rows(ADAPT_V, rows, direct, r0, rowptr, colidx, val, x, y, lrow, lval, red);
#elif defined(ADAPT_SV)
    /* a stream-only matrix whose rows all keep the serial bound with its blocks' least v (the
     * host's -DADAPT_SV, model/sparse/csr_adaptive.h): that v in every block, a constant;
     * 0.85-0.94x the time on stencils and bands on the H200, random rows within 1 % (stop 47) */
    block_rows(ADAPT_SV, rows, direct, r0, rowptr, colidx, val, x, y, lrow, lval, red);
#else
    /* work-items per row: the largest power of two with v x rows <= WG_SIZE, the same for the
     * whole work-group; each case a constant of its copy of block_rows. On the H200 (stop 48,
     * docs/data/h100-kernels/stop48/) 0.86-0.96x the time of one copy with v a run-time value
     * on power-law graphs (soc-Slashdot0902, as-caida), 0.975-0.99 on R-MAT 20-21; the
     * programs of one constant (above) unchanged. The switch is no substitute for ADAPT_SV:
     * a stream-only program with it instead ran stencils and bands in 1.03-1.17x the time. */
    int v = WG_SIZE;
    while (v > 1 && v * rows > WG_SIZE)
        v >>= 1;
#ifndef SPMVP_WARP
    /* elsewhere one copy: PoCL 3.1's CPU device left rows of the switch's copies unwritten
     * (their reduction trees' barriers under a switch; 2026-11-28), and the constant is for
     * NVIDIA's compiler */
    block_rows(v, rows, direct, r0, rowptr, colidx, val, x, y, lrow, lval, red);
#else
    switch (v) {
#define ADAPT_CASE(V) case V: block_rows(V, rows, direct, r0, rowptr, colidx, val, x, y, lrow, lval, red); break;
    ADAPT_CASE(1) ADAPT_CASE(2) ADAPT_CASE(4) ADAPT_CASE(8) ADAPT_CASE(16) ADAPT_CASE(32)
#if WG_SIZE >= 64
    ADAPT_CASE(64)
#endif
#if WG_SIZE >= 128
    ADAPT_CASE(128)
#endif
#if WG_SIZE >= 256
    ADAPT_CASE(256)
#endif
#if WG_SIZE >= 512
    ADAPT_CASE(512)
#endif
    default:
        block_rows(v, rows, direct, r0, rowptr, colidx, val, x, y, lrow, lval, red);
    }
#undef ADAPT_CASE
#endif
#endif
}
