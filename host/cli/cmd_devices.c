/* cli_devices.c: `spmvp devices [--json]`: every OpenCL device, its query and strip sizes. */
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

int spmvp_cmd_devices(int argc, char **argv)
{
    int json = 0;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--json"))
            json = 1;
        else if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) {
            printf("usage: spmvp devices [--json]\n");
            return SPMVP_EXIT_OK;
        } else
            return spmvp_cli_error(SPMVP_EXIT_USAGE, "devices: unknown option %s", argv[i]);
    }
    spmvp_device_info *list = NULL;
    int n = 0;
    if (spmvp_device_list(&list, &n))
        return spmvp_cli_error(SPMVP_EXIT_FAIL, "%s", spmvp_last_error());
    cJSON *arr = json ? cJSON_CreateArray() : NULL;
    int rc = SPMVP_EXIT_OK;
    for (int i = 0; i < n; i++) {
        if (spmvp_device_complete(&list[i])) {
            rc = spmvp_cli_error(SPMVP_EXIT_FAIL, "%s: %s", list[i].name, spmvp_last_error());
            continue;
        }
        if (json)
            cJSON_AddItemToArray(arr, spmvp_device_json(&list[i]));
        else
            print_device(&list[i]);
    }
    if (json && !spmvp_cli_print_json(arr))
        rc = spmvp_cli_error(SPMVP_EXIT_FAIL, "out of memory printing JSON");
    cJSON_Delete(arr);
    free(list);
    return rc;
}
