/* coo.cl: y = A*x for row-sorted COO (y += A*x with -DCOO_ADD, HYB's COO part) by a
 * deterministic segmented reduction over tiles of equal numbers of entries: no atomics (so no
 * float atomics), no sub-groups (warp shuffles on NVIDIA, prelude.cl); the same result on
 * every run.
 *
 * Level 0 (spmv_coo_tiles): tile g is the TILE = WG_SIZE x ITEMS entries [g*TILE, (g+1)*TILE),
 * so every tile is the same work whatever the row lengths. A work-group takes tile g of its
 * id, then g + groups, g + 2 groups, ... : one tile when the plan launches a group a tile, a
 * few when it launches a few persistent groups a compute unit (GPUs, model/sparse/coo.c).
 * A persistent group loads its next tile before it reduces this one, so those loads are in
 * flight during the reduction's barriers (H100, stop 36: 0.84-0.92x the time on stencils).
 *  1. Load: work-item t takes the ITEMS consecutive entries [t*ITEMS, (t+1)*ITEMS) of the tile
 *     into registers (row index, value*x[column]). With ITEMS a multiple of 4 a full work-item
 *     reads them as 4-wide vectors: a warp's 32 reads of 16 (indices) or 32 bytes (doubles)
 *     cover whole 128-byte lines, as coalesced as a strided loop and without staging the tile in
 *     local memory (measured on the H100, docs/kernels-h100.md: the staged tile, 28 KiB a
 *     work-group at 8 items, cost 1.2-1.6x cuSPARSE's COO on stencils).
 *  2. Each work-item reduces its ITEMS entries serially (the "thread-local" step of CUB's and
 *     ModernGPU's segmented reductions, Merrill & Garland 2016 / Baxter): a row that begins and
 *     ends among them is complete and is stored to y at once.
 *     With persistent groups (COO_PERSISTENT) the row each work-item continues (its "head",
 *     the last row of the work-item before it) and the tile's first and last rows come from
 *     the work-items that loaded them, through local memory, rather than from rowidx again
 *     (H100, stop 36: 0.85-0.97x the time on stencils, 0.91 on R-MAT). On NVIDIA they come by
 *     shuffles instead, and a tile takes one barrier instead of three (COO_ONE_BARRIER,
 *     tile_reduce_warps below).
 *  3. The work-items' partial sums of their last rows go through an inclusive segmented scan
 *     across the work-group (Hillis-Steele in local memory, log2(WG_SIZE) steps, or by warp
 *     shuffles on NVIDIA, with Blelloch's segmented operator; a work-item's flag says that a
 *     row begins among its entries). The row a work-item continues from the one before it
 *     (its "head") ends when its first new row begins: that work-item adds the scan of the
 *     work-items before it to its own part and stores the row.
 *  4. The tile's first and last rows may go on in the neighbouring tiles: their partial sums
 *     are not stored but left in carry[2g] and carry[2g+1] (0 when the tile is one row).
 * Level L >= 1 (spmv_coo_carries): the carries of level L-1 are a sequence of (row, value)
 * pairs, again sorted by row, 2 per tile: the same tile reduction runs over them, in parallel
 * over tiles of TILE pairs, and leaves 2 carries per tile of pairs for level L+1. A row that
 * spans many tiles (one of 100,000 entries) is summed by a tree of such levels, never by one
 * work-item walking along it. A level with one tile stores its first and last rows as well:
 * it is the last level. Each level shrinks the sequence TILE/2-fold, so 2^31 entries need at
 * most 6 levels with TILE >= 64 (the plan, model/sparse/coo.c, keeps TILE >= 64).
 * Every row with entries is stored exactly once, by one work-item, in one level: y[r] = sum
 * needs no zeroing; the rows with no entries are zeroed by level 0 from a list (spmv_zero
 * zeroes y when the matrix has no entries at all). The level whose next level is one tile
 * reduces that one too, by its last work-group: a matrix whose level 1 is one tile is reduced
 * in one launch (COO_ONE_LAUNCH, at spmv_coo_tiles), a larger one in two (spmv_coo_carries'
 * fold) up to TILE^3 / 4 entries (256 Mi at TILE 1,024).
 *
 * Local memory: the scan's WG_SIZE flags and sums, the tile's two ends and the one-launch
 * flag, WG_SIZE x (4 + sizeof(VALUE_TYPE)) + 2 sizeof(VALUE_TYPE) + 4 bytes, and with
 * COO_PERSISTENT the work-items' last rows, (WG_SIZE + 1) x 4 more (4 KiB in double at 256;
 * model/sparse/coo.c's coo_local_bytes, which the plan checks), or on NVIDIA instead the
 * warps' totals, flags and the tile's first row twice, 2 (WG_SIZE / 32 x (4 +
 * sizeof(VALUE_TYPE)) + 4) bytes: less. */
#ifndef WG_SIZE
#error "define WG_SIZE, the work-group size"
#endif
#ifndef ITEMS
#error "define ITEMS, the entries per work-item of a tile"
#endif

#define TILE (WG_SIZE * ITEMS)
#define CAT_(a, b) a##b
#define CAT(a, b) CAT_(a, b)
#define INDEX4 CAT(INDEX_TYPE, 4)
#define VALUE4 CAT(VALUE_TYPE, 4)

#ifdef COO_ADD
#define STORE(r, v) (y[r] += (v))
#else
#define STORE(r, v) (y[r] = (v))
#endif

/* The thread-local step (step 2 above): this work-item's m (0 <= m <= ITEMS) pairs (r[j],
 * v[j]), which follow an element of row `head`, summed row by row. A row that begins and ends
 * among them is stored to y. Returns the flag (a row begins among them); leaves the last row
 * in *cur, its partial sum in *sum, and the sum of the entries of row head in *head_sum. */
static int items_reduce(const int m, const INDEX_TYPE *r, const VALUE_TYPE *v, const INDEX_TYPE head,
                        INDEX_TYPE *cur, VALUE_TYPE *head_sum, VALUE_TYPE *sum, __global VALUE_TYPE *y)
{
    int flag = 0;
    INDEX_TYPE c = head;
    VALUE_TYPE hs = 0, s = 0;
    for (int j = 0; j < ITEMS; j++) {
        if (j < m) {
            if (r[j] != c) {
                if (flag)
                    STORE(c, s); /* began and ended among this work-item's entries */
                else
                    hs = s;
                flag = 1;
                c = r[j];
                s = 0;
            }
            s += v[j];
        }
    }
    *cur = c;
    *head_sum = hs;
    *sum = s;
    return flag;
}

#if defined(SPMVP_WARP) && WG_SIZE >= SPMVP_WARP
/* Step 3 within a warp: the inclusive segmented scan of (*f, *sum) by shuffles (Hillis-Steele
 * steps, Blelloch's segmented operator). Afterwards *sum is the partial sum of this lane's
 * last row over the warp's lanes up to this one, *f whether a row begins in lanes 0 .. lane. */
static void warp_scan(const int lane, int *f, VALUE_TYPE *sum)
{
    int fl = *f;
    VALUE_TYPE s = *sum;
    for (int d = 1; d < SPMVP_WARP; d <<= 1) {
        const int fd = spmvp_shfl_up_int(fl, d);
        const VALUE_TYPE sd = spmvp_shfl_up(s, d);
        if (lane >= d) {
            if (!fl)
                s = sd + s;
            fl |= fd;
        }
    }
    *f = fl;
    *sum = s;
}

/* After the warps' segmented totals (wflag, wsum) are in local memory: the partial sum of the
 * row running into warp w from the warps before it, added to this lane's scan (*sum, unless a
 * row begins in lanes 0 .. lane: f) and to the scan at the lane before it (*before, fp; lane
 * 0's is that partial sum alone). */
static void warp_carry_in(const int w, const int lane, __local const int *wflag,
                          __local const VALUE_TYPE *wsum, const int f, const int fp,
                          VALUE_TYPE *before, VALUE_TYPE *sum)
{
    VALUE_TYPE in = 0;
    for (int i = w - 1; i >= 0; i--) {
        in = wsum[i] + in;
        if (wflag[i])
            break;
    }
    if (lane == 0)
        *before = in;
    else if (!fp)
        *before = in + *before;
    if (!f)
        *sum = in + *sum;
}
#endif

/* Segmented reduction of a tile (steps 2 and 3 above): this work-item holds the m
 * (0 <= m <= ITEMS) pairs (r[j], v[j]) that follow an element of row `head` (the tile's first
 * row for the first work-item), rows non-decreasing through the tile; last says that its
 * pairs end the tile. Rows other than the tile's first and last are stored to y; the tile's
 * partial sums of its first and last rows are left in ends[0] and ends[1] (ends[1] = 0 when
 * the tile holds one row). Called by every work-item of the group; ends with a barrier, after
 * which ends[] may be read. */
static void tile_reduce(const int m, const INDEX_TYPE *r, const VALUE_TYPE *v, const INDEX_TYPE head,
                        const INDEX_TYPE first_row, const int last, __local int *sflag,
                        __local VALUE_TYPE *ssum, __local VALUE_TYPE *ends, __global VALUE_TYPE *y)
{
    const int t = (int)get_local_id(0);
    INDEX_TYPE cur;           /* the current row */
    VALUE_TYPE head_sum, sum; /* head_sum: this work-item's entries of row head */
    const int flag = items_reduce(m, r, v, head, &cur, &head_sum, &sum, y);
    if (t == 0)
        ends[1] = 0;
#if defined(SPMVP_WARP) && WG_SIZE >= SPMVP_WARP
    /* On NVIDIA the same scan by warps: Hillis-Steele within each warp by shuffles, then each
     * warp adds the segmented total of the warps before it (from local memory, one barrier
     * instead of two a step). With the persistent groups 0.92-0.99x the time of the scan in
     * local memory on stencils, 1.00 elsewhere (H100, docs/kernels-h100.md, stop 36; without
     * them 0.998, stop 29). The sums are added in another order than below: the bits may
     * differ between devices, never between runs. */
    const int lane = t & (SPMVP_WARP - 1), w = t / SPMVP_WARP;
    int f = flag;
    warp_scan(lane, &f, &sum);
    if (lane == SPMVP_WARP - 1) {
        sflag[w] = f;
        ssum[w] = sum;
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    const int fp = spmvp_shfl_up_int(f, 1);
    VALUE_TYPE before = spmvp_shfl_up(sum, 1); /* the scan at the work-item before this one */
    warp_carry_in(w, lane, sflag, ssum, f, fp, &before, &sum);
#else
    /* inclusive segmented scan of (flag, sum) (Blelloch's segmented operator, Hillis-Steele
     * steps): afterwards sum is the partial sum of row cur over the tile's entries up to this
     * work-item's last. A work-item whose window has reached work-item 0 counts as flagged. */
    sflag[t] = flag;
    ssum[t] = sum;
    barrier(CLK_LOCAL_MEM_FENCE);
    int f = flag;
    for (int d = 1; d < WG_SIZE; d <<= 1) {
        int fd = 1;
        VALUE_TYPE sd = 0;
        if (t >= d) {
            fd = sflag[t - d];
            sd = ssum[t - d];
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        if (!f)
            sum = sd + sum;
        f |= fd;
        sflag[t] = f;
        ssum[t] = sum;
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    const VALUE_TYPE before = t > 0 ? ssum[t - 1] : 0; /* the scan at the work-item before */
#endif
    if (m > 0) {
        if (flag) { /* row head ends before this work-item's first new row: add earlier parts */
            const VALUE_TYPE total = t > 0 ? before + head_sum : head_sum;
            if (head == first_row)
                ends[0] = total;
            else
                STORE(head, total);
        }
        if (last) { /* the tile's last row */
            if (cur == first_row)
                ends[0] = sum;
            else
                ends[1] = sum;
        }
    }
    barrier(CLK_LOCAL_MEM_FENCE);
}

/* A tile's first (which 0) or last (which 1) row's partial sum s: to the next level's carries,
 * or, when the tile is the whole sequence, to y. With COO_ONE_LAUNCH the group's work-item 0
 * counts the group done after a barrier that follows every such write, whichever work-item
 * made it: its fence covers them (release through the barrier, as CUDA's grid-wide sync does). */
static void tile_end(const size_t g, const size_t ntiles, const int which, const INDEX_TYPE row,
                     const VALUE_TYPE s, __global VALUE_TYPE *y, __global VALUE_TYPE *carry)
{
    if (ntiles > 1)
        carry[2 * g + which] = s;
    else
        STORE(row, s);
}

#if defined(COO_PERSISTENT) && defined(SPMVP_WARP) && WG_SIZE >= SPMVP_WARP && WG_SIZE % SPMVP_WARP == 0
/* NVIDIA's persistent groups (stop 50): a tile in one barrier instead of three. What a
 * work-item needs besides its entries comes without local memory: its head (the row it
 * continues) is lane l-1's last row by a shuffle, and lane 0's, the row of the entry before
 * its first, is loaded with the tile's entries a tile ahead (head_row; work-item 0's is the
 * tile's first row, which it hands to the others beside the warps' totals). The tile's first
 * and last rows' partial sums go to the carries (or y) from the work-items that finish them,
 * not through local memory and work-item 0 after another barrier. The warps' totals and the
 * first row are double-buffered by the tile's parity: the next tile's writes, before its
 * barrier, never meet a slow warp's reads of this tile's, which all come before it. The sums
 * are added in tile_reduce's order. Measured on the H200 against the three barriers
 * (docs/kernels-h100.md, stop 50): 0.74-0.98x the time on rows of 300 and R-MAT, 0.97-1.00
 * on the stencils; the same kernel with the ends handed to work-item 0 through local memory
 * (written after this tile's barrier, read after the next tile's) was 1.04-1.06x slower on
 * the single-precision stencils. */
#define COO_ONE_BARRIER
#define NWARPS (WG_SIZE / SPMVP_WARP)

/* tile_reduce by shuffles and one barrier: m, r, v and last as there; head0 is lane 0's head
 * (head_row); rows[0] hands the tile's first row from work-item 0 to the others. */
static void tile_reduce_warps(const int m, const INDEX_TYPE *r, const VALUE_TYPE *v, const int last,
                              const INDEX_TYPE head0, const size_t g, const size_t ntiles,
                              __local int *wflag, __local VALUE_TYPE *wsum, __local INDEX_TYPE *rows,
                              __global VALUE_TYPE *y, __global VALUE_TYPE *carry)
{
    const int t = (int)get_local_id(0), lane = t & (SPMVP_WARP - 1), w = t / SPMVP_WARP;
    const INDEX_TYPE lastr = r[m > 0 ? m - 1 : 0]; /* 0.98-1.00x the time of a loop of selects */
    INDEX_TYPE head = spmvp_shfl_up_int(lastr, 1);
    if (lane == 0)
        head = head0;
    INDEX_TYPE cur; /* lastr, once m > 0 */
    VALUE_TYPE head_sum, sum;
    const int flag = items_reduce(m, r, v, head, &cur, &head_sum, &sum, y);
    int f = flag;
    warp_scan(lane, &f, &sum);
    const int fp = spmvp_shfl_up_int(f, 1);
    VALUE_TYPE before = spmvp_shfl_up(sum, 1);
    if (lane == SPMVP_WARP - 1) {
        wflag[w] = f;
        wsum[w] = sum;
    }
    if (t == 0)
        rows[0] = head0;
    barrier(CLK_LOCAL_MEM_FENCE);
    const INDEX_TYPE first_row = rows[0];
    warp_carry_in(w, lane, wflag, wsum, f, fp, &before, &sum);
    if (m > 0) {
        if (flag) {
            const VALUE_TYPE total = t > 0 ? before + head_sum : head_sum;
            if (head == first_row)
                tile_end(g, ntiles, 0, first_row, total, y, carry);
            else
                STORE(head, total);
        }
        if (last) {
            if (lastr == first_row) { /* the tile is one row */
                tile_end(g, ntiles, 0, first_row, sum, y, carry);
                if (ntiles > 1)
                    carry[2 * g + 1] = 0;
            } else {
                tile_end(g, ntiles, 1, lastr, sum, y, carry);
            }
        }
    }
}
#endif

/* After tile_reduce, by work-item 0: the tile's first and last rows (r0, r1) go to the next
 * level's carries, or, when the tile is the whole sequence, to y. */
static void tile_ends(const size_t g, const size_t ntiles, const INDEX_TYPE r0, const INDEX_TYPE r1,
                      __local const VALUE_TYPE *ends, __global VALUE_TYPE *y,
                      __global VALUE_TYPE *carry)
{
    tile_end(g, ntiles, 0, r0, ends[0], y, carry);
    if (ntiles > 1 || r1 != r0) /* a one-row sequence's row is stored once */
        tile_end(g, ntiles, 1, r1, ends[1], y, carry);
}

/* The length of the sequence of level `level` (level 0: the nnz entries; level L+1: 2 carries
 * per tile of level L). */
static size_t level_len(const INDEX_TYPE nnz, const int level)
{
    size_t len = (size_t)nnz;
    for (int l = 0; l < level; l++)
        len = 2 * ((len + TILE - 1) / TILE);
    return len;
}

/* The row of element p of level `level`: carry 2g of a level is its tile g's first element,
 * carry 2g+1 its last, down to an entry of the matrix. Level 1 is written out: in the
 * one-launch tail the level is a constant 1, and NVIDIA's compiler spends seconds on each
 * inlined call of the nested loops with a constant level (about 4.5 s a call, 15 s a COO
 * program: nvcc 13's NVVM on a CUDA copy of coo.cl, 2026-11-23; the H100's OpenCL build of the
 * one-launch programs was as slow). With the level a kernel argument (spmv_coo_carries) the
 * loops cost nothing to compile. */
static INDEX_TYPE row_of(size_t p, const int level, const INDEX_TYPE nnz,
                         __global const INDEX_TYPE *restrict rowidx)
{
    if (level == 1) {
        const size_t g = p >> 1;
        return rowidx[(p & 1) ? min((g + 1) * (size_t)TILE, (size_t)nnz) - 1 : g * (size_t)TILE];
    }
    for (int l = level; l > 0; l--) {
        const size_t below = level_len(nnz, l - 1), g = p >> 1;
        p = (p & 1) ? min((g + 1) * (size_t)TILE, below) - 1 : g * (size_t)TILE;
    }
    return rowidx[p];
}

/* Tile g of level `level` >= 1: the carries of the level below, in[0 .. level_len), reduced;
 * this tile's two carries go to out[2g], out[2g+1] (or its rows to y when the level is one
 * tile). in is read through a volatile pointer: in the one-launch tail below it was written by
 * other work-groups of the same launch, and must come from L2, not a stale L1 line. */
static void carries_tile(const INDEX_TYPE nnz, const int level, const size_t g,
                         __global const INDEX_TYPE *restrict rowidx,
                         volatile __global const VALUE_TYPE *in, __global VALUE_TYPE *out,
                         __local int *sflag, __local VALUE_TYPE *ssum, __local VALUE_TYPE *ends,
                         __global VALUE_TYPE *y)
{
    const size_t len = level_len(nnz, level);
    const size_t base = g * (size_t)TILE;
    const size_t ntiles = (len + TILE - 1) / TILE;
    const int n = (int)min((size_t)TILE, len - base);
    const int t = (int)get_local_id(0), b = t * ITEMS;
    const int m = clamp(n - b, 0, ITEMS);
    const size_t k = base + (size_t)b;
    INDEX_TYPE r[ITEMS];
    VALUE_TYPE v[ITEMS];
    for (int j = 0; j < ITEMS; j++) {
        r[j] = 0;
        v[j] = 0;
        if (j < m) {
            r[j] = row_of(k + j, level, nnz, rowidx);
            v[j] = in[k + j];
        }
    }
    const INDEX_TYPE first_row = row_of(base, level, nnz, rowidx);
    const INDEX_TYPE head = b > 0 && b < n ? row_of(k - 1, level, nnz, rowidx) : first_row;
    tile_reduce(m, r, v, head, first_row, b < n && n <= b + ITEMS, sflag, ssum, ends, y);
    if (t == 0)
        tile_ends(g, ntiles, first_row, row_of(base + (size_t)n - 1, level, nnz, rowidx), ends, y,
                  out);
}

/* This work-item's entries of tile g (rows, columns, values: the x gather comes later), and how
 * many of its ITEMS it holds (0 <= m <= ITEMS; the rest are zeros). With ITEMS a multiple of 4
 * a full work-item reads them as 4-wide vectors: a warp's 32 reads of 16 (indices) or 32 bytes
 * (doubles) cover whole 128-byte lines. k is then a multiple of 4 and the arrays start on
 * 128-byte boundaries (the plan's packed buffer): the vectors are aligned. */
static int tile_load(const size_t g, const INDEX_TYPE nnz, __global const INDEX_TYPE *restrict rowidx,
                     __global const INDEX_TYPE *restrict colidx,
                     __global const VALUE_TYPE *restrict val, INDEX_TYPE *r, INDEX_TYPE *c,
                     VALUE_TYPE *a)
{
    const size_t base = g * (size_t)TILE;
    const int n = (int)min((size_t)TILE, (size_t)nnz - base);
    const int b = (int)get_local_id(0) * ITEMS;
    const int m = clamp(n - b, 0, ITEMS);
    const size_t k = base + (size_t)b;
#if ITEMS % 4 == 0
    if (m == ITEMS) {
        for (int q = 0; q < ITEMS; q += 4) {
            const INDEX4 r4 = SPMVP_LD_I4((__global const INDEX4 *)(rowidx + k + q));
            const INDEX4 c4 = SPMVP_LD_I4((__global const INDEX4 *)(colidx + k + q));
            const VALUE4 a4 = SPMVP_LD_V4((__global const VALUE4 *)(val + k + q));
            r[q] = r4.x;
            r[q + 1] = r4.y;
            r[q + 2] = r4.z;
            r[q + 3] = r4.w;
            c[q] = c4.x;
            c[q + 1] = c4.y;
            c[q + 2] = c4.z;
            c[q + 3] = c4.w;
            a[q] = a4.x;
            a[q + 1] = a4.y;
            a[q + 2] = a4.z;
            a[q + 3] = a4.w;
        }
        return m;
    }
#endif
    for (int j = 0; j < ITEMS; j++) {
        r[j] = 0;
        c[j] = 0;
        a[j] = 0;
        if (j < m) {
            r[j] = SPMVP_LD_I(rowidx + k + j);
            c[j] = SPMVP_LD_I(colidx + k + j);
            a[j] = SPMVP_LD_V(val + k + j);
        }
    }
    return m;
}

/* The products of the m entries tile_load gave: rows r, values a x x[column] (0 past m). */
static void tile_gather(const int m, const INDEX_TYPE *rr, const INDEX_TYPE *cc, const VALUE_TYPE *aa,
                        __global const VALUE_TYPE *restrict x, INDEX_TYPE *r, VALUE_TYPE *v)
{
    for (int j = 0; j < ITEMS; j++) {
        r[j] = rr[j];
        v[j] = j < m ? aa[j] * x[cc[j]] : 0;
    }
}

#ifdef COO_ONE_BARRIER
/* Lane 0's head in tile g: the row of the entry before its first (work-item 0: the tile's
 * first row). Loaded with the tile's entries, a tile ahead; the other lanes' come by shuffle. */
static INDEX_TYPE head_row(const size_t g, const INDEX_TYPE nnz, __global const INDEX_TYPE *restrict rowidx)
{
    const size_t base = g * (size_t)TILE, k = base + (size_t)get_local_id(0) * ITEMS;
    if ((get_local_id(0) & (SPMVP_WARP - 1)) || k >= (size_t)nnz)
        return 0;
    return rowidx[k > base ? k - 1 : base];
}
#endif

/* Level 0. aux[0] is the one-launch tail's counter (0 between products), aux[1 ..] the rows
 * with no entries (nempty of them; none with COO_ADD), which no tile stores: they are zeroed
 * here, a share per work-group, instead of by a launch of their own.
 * With -DCOO_ONE_LAUNCH (the plan's choice when level 1 is a single tile, 2 x ntiles <= TILE:
 * every matrix up to TILE^2 / 2 entries, 512 Ki at 256 x 4) the last work-group to finish
 * reduces level 1 itself, so that a product is one launch instead of two (about 5 µs each on
 * NVIDIA's OpenCL, the whole time of a small matrix's product): each work-group's work-item 0
 * writes its carries and counts the group done (prelude.cl's hand-over: a fence, then an
 * integer atomic); the group that counts last reads every carry back (volatile) and resets the
 * counter for the next product. The carries are added in the same order whichever group is
 * last: the result does not depend on the schedule. (The "last block" reduction of CUDA's
 * threadFenceReduction sample; OpenCL 1.2 has integer atomics and global fences, which is all
 * it needs.) */
__kernel __attribute__((reqd_work_group_size(WG_SIZE, 1, 1)))
void spmv_coo_tiles(__global uchar *restrict spmvp_mat,
                    const INDEX_TYPE nnz,
                    const ulong rowidx_off,
                    const ulong colidx_off,
                    const ulong val_off,
                    __global const VALUE_TYPE *restrict x,
                    __global VALUE_TYPE *restrict y,
                    const ulong carry_off,
                    const INDEX_TYPE nempty,
                    const ulong aux_off)
{
    PLAN_ARRAY(const INDEX_TYPE, rowidx);
    PLAN_ARRAY(const INDEX_TYPE, colidx);
    PLAN_ARRAY(const VALUE_TYPE, val);
    /* not restrict: written here and, in the one-launch tail, read through another pointer */
    __global VALUE_TYPE *carry = (__global VALUE_TYPE *)(spmvp_mat + carry_off);
    __global int *aux = (__global int *)(spmvp_mat + aux_off);
    __local int sflag[WG_SIZE];
    __local VALUE_TYPE ssum[WG_SIZE];
    __local VALUE_TYPE ends[2];
#if defined(COO_ONE_BARRIER)
    /* by the tile's parity: the warps' segmented totals and flags, the tile's first row */
    __local int wflag[2 * NWARPS];
    __local VALUE_TYPE wsum[2 * NWARPS];
    __local INDEX_TYPE wrows[2];
#elif defined(COO_PERSISTENT)
    /* srow[t + 1]: work-item t's last row; srow[0]: the tile's first */
    __local INDEX_TYPE srow[WG_SIZE + 1];
#endif
    __local int last; /* COO_ONE_LAUNCH: this group finished last */
    const size_t ntiles = ((size_t)nnz + TILE - 1) / TILE, groups = get_num_groups(0);
    const int t = (int)get_local_id(0), b = t * ITEMS;
#ifdef COO_EMPTY /* compiled in only when there are empty rows (never with COO_ADD) */
    for (size_t e = get_group_id(0) * WG_SIZE + (size_t)t; e < (size_t)nempty; e += groups * WG_SIZE)
        y[aux[1 + e]] = 0;
#endif
    INDEX_TYPE rr[ITEMS], cc[ITEMS], r[ITEMS];
    VALUE_TYPE aa[ITEMS], v[ITEMS];
#if defined(COO_ONE_BARRIER)
    size_t g = get_group_id(0);
    int m = g < ntiles ? tile_load(g, nnz, rowidx, colidx, val, rr, cc, aa) : 0, q = 0;
    INDEX_TYPE h0 = g < ntiles ? head_row(g, nnz, rowidx) : 0;
    for (; g < ntiles; g += groups, q ^= 1) {
        const size_t base = g * (size_t)TILE;
        const int n = (int)min((size_t)TILE, (size_t)nnz - base);
        const int mm = m;
        const INDEX_TYPE hh = h0;
        tile_gather(mm, rr, cc, aa, x, r, v);
        if (g + groups < ntiles) {
            m = tile_load(g + groups, nnz, rowidx, colidx, val, rr, cc, aa);
            h0 = head_row(g + groups, nnz, rowidx);
        }
        tile_reduce_warps(mm, r, v, b < n && n <= b + ITEMS, hh, g, ntiles, wflag + q * NWARPS,
                          wsum + q * NWARPS, wrows + q, y, carry);
    }
#ifdef COO_ONE_LAUNCH
    barrier(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE); /* every carry written before the count */
#endif
#elif defined(COO_PERSISTENT)
    /* The plan's choice on GPUs: a work-group reduces tiles g, g + groups, ... Tile g's entries
     * are loaded (rr, cc, aa) before the loop and, for the next tile, before this tile's
     * reduction: those loads are in flight during its barriers, when an unpipelined
     * work-group has none. The rows the tile needs besides its entries come from the
     * work-items that hold them. */
    size_t g = get_group_id(0);
    int m = g < ntiles ? tile_load(g, nnz, rowidx, colidx, val, rr, cc, aa) : 0;
    for (; g < ntiles; g += groups) {
        const size_t base = g * (size_t)TILE;
        const int n = (int)min((size_t)TILE, (size_t)nnz - base);
        const int mm = m;
        tile_gather(mm, rr, cc, aa, x, r, v);
        if (mm > 0) /* the tile's first and last rows and the row each work-item continues */
            srow[t + 1] = r[mm - 1];
        if (t == 0)
            srow[0] = r[0];
        barrier(CLK_LOCAL_MEM_FENCE);
        const INDEX_TYPE first_row = srow[0];
        const INDEX_TYPE head = b > 0 && b < n ? srow[t] : first_row;
        const INDEX_TYPE last_row = srow[(n - 1) / ITEMS + 1];
        m = g + groups < ntiles ? tile_load(g + groups, nnz, rowidx, colidx, val, rr, cc, aa) : 0;
        tile_reduce(mm, r, v, head, first_row, b < n && n <= b + ITEMS, sflag, ssum, ends, y);
        if (t == 0)
            tile_ends(g, ntiles, first_row, last_row, ends, y, carry);
    }
#else
    /* A work-group a tile (CPUs). PoCL keeps each value that lives across a barrier in memory
     * for every work-item: with the loop, the prefetched entries and the exchange's barrier
     * COO ran 1.1-1.8x slower on a 2-core VM (stop 36). */
    const size_t g = get_group_id(0), base = g * (size_t)TILE;
    const int n = (int)min((size_t)TILE, (size_t)nnz - base);
    const int m = tile_load(g, nnz, rowidx, colidx, val, rr, cc, aa);
    tile_gather(m, rr, cc, aa, x, r, v);
    const INDEX_TYPE first_row = rowidx[base];
    const INDEX_TYPE head = b > 0 && b < n ? rowidx[base + (size_t)b - 1] : first_row;
    tile_reduce(m, r, v, head, first_row, b < n && n <= b + ITEMS, sflag, ssum, ends, y);
    if (t == 0)
        tile_ends(g, ntiles, first_row, rowidx[base + (size_t)n - 1], ends, y, carry);
#endif
#ifdef COO_ONE_LAUNCH
    if (t == 0)
        last = spmvp_last_part(aux, (int)groups); /* the carries, then the count */
    barrier(CLK_LOCAL_MEM_FENCE);
    if (last) {
        carries_tile(nnz, 1, 0, rowidx, carry, carry, sflag, ssum, ends, y);
        if (t == 0)
            spmvp_reset_count(aux);
    }
#endif
}

/* Level >= 1: the carries of the level below, at carry[in_off...], reduced in tiles of TILE;
 * this level's carries go to carry[out_off...]. With fold (the plan's choice when the next
 * level is a single tile, spmvp_coo_one_launch of this level's length) the last work-group to
 * finish reduces the next level itself, as spmv_coo_tiles does with COO_ONE_LAUNCH: the
 * chain of levels is one launch shorter (on the H100 in a back-to-back batch, 1 µs on the
 * GPU-scale matrices to 5-7 µs on those of 0.5-2 M entries: docs/data/h100-coo-adaptive/).
 * The next level's number, level + 1, is a run-time value here, so row_of's loops cost
 * nothing to compile (above). aux[0] is the hand-over's counter, 0 between products. */
__kernel __attribute__((reqd_work_group_size(WG_SIZE, 1, 1)))
void spmv_coo_carries(__global uchar *restrict spmvp_mat,
                      const INDEX_TYPE nnz,
                      const int level,
                      const INDEX_TYPE in_off,
                      const INDEX_TYPE out_off,
                      const ulong rowidx_off,
                      const ulong carry_off,
                      __global VALUE_TYPE *restrict y,
                      const int fold,
                      const ulong aux_off)
{
    PLAN_ARRAY(const INDEX_TYPE, rowidx);
    /* not restrict: read at in_off and written at out_off */
    __global VALUE_TYPE *carry = (__global VALUE_TYPE *)(spmvp_mat + carry_off);
    __global int *aux = (__global int *)(spmvp_mat + aux_off);
    __local int sflag[WG_SIZE];
    __local VALUE_TYPE ssum[WG_SIZE];
    __local VALUE_TYPE ends[2];
    __local int last; /* fold: this group finished last */
    /* two passes at most: this level's tile, then, by the last group, the next level's one.
     * One call of carries_tile in a loop rather than two calls: PoCL 3.1's work-group
     * compiler failed ("Could not find a dominating alternative variable") on a kernel
     * with two inlined copies of its barriers, the second under a branch. */
    int lv = level;
    size_t g = get_group_id(0);
    INDEX_TYPE from = in_off;
    for (;;) {
        carries_tile(nnz, lv, g, rowidx, carry + from, carry + out_off, sflag, ssum, ends, y);
        if (get_local_id(0) == 0) /* the carries, then the count (every group has read last) */
            last = fold && lv == level && spmvp_last_part(aux, (int)get_num_groups(0));
        barrier(CLK_LOCAL_MEM_FENCE);
        if (!last)
            break;
        if (get_local_id(0) == 0)
            spmvp_reset_count(aux); /* every group has counted: ready for the next product */
        lv = level + 1;
        g = 0;
        from = out_off;
    }
}

/* y = 0, the product of a matrix with no entries. */
__kernel void spmv_zero(const INDEX_TYPE n, __global VALUE_TYPE *restrict y)
{
    const size_t i = get_global_id(0);
    if (i < (size_t)n)
        y[i] = 0;
}
