/* pmf_hw.c: seed 002's Table 1 parameters from a device profile (the rules in pmf_hw.h). */
#include "pmf_hw.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

static const char *names[SPMVP_PMF_NPARAMS] = {"B",  "F_i", "F_s", "F_d", "BW",  "CR",
                                               "C",  "W",   "BS",  "S_i", "S_s", "S_d"};

const char *spmvp_pmf_param_name(int i)
{
    return (i >= 0 && i < SPMVP_PMF_NPARAMS) ? names[i] : "?";
}

enum { PARAM_W = 7 }; /* names[PARAM_W] is "W", the one int member */

/* The double members in names[] order (NULL at PARAM_W and out of range). */
static double *slot(spmvp_pmf_hw *hw, int i)
{
    double *d[SPMVP_PMF_NPARAMS] = {&hw->B,  &hw->F_i, &hw->F_s, &hw->F_d, &hw->BW,  &hw->CR,
                                    &hw->C,  NULL,     &hw->BS,  &hw->S_i, &hw->S_s, &hw->S_d};
    return (i >= 0 && i < SPMVP_PMF_NPARAMS) ? d[i] : NULL;
}

double spmvp_pmf_param_get(const spmvp_pmf_hw *hw, int i)
{
    spmvp_pmf_hw copy = *hw; /* slot() points into a writable struct */
    double *d = slot(&copy, i);
    return i == PARAM_W ? hw->W : d ? *d : NAN;
}

void spmvp_pmf_param_set(spmvp_pmf_hw *hw, int i, double v)
{
    double *d = slot(hw, i);
    if (i == PARAM_W)
        hw->W = (int)lround(v);
    else if (d)
        *d = v;
}

/* NVIDIA compute capability "M.m" -> major, minor; 0 when it is not one. */
static int parse_cc(const char *cc, int *major, int *minor)
{
    return cc && sscanf(cc, "%d.%d", major, minor) == 2;
}

/* FP32 lanes (CUDA cores) per SM, from NVIDIA's "Arithmetic Instructions" throughput table
 * (CUDA C Programming Guide, 32-bit floating-point add/multiply per clock per SM). */
static int nvidia_lanes_per_sm(int major, int minor)
{
    switch (major) {
    case 1: return 8;
    case 2: return minor == 0 ? 32 : 48;
    case 3: return 192;
    case 5: return 128;
    case 6: return minor == 0 ? 64 : 128;
    case 7: return 64;
    case 8: return minor == 0 ? 64 : 128;
    default: return 128; /* 9.x Hopper, 10.x/12.x Blackwell */
    }
}

/* FP64:FP32 throughput of the same table: the data-centre parts 1/2 (1/3 for GK110), the
 * consumer parts 1/24 (Kepler GK10x, as the GT 645M), 1/32 or 1/64. */
static double nvidia_fp64_ratio(int major, int minor)
{
    switch (major) {
    case 1: return 1.0 / 8;
    case 2: return 1.0 / 2;
    case 3: return minor >= 5 ? 1.0 / 3 : 1.0 / 24;
    case 5: return 1.0 / 32;
    case 6: return minor == 0 ? 1.0 / 2 : 1.0 / 32;
    case 7: return minor == 0 ? 1.0 / 2 : 1.0 / 32;
    case 8: return minor == 0 ? 1.0 / 2 : 1.0 / 64;
    case 9: case 10: return 1.0 / 2;
    default: return 1.0 / 64; /* 11.x, 12.x: consumer Blackwell */
    }
}

#define SRC(i, ...) (src ? (void)snprintf(src[i], SPMVP_PMF_SOURCE_LEN, __VA_ARGS__) : (void)0)

spmvp_status spmvp_pmf_hw_derive(const spmvp_device_params *d, const spmvp_microbench_params *mb,
                                 spmvp_pmf_hw *hw, char src[][SPMVP_PMF_SOURCE_LEN])
{
    if (!d || !mb || !hw)
        return spmvp_fail(SPMVP_ERR_ARG, "PMF hardware parameters: NULL argument");
    if (d->clock_mhz <= 0)
        return spmvp_fail(SPMVP_ERR_ARG, "device.clock_mhz: needed for F (PMF model), got %d", d->clock_mhz);
    if (d->compute_units <= 0 || d->warp_size <= 0)
        return spmvp_fail(SPMVP_ERR_ARG, "device.compute_units and device.warp_size: needed for C and W (PMF model)");
    if (!(mb->copy_gbs > 0))
        return spmvp_fail(SPMVP_ERR_ARG, "microbench.copy_gbs: needed for CR (PMF model), got %g", mb->copy_gbs);
    if (!(mb->h2d_gbs > 0))
        return spmvp_fail(SPMVP_ERR_ARG, "microbench.h2d_gbs: needed for B (PMF model), got %g", mb->h2d_gbs);
    memset(hw, 0, sizeof *hw);
    int major = 0, minor = 0;
    int nvidia = parse_cc(d->compute_capability, &major, &minor);
    int cpu = !strcmp(d->type, "CPU");
    int amd_gpu = !strcmp(d->type, "GPU") && (strstr(d->vendor, "Advanced Micro Devices") || strstr(d->vendor, "AMD"));

    hw->B = mb->h2d_gbs * 1e9;
    SRC(0, "measured: micro-benchmark host-to-device write, %.3g GB/s", mb->h2d_gbs);
    hw->F_s = d->clock_mhz * 1e6;
    SRC(2, "derived: one x or + per lane per cycle at the reported clock, %d MHz", d->clock_mhz);
    hw->F_i = hw->F_s;
    SRC(1, "as F_s (Table 1 gives one rate F)");
    double ratio = nvidia ? nvidia_fp64_ratio(major, minor) : 0.5;
    hw->F_d = d->fp64 ? hw->F_s * ratio : 0;
    if (!d->fp64)
        SRC(3, "0: no double precision (cl_khr_fp64)");
    else if (nvidia)
        SRC(3, "vendor data: FP64 at 1/%.0f of FP32 on compute capability %d.%d", 1 / ratio, major, minor);
    else
        SRC(3, cpu ? "derived: 1/2 of F_s (a SIMD lane holds half as many doubles)"
                   : "assumed: 1/2 of F_s (no vendor data for this device)");
    int lanes;
    if (nvidia) {
        lanes = nvidia_lanes_per_sm(major, minor);
        SRC(6, "vendor data: %d SMs x %d FP32 lanes (compute capability %d.%d)", d->compute_units,
            lanes, major, minor);
    } else if (amd_gpu) {
        lanes = 64;
        SRC(6, "vendor data: %d compute units x 64 lanes", d->compute_units);
    } else {
        lanes = d->warp_size;
        SRC(6, "derived: %d compute units x %d lanes (the SIMD width device.warp_size)", d->compute_units, lanes);
    }
    hw->C = (double)d->compute_units * lanes;
    if (d->memory_bus_width_bits > 0) {
        hw->BW = d->memory_bus_width_bits / 8.0;
        SRC(4, "device: %d-bit memory bus (device.memory_bus_width_bits)", d->memory_bus_width_bits);
    } else {
        hw->BW = d->cache_line_bytes > 0 ? d->cache_line_bytes : 64;
        SRC(4, "derived: no bus width exposed, one %.0f-byte cache line per access", hw->BW);
    }
    hw->CR = mb->copy_gbs * 1e9 / hw->BW;
    SRC(5, "derived: measured copy bandwidth %.4g GB/s / BW (no memory clock query)", mb->copy_gbs);
    hw->W = d->warp_size;
    SRC(7, "device: warp width (device.warp_size)");
    hw->BS = d->max_work_group_size > 0 && d->max_work_group_size < 256 ? (double)d->max_work_group_size : 256;
    SRC(8, "spmvp's kernels' work-group size (256, at most the device's maximum)");
    hw->S_i = 4;
    hw->S_s = 4;
    hw->S_d = 8;
    SRC(9, "32-bit column and row indices");
    SRC(10, "float");
    SRC(11, "double");
    return SPMVP_OK;
}
