/* cli_microbench.c: `spmvp microbench`: copy bandwidth, launch overhead, host-to-device. */
#include <stdio.h>
#include <string.h>

#include "cli.h"
#include "microbench.h"

int spmvp_cmd_microbench(int argc, char **argv)
{
    const char *device = NULL;
    int json = 0;
    long mib = 256, runs = 20;
    for (int i = 1; i < argc; i++) {
        const char *o = argv[i];
        if (!strcmp(o, "--help") || !strcmp(o, "-h")) {
            printf("usage: spmvp microbench [--device D] [--mib M] [--runs N] [--json]\n");
            return SPMVP_EXIT_OK;
        } else if (!strcmp(o, "--json")) {
            json = 1;
        } else if (i + 1 >= argc) {
            return spmvp_cli_error(SPMVP_EXIT_USAGE, "microbench: %s needs a value", o);
        } else if (!strcmp(o, "--device")) {
            device = argv[++i];
        } else if (!strcmp(o, "--mib")) {
            if (spmvp_cli_int(argv[++i], 1, 65536, &mib))
                return spmvp_cli_error(SPMVP_EXIT_USAGE, "microbench: --mib takes 1..65536");
        } else if (!strcmp(o, "--runs")) {
            if (spmvp_cli_int(argv[++i], 1, 100000, &runs))
                return spmvp_cli_error(SPMVP_EXIT_USAGE, "microbench: --runs takes 1..100000");
        } else {
            return spmvp_cli_error(SPMVP_EXIT_USAGE, "microbench: unknown option %s", o);
        }
    }
    spmvp_context *ctx = NULL;
    spmvp_microbench m;
    if (spmvp_cli_open(device, NULL, &ctx) ||
        spmvp_microbench_run(ctx, (size_t)mib << 20, (int)runs, &m)) {
        spmvp_context_free(ctx);
        return spmvp_cli_error(SPMVP_EXIT_FAIL, "%s", spmvp_last_error());
    }
    int rc = SPMVP_EXIT_OK;
    if (json) {
        cJSON *o = cJSON_CreateObject();
        cJSON_AddStringToObject(o, "device", ctx->info.name);
        cJSON_AddNumberToObject(o, "bytes", (double)m.bytes);
        cJSON_AddNumberToObject(o, "copy_gbs", m.copy_gbs);
        cJSON_AddNumberToObject(o, "launch_us", m.launch_us);
        cJSON_AddNumberToObject(o, "h2d_gbs", m.h2d_gbs);
        if (!spmvp_cli_print_json(o))
            rc = spmvp_cli_error(SPMVP_EXIT_FAIL, "out of memory printing JSON");
        cJSON_Delete(o);
    } else {
        printf("device            %s\n", ctx->info.name);
        printf("copy bandwidth    %.1f GB/s (device to device, %zu MiB, read + write bytes)\n",
               m.copy_gbs, m.bytes >> 20);
        printf("launch overhead   %.2f us per empty kernel, back to back\n", m.launch_us);
        printf("host to device    %.1f GB/s (pageable memory)\n", m.h2d_gbs);
    }
    spmvp_context_free(ctx);
    return rc;
}
