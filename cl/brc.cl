/* brc.cl: y = A*x for BRC (model/sparse/brc.c). Rows sorted by decreasing length, BRC_W to a
 * row block; a row block cut into tiles of BRC_B entries per row (its last tile fewer), each
 * tile column-major (entry j of lane l at tile_off[t] + j*BRC_W + l, the tile's height
 * (tile_off[t+1] - tile_off[t]) / BRC_W), padding column -1 ending a row.
 *
 * spmv_brc_tiles, one launch: one work-item per (tile, lane). A tile of a one-tile row block
 * writes its row's y at once. A tile of a multi-tile row block (tiles 0..multi_tiles-1, with
 * -DBRC_MULTI) leaves its sum in partial[t*BRC_W + l]; the work-group meets at a barrier (a
 * tile's BRC_W lanes share a work-group: the plan keeps WG_SIZE a multiple of BRC_W), and lane
 * 0 fences the tile's partials and counts the tile done on the block's integer counter
 * (prelude.cl's hand-over). The block's last tile to finish adds the block's partials in tile order
 * (volatile reads: other work-groups wrote them), writes y and returns the counter to 0 for
 * the next product: deterministic, no float atomics (OpenCL 1.2 has none). A wide block
 * (-DBRC_WIDE, blocks 0..nwide-1) is one row dealt across its lanes, entry e of a tile at lane
 * e % BRC_W (so a warp reads the row's consecutive entries): its lanes' sums are added by lane 0
 * in lane order, through local memory. A block of more than BRC_GROUP tiles (-DBRC_GROUP; its
 * groups group0[b]..group0[b+1]-1) sums in two levels: each group of BRC_GROUP consecutive
 * tiles is counted and summed by its last tile into group_partial, and the block's last group
 * adds those in group order. The rows of the
 * empty row blocks, sorted rows [first_empty, first_empty + nempty), get y = 0 from a
 * grid-stride loop of the same launch (-DBRC_EMPTY). */
#if !defined(BRC_W) || !defined(BRC_B) || !defined(WG_SIZE)
#error "define BRC_W (rows per row block), BRC_B (entries per row in a tile) and WG_SIZE"
#endif
#ifndef BRC_SUM_LOADS /* partials in flight at once in a block's sum (below): SPMVP_BRC_SUM_LOADS */
#error "define BRC_SUM_LOADS"
#endif
#if WG_SIZE % BRC_W != 0
#error "WG_SIZE must be a multiple of BRC_W"
#endif

/* sums[u * BRC_W] + ... + sums[(u1 - 1) * BRC_W], in that order: a lane's partials, written by
 * other work-groups (volatile: from L2). BRC_SUM_LOADS of them loaded before they are added (in
 * order still, so the same bits): the compiler neither unrolls nor reorders volatile loads, and
 * one at a time each add waited for L2, which made a block of 782 tiles (1 M rows, 36 of them
 * 50,000 long) 1.24x slower on the H100 than the second launch it replaces. */
static VALUE_TYPE ordered_sum(volatile __global const VALUE_TYPE *sums, INDEX_TYPE u,
                              const INDEX_TYPE u1)
{
    VALUE_TYPE total = 0;
    for (; u + BRC_SUM_LOADS <= u1; u += BRC_SUM_LOADS) {
        VALUE_TYPE p[BRC_SUM_LOADS];
#pragma unroll
        for (int i = 0; i < BRC_SUM_LOADS; i++)
            p[i] = sums[(size_t)(u + i) * BRC_W];
#pragma unroll
        for (int i = 0; i < BRC_SUM_LOADS; i++)
            total += p[i];
    }
    for (; u < u1; u++)
        total += sums[(size_t)u * BRC_W];
    return total;
}

__kernel __attribute__((reqd_work_group_size(WG_SIZE, 1, 1)))
void spmv_brc_tiles(__global uchar *restrict spmvp_mat,
                    const INDEX_TYPE ntiles,
                    const INDEX_TYPE multi_tiles,
                    const ulong tile_block_off,
                    const ulong tile_off_off,
                    const ulong perm_off,
                    const ulong colidx_off,
                    const ulong val_off,
                    __global const VALUE_TYPE *restrict x,
                    __global VALUE_TYPE *restrict y,
                    const ulong partial_off,
                    const ulong tile0_off,
                    const ulong done_off,
                    const INDEX_TYPE first_empty,
                    const INDEX_TYPE nempty,
                    const INDEX_TYPE nwide,
                    const ulong group0_off,
                    const ulong group_partial_off,
                    const ulong group_done_off)
{
    PLAN_ARRAY(const INDEX_TYPE, tile_block);
    PLAN_ARRAY(const INDEX_TYPE, tile_off);
    PLAN_ARRAY(const INDEX_TYPE, perm);
    PLAN_ARRAY(const INDEX_TYPE, colidx);
    PLAN_ARRAY(const VALUE_TYPE, val);
    PLAN_ARRAY(const INDEX_TYPE, tile0);
    /* not restrict: written here and read back through a volatile pointer */
    __global VALUE_TYPE *partial = (__global VALUE_TYPE *)(spmvp_mat + partial_off);
    __global int *done = (__global int *)(spmvp_mat + done_off);
    const size_t g = get_global_id(0);
    const size_t t = g / BRC_W, lane = g % BRC_W;
    if (t < (size_t)ntiles) {
        const INDEX_TYPE start = tile_off[t], height = (tile_off[t + 1] - start) / BRC_W;
        size_t off = (size_t)start + lane;
        VALUE_TYPE sum = 0;
        for (INDEX_TYPE j = 0; j < height; j++, off += BRC_W) {
            const INDEX_TYPE c = SPMVP_LD_I(colidx + off);
            if (c < 0)
                break;
            sum += SPMVP_LD_V(val + off) * x[c];
        }
        if (t < (size_t)multi_tiles) {
            partial[g] = sum;
        } else {
            const INDEX_TYPE r = perm[(size_t)tile_block[t] * BRC_W + lane];
            if (r >= 0)
                y[r] = sum;
        }
    }
#ifdef BRC_EMPTY /* compiled in only when there are empty rows: on PoCL the loop alone cost
                     a small matrix's product 5 -> 7 µs */
    for (size_t e = g; e < (size_t)nempty; e += get_global_size(0)) {
        const INDEX_TYPE r = perm[(size_t)first_empty + e];
        if (r >= 0)
            y[r] = 0;
    }
#endif
#ifdef BRC_MULTI
    __local int last[WG_SIZE / BRC_W]; /* per tile of this work-group: it finished its block */
    const size_t lt = get_local_id(0) / BRC_W;
    /* the tile's partials, written by its BRC_W lanes, visible to the work-group; then lane 0
     * fences them device-wide as it counts the tile (spmvp_last_part): a fence orders the writes its barrier
     * made visible to it as well as its own (PTX's fences are cumulative: CUDA's grid sync,
     * cooperative_groups/details/sync.h before sm_70, is the same barrier, then one thread's
     * __threadfence and atomicAdd), so one fence a tile does what one a lane did. A fence by every lane
     * cost the H100 10-37 % on matrices of many multi-tile blocks (2026-11-23, random 50 k x
     * 300, R-MAT 20), where the second launch it replaces costs 5 µs. */
    barrier(CLK_GLOBAL_MEM_FENCE | CLK_LOCAL_MEM_FENCE);
    const int multi = t < (size_t)multi_tiles;
    const INDEX_TYPE b = multi ? tile_block[t] : 0;
    /* the tiles this tile's count stands for, and where their sum goes: the block's tiles, or
     * with -DBRC_GROUP its group of BRC_GROUP consecutive tiles when the block has more */
    INDEX_TYPE u = multi ? tile0[b] : 0, u1 = multi ? tile0[b + 1] : 0;
#ifdef BRC_GROUP
    PLAN_ARRAY(const INDEX_TYPE, group0);
    __global VALUE_TYPE *group_partial = (__global VALUE_TYPE *)(spmvp_mat + group_partial_off);
    __global int *group_done = (__global int *)(spmvp_mat + group_done_off);
    const int grouped = multi && u1 - u > BRC_GROUP;
    const INDEX_TYPE gi = grouped ? group0[b] + (INDEX_TYPE)(t - u) / BRC_GROUP : 0;
    if (grouped) {
        u += (gi - group0[b]) * BRC_GROUP;
        u1 = min(u1, u + BRC_GROUP);
    }
#endif
    if (lane == 0 && multi) {
#ifdef BRC_GROUP
        if (grouped)
            last[lt] = spmvp_last_part(group_done + gi, u1 - u);
        else
#endif
            last[lt] = spmvp_last_part(done + b, u1 - u);
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    int mine = multi && last[lt]; /* this tile sums its tiles (block or group) */
    VALUE_TYPE total = 0;
    if (mine)
        total = ordered_sum(partial + lane, u, u1);
#ifdef BRC_GROUP
    /* a block of more than BRC_GROUP tiles: each group's last tile leaves the group's sum; the
     * block's last group to finish adds the groups' sums in group order (two levels of the same
     * hand-over, so the order, and the bits, are fixed; what it gained: model/sparse/brc.c) */
    const int group_last = grouped && mine;
    if (group_last)
        group_partial[(size_t)gi * BRC_W + lane] = total;
    barrier(CLK_GLOBAL_MEM_FENCE | CLK_LOCAL_MEM_FENCE);
    if (lane == 0 && group_last) {
        spmvp_reset_count(group_done + gi);
        last[lt] = spmvp_last_part(done + b, group0[b + 1] - group0[b]);
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    if (grouped) {
        mine = group_last && last[lt];
        if (mine)
            total = ordered_sum(group_partial + lane, group0[b], group0[b + 1]);
    }
#endif
#ifdef BRC_WIDE
    /* a wide block (b < nwide) holds one row dealt across its lanes: the row is the sum of the
     * lanes' sums, which lane 0 adds in lane order (deterministic). The barrier is every
     * work-item's (no branch around it), so the lanes' sums are in local memory before. */
    __local VALUE_TYPE lane_sum[WG_SIZE];
    lane_sum[get_local_id(0)] = total;
    barrier(CLK_LOCAL_MEM_FENCE);
    if (mine && b < nwide) {
        if (lane == 0) {
            VALUE_TYPE row = 0;
            for (int l = 0; l < BRC_W; l++)
                row += lane_sum[lt * BRC_W + l];
            y[perm[(size_t)b * BRC_W]] = row;
        }
    } else
#endif
    if (mine) {
        const INDEX_TYPE r = perm[(size_t)b * BRC_W + lane];
        if (r >= 0)
            y[r] = total;
    }
    if (mine && lane == 0)
        spmvp_reset_count(done + b);
#endif
}
