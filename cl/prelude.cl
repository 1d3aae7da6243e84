/* prelude.cl: what every kernel file shares, put before its source whenever spmvp builds a
 * program (host/ocl/context.c, spmvp_program_get), so that a kernel file holds its kernels
 * only:
 * - VALUE_TYPE and INDEX_TYPE come from the build options (spmvp_type_options: float or
 *   double, int); SPMVP_FP64 turns on double precision's extension.
 * - The plan's arrays come packed in one buffer, spmvp_mat, and each array argument is the
 *   array's byte offset into it, a multiple of 128 (host/ocl/spmv.c: on NVIDIA's OpenCL every
 *   buffer argument costs launch time). PLAN_ARRAY(T, a) rebuilds `__global T *restrict a`
 *   from the argument a_off; restrict holds, as the arrays do not overlap. */
#ifdef SPMVP_FP64
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
#endif

#define PLAN_ARRAY(T, a) __global T *restrict a = (__global T *)(spmvp_mat + (a##_off))
