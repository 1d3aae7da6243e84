/* microbench.cl: an empty kernel, to time launch overhead on its own. */
__kernel void spmvp_noop(__global int *unused)
{
    (void)unused;
}
