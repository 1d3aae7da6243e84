/* coo.cl: y += A*x for row-sorted COO by a deterministic segmented reduction in two passes,
 * with no atomics (so no float atomics are needed and results do not vary run to run).
 *
 * Pass 1 (spmv_coo_chunks): work-item i sums the entries [i*CHUNK, (i+1)*CHUNK). A row that
 * starts and ends inside the chunk is complete and is added to y directly. The chunk's first
 * row may have begun in an earlier chunk and its last row may go on into later ones: their
 * partial sums go to head[i] and tail[i].
 * Pass 2 (spmv_coo_carry): the chunk where a row begins owns it; the owner adds its partial
 * sum and the head sums of the following chunks that continue the row, in order, to y.
 * Each y[r] is written by exactly one work-item in each pass, and pass 2 follows pass 1. */
#ifndef VALUE_TYPE
#error "define VALUE_TYPE (-DVALUE_TYPE=float or double)"
#endif
#ifndef INDEX_TYPE
#error "define INDEX_TYPE (-DINDEX_TYPE=int)"
#endif
#ifdef SPMVP_FP64
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
#endif

__kernel void spmv_coo_chunks(const INDEX_TYPE nnz,
                              const INDEX_TYPE chunk,
                              __global const INDEX_TYPE *restrict rowidx,
                              __global const INDEX_TYPE *restrict colidx,
                              __global const VALUE_TYPE *restrict val,
                              __global const VALUE_TYPE *restrict x,
                              __global VALUE_TYPE *restrict y,
                              __global VALUE_TYPE *restrict head,
                              __global VALUE_TYPE *restrict tail)
{
    const size_t i = get_global_id(0);
    const size_t b = i * (size_t)chunk;
    if (b >= (size_t)nnz)
        return;
    const size_t e = min(b + (size_t)chunk, (size_t)nnz);
    const INDEX_TYPE first = rowidx[b];
    INDEX_TYPE r = first;
    VALUE_TYPE sum = 0;
    for (size_t k = b; k < e; k++) {
        const INDEX_TYPE rk = rowidx[k];
        if (rk != r) {
            if (r == first)
                head[i] = sum;
            else
                y[r] += sum; /* r began and ended in this chunk */
            r = rk;
            sum = 0;
        }
        sum += val[k] * x[colidx[k]];
    }
    if (r == first) {
        head[i] = sum;
        tail[i] = 0;
    } else {
        tail[i] = sum;
    }
}

/* Adds the head sums of chunks after i that continue row r; stops at the first chunk that
 * does not begin with r or that ends with another row. */
static VALUE_TYPE continued(const size_t i, const INDEX_TYPE r, const size_t nchunks,
                            const INDEX_TYPE nnz, const INDEX_TYPE chunk,
                            __global const INDEX_TYPE *restrict rowidx,
                            __global const VALUE_TYPE *restrict head)
{
    VALUE_TYPE s = 0;
    for (size_t j = i + 1; j < nchunks; j++) {
        const size_t bj = j * (size_t)chunk;
        if (rowidx[bj] != r)
            break;
        s += head[j];
        const size_t ej = min(bj + (size_t)chunk, (size_t)nnz);
        if (rowidx[ej - 1] != r)
            break;
    }
    return s;
}

__kernel void spmv_coo_carry(const INDEX_TYPE nnz,
                             const INDEX_TYPE chunk,
                             __global const INDEX_TYPE *restrict rowidx,
                             __global VALUE_TYPE *restrict y,
                             __global const VALUE_TYPE *restrict head,
                             __global const VALUE_TYPE *restrict tail)
{
    const size_t i = get_global_id(0);
    const size_t nchunks = ((size_t)nnz + (size_t)chunk - 1) / (size_t)chunk;
    if (i >= nchunks)
        return;
    const size_t b = i * (size_t)chunk;
    const size_t e = min(b + (size_t)chunk, (size_t)nnz);
    const INDEX_TYPE first = rowidx[b], last = rowidx[e - 1];
    if (i == 0 || rowidx[b - 1] != first) { /* the row "first" begins here: this chunk owns it */
        VALUE_TYPE s = head[i];
        if (last == first)
            s += continued(i, first, nchunks, nnz, chunk, rowidx, head);
        y[first] += s;
    }
    if (last != first)
        y[last] += tail[i] + continued(i, last, nchunks, nnz, chunk, rowidx, head);
}

/* y = 0, for a COO product on its own (HYB's ELL kernel writes y instead). */
__kernel void spmv_zero(const INDEX_TYPE n, __global VALUE_TYPE *restrict y)
{
    const size_t i = get_global_id(0);
    if (i < (size_t)n)
        y[i] = 0;
}
