/* microbench.cl: an empty kernel, to time launch overhead on its own. */
__kernel void spmvp_noop(__global int *unused)
{
    (void)unused;
}

/* The gather rate of x against the bytes it spans (spmvp microbench's cache curve). Each
 * work-item adds `reps` floats read at pseudo-random places of the window x[0 .. mask]
 * (mask + 1 a power of two): an SpMV's gathers of x, without the matrix. The places come from
 * an integer hash, so the loads do not wait on each other and the window's cache level, not
 * latency, sets the rate. y keeps the sums so that the loads are not optimised away. */
__kernel void spmvp_gather(__global const float *restrict x, __global float *restrict y,
                           const uint mask, const uint reps)
{
    uint h = (uint)get_global_id(0) * 2654435761u + 0x9e3779b9u;
    float s = 0.0f;
    for (uint k = 0; k < reps; k++) {
        h ^= h << 13; /* xorshift32: every bit of h mixes into the index */
        h ^= h >> 17;
        h ^= h << 5;
        s += x[h & mask];
    }
    y[get_global_id(0)] = s;
}
