/* scripts/nvvm/shim.h: enough of OpenCL C 1.2 in CUDA for spmvp's kernels to go through nvcc's
 * NVVM, the compiler behind NVIDIA's OpenCL, for scripts/nvvm_time.sh. Not for running them:
 * only what the compiler sees matters here. */
#include <cstddef>
typedef unsigned char uchar;
typedef unsigned int uint;
typedef unsigned long ulong;
#define __global
#define restrict __restrict__
#define get_local_id(d) ((size_t)threadIdx.x)
#define get_local_size(d) ((size_t)blockDim.x)
#define get_group_id(d) ((size_t)blockIdx.x)
#define get_num_groups(d) ((size_t)gridDim.x)
#define get_global_id(d) ((size_t)blockIdx.x * blockDim.x + threadIdx.x)
#define get_global_size(d) ((size_t)gridDim.x * blockDim.x)
#define CLK_LOCAL_MEM_FENCE 1
#define CLK_GLOBAL_MEM_FENCE 2
#define barrier(f) __syncthreads()
#define mem_fence(f) __threadfence_block() /* what NVIDIA's OpenCL makes of it: membar.cta */
__device__ inline int atomic_inc(int *p) { return atomicAdd(p, 1); }
__device__ inline int atomic_add(int *p, int v) { return atomicAdd(p, v); }
__device__ inline int atomic_xchg(int *p, int v) { return atomicExch(p, v); }
template <class T> __device__ inline T clamp(T x, T a, T b) { return x < a ? a : x > b ? b : x; }
__device__ inline int atomic_or(int *p, int v) { return atomicOr(p, v); }
/* the reinterpretations prelude.cl's warp shuffles use */
__device__ inline int as_int(float v) { return __float_as_int(v); }
__device__ inline float as_float(int v) { return __int_as_float(v); }
__device__ inline int2 as_int2(double v) { return make_int2(__double2loint(v), __double2hiint(v)); }
__device__ inline double as_double(int2 v) { return __hiloint2double(v.y, v.x); }
