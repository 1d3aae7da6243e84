/* cmd_features.c: `spmvp features MATRIX`: seed 004's Table 1, every format's work on a target
 * and the locality of x (model/sparse/matrix_features.h), with the parse time beside the time
 * the features took. The target comes from a profile's device parameters, a live device, or,
 * with neither, an H100 (said so in the output). */
#include <stdio.h>
#include <string.h>

#include "cli.h"

static struct {
    const char *matrix, *profile, *device;
    int precision, json;
    spmvp_mapping map;
} args;

static const spmvp_opt options[] = {
    {SPMVP_STRING("profile", &args.profile, "P.json", "take the target (warp, work-group, resident "
                  "work-items, local memory) from this profile's device parameters", NULL),
     .conflicts = "device"},
    SPMVP_OPT_DEVICE(&args.device),
    SPMVP_OPT_PRECISION(&args.precision),
    {SPMVP_MAPPING(&args.map)},
    SPMVP_OPT_JSON(&args.json),
    {.name = NULL},
};

const spmvp_cmd spmvp_command_features = {
    "features", spmvp_cmd_features, "a matrix's features: seed 004's Table 1, each format's work, "
    "locality of x", "MATRIX", 1, 1, options,
    "One pass over the CSR (O(nnz)). Table 1 is seed 004's (nRows, nnz, min/max/mode/median row\n"
    "length, min/max distance between consecutive entries of a row, bandwidth, dispersion,\n"
    "density). Per format, under its resolved mapping: lock-step entries (warp width x each\n"
    "warp's longest serial loop, idle lanes included), the critical path, stored slots, work-items,\n"
    "waves (work-items over resident ones), launches and bytes. Locality: distinct 32-byte\n"
    "sectors and 128-byte lines of x per warp-wide gather (one row per work-item), and lines per\n"
    "work-group. The target: --profile, else --device, else an H100 (warp 32, work-group 256,\n"
    "132 x 2048 resident work-items). Definitions: model/sparse/matrix_features.h.\n\n"
    SPMVP_HELP_MATRIX,
    "  spmvp features laplace3d:100\n"
    "  spmvp features rmat:16 --profile devices/nvidia-h100.json --precision double --json\n",
};

/* The target and where it came from; -1 to go on, else the exit status. */
static int target_of(size_t vs, spmvp_features_target *t, const char **source, cJSON **dev)
{
    *t = spmvp_features_target_default(vs);
    *source = "default (an H100)";
    if (args.profile) {
        spmvp_profile *p = NULL;
        if (spmvp_profile_load(args.profile, &p))
            return spmvp_cli_error(SPMVP_EXIT_FAIL, "%s", spmvp_last_error());
        *t = spmvp_profile_target(p, vs);
        *source = "profile";
        *dev = spmvp_json_profile_device(p, args.profile);
        spmvp_profile_free(p);
    } else if (args.device) {
        spmvp_context *ctx = NULL;
        if (spmvp_cli_open(args.device, NULL, &ctx))
            return spmvp_cli_error(SPMVP_EXIT_FAIL, "%s", spmvp_last_error());
        const spmvp_device_info *d = &ctx->info;
        t->warp = d->warp_size ? d->warp_size : t->warp;
        t->wg_size = d->max_wg_size && d->max_wg_size < 256 ? d->max_wg_size : 256;
        t->resident = (long long)d->compute_units * d->threads_per_cu;
        t->local_mem = d->local_mem;
        *source = "opencl";
        *dev = spmvp_device_json(d);
        spmvp_context_free(ctx);
    }
    if (t->resident <= 0)
        return spmvp_cli_error(SPMVP_EXIT_FAIL, "features: the device gives no resident work-items "
                               "(compute units x threads per compute unit)");
    return -1;
}

static cJSON *table1_json(const spmvp_table1 *t)
{
    cJSON *o = cJSON_CreateObject();
    cJSON_AddNumberToObject(o, "rows", (double)t->rows);
    cJSON_AddNumberToObject(o, "nnz", (double)t->nnz);
    cJSON_AddNumberToObject(o, "min_nnz", (double)t->min_nnz);
    cJSON_AddNumberToObject(o, "max_nnz", (double)t->max_nnz);
    cJSON_AddNumberToObject(o, "mode_nnz", (double)t->mode_nnz);
    cJSON_AddNumberToObject(o, "median_nnz", t->median_nnz);
    cJSON_AddNumberToObject(o, "min_dist", (double)t->min_dist);
    cJSON_AddNumberToObject(o, "max_dist", (double)t->max_dist);
    cJSON_AddNumberToObject(o, "bandwidth", (double)t->bandwidth);
    cJSON_AddNumberToObject(o, "dispersion", t->dispersion);
    cJSON_AddNumberToObject(o, "density", t->density);
    return o;
}

static cJSON *formats_json(const spmvp_features *F)
{
    cJSON *arr = cJSON_CreateArray();
    for (int f = 0; f < SPMVP_NFORMATS; f++) {
        const spmvp_format_features *x = &F->format[f];
        cJSON *o = cJSON_CreateObject();
        cJSON_AddStringToObject(o, "format", spmvp_format_name((spmvp_format)f));
        cJSON_AddStringToObject(o, "state", x->state ? "unsuitable" : "ok");
        cJSON_AddStringToObject(o, "params", x->params);
        if (x->state) {
            cJSON_AddStringToObject(o, "reason", x->reason);
        } else {
            cJSON_AddNumberToObject(o, "lockstep_entries", (double)x->work.lockstep_entries);
            cJSON_AddNumberToObject(o, "lockstep_over_nnz_ratio", x->lockstep_ratio);
            cJSON_AddNumberToObject(o, "critical_path", (double)x->work.critical_path);
            cJSON_AddNumberToObject(o, "slots", (double)x->work.slots);
            cJSON_AddNumberToObject(o, "work_items", (double)x->work_items);
            cJSON_AddNumberToObject(o, "waves", (double)x->waves);
            cJSON_AddNumberToObject(o, "launches", x->work.launches);
            cJSON_AddNumberToObject(o, "moved_bytes", (double)x->work.bytes);
            cJSON_AddNumberToObject(o, "gather_lanes", x->work.gather_lanes);
            cJSON_AddNumberToObject(o, "x_window_ratio",
                                    spmvp_locality_window(&F->locality, x->work.gather_lanes));
        }
        cJSON_AddItemToArray(arr, o);
    }
    return arr;
}

static cJSON *locality_json(const spmvp_locality *l)
{
    cJSON *o = cJSON_CreateObject();
    cJSON_AddStringToObject(o, "mapping", "csr_scalar");
    cJSON_AddNumberToObject(o, "gathers", (double)l->gathers);
    cJSON_AddNumberToObject(o, "entries", (double)l->entries);
    cJSON_AddNumberToObject(o, "sectors", (double)l->sectors);
    cJSON_AddNumberToObject(o, "lines", (double)l->lines);
    cJSON_AddNumberToObject(o, "group_lines", (double)l->group_lines);
    cJSON_AddNumberToObject(o, "sectors_per_gather_ratio", l->sectors_per_gather);
    cJSON_AddNumberToObject(o, "sectors_per_entry_ratio", l->sectors_per_entry);
    cJSON_AddNumberToObject(o, "lines_per_entry_ratio", l->lines_per_entry);
    cJSON_AddNumberToObject(o, "group_lines_per_entry_ratio", l->group_lines_per_entry);
    cJSON *w = cJSON_AddArrayToObject(o, "lockstep_window_ratio");
    for (int i = 0; w && i < SPMVP_WINDOW_NV; i++)
        cJSON_AddItemToArray(w, cJSON_CreateNumber(l->window[i]));
    return o;
}

static void print_text(const spmvp_features *F, const char *source, double parse_us, double feat_us)
{
    const spmvp_table1 *t = &F->table1;
    const spmvp_features_target *g = &F->target;
    const spmvp_locality *l = &F->locality;
    printf("matrix     %s\ntarget     %s: warp %u, work-group %zu, %lld resident work-items, "
           "%zu-byte values\ntime       parse %.0f µs, features %.0f µs\n\n", args.matrix, source,
           g->warp, g->wg_size, g->resident, g->value_size, parse_us, feat_us);
    printf("Table 1 (seed 004)\n  nRows %lld  nnz %lld  density %.3g\n  row length: min %lld  max %lld  "
           "mode %lld  median %g  dispersion %.4g\n  distance in a row: min %lld  max %lld  bandwidth %lld\n\n",
           t->rows, t->nnz, t->density, t->min_nnz, t->max_nnz, t->mode_nnz, t->median_nnz,
           t->dispersion, t->min_dist, t->max_dist, t->bandwidth);
    printf("%-13s %-16s %14s %7s %9s %12s %12s %6s %3s %13s %6s\n", "format", "params", "lockstep",
           "/nnz", "path", "slots", "work-items", "waves", "ln", "bytes", "x win");
    for (int f = 0; f < SPMVP_NFORMATS; f++) {
        const spmvp_format_features *x = &F->format[f];
        const char *name = spmvp_format_get((spmvp_format)f)->label;
        if (x->state) {
            printf("%-13s %-16s unsuitable: %s\n", name, x->params, x->reason);
            continue;
        }
        printf("%-13s %-16s %14lld %7.3f %9lld %12lld %12lld %6lld %3d %13lld %6.3f\n", name, x->params,
               x->work.lockstep_entries, x->lockstep_ratio, x->work.critical_path, x->work.slots,
               x->work_items, x->waves, x->work.launches, x->work.bytes,
               spmvp_locality_window(l, x->work.gather_lanes));
    }
    printf("\nlocality of x (one row per work-item, warps of %u)\n  %lld gathers, %.3f sectors a "
           "gather, %.3f sectors and %.3f lines an entry\n  %.3f lines an entry per work-group of %zu rows\n",
           g->warp, l->gathers, l->sectors_per_gather, l->sectors_per_entry, l->lines_per_entry,
           l->group_lines_per_entry, g->wg_size);
    printf("  part of x a lock-step step reads (x win), V work-items a row:");
    for (int i = 0; i < SPMVP_WINDOW_NV; i++)
        printf(" %d: %.3f", 1 << i, l->window[i]);
    printf("\n");
}

int spmvp_cmd_features(int argc, char **argv)
{
    int n;
    memset(&args, 0, sizeof args);
    args.map = spmvp_mapping_auto();
    int rc = spmvp_opts_parse(&spmvp_command_features, argc, argv, &args.matrix, &n);
    if (rc >= 0)
        return rc;
    size_t vs = args.precision ? 8 : 4;
    spmvp_features_target t;
    const char *source;
    cJSON *dev = NULL;
    if ((rc = target_of(vs, &t, &source, &dev)) >= 0)
        return rc;
    spmvp_csr *A = NULL;
    double t0 = spmvp_now_us();
    if (spmvp_matrix_load(args.matrix, &A)) {
        cJSON_Delete(dev);
        return spmvp_cli_error(SPMVP_EXIT_FAIL, "%s", spmvp_last_error());
    }
    double t1 = spmvp_now_us();
    static spmvp_features F;
    spmvp_status st = spmvp_features_compute(A, &t, &args.map, &F);
    double t2 = spmvp_now_us();
    if (st) {
        rc = spmvp_cli_error(SPMVP_EXIT_FAIL, "%s: %s", args.matrix, spmvp_last_error());
    } else if (args.json) {
        /* the shared matrix object from the features' own Table 1: no second pass */
        const spmvp_table1 *tb = &F.table1;
        spmvp_rowlen_stats s = {tb->rows, tb->cols, tb->nnz, tb->rows ? (double)tb->nnz / tb->rows : 0.0,
                                tb->dispersion, tb->min_nnz, tb->max_nnz, tb->mode_nnz, NULL};
        cJSON *doc = spmvp_json_doc("features");
        cJSON_AddItemToObject(doc, "matrix", spmvp_json_matrix(args.matrix, &s));
        cJSON_AddStringToObject(doc, "precision", vs == 8 ? "double" : "single");
        cJSON *o = cJSON_AddObjectToObject(doc, "target");
        cJSON_AddStringToObject(o, "source", dev ? source : "default");
        cJSON_AddNumberToObject(o, "warp_size", t.warp);
        cJSON_AddNumberToObject(o, "work_group_size", (double)t.wg_size);
        cJSON_AddNumberToObject(o, "resident_work_items", (double)t.resident);
        cJSON_AddNumberToObject(o, "local_mem_bytes", (double)t.local_mem);
        cJSON_AddNumberToObject(o, "value_bytes", (double)t.value_size);
        if (dev)
            cJSON_AddItemToObject(doc, "device", dev);
        dev = NULL;
        cJSON_AddItemToObject(doc, "table1", table1_json(&F.table1));
        cJSON_AddItemToObject(doc, "formats", formats_json(&F));
        cJSON_AddItemToObject(doc, "locality", locality_json(&F.locality));
        cJSON_AddNumberToObject(doc, "parse_time_us", t1 - t0);
        cJSON_AddNumberToObject(doc, "features_time_us", t2 - t1);
        rc = spmvp_cli_emit_json(doc);
    } else {
        print_text(&F, source, t1 - t0, t2 - t1);
        rc = fflush(stdout) ? spmvp_cli_error(SPMVP_EXIT_FAIL, "cannot write to stdout")
                            : SPMVP_EXIT_OK; /* rc was target_of's -1, "go on" */
    }
    cJSON_Delete(dev);
    spmvp_csr_free(A);
    return rc;
}
