/* l2.cl: hands back the L2 lines that a product pinned (prelude.cl's SPMVP_PIN). Lines loaded
 * under an evict_last policy outlive every line of normal priority: left pinned after their
 * matrix is freed they would take part of the L2 from whatever runs next, for good. So the
 * spmv that pinned them (host/ocl/spmv.c) sets each line of its packed buffer back to normal
 * priority when it is freed: one work-item per 128-byte line, PTX's applypriority (compute
 * capability 8.0 on; elsewhere nothing is pinned and the kernel does nothing). */
__kernel void spmvp_l2_unpin(__global const uchar *p, const ulong lines)
{
    const size_t i = get_global_id(0);
#if defined(SPMVP_NVIDIA) && SPMVP_NVIDIA >= 80
    if (i < lines)
        asm volatile("applypriority.global.L2::evict_normal [%0], 128;" ::"l"(p + 128 * i) : "memory");
#else
    (void)p;
    (void)lines;
    (void)i;
#endif
}
