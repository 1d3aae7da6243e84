/* device.c: enumerate OpenCL devices, query their capabilities and derive the strip sizes. */
#include "device.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "clcheck.h"

/* Vendor extension queries (cl_nv_device_attribute_query, cl_amd_device_attribute_query),
 * spelled out so the Khronos extension headers are not needed. */
#define NV_CC_MAJOR 0x4000
#define NV_CC_MINOR 0x4001
#define NV_WARP_SIZE 0x4003
#define AMD_WAVEFRONT_WIDTH 0x4043

/* A device string, truncated to len-1 characters (clGetDeviceInfo refuses short buffers). */
static void get_string(cl_device_id d, cl_device_info what, char *buf, size_t len)
{
    size_t n = 0;
    char *tmp = NULL;
    snprintf(buf, len, "?");
    if (clGetDeviceInfo(d, what, 0, NULL, &n) != CL_SUCCESS || !(tmp = malloc(n + 1)))
        return;
    if (clGetDeviceInfo(d, what, n, tmp, NULL) == CL_SUCCESS) {
        tmp[n] = '\0';
        snprintf(buf, len, "%s", tmp);
    }
    free(tmp);
}

static int has_extension(cl_device_id d, const char *ext)
{
    size_t n = 0;
    if (clGetDeviceInfo(d, CL_DEVICE_EXTENSIONS, 0, NULL, &n) != CL_SUCCESS || n == 0)
        return 0;
    char *s = malloc(n + 1);
    if (!s || clGetDeviceInfo(d, CL_DEVICE_EXTENSIONS, n, s, NULL) != CL_SUCCESS) {
        free(s);
        return 0;
    }
    s[n] = '\0';
    size_t len = strlen(ext);
    int found = 0;
    for (const char *p = s; (p = strstr(p, ext)) != NULL; p += len)
        if ((p == s || p[-1] == ' ') && (p[len] == ' ' || p[len] == '\0')) {
            found = 1;
            break;
        }
    free(s);
    return found;
}

/* Resident threads per SM by compute capability, from NVIDIA's CUDA occupancy tables
 * ("Technical Specifications per Compute Capability": maximum resident threads per SM). */
static cl_uint nvidia_threads_per_sm(int major, int minor)
{
    switch (major) {
    case 1: return minor >= 2 ? 1024 : 768;
    case 2: return 1536;
    case 3: case 4: case 5: case 6: return 2048;
    case 7: return minor >= 5 ? 1024 : 2048;
    case 8: return (minor == 0 || minor == 7) ? 2048 : 1536;
    case 9: return 2048;
    case 10: case 11: return 2048;
    case 12: return 1536;
    default: return 2048;
    }
}

/* What OpenCL does not expose, for NVIDIA parts known by name (vendor datasheets): the memory
 * bus width in bits and the L2 in MiB (0: not known, CL_DEVICE_GLOBAL_MEM_CACHE_SIZE serves).
 * The first key found in the name wins, so a variant comes before its family. NULL for a
 * part not listed. */
typedef struct known_part {
    const char *key;
    int bus_bits;
    cl_ulong l2_mib;
} known_part;

static const known_part *find_part(const char *name)
{
    static const known_part table[] = {
        {"H100 NVL", 6144, 50}, {"H100 PCIe", 5120, 50}, {"H100", 5120, 50}, {"H200", 6144, 50},
        {"A100", 5120, 40}, {"V100", 4096, 6}, {"GT 645M", 128, 0},
    };
    for (size_t i = 0; i < sizeof table / sizeof table[0]; i++)
        if (strstr(name, table[i].key))
            return &table[i];
    return NULL;
}

static const char *type_name(cl_device_type t)
{
    if (t & CL_DEVICE_TYPE_GPU) return "GPU";
    if (t & CL_DEVICE_TYPE_CPU) return "CPU";
    if (t & CL_DEVICE_TYPE_ACCELERATOR) return "accelerator";
    return "other";
}

static void query(spmvp_device_info *di)
{
    cl_device_id d = di->device;
    cl_device_type t = 0;
    get_string(d, CL_DEVICE_NAME, di->name, sizeof di->name);
    get_string(d, CL_DEVICE_VENDOR, di->vendor, sizeof di->vendor);
    get_string(d, CL_DRIVER_VERSION, di->driver, sizeof di->driver);
    get_string(d, CL_DEVICE_VERSION, di->version, sizeof di->version);
    clGetDeviceInfo(d, CL_DEVICE_TYPE, sizeof t, &t, NULL);
    di->type = type_name(t);
    clGetDeviceInfo(d, CL_DEVICE_MAX_COMPUTE_UNITS, sizeof di->compute_units, &di->compute_units, NULL);
    di->persistent_cus = (t & CL_DEVICE_TYPE_GPU) ? di->compute_units : 0;
    cl_bool unified = CL_FALSE;
    clGetDeviceInfo(d, CL_DEVICE_HOST_UNIFIED_MEMORY, sizeof unified, &unified, NULL);
    di->stage_bytes = (t & CL_DEVICE_TYPE_GPU) && !unified ? SPMVP_STAGE_MIN_BYTES : 0;
    clGetDeviceInfo(d, CL_DEVICE_MAX_WORK_GROUP_SIZE, sizeof di->max_wg_size, &di->max_wg_size, NULL);
    clGetDeviceInfo(d, CL_DEVICE_LOCAL_MEM_SIZE, sizeof di->local_mem, &di->local_mem, NULL);
    clGetDeviceInfo(d, CL_DEVICE_GLOBAL_MEM_SIZE, sizeof di->global_mem, &di->global_mem, NULL);
    clGetDeviceInfo(d, CL_DEVICE_MAX_MEM_ALLOC_SIZE, sizeof di->max_alloc, &di->max_alloc, NULL);
    clGetDeviceInfo(d, CL_DEVICE_GLOBAL_MEM_CACHELINE_SIZE, sizeof di->cache_line, &di->cache_line, NULL);
    clGetDeviceInfo(d, CL_DEVICE_GLOBAL_MEM_CACHE_SIZE, sizeof di->cache_size, &di->cache_size, NULL);
    clGetDeviceInfo(d, CL_DEVICE_MAX_CLOCK_FREQUENCY, sizeof di->clock_mhz, &di->clock_mhz, NULL);

    cl_device_fp_config fp = 0;
    clGetDeviceInfo(d, CL_DEVICE_DOUBLE_FP_CONFIG, sizeof fp, &fp, NULL);
    di->fp64 = has_extension(d, "cl_khr_fp64") || fp != 0;

    di->cc_major = di->cc_minor = -1;
    di->warp_size = 0;
    cl_uint v = 0;
    if (has_extension(d, "cl_nv_device_attribute_query")) {
        cl_uint mj = 0, mn = 0;
        if (clGetDeviceInfo(d, NV_CC_MAJOR, sizeof mj, &mj, NULL) == CL_SUCCESS &&
            clGetDeviceInfo(d, NV_CC_MINOR, sizeof mn, &mn, NULL) == CL_SUCCESS) {
            di->cc_major = (int)mj;
            di->cc_minor = (int)mn;
        }
        if (clGetDeviceInfo(d, NV_WARP_SIZE, sizeof v, &v, NULL) == CL_SUCCESS && v) {
            di->warp_size = v;
            di->warp_source = "CL_DEVICE_WARP_SIZE_NV";
        }
    } else if (has_extension(d, "cl_amd_device_attribute_query")) {
        if (clGetDeviceInfo(d, AMD_WAVEFRONT_WIDTH, sizeof v, &v, NULL) == CL_SUCCESS && v) {
            di->warp_size = v;
            di->warp_source = "CL_DEVICE_WAVEFRONT_WIDTH_AMD";
        }
    }
    /* The fallback (kernel preferred work-group size multiple) needs a built kernel: it is
     * filled in by spmvp_context_create() when warp_size is still 0 here. */

    const known_part *part = find_part(di->name);
    di->bus_width = part ? part->bus_bits : -1;
    di->bus_source = part ? "vendor datasheet (by device name)" : "not exposed";
    di->l2_bytes = part && part->l2_mib ? part->l2_mib << 20 : di->cache_size;
    /* PTX in the kernels: NVIDIA only (context.c's SPMVP_NVIDIA), streaming loads from compute
     * capability 7.0, L2 policies (createpolicy) from 8.0 */
    const int nvidia = strstr(di->platform_name, "NVIDIA") != NULL;
    di->stream_l2_bytes = nvidia && di->cc_major >= 7 ? di->l2_bytes : 0;
    di->pin_l2_bytes = nvidia && di->cc_major >= 8 ? di->l2_bytes : 0;
    di->local_from_l1 = nvidia && di->cc_major >= 7;
}

/* The kernel's preferred work-group size multiple: the warp width where no vendor says. */
static spmvp_status preferred_multiple(spmvp_device_info *di)
{
    static const char *src = "__kernel void probe(__global float *a) { a[get_global_id(0)] = 0; }";
    spmvp_status st = SPMVP_OK;
    cl_context ctx = NULL;
    cl_program prog = NULL;
    cl_kernel k = NULL;
    size_t m = 0;
    SPMVP_CL_ASSIGN(ctx, clCreateContext(NULL, 1, &di->device, NULL, NULL, &err_), out);
    SPMVP_CL_ASSIGN(prog, clCreateProgramWithSource(ctx, 1, &src, NULL, &err_), out);
    SPMVP_CL(clBuildProgram(prog, 1, &di->device, "", NULL, NULL), out);
    SPMVP_CL_ASSIGN(k, clCreateKernel(prog, "probe", &err_), out);
    SPMVP_CL(clGetKernelWorkGroupInfo(k, di->device, CL_KERNEL_PREFERRED_WORK_GROUP_SIZE_MULTIPLE,
                                      sizeof m, &m, NULL), out);
    di->warp_size = m ? (cl_uint)m : 1;
    di->warp_source = "CL_KERNEL_PREFERRED_WORK_GROUP_SIZE_MULTIPLE";
out:
    if (k) clReleaseKernel(k);
    if (prog) clReleaseProgram(prog);
    if (ctx) clReleaseContext(ctx);
    return st;
}

spmvp_status spmvp_device_complete(spmvp_device_info *di)
{
    if (di->threads_per_cu)
        return SPMVP_OK; /* already complete */
    if (!di->warp_size) {
        spmvp_status st = preferred_multiple(di);
        if (st)
            return st;
    }
    if (di->cc_major > 0) {
        di->threads_per_cu = nvidia_threads_per_sm(di->cc_major, di->cc_minor);
        di->threads_source = "NVIDIA occupancy table by compute capability";
    } else if (!strcmp(di->type, "GPU") &&
               (strstr(di->vendor, "Advanced Micro Devices") || strstr(di->vendor, "AMD"))) {
        di->threads_per_cu = 40 * (di->warp_size ? di->warp_size : 64); /* 40 waves per CU */
        di->threads_source = "AMD GCN/CDNA: 40 wavefronts per compute unit";
    } else {
        /* CPUs and unknown devices: one full work-group resident per compute unit. */
        di->threads_per_cu = (cl_uint)di->max_wg_size;
        di->threads_source = "fallback: max work-group size per compute unit";
    }
    cl_uint half = di->warp_size >= 2 ? di->warp_size / 2 : 1;
    di->half_warps_per_cu = di->threads_per_cu / half;
    if (di->half_warps_per_cu == 0)
        di->half_warps_per_cu = 1;
    di->strip_csr_vector = (size_t)di->compute_units * di->half_warps_per_cu;
    di->strip_csr_scalar = (size_t)di->compute_units * di->threads_per_cu;
    return SPMVP_OK;
}

spmvp_status spmvp_device_list(spmvp_device_info **out, int *count)
{
    spmvp_status st = SPMVP_OK;
    cl_uint np = 0;
    cl_platform_id *plats = NULL;
    spmvp_device_info *list = NULL;
    int n = 0;
    *out = NULL;
    *count = 0;

    cl_int err = clGetPlatformIDs(0, NULL, &np);
    if (err == -1001 /* CL_PLATFORM_NOT_FOUND_KHR, from the ICD loader */ || (err == CL_SUCCESS && np == 0))
        return spmvp_fail(SPMVP_ERR_NO_DEVICE, "no OpenCL platform found (is an ICD such as "
                          "pocl-opencl-icd installed and registered in /etc/OpenCL/vendors?)");
    SPMVP_CL(err, out);
    plats = malloc(np * sizeof *plats);
    if (!plats)
        return spmvp_fail(SPMVP_ERR_NOMEM, "out of memory listing platforms");
    SPMVP_CL(clGetPlatformIDs(np, plats, NULL), out);
    for (cl_uint p = 0; p < np; p++) {
        cl_uint nd = 0;
        err = clGetDeviceIDs(plats[p], CL_DEVICE_TYPE_ALL, 0, NULL, &nd);
        if (err == CL_DEVICE_NOT_FOUND || nd == 0)
            continue;
        SPMVP_CL(err, out);
        cl_device_id *devs = malloc(nd * sizeof *devs);
        spmvp_device_info *grown = realloc(list, (size_t)(n + (int)nd) * sizeof *list);
        if (!devs || !grown) {
            free(devs);
            st = spmvp_fail(SPMVP_ERR_NOMEM, "out of memory listing devices");
            goto out;
        }
        list = grown;
        err = clGetDeviceIDs(plats[p], CL_DEVICE_TYPE_ALL, nd, devs, NULL);
        if (err != CL_SUCCESS) {
            free(devs);
            SPMVP_CL(err, out);
        }
        for (cl_uint i = 0; i < nd; i++) {
            spmvp_device_info *di = &list[n++];
            memset(di, 0, sizeof *di);
            di->platform = plats[p];
            di->device = devs[i];
            di->platform_index = (int)p;
            di->device_index = (int)i;
            if (clGetPlatformInfo(plats[p], CL_PLATFORM_NAME, sizeof di->platform_name,
                                  di->platform_name, NULL) != CL_SUCCESS)
                strcpy(di->platform_name, "?");
            query(di);
        }
        free(devs);
    }
    if (n == 0) {
        st = spmvp_fail(SPMVP_ERR_NO_DEVICE, "no OpenCL device found on %u platform(s)", np);
        goto out;
    }
    *out = list;
    *count = n;
    list = NULL;
out:
    free(list);
    free(plats);
    return st;
}

static int contains_nocase(const char *hay, const char *needle)
{
    size_t n = strlen(needle);
    for (; *hay; hay++) {
        size_t i = 0;
        while (i < n && hay[i] && tolower((unsigned char)hay[i]) == tolower((unsigned char)needle[i]))
            i++;
        if (i == n)
            return 1;
    }
    return n == 0;
}

int spmvp_device_select(const spmvp_device_info *list, int count, const char *spec)
{
    if (!spec || !*spec) {
        for (int i = 0; i < count; i++)
            if (!strcmp(list[i].type, "GPU"))
                return i;
        for (int i = 0; i < count; i++)
            if (!strcmp(list[i].type, "CPU"))
                return i;
        return count > 0 ? 0 : -1;
    }
    int p, d, used = 0;
    if (sscanf(spec, "%d:%d%n", &p, &d, &used) == 2 && spec[used] == '\0') {
        for (int i = 0; i < count; i++)
            if (list[i].platform_index == p && list[i].device_index == d)
                return i;
        spmvp_fail(SPMVP_ERR_NO_DEVICE, "no device %d:%d (see `spmvp devices`)", p, d);
        return -1;
    }
    for (int i = 0; i < count; i++) {
        /* PoCL's platform is "Portable Computing Language": its short name is matched too */
        char key[400];
        snprintf(key, sizeof key, "%s %s %s%s", list[i].platform_name, list[i].name, list[i].vendor,
                 strstr(list[i].platform_name, "Portable Computing Language") ? " pocl" : "");
        if (contains_nocase(key, spec))
            return i;
    }
    spmvp_fail(SPMVP_ERR_NO_DEVICE, "no device matches \"%s\" (see `spmvp devices`)", spec);
    return -1;
}
