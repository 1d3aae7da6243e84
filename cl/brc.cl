/* brc.cl: y = A*x for BRC (model/sparse/brc.c). Rows sorted by decreasing length, BRC_W to a
 * row block; a row block cut into tiles of BRC_B entries per row (its last tile fewer), each
 * tile column-major (entry j of lane l at tile_off[t] + j*BRC_W + l, the tile's height
 * (tile_off[t+1] - tile_off[t]) / BRC_W), padding column -1 ending a row.
 *
 * spmv_brc_tiles: one work-item per (tile, lane). A tile of a one-tile row block writes its
 * row's y at once; a tile of a multi-tile row block (tiles 0..multi_tiles-1) leaves its sum in
 * partial[t*BRC_W + l]. spmv_brc_combine then adds those partials in tile order, one work-item
 * per row of a multi-tile block, and writes y = 0 for the blocks of empty rows (no tiles):
 * deterministic, no atomics (OpenCL 1.2 has no float atomics anyway). */
#if !defined(BRC_W) || !defined(BRC_B)
#error "define BRC_W (rows per row block) and BRC_B (entries per row in a tile)"
#endif

__kernel void spmv_brc_tiles(__global uchar *restrict spmvp_mat,
                             const INDEX_TYPE ntiles,
                             const INDEX_TYPE multi_tiles,
                             const ulong tile_block_off,
                             const ulong tile_off_off,
                             const ulong perm_off,
                             const ulong colidx_off,
                             const ulong val_off,
                             __global const VALUE_TYPE *restrict x,
                             __global VALUE_TYPE *restrict y,
                             const ulong partial_off)
{
    PLAN_ARRAY(const INDEX_TYPE, tile_block);
    PLAN_ARRAY(const INDEX_TYPE, tile_off);
    PLAN_ARRAY(const INDEX_TYPE, perm);
    PLAN_ARRAY(const INDEX_TYPE, colidx);
    PLAN_ARRAY(const VALUE_TYPE, val);
    PLAN_ARRAY(VALUE_TYPE, partial);
    const size_t g = get_global_id(0);
    const size_t t = g / BRC_W, lane = g % BRC_W;
    if (t >= (size_t)ntiles)
        return;
    const INDEX_TYPE start = tile_off[t], height = (tile_off[t + 1] - start) / BRC_W;
    size_t off = (size_t)start + lane;
    VALUE_TYPE sum = 0;
    for (INDEX_TYPE j = 0; j < height; j++, off += BRC_W) {
        const INDEX_TYPE c = colidx[off];
        if (c < 0)
            break;
        sum += val[off] * x[c];
    }
    if (t < (size_t)multi_tiles) {
        partial[g] = sum;
    } else {
        const INDEX_TYPE r = perm[(size_t)tile_block[t] * BRC_W + lane];
        if (r >= 0)
            y[r] = sum;
    }
}

__kernel void spmv_brc_combine(__global const uchar *restrict spmvp_mat,
                               const INDEX_TYPE multi_rows,
                               const INDEX_TYPE first_empty_row,
                               const INDEX_TYPE nitems,
                               const ulong tile0_off,
                               const ulong perm_off,
                               const ulong partial_off,
                               __global VALUE_TYPE *restrict y)
{
    PLAN_ARRAY(const INDEX_TYPE, tile0);
    PLAN_ARRAY(const INDEX_TYPE, perm);
    PLAN_ARRAY(const VALUE_TYPE, partial);
    const size_t g = get_global_id(0);
    if (g >= (size_t)nitems)
        return;
    const size_t p = g < (size_t)multi_rows ? g : (size_t)first_empty_row + (g - (size_t)multi_rows);
    const size_t block = p / BRC_W, lane = p % BRC_W;
    VALUE_TYPE sum = 0;
    for (INDEX_TYPE t = tile0[block]; t < tile0[block + 1]; t++)
        sum += partial[(size_t)t * BRC_W + lane];
    const INDEX_TYPE r = perm[p];
    if (r >= 0)
        y[r] = sum;
}
