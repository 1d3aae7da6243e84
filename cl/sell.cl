/* sell.cl: y = A*x for SELL-C-sigma, SELL_T work-items per sorted row p (model/sparse/sell.c).
 * Work-item g is lane l = g % C of chunk c = g / (C*T) and takes the row's slots j = t, t+T,
 * ... with t = (g / C) % T. A chunk is column-major (slot j of lane l at cs[c] + j*C + l) and
 * padded to its own longest row cl[c]; a padding slot holds column -1 and ends the row. With
 * T > 1 the T partial sums of a row (C work-items apart) are added by a tree in local memory,
 * which needs all T in one work-group: the plan keeps C*T <= WG_SIZE. The result goes to the
 * original row perm[p] (SELL_PERM 1), or to row p when the plan found perm to be the identity
 * (SELL_PERM 0: the rows were not sorted), so y comes out in the matrix's row order.
 *
 * The loop reads SELL_U slots of the row (those below the chunk's length) before it adds any:
 * the column loads of a round are independent, so a work-item has SELL_U gathers in flight
 * instead of one, and the round ends the row at its first -1. On the H100 this took a row of
 * 64 entries, one work-item each, from 57.7 to 28.5 µs (single) and pde100 from 46.9 to 40.1
 * (double) against a loop that stops to test after every load; 8 slots a round is best with one
 * work-item per row, 4 with several (a row's share is shorter). */
#ifndef SELL_C
#error "define SELL_C, the chunk height (-DSELL_C=32)"
#endif
#ifndef SELL_T
#error "define SELL_T, the work-items per row (-DSELL_T=1)"
#endif
#ifndef WG_SIZE
#error "define WG_SIZE, the work-group size"
#endif
#if SELL_T > 1 && (WG_SIZE % (SELL_C * SELL_T)) != 0
#error "SELL_C * SELL_T must divide WG_SIZE"
#endif
#ifndef SELL_PERM
#define SELL_PERM 1
#endif
/* Streaming loads (prelude.cl) only where a warp's slots cover whole 128-byte lines, C >= 32:
 * with C = 2 or 4 the chunks' lines are read by several warps in turn, and streamed they ran
 * the H100's stencils 1.4-1.8x slower in double (docs/data/h100-ldhint/) */
#if SELL_C >= 32
/* (pinned in part too where the host adds SPMVP_PIN: the plan's l2_pin) */
#define SELL_LD_VAL(p) SPMVP_LD_V(p)
#define SELL_LD_IDX(p) SPMVP_LD_I(p)
#if SELL_T > 1 && SELL_C < 64
/* 16-bit columns with T > 1: a warp reads C x 2 = 64 bytes of a slot, and the warp of the
 * row's next work-item the line's other half. Loaded with the streaming hint (or
 * L1::evict_first or L1::no_allocate) they ran 1.2-1.5x the time of 32-bit columns in single
 * precision on the H200; loaded plainly, with no pin (model/sparse/sell.c), the column array,
 * 2 bytes an entry, stays in L2 while the values stream: 0.58-0.86x the time of the streamed
 * columns on bands, block-diagonal matrices and random rows of 1,000, 1.08-1.10x on random
 * rows of 800-1,000 in double, where x (160 KB) shares L1 with the columns' lines
 * (docs/data/h100-kernels/stop46/). */
#define SELL_LD_IDX16(p) (*(p))
#else
#define SELL_LD_IDX16(p) SPMVP_LD_S(p)
#endif
#else
#define SELL_LD_VAL(p) (*(p))
#define SELL_LD_IDX(p) (*(p))
#define SELL_LD_IDX16(p) (*(p))
#endif
#ifdef SELL_IDX16
#define COL_TYPE short
#define SELL_LD_COL(p) SELL_LD_IDX16(p)
#define COL_NONE (-32768)
#define IS_SLOT(d) ((d) != COL_NONE)
#define COLUMN(row, d) ((row) + (INDEX_TYPE)(d))
#else
#define COL_TYPE INDEX_TYPE
#define SELL_LD_COL(p) SELL_LD_IDX(p)
#define COL_NONE (-1)
#define IS_SLOT(d) ((d) >= 0)
#define COLUMN(row, d) (d)
#endif
#if SELL_T == 1
#define SELL_U 8
#else
#define SELL_U 4
#endif

__kernel __attribute__((reqd_work_group_size(WG_SIZE, 1, 1)))
void spmv_sell(__global const uchar *restrict spmvp_mat,
               const INDEX_TYPE nrows,
               const ulong perm_off,
               const ulong cs_off,
               const ulong cl_off,
               const ulong colidx_off,
               const ulong val_off,
               __global const VALUE_TYPE *restrict x,
               __global VALUE_TYPE *restrict y)
{
    PLAN_ARRAY(const INDEX_TYPE, perm);
    PLAN_ARRAY(const INDEX_TYPE, cs);
    PLAN_ARRAY(const INDEX_TYPE, cl);
    PLAN_ARRAY(const COL_TYPE, colidx);
    PLAN_ARRAY(const VALUE_TYPE, val);
    const size_t g = get_global_id(0);
    const size_t c = g / (SELL_C * SELL_T), lane = g % SELL_C;
    const size_t p = c * SELL_C + lane;
#if SELL_T > 1
    const INDEX_TYPE t = (INDEX_TYPE)((g / SELL_C) % SELL_T);
#else
    const INDEX_TYPE t = 0;
#endif
    VALUE_TYPE sum = 0;
#ifdef SELL_IDX16
#if SELL_PERM
    const INDEX_TYPE row = p < (size_t)nrows ? perm[p] : 0; /* the original row: columns' base */
#else
    const INDEX_TYPE row = (INDEX_TYPE)p;
#endif
#endif
    if (p < (size_t)nrows) {
        const INDEX_TYPE width = cl[c];
        const size_t step = (size_t)SELL_C * SELL_T;
        size_t off = (size_t)cs[c] + (size_t)t * SELL_C + lane;
        for (INDEX_TYPE j = t; j < width; j += SELL_U * SELL_T, off += SELL_U * step) {
            COL_TYPE col[SELL_U];
#pragma unroll
            for (int k = 0; k < SELL_U; k++)
                col[k] = j + k * SELL_T < width ? SELL_LD_COL(colidx + off + k * step) : COL_NONE;
#pragma unroll
            for (int k = 0; k < SELL_U; k++)
                if (IS_SLOT(col[k]))
                    sum += SELL_LD_VAL(val + off + k * step) * x[COLUMN(row, col[k])];
            if (!IS_SLOT(col[SELL_U - 1]))
                break;
        }
    }
#if SELL_T > 1
    __local VALUE_TYPE partial[WG_SIZE];
    const size_t lid = get_local_id(0);
    partial[lid] = sum;
    /* every work-item runs the same barriers, lanes past the rows included */
    for (INDEX_TYPE s = SELL_T / 2; s > 0; s >>= 1) {
        barrier(CLK_LOCAL_MEM_FENCE);
        if (t < s)
            partial[lid] += partial[lid + (size_t)s * SELL_C];
    }
    sum = partial[lid];
#endif
    if (t == 0 && p < (size_t)nrows)
#if SELL_PERM
        y[perm[p]] = sum;
#else
        y[p] = sum;
#endif
}
