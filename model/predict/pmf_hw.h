/* pmf_hw.h: the hardware parameters of seed 002's Table 1 for a device profile: read from the
 * profile's "pmf_hardware" object when it has one, otherwise derived from what the device
 * query and the micro-benchmarks stored (device, microbench), each with where it came from.
 * OpenCL-free.
 *
 * Derivation (spmvp_pmf_hw_derive), parameter by parameter:
 *   B    host-to-device bandwidth: the micro-benchmark (microbench.h2d_gbs), as Table 1 asks.
 *   F_s  one x or + per lane per cycle at the reported clock (device.clock_mhz): Table 2's
 *        F = 0.76 G/s for the GT 645M is its clock. F_i = F_s: Table 1 has one rate F.
 *   F_d  F_s times the FP64:FP32 throughput ratio of the architecture (vendor data by NVIDIA
 *        compute capability; 1/2 on CPUs, whose SIMD lanes hold half as many doubles;
 *        assumed 1/2 on other devices); 0 without cl_khr_fp64.
 *   C    compute units x lanes per unit: FP32 cores per SM by compute capability (NVIDIA's
 *        tables), 64 per AMD GPU compute unit, the SIMD width (device.warp_size, PoCL's
 *        vectorization width) per CPU core, else device.warp_size.
 *   BW   device.memory_bus_width_bits / 8 where the query or the name table gave it; else
 *        one cache line (device.cache_line_bytes, else 64 bytes) per memory access.
 *   CR   no OpenCL query gives the memory clock: CR = measured copy bandwidth / BW
 *        (microbench.copy_gbs), the clock at which BW bytes per cycle moves what the device
 *        was seen to move. For the GT 645M, 14.4 GB/s / 16 B gives Table 2's 900 MHz.
 *   W    device.warp_size.   BS  min(256, max work-group size): spmvp's kernels' work-group.
 *   S_i, S_s, S_d  4, 4, 8 bytes (32-bit indices, float, double). */
#ifndef SPMVP_PMF_HW_H
#define SPMVP_PMF_HW_H

#include "pmf.h"
#include "profile.h"

#define SPMVP_PMF_NPARAMS 12     /* B, F_i, F_s, F_d, BW, CR, C, W, BS, S_i, S_s, S_d */
#define SPMVP_PMF_SOURCE_LEN 160 /* bytes of one parameter's note, NUL included */

/* The hardware parameters of seed 002's Table 1 (the profile's "pmf_hardware", the PMF
 * model's root-level part), with where each came from (derived as below; a user may edit
 * them, as in the GT 645M profile). */
typedef struct spmvp_profile_pmf {
    int present;                                       /* 0: not in the file */
    spmvp_pmf_hw hw;
    char source[SPMVP_PMF_NPARAMS][SPMVP_PMF_SOURCE_LEN]; /* in the parameter order below */
} spmvp_profile_pmf;

/* p's "pmf_hardware" part (owned by p; present 0 when the file has none), or NULL for a NULL
 * p. */
spmvp_profile_pmf *spmvp_profile_pmf_part(const spmvp_profile *p);

/* The parameters' names as in Table 1 and in the profile's JSON: "B", "F_i", "F_s", "F_d",
 * "BW", "CR", "C", "W", "BS", "S_i", "S_s", "S_d" (index 0 .. SPMVP_PMF_NPARAMS-1). */
const char *spmvp_pmf_param_name(int i);
/* Parameter i of hw as a double (W converted), and setting it (W rounded). */
double spmvp_pmf_param_get(const spmvp_pmf_hw *hw, int i);
void spmvp_pmf_param_set(spmvp_pmf_hw *hw, int i, double v);

/* Derives every parameter as described above into *hw and a short note on each into
 * src[i] (may be NULL). SPMVP_ERR_ARG naming the field when the profile lacks what a
 * parameter needs (no clock, no compute units, no warp size, no copy or host-to-device
 * bandwidth measured). */
spmvp_status spmvp_pmf_hw_derive(const spmvp_device_params *d, const spmvp_microbench_params *mb,
                                 spmvp_pmf_hw *hw, char src[][SPMVP_PMF_SOURCE_LEN]);

#endif
