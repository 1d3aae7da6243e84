/* cmd_devices.c: `spmvp devices [--json]`: every OpenCL device, its query and strip sizes. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"

static void print_device(const spmvp_device_info *d)
{
    double gib = 1024.0 * 1024.0 * 1024.0;
    printf("device %d:%d  %s\n", d->platform_index, d->device_index, d->name);
    printf("  platform          %s\n", d->platform_name);
    printf("  vendor            %s\n", d->vendor);
    printf("  driver            %s\n", d->driver);
    printf("  OpenCL            %s\n", d->version);
    printf("  type              %s\n", d->type);
    printf("  compute units     %u\n", d->compute_units);
    printf("  max work-group    %zu\n", d->max_wg_size);
    printf("  warp width        %u (%s)\n", d->warp_size, d->warp_source ? d->warp_source : "?");
    if (d->cc_major >= 0)
        printf("  compute capab.    %d.%d\n", d->cc_major, d->cc_minor);
    printf("  local memory      %llu KiB\n", (unsigned long long)d->local_mem / 1024);
    printf("  global memory     %.2f GiB\n", d->global_mem / gib);
    printf("  max allocation    %.2f GiB\n", d->max_alloc / gib);
    printf("  cache             %llu KiB, line %u B\n", (unsigned long long)d->cache_size / 1024, d->cache_line);
    printf("  clock             %u MHz\n", d->clock_mhz);
    if (d->bus_width > 0)
        printf("  memory bus        %d bits (%s)\n", d->bus_width, d->bus_source);
    else
        printf("  memory bus        not exposed\n");
    printf("  fp64              %s\n", d->fp64 ? "yes" : "no");
    printf("  threads per CU    %u (%s)\n", d->threads_per_cu, d->threads_source);
    printf("  half-warps per CU %u\n", d->half_warps_per_cu);
    printf("  strip CSR-V       %zu  (N_SM x N_HW, seed 000 eq. 1)\n", d->strip_csr_vector);
    printf("  strip CSR-S/ELL/JAD %zu  (N_SM x N_T, eqs. 2-3)\n", d->strip_csr_scalar);
}

static int json;

static const spmvp_opt options[] = {
    SPMVP_OPT_JSON(&json),
    {.name = NULL},
};

const spmvp_cmd spmvp_command_devices = {
    "devices", spmvp_cmd_devices, "list OpenCL devices, their parameters and strip sizes", "", 0, 0,
    options,
    "The strip sizes are seed 000's (eqs. 1-3): S_CSR-V = N_SM x N_HW, S_CSR-S = S_ELL = S_JAD =\n"
    "N_SM x N_T, from the device query and, where OpenCL hides them, vendor tables.\n",
    "  spmvp devices --json\n",
};

int spmvp_cmd_devices(int argc, char **argv)
{
    int n;
    int rc = spmvp_opts_parse(&spmvp_command_devices, argc, argv, NULL, &n);
    if (rc >= 0)
        return rc;
    spmvp_device_info *list = NULL;
    if (spmvp_device_list(&list, &n))
        return spmvp_cli_error(SPMVP_EXIT_FAIL, "%s", spmvp_last_error());
    cJSON *doc = json ? spmvp_json_doc("devices") : NULL;
    cJSON *arr = json ? cJSON_AddArrayToObject(doc, "devices") : NULL;
    rc = SPMVP_EXIT_OK;    for (int i = 0; i < n; i++) {
        if (spmvp_device_complete(&list[i])) {
            rc = spmvp_cli_error(SPMVP_EXIT_FAIL, "%s: %s", list[i].name, spmvp_last_error());
            continue;
        }
        if (json)
            cJSON_AddItemToArray(arr, spmvp_device_json(&list[i]));
        else
            print_device(&list[i]);
    }
    if (json) {
        int e = spmvp_cli_emit_json(doc);
        rc = rc ? rc : e;
    }
    free(list);
    return rc;
}
