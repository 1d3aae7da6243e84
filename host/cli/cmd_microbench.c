/* cmd_microbench.c: `spmvp microbench`: copy bandwidth, launch overhead, host-to-device, and the
 * gather rate of x against the bytes it spans. */
#include <stdio.h>
#include <string.h>

#include "cli.h"

static const char *device;
static int json;
static int mib = 256, runs = 20, gather_kib = 16;

static const spmvp_opt options[] = {
    SPMVP_OPT_DEVICE(&device),
    {SPMVP_INT("mib", &mib, "M", "buffer size of the bandwidth tests, MiB", "256", 1, 65536)},
    {SPMVP_INT("runs", &runs, "N", "repetitions of each test (the median is kept)", "20", 1, 100000)},
    {SPMVP_INT("gather-kib", &gather_kib, "K", "the smallest window of the gather test, KiB (its "
               "largest is --mib)", "16", 1, 1 << 20)},
    SPMVP_OPT_JSON(&json),
    {.name = NULL},
};

const spmvp_cmd spmvp_command_microbench = {
    "microbench", spmvp_cmd_microbench,
    "copy bandwidth, launch overhead, host-to-device bandwidth, gathers against x's size",
    "", 0, 0, options,
    "Copy: a device-to-device buffer copy, counting bytes read and written. Launch: an empty\n"
    "kernel, back to back. Host to device: a blocking write from pageable memory. Gathers:\n"
    "floats read at pseudo-random places of a window of x, from --gather-kib to --mib, doubling;\n"
    "the rate falls at each cache x outgrows. The last cache is the largest window read at least\n"
    "1.5x as fast as the largest (choose --mib a few times the device's last cache).\n",
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
    spmvp_gather_curve g;
    if (spmvp_cli_open(device, NULL, &ctx) ||
        spmvp_microbench_run(ctx, (size_t)mib << 20, (int)runs, &m) ||
        spmvp_microbench_gather(ctx, (size_t)gather_kib << 10, (size_t)mib << 20, (int)runs, &g)) {
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
        cJSON *ga = cJSON_AddObjectToObject(o, "gather");
        cJSON_AddItemToObject(ga, "bytes", cJSON_CreateDoubleArray(g.bytes, g.n));
        cJSON_AddItemToObject(ga, "ggps", cJSON_CreateDoubleArray(g.ggps, g.n));
        cJSON_AddNumberToObject(ga, "cache_bytes", g.cache_bytes);
        rc = spmvp_cli_emit_json(o);
    } else {
        printf("device            %s\n", ctx->info.name);
        printf("copy bandwidth    %.1f GB/s (device to device, %zu MiB, read + write bytes)\n",
               m.copy_gbs, m.bytes >> 20);
        printf("launch overhead   %.2f µs per empty kernel, back to back\n", m.launch_us);
        printf("host to device    %.1f GB/s (pageable memory)\n", m.h2d_gbs);
        printf("gathers of x      window KiB: 10^9 floats/s\n");
        for (int i = 0; i < g.n; i++)
            printf("                  %10.0f: %.2f\n", g.bytes[i] / 1024, g.ggps[i]);
        if (g.cache_bytes > 0)
            printf("last cache        %.0f KiB (the largest window read at least 1.5x as fast as "
                   "%.0f KiB)\n", g.cache_bytes / 1024, g.bytes[g.n - 1] / 1024);
        else
            printf("last cache        none found below %.0f KiB\n", g.n ? g.bytes[g.n - 1] / 1024 : 0.0);
    }
    spmvp_context_free(ctx);
    return rc;
}
