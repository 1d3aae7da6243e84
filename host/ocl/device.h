/* device.h: OpenCL device enumeration, selection and the capability query (one plain struct,
 * gathered once, as clpeak does), with the strip sizes of seed 000 eqs (1)-(3). */
#ifndef SPMVP_DEVICE_H
#define SPMVP_DEVICE_H

#include <CL/cl.h>

#include "spmvp_sparse.h"

/* The smallest host array a GPU with memory of its own uploads through pinned staging
 * (stage.h): from 4 MiB staging wrote 1.6x pageable memory's rate on the H100 (16 against
 * 10 GB/s; 1 MiB 1.6-1.8x too, but a parallel copy of 0.1 ms can stall 2-12 ms on its hosts,
 * model/sparse/format.h), the same size from which single precision narrows on threads. */
#define SPMVP_STAGE_MIN_BYTES ((size_t)4 << 20)

typedef struct spmvp_device_info {
    cl_platform_id platform;
    cl_device_id device;
    int platform_index, device_index; /* as in "--device P:D" */
    char platform_name[128];
    char name[128];
    char vendor[128];
    char driver[128];          /* CL_DRIVER_VERSION */
    char version[128];         /* CL_DEVICE_VERSION */
    const char *type;          /* "GPU", "CPU", "accelerator" or "other" */
    cl_uint compute_units;     /* N_SM */
    size_t max_wg_size;        /* CL_DEVICE_MAX_WORK_GROUP_SIZE */
    cl_uint warp_size;         /* warp/wavefront width */
    const char *warp_source;   /* where warp_size came from */
    int cc_major, cc_minor;    /* NVIDIA compute capability, -1 elsewhere */
    cl_ulong local_mem;        /* bytes */
    cl_ulong global_mem;       /* bytes */
    cl_ulong max_alloc;        /* CL_DEVICE_MAX_MEM_ALLOC_SIZE, bytes */
    cl_uint cache_line;        /* global memory cache line, bytes (0 if none) */
    cl_ulong cache_size;       /* global memory cache, bytes (0 if none) */
    cl_uint clock_mhz;         /* CL_DEVICE_MAX_CLOCK_FREQUENCY */
    int bus_width;             /* memory bus width in bits, -1 where the vendor hides it */
    const char *bus_source;    /* where bus_width came from */
    cl_ulong l2_bytes;         /* the last-level cache: by name where known (NVIDIA reports
                                  4 MiB as CL_DEVICE_GLOBAL_MEM_CACHE_SIZE on the H100, whose L2
                                  holds 50 MiB), else cache_size */
    cl_ulong stream_l2_bytes;  /* the L2 past which a product streams its matrix (cl/prelude.cl's
                                  SPMVP_STREAM, PTX's ld.global.cs): l2_bytes on NVIDIA from
                                  compute capability 7.0, as the kernels' other inline PTX; 0
                                  where the loads stay plain */
    cl_ulong pin_l2_bytes;     /* the L2 a product keeps part of its matrix in (cl/prelude.cl's
                                  SPMVP_PIN, model/sparse/format.h): l2_bytes on NVIDIA from
                                  compute capability 8.0, whose PTX has createpolicy; 0 where
                                  the device does not pin */
    int local_from_l1;         /* local memory comes out of L1 (spmvp_target's local_from_l1):
                                  NVIDIA from compute capability 7.0, whose L1 and shared
                                  memory are one array */
    cl_uint persistent_cus;    /* the compute units COO's tiles fill with persistent work-groups
                                  (spmvp_target's compute_units, model/sparse/coo.c):
                                  compute_units on GPUs; 0 elsewhere, where a work-group takes
                                  one tile (PoCL measured no faster persistent) */
    size_t stage_bytes;        /* host arrays of this many bytes and more upload through pinned
                                  staging (stage.h): 4 MiB on a GPU with memory of its own, 0
                                  (never) on CPUs and where the host's memory is the device's */
    int fp64;                  /* cl_khr_fp64 (or a 1.2+ double_fp_config) */
    cl_uint threads_per_cu;    /* resident work-items per compute unit: N_T */
    const char *threads_source;
    cl_uint half_warps_per_cu; /* N_HW = N_T / (warp/2) */
    size_t strip_csr_vector;   /* S_CSR-V = N_SM x N_HW, eq. (1) */
    size_t strip_csr_scalar;   /* S_CSR-S = S_ELL = S_JAD = N_SM x N_T, eqs. (2)-(3) */
} spmvp_device_info;

/* Fills *out (array allocated with malloc, caller frees) with every device of every platform,
 * in platform then device order; *count set. SPMVP_ERR_NO_DEVICE when there is no platform or
 * no device. */
spmvp_status spmvp_device_list(spmvp_device_info **out, int *count);

/* Picks one device of list[0..count): spec NULL or "" takes the first GPU, else the first CPU,
 * else the first device; "P:D" takes platform P's device D; any other text is a
 * case-insensitive substring of "platform name vendor" (first match). Returns the index or
 * -1 with a message (SPMVP_ERR_NO_DEVICE). */
int spmvp_device_select(const spmvp_device_info *list, int count, const char *spec);

/* Completes *di: where no vendor query gave the warp width, builds a one-line kernel and takes
 * its CL_KERNEL_PREFERRED_WORK_GROUP_SIZE_MULTIPLE; then derives resident threads per compute
 * unit, half-warps and the strip sizes. Kept apart from spmvp_device_list() because the build
 * costs time: only the devices in use are completed. */
spmvp_status spmvp_device_complete(spmvp_device_info *di);

#endif
