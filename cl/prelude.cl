/* prelude.cl: what every kernel file shares, put before its source whenever spmvp builds a
 * program (host/ocl/context.c, spmvp_program_get), so that a kernel file holds its kernels
 * only:
 * - VALUE_TYPE and INDEX_TYPE come from the build options (spmvp_type_options: float or
 *   double, int); SPMVP_FP64 turns on double precision's extension.
 * - The plan's arrays come packed in one buffer, spmvp_mat, and each array argument is the
 *   array's byte offset into it, a multiple of 128 (host/ocl/spmv.c: on NVIDIA's OpenCL every
 *   buffer argument costs launch time). PLAN_ARRAY(T, a) rebuilds `__global T *restrict a`
 *   from the argument a_off; restrict holds, as the arrays do not overlap.
 * - Work-groups of one launch handing their parts to the one that finishes last (the
 *   one-launch reductions of coo.cl, csr_adaptive.cl and brc.cl; the "last block" of CUDA's
 *   threadFenceReduction sample, with OpenCL 1.2's integer atomics): the writer of a part
 *   calls spmvp_last_part(counter, parts) after its global writes, which fences them so that
 *   they are visible device-wide before the part is counted (release), counts it, and is 1
 *   for the caller whose part was the last of `parts`. That caller reads the
 *   other parts through volatile pointers (from L2, not from a stale L1 line) and resets the
 *   counter with spmvp_reset_count for the next product. The fence is the one place the
 *   memory model matters: scripts/gpu_verify.sh lists what NVIDIA's compiler makes of it,
 *   which must be device-wide (fence.acq_rel.gpu or membar.gl); a work-group-wide fence
 *   would make the last reader a race. NVIDIA's OpenCL (driver 580, H100) compiles
 *   mem_fence(CLK_GLOBAL_MEM_FENCE) to membar.cta, the work-group's fence: OpenCL 1.2 gives a
 *   fence no scope. So on NVIDIA (the host adds -DSPMVP_NVIDIA=<10 x compute capability>,
 *   host/ocl/context.c) the fence is written in PTX, as CUDA's device-scope fences are;
 *   elsewhere mem_fence, which PoCL's CPU devices make a full fence. The last
 *   caller fences too, after its count, before it reads the others' parts (acquire). */
#ifdef SPMVP_FP64
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
#endif

#define PLAN_ARRAY(T, a) __global T *restrict a = (__global T *)(spmvp_mat + (a##_off))

#if defined(SPMVP_NVIDIA) && SPMVP_NVIDIA >= 70
/* compute capability 7.0 on (PTX 6.0): the release/acquire fence at GPU scope, which is what
 * the hand-over needs (a fence, then a relaxed atomic at GPU scope, on each side: PTX's
 * fence-fence synchronisation, as cuda::atomic_thread_fence(acq_rel, thread_scope_device));
 * membar.gl is fence.sc.gpu there, sequentially consistent, more than the hand-over needs
 * (MEMBAR.SC.GPU in the H100's SASS) */
#define SPMVP_FENCE_GLOBAL() asm volatile("fence.acq_rel.gpu;" ::: "memory")
#elif defined(SPMVP_NVIDIA)
#define SPMVP_FENCE_GLOBAL() asm volatile("membar.gl;" ::: "memory")
#else
#define SPMVP_FENCE_GLOBAL() mem_fence(CLK_GLOBAL_MEM_FENCE)
#endif
static int spmvp_last_part(__global int *counter, const int parts)
{
    SPMVP_FENCE_GLOBAL(); /* the caller's writes before the count */
    const int last = atomic_inc(counter) == parts - 1;
    if (last)
        SPMVP_FENCE_GLOBAL();
    return last;
}
static void spmvp_reset_count(__global int *counter) { atomic_xchg(counter, 0); }

/* Warp shuffles on NVIDIA (compute capability 7.0 on): OpenCL 1.2 there has no sub-groups, but
 * its compiler takes PTX inline, as the fence above does. shfl.sync moves a 32-bit register
 * between the lanes of a warp, the 32 work-items of consecutive local ids of a 1-D work-group,
 * with no local memory and no barrier. Every lane of the warp must call it (the full mask):
 * call it only where the whole warp is converged. SPMVP_WARP is then 32; where it is not
 * defined (PoCL, other vendors), kernels keep their portable local-memory reductions.
 * spmvp_shfl_down(v, d): lane l gets lane l+d's v (its own past lane 31), spmvp_shfl_up(v, d)
 * lane l-d's (its own below lane d); a double moves as two 32-bit halves. (COO's tile scan
 * by shuffles was 0.998x on the H100 alone, docs/data/h100-shuffle/, and is kept since its
 * persistent work-groups, stop 36.) */
#if defined(SPMVP_NVIDIA) && SPMVP_NVIDIA >= 70
#define SPMVP_WARP 32
static int spmvp_shfl_down_int(const int v, const int d)
{
    int r;
    asm volatile("shfl.sync.down.b32 %0, %1, %2, 31, 0xffffffff;" : "=r"(r) : "r"(v), "r"(d));
    return r;
}
static int spmvp_shfl_up_int(const int v, const int d)
{
    int r;
    asm volatile("shfl.sync.up.b32 %0, %1, %2, 0, 0xffffffff;" : "=r"(r) : "r"(v), "r"(d));
    return r;
}
#ifdef VALUE_TYPE
static VALUE_TYPE spmvp_shfl_up(const VALUE_TYPE v, const int d)
{
#ifdef SPMVP_FP64
    int2 h = as_int2(v);
    h.x = spmvp_shfl_up_int(h.x, d);
    h.y = spmvp_shfl_up_int(h.y, d);
    return as_double(h);
#else
    return as_float(spmvp_shfl_up_int(as_int(v), d));
#endif
}
static VALUE_TYPE spmvp_shfl_down(const VALUE_TYPE v, const int d)
{
#ifdef SPMVP_FP64
    int2 h = as_int2(v);
    h.x = spmvp_shfl_down_int(h.x, d);
    h.y = spmvp_shfl_down_int(h.y, d);
    return as_double(h);
#else
    return as_float(spmvp_shfl_down_int(as_int(v), d));
#endif
}
#endif
#endif

/* Streaming loads: with -DSPMVP_STREAM (host/ocl/spmv.c adds it on NVIDIA when the product's
 * arrays and vectors exceed the L2, or 80 % of it for a plan that pins, below) the matrix's
 * arrays are read with ld.global.cs, "cache streaming, likely accessed once": their lines are
 * evicted first, so the lines of x, which the gathers read many times, stay in L1 and L2. A
 * product of a matrix larger than the L2 cannot find its own entries there at the next product
 * anyway; one that fits the L2 keeps plain loads and finds them (the 27-point stencil's 45 MB
 * in single precision ran SELL 1.12x slower streamed). Measured on the H100
 * (docs/data/h100-ldhint/): 0.82-0.92x the
 * time of CSR-adaptive, BRC and SELL on 7- and 27-point stencils of 7 M entries in double;
 * L1::no_allocate measured the same as .cs and an L2 evict_first policy (createpolicy) was
 * 1.0-1.7x slower; CSR-vector, whose warps read parts of lines that other warps read
 * again, lost 1.04-1.5x and keeps plain loads. The formats that read whole lines per warp use
 * SPMVP_LD_I / _S / _V (an index, a 16-bit index, a value) and the 4-wide SPMVP_LD_I4 / _V4
 * (COO's tiles) for the matrix; x keeps plain loads (NVIDIA's compiler already reads it
 * through the read-only path, ld.global.nc). Elsewhere these are plain loads. */
#if defined(SPMVP_NVIDIA) && SPMVP_NVIDIA >= 70 && defined(SPMVP_STREAM)
/* Pinning part of the matrix in L2: with -DSPMVP_PIN=f as well (a fraction; host/ocl/spmv.c
 * adds it for the plans that ask, format.h's l2_pin, on compute capability 8.0 on) the same
 * loads carry an L2 policy (createpolicy): a fraction f of the matrix's lines is kept
 * (evict_last), the rest streams (evict_first), as CUDA's access policy window does with a
 * hit ratio. Each product reads the matrix in the same order as the one before; under LRU a
 * cyclic sweep larger than the cache hits nothing, whereas a fixed part held there hits every
 * time, so each product reads only (1 - f) of the matrix from DRAM. The kept part and x and
 * y should stay within about half the L2: past that the H100 ran slower than streaming alone
 * (docs/data/h100-pin/). The policy's only operand is a constant, so the compiler makes it
 * once per kernel. SPMVP_LDS is the load's opcode; SPMVP_LDS_POL(n) the policy operand,
 * operand n of the asm, and SPMVP_LDS_IN its input (both nothing without a policy). */
#if defined(SPMVP_PIN) && SPMVP_NVIDIA >= 80
#define SPMVP_STR_(a) #a
#define SPMVP_STR(a) SPMVP_STR_(a)
static ulong spmvp_pin_policy(void)
{
    ulong p;
    asm("createpolicy.fractional.L2::evict_last.L2::evict_first.b64 %0, " SPMVP_STR(SPMVP_PIN) ";"
        : "=l"(p));
    return p;
}
#define SPMVP_LDS "ld.global.cs.L2::cache_hint"
#define SPMVP_LDS_POL(n) ", %" #n
#define SPMVP_LDS_IN , "l"(spmvp_pin_policy())
#else
#define SPMVP_LDS "ld.global.cs"
#define SPMVP_LDS_POL(n) ""
#define SPMVP_LDS_IN
#endif
static int spmvp_lds_int(__global const int *p)
{
    int r;
    asm(SPMVP_LDS ".s32 %0, [%1]" SPMVP_LDS_POL(2) ";" : "=r"(r) : "l"(p) SPMVP_LDS_IN);
    return r;
}
static short spmvp_lds_short(__global const short *p)
{
    short r;
    asm(SPMVP_LDS ".s16 %0, [%1]" SPMVP_LDS_POL(2) ";" : "=h"(r) : "l"(p) SPMVP_LDS_IN);
    return r;
}
static int4 spmvp_lds_int4(__global const int4 *p)
{
    int a, b, c, d;
    asm(SPMVP_LDS ".v4.s32 {%0, %1, %2, %3}, [%4]" SPMVP_LDS_POL(5) ";"
        : "=r"(a), "=r"(b), "=r"(c), "=r"(d) : "l"(p) SPMVP_LDS_IN);
    return (int4)(a, b, c, d);
}
#define SPMVP_LD_I(p) spmvp_lds_int(p)
#define SPMVP_LD_S(p) spmvp_lds_short(p)
#define SPMVP_LD_I4(p) spmvp_lds_int4(p)
#ifdef VALUE_TYPE
#ifdef SPMVP_FP64
static double spmvp_lds_val(__global const double *p)
{
    double r;
    asm(SPMVP_LDS ".f64 %0, [%1]" SPMVP_LDS_POL(2) ";" : "=d"(r) : "l"(p) SPMVP_LDS_IN);
    return r;
}
static double4 spmvp_lds_val4(__global const double4 *p)
{
    double a, b, c, d; /* PTX loads at most 128 bits at once before sm_100: two pairs */
    asm(SPMVP_LDS ".v2.f64 {%0, %1}, [%2]" SPMVP_LDS_POL(3) ";" : "=d"(a), "=d"(b) : "l"(p) SPMVP_LDS_IN);
    asm(SPMVP_LDS ".v2.f64 {%0, %1}, [%2]" SPMVP_LDS_POL(3) ";"
        : "=d"(c), "=d"(d) : "l"((__global const double *)p + 2) SPMVP_LDS_IN);
    return (double4)(a, b, c, d);
}
#else
static float spmvp_lds_val(__global const float *p)
{
    float r;
    asm(SPMVP_LDS ".f32 %0, [%1]" SPMVP_LDS_POL(2) ";" : "=f"(r) : "l"(p) SPMVP_LDS_IN);
    return r;
}
static float4 spmvp_lds_val4(__global const float4 *p)
{
    float a, b, c, d;
    asm(SPMVP_LDS ".v4.f32 {%0, %1, %2, %3}, [%4]" SPMVP_LDS_POL(5) ";"
        : "=f"(a), "=f"(b), "=f"(c), "=f"(d) : "l"(p) SPMVP_LDS_IN);
    return (float4)(a, b, c, d);
}
#endif
#define SPMVP_LD_V(p) spmvp_lds_val(p)
#define SPMVP_LD_V4(p) spmvp_lds_val4(p)
#endif
#else
#define SPMVP_LD_I(p) (*(p))
#define SPMVP_LD_S(p) (*(p))
#define SPMVP_LD_I4(p) (*(p))
#define SPMVP_LD_V(p) (*(p))
#define SPMVP_LD_V4(p) (*(p))
#endif
