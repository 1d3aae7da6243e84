/* cmd_microbench.c: `spmvp microbench`: copy bandwidth, launch overhead, host-to-device. */
#include <stdio.h>
#include <string.h>

#include "cli.h"

static const char *device;
static int json;
static int mib = 256, runs = 20;

static const spmvp_opt options[] = {
    SPMVP_OPT_DEVICE(&device),
    {SPMVP_INT("mib", &mib, "M", "buffer size of the bandwidth tests, MiB", "256", 1, 65536)},
    {SPMVP_INT("runs", &runs, "N", "repetitions of each test (the median is kept)", "20", 1, 100000)},
    SPMVP_OPT_JSON(&json),
    {.name = NULL},
};

const spmvp_cmd spmvp_command_microbench = {
    "microbench", spmvp_cmd_microbench, "copy bandwidth, launch overhead, host-to-device bandwidth",
    "", 0, 0, options,
    "Copy: a device-to-device buffer copy, counting bytes read and written. Launch: an empty\n"
    "kernel, back to back. Host to device: a blocking write from pageable memory.\n",
    "  spmvp microbench --device nvidia --mib 1024\n",
};

int spmvp_cmd_microbench(int argc, char **argv)
{
    int n;
    int rc = spmvp_opts_parse(&spmvp_command_microbench, argc, argv, NULL, &n);
    if (rc >= 0)
        return rc;
    spmvp_context *ctx = NULL;
    spmvp_microbench m;
    if (spmvp_cli_open(device, NULL, &ctx) ||
        spmvp_microbench_run(ctx, (size_t)mib << 20, (int)runs, &m)) {
        spmvp_context_free(ctx);
        return spmvp_cli_error(SPMVP_EXIT_FAIL, "%s", spmvp_last_error());
    }
    rc = SPMVP_EXIT_OK;
    if (json) {
        cJSON *o = spmvp_json_doc("microbench");
        cJSON_AddItemToObject(o, "device", spmvp_device_json(&ctx->info));
        cJSON_AddNumberToObject(o, "buffer_bytes", (double)m.bytes);
        cJSON_AddNumberToObject(o, "copy_gbs", m.copy_gbs);
        cJSON_AddNumberToObject(o, "launch_us", m.launch_us);
        cJSON_AddNumberToObject(o, "h2d_gbs", m.h2d_gbs);
        rc = spmvp_cli_emit_json(o);
    } else {
        printf("device            %s\n", ctx->info.name);
        printf("copy bandwidth    %.1f GB/s (device to device, %zu MiB, read + write bytes)\n",
               m.copy_gbs, m.bytes >> 20);
        printf("launch overhead   %.2f µs per empty kernel, back to back\n", m.launch_us);
        printf("host to device    %.1f GB/s (pageable memory)\n", m.h2d_gbs);
    }
    spmvp_context_free(ctx);
    return rc;
}
