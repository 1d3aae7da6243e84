/* blas.cl: the vector operations of conjugate gradients (host/ocl/blas.c, cg.c): a dot product
 * in two stages, y += a*x and y = x + a*y, in the value type (the dot accumulates in double in
 * double precision); and CG's steps on device scalars, which let an iteration run without the
 * host (below).
 *
 * The dot is deterministic: no atomics (NVIDIA's OpenCL has integer atomics only), no
 * sub-groups, no warp-synchronous code. Stage 1 runs a number of work-groups G that the host
 * derives from n and WG_SIZE alone; work-item g of the G x WG_SIZE sums x[i]*y[i] for
 * i = g, g + G*WG_SIZE, ... in that order and its work-group adds their sums by a tree in
 * local memory, one partial per group. Stage 2 is one work-group: work-item t sums partials
 * t, t + WG_SIZE, ... in order, then the same tree. Every addition happens in an order fixed
 * by n and WG_SIZE, so the same vectors give the same bits on every run, however the groups
 * were scheduled. Local memory: WG_SIZE values (2 KiB in double at 256). */
#ifndef WG_SIZE
#error "define WG_SIZE, the work-group size (a power of two)"
#endif
#if (WG_SIZE & (WG_SIZE - 1)) != 0
#error "WG_SIZE must be a power of two"
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

/* Stage 1 of x·y: partial[group] = the group's share (x and y may be the same buffer). */
__kernel __attribute__((reqd_work_group_size(WG_SIZE, 1, 1)))
void spmvp_dot_partial(const INDEX_TYPE n,
                       __global const VALUE_TYPE *x,
                       __global const VALUE_TYPE *y,
                       __global VALUE_TYPE *restrict partial)
{
    __local VALUE_TYPE red[WG_SIZE];
    const size_t stride = get_global_size(0);
    VALUE_TYPE s = 0;
    for (size_t i = get_global_id(0); i < (size_t)n; i += stride)
        s += x[i] * y[i];
    s = group_sum(s, red);
    if (get_local_id(0) == 0)
        partial[get_group_id(0)] = s;
}

/* Stage 2's sum of partial[0..ngroups) in one work-group, valid in work-item 0. */
static VALUE_TYPE final_sum(const int ngroups, __global const VALUE_TYPE *restrict partial,
                            __local VALUE_TYPE *red)
{
    VALUE_TYPE s = 0;
    for (int i = (int)get_local_id(0); i < ngroups; i += WG_SIZE)
        s += partial[i];
    return group_sum(s, red);
}

/* Stage 2 of x·y, one work-group: out[slot] = the sum of partial[0..ngroups). */
__kernel __attribute__((reqd_work_group_size(WG_SIZE, 1, 1)))
void spmvp_dot_final(const INDEX_TYPE ngroups,
                     __global const VALUE_TYPE *restrict partial,
                     __global VALUE_TYPE *restrict out, const int slot)
{
    __local VALUE_TYPE red[WG_SIZE];
    const VALUE_TYPE s = final_sum(ngroups, partial, red);
    if (get_local_id(0) == 0)
        out[slot] = s;
}

/* y += a*x (one work-item per value; the range is n rounded up to WG_SIZE) */
__kernel __attribute__((reqd_work_group_size(WG_SIZE, 1, 1)))
void spmvp_axpy(const INDEX_TYPE n, const VALUE_TYPE a,
                __global const VALUE_TYPE *restrict x,
                __global VALUE_TYPE *restrict y)
{
    const size_t i = get_global_id(0);
    if (i < (size_t)n)
        y[i] += a * x[i];
}

/* y = x + a*y (PETSc's VecAYPX: CG's p = r + beta*p) */
__kernel __attribute__((reqd_work_group_size(WG_SIZE, 1, 1)))
void spmvp_aypx(const INDEX_TYPE n, const VALUE_TYPE a,
                __global const VALUE_TYPE *restrict x,
                __global VALUE_TYPE *restrict y)
{
    const size_t i = get_global_id(0);
    if (i < (size_t)n)
        y[i] = x[i] + a * y[i];
}

/* y = a*x + b*y (BLAS's axpby: libspmvp's y = alpha*A*x + beta*y); b = 0 writes a*x without
 * reading y, so that y may hold anything, NaN included, as BLAS promises */
__kernel __attribute__((reqd_work_group_size(WG_SIZE, 1, 1)))
void spmvp_axpby(const INDEX_TYPE n, const VALUE_TYPE a,
                 __global const VALUE_TYPE *restrict x, const VALUE_TYPE b,
                 __global VALUE_TYPE *restrict y)
{
    const size_t i = get_global_id(0);
    if (i < (size_t)n)
        y[i] = b == (VALUE_TYPE)0 ? a * x[i] : a * x[i] + b * y[i];
}

/* CG's steps on device scalars (host/ocl/cg.c). An iteration is q = A p (the format's
 * kernels), then spmvp_dot_partial(p, q), spmvp_cg_alpha, spmvp_cg_update, spmvp_cg_beta and
 * spmvp_cg_direction, with nothing read back: alpha and beta go from kernel to kernel in the
 * scalar buffer s, and p·q and r·r into the history h, which the host reads every so many
 * iterations to find where CG stopped. The one-work-group kernels (alpha, beta) write s; the
 * kernels of many work-groups (update, direction) only read it, every work-item the same
 * values, so no work-group reads what another of the same launch writes. The indices into h
 * come from the host: r·r of the iteration before is read at one index and the new one
 * written at another, never the same.
 *
 * s[CG_LIVE] is 1 while CG runs and 0 from the step where r·r met the tolerance (r·r <= thr,
 * the host's own test rewritten: cg.c) or p·Ap broke down (<= 0 or not finite). From then on
 * x, r and p stay as they are, so the iterations the host enqueued past that point change
 * nothing: x is the one a host checking every iteration would have got, and a zero r·r
 * (0 / 0) or a broken-down alpha never reaches it. Keep the slots in step with blas.c. */
#define CG_ALPHA 0
#define CG_BETA 1
#define CG_LIVE 2

/* Stage 2 of p·q, one work-group: h[ipq] = p·q; a breakdown clears s[CG_LIVE]; while live
 * s[CG_ALPHA] = r·r / p·q with r·r from h[irr]. */
__kernel __attribute__((reqd_work_group_size(WG_SIZE, 1, 1)))
void spmvp_cg_alpha(const INDEX_TYPE ngroups,
                    __global const VALUE_TYPE *restrict partial,
                    __global VALUE_TYPE *restrict s,
                    __global VALUE_TYPE *restrict h, const int irr, const int ipq)
{
    __local VALUE_TYPE red[WG_SIZE];
    const VALUE_TYPE pq = final_sum(ngroups, partial, red);
    if (get_local_id(0) == 0) {
        VALUE_TYPE live = s[CG_LIVE];
        h[ipq] = pq;
        if (!(pq > 0 && isfinite(pq)))
            live = 0;
        s[CG_ALPHA] = live != 0 ? h[irr] / pq : 0;
        s[CG_LIVE] = live;
    }
}

/* While live: x += alpha p and r -= alpha q; then stage 1 of r·r (the same work-groups and
 * order as spmvp_dot_partial(r, r), so the same bits). The host runs it on as many work-groups
 * as the dot's stage 1. */
__kernel __attribute__((reqd_work_group_size(WG_SIZE, 1, 1)))
void spmvp_cg_update(const INDEX_TYPE n,
                     __global const VALUE_TYPE *restrict s,
                     __global const VALUE_TYPE *restrict p,
                     __global const VALUE_TYPE *restrict q,
                     __global VALUE_TYPE *restrict x,
                     __global VALUE_TYPE *restrict r,
                     __global VALUE_TYPE *restrict partial)
{
    __local VALUE_TYPE red[WG_SIZE];
    const size_t stride = get_global_size(0);
    const VALUE_TYPE alpha = s[CG_ALPHA];
    const int live = s[CG_LIVE] != 0;
    VALUE_TYPE sum = 0;
    for (size_t i = get_global_id(0); i < (size_t)n; i += stride) {
        VALUE_TYPE ri = r[i];
        if (live) {
            x[i] += alpha * p[i];
            ri -= alpha * q[i];
            r[i] = ri;
        }
        sum += ri * ri;
    }
    sum = group_sum(sum, red);
    if (get_local_id(0) == 0)
        partial[get_group_id(0)] = sum;
}

/* Stage 2 of r·r, one work-group: h[inew] = r·r; the tolerance met (r·r <= thr) clears
 * s[CG_LIVE]; while live s[CG_BETA] = r·r / h[iold], the r·r before (never 0 then: 0 <= thr). */
__kernel __attribute__((reqd_work_group_size(WG_SIZE, 1, 1)))
void spmvp_cg_beta(const INDEX_TYPE ngroups,
                   __global const VALUE_TYPE *restrict partial,
                   __global VALUE_TYPE *restrict s,
                   __global VALUE_TYPE *restrict h, const int iold, const int inew,
                   const VALUE_TYPE thr)
{
    __local VALUE_TYPE red[WG_SIZE];
    const VALUE_TYPE rr = final_sum(ngroups, partial, red);
    if (get_local_id(0) == 0) {
        VALUE_TYPE live = s[CG_LIVE];
        h[inew] = rr;
        if (rr <= thr)
            live = 0;
        s[CG_BETA] = live != 0 ? rr / h[iold] : 0;
        s[CG_LIVE] = live;
    }
}

/* While live: p = r + beta p (one work-item per value). */
__kernel __attribute__((reqd_work_group_size(WG_SIZE, 1, 1)))
void spmvp_cg_direction(const INDEX_TYPE n,
                        __global const VALUE_TYPE *restrict s,
                        __global const VALUE_TYPE *restrict r,
                        __global VALUE_TYPE *restrict p)
{
    const size_t i = get_global_id(0);
    if (i < (size_t)n && s[CG_LIVE] != 0)
        p[i] = r[i] + s[CG_BETA] * p[i];
}
