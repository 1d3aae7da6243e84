/* blas.cl: the vector operations of conjugate gradients (host/ocl/blas.c, cg.c): a dot product
 * in two stages, y += a*x and y = x + a*y, in the value type (the dot accumulates in double in
 * double precision).
 *
 * The dot is deterministic: no atomics (NVIDIA's OpenCL has integer atomics only), no
 * sub-groups, no warp-synchronous code. Stage 1 runs a number of work-groups G that the host
 * derives from n and WG_SIZE alone; work-item g of the G x WG_SIZE sums x[i]*y[i] for
 * i = g, g + G*WG_SIZE, ... in that order and its work-group adds their sums by a tree in
 * local memory, one partial per group. Stage 2 is one work-group: work-item t sums partials
 * t, t + WG_SIZE, ... in order, then the same tree. Every addition happens in an order fixed
 * by n and WG_SIZE, so the same vectors give the same bits on every run, however the groups
 * were scheduled. Local memory: WG_SIZE values (2 KiB in double at 256). */
#ifndef VALUE_TYPE
#error "define VALUE_TYPE (-DVALUE_TYPE=float or double)"
#endif
#ifndef INDEX_TYPE
#error "define INDEX_TYPE (-DINDEX_TYPE=int)"
#endif
#ifdef SPMVP_FP64
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
#endif
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

/* Stage 2 of x·y, one work-group: out[0] = the sum of partial[0..ngroups). */
__kernel __attribute__((reqd_work_group_size(WG_SIZE, 1, 1)))
void spmvp_dot_final(const INDEX_TYPE ngroups,
                     __global const VALUE_TYPE *restrict partial,
                     __global VALUE_TYPE *restrict out)
{
    __local VALUE_TYPE red[WG_SIZE];
    VALUE_TYPE s = 0;
    for (int i = (int)get_local_id(0); i < ngroups; i += WG_SIZE)
        s += partial[i];
    s = group_sum(s, red);
    if (get_local_id(0) == 0)
        out[0] = s;
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
