/* test_cl_json.c: every command's --json parses and carries the members docs/json.md promises
 * every document (schema, schema_version, spmvp_version, command) and the shared objects
 * (matrix, device) with the same keys everywhere. Runs the command line in-process on PoCL. */
#define _POSIX_C_SOURCE 200809L /* dup, fileno, mkdtemp */
#include "cli.h"
#include "test.h"

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* Runs `spmvp ARGS...` with stdout captured; the parsed document (caller deletes) or NULL. */
static cJSON *run_json(int *rc, char *const *args)
{
    int argc = 0;
    while (args[argc])
        argc++;
    fflush(stdout);
    FILE *tmp = tmpfile();
    int saved = dup(1);
    dup2(fileno(tmp), 1);
    *rc = spmvp_cli_main(argc, (char **)args);
    fflush(stdout);
    dup2(saved, 1);
    close(saved);
    long len = ftell(tmp);
    char *text = malloc((size_t)len + 1);
    rewind(tmp);
    size_t got = fread(text, 1, (size_t)len, tmp);
    text[got] = 0;
    fclose(tmp);
    cJSON *doc = cJSON_Parse(text);
    if (!doc)
        fprintf(stderr, "not JSON: %.200s\n", text);
    free(text);
    return doc;
}

static const char *str(const cJSON *o, const char *key)
{
    const cJSON *it = cJSON_GetObjectItemCaseSensitive(o, key);
    return cJSON_IsString(it) ? it->valuestring : "";
}

static void check_envelope(const cJSON *doc, const char *command)
{
    CHECK_MSG(!strcmp(str(doc, "schema"), "spmvp-output"), "%s", command);
    CHECK_MSG(cJSON_GetObjectItem(doc, "schema_version") &&
              cJSON_GetObjectItem(doc, "schema_version")->valuedouble == SPMVP_OUTPUT_SCHEMA_VERSION, "%s", command);
    CHECK_MSG(!strcmp(str(doc, "spmvp_version"), SPMVP_VERSION), "%s", command);
    CHECK_MSG(!strcmp(str(doc, "command"), command), "%s: command is %s", command, str(doc, "command"));
}

static void check_matrix(const cJSON *m, const char *command)
{
    const char *keys[] = {"name", "rows", "cols", "nnz", "max_row_length", "mean_row_length"};
    CHECK_MSG(cJSON_IsObject(m), "%s: no matrix object", command);
    for (size_t i = 0; m && i < sizeof keys / sizeof keys[0]; i++)
        CHECK_MSG(cJSON_GetObjectItemCaseSensitive(m, keys[i]) != NULL, "%s: matrix.%s", command, keys[i]);
}

static void check_device(const cJSON *d, const char *command)
{
    const char *keys[] = {"source", "name", "vendor", "platform", "driver", "type", "compute_units", "warp_size"};
    CHECK_MSG(cJSON_IsObject(d), "%s: no device object", command);
    for (size_t i = 0; d && i < sizeof keys / sizeof keys[0]; i++)
        CHECK_MSG(cJSON_GetObjectItemCaseSensitive(d, keys[i]) != NULL, "%s: device.%s", command, keys[i]);
}

/* Every number under a key ending in _us is positive and finite (JSON has no NaN: null). */
static void check_times(const cJSON *o, const char *command)
{
    for (const cJSON *c = o ? o->child : NULL; c; c = c->next) {
        size_t l = c->string ? strlen(c->string) : 0;
        if (cJSON_IsNumber(c) && l > 3 && !strcmp(c->string + l - 3, "_us"))
            CHECK_MSG(c->valuedouble >= 0, "%s: %s = %g", command, c->string, c->valuedouble);
        check_times(c, command);
    }
}

static void every_command_prints_the_shared_schema(void)
{
    char dir[] = "/tmp/spmvp-json-XXXXXX", prefix[64];
    CHECK(mkdtemp(dir) != NULL);
    snprintf(prefix, sizeof prefix, "%s/ev", dir);
    struct {
        const char *command;
        char *args[24];
        int matrix, device; /* where the shared objects are: 1 top-level, 0 none */
    } runs[] = {
        {"devices", {"spmvp", "devices", "--json", NULL}, 0, 0},
        {"gen", {"spmvp", "gen", "rmat:8", "--json", NULL}, 1, 0},
        {"features", {"spmvp", "features", "laplace2d:12", "--profile", "devices/pocl-cpu.json", "--json", NULL}, 1, 1},
        {"microbench", {"spmvp", "microbench", "--mib", "4", "--runs", "2", "--json", NULL}, 0, 1},
        {"bench", {"spmvp", "bench", "matrices/bcsstk04.mtx.gz", "--runs", "3", "--warmup", "0", "--batch",
                   "2", "--json", NULL}, 1, 1},
        {"predict", {"spmvp", "predict", "laplace3d:10", "--profile", "devices/pocl-cpu.json", "--json",
                     "--hyb-threshold", NULL}, 1, 1},
        {"compare", {"spmvp", "compare", "devices/pocl-cpu.json", "devices/nvidia-h100.json", "rmat:8",
                     "--json", NULL}, 0, 0},
        {"cg", {"spmvp", "cg", "laplace2d:12", "--json", NULL}, 1, 1},
        {"evaluate", {"spmvp", "evaluate", "--profile", "devices/pocl-cpu.json", "--runs", "2", "--warmup",
                      "0", "-o", prefix, "--json", "laplace2d:12", NULL}, 0, 1},
    };
    for (size_t i = 0; i < sizeof runs / sizeof runs[0]; i++) {
        int rc = -1;
        cJSON *doc = run_json(&rc, runs[i].args);
        CHECK_MSG(rc == 0 && doc, "%s: exit %d", runs[i].command, rc);
        if (!doc)
            continue;
        check_envelope(doc, runs[i].command);
        if (runs[i].matrix)
            check_matrix(cJSON_GetObjectItem(doc, "matrix"), runs[i].command);
        if (runs[i].device)
            check_device(cJSON_GetObjectItem(doc, "device"), runs[i].command);
        check_times(doc, runs[i].command);
        if (!strcmp(runs[i].command, "devices"))
            check_device(cJSON_GetArrayItem(cJSON_GetObjectItem(doc, "devices"), 0), "devices[0]");
        if (!strcmp(runs[i].command, "compare")) {
            const cJSON *d = cJSON_GetObjectItem(doc, "devices");
            check_device(cJSON_GetObjectItem(d, "a"), "compare a");
            check_device(cJSON_GetObjectItem(d, "b"), "compare b");
            check_matrix(cJSON_GetObjectItem(cJSON_GetArrayItem(cJSON_GetObjectItem(doc, "matrices"), 0), "matrix"),
                         "compare");
        }
        if (!strcmp(runs[i].command, "microbench")) { /* --mib 4: windows 16 KiB .. 4 MiB */
            const cJSON *g = cJSON_GetObjectItem(doc, "gather");
            const cJSON *b = cJSON_GetObjectItem(g, "bytes"), *r = cJSON_GetObjectItem(g, "ggps");
            CHECK_MSG(cJSON_GetArraySize(b) == 9 && cJSON_GetArraySize(r) == 9, "%d windows",
                      cJSON_GetArraySize(b));
            for (int j = 0; j < cJSON_GetArraySize(b); j++)
                CHECK(cJSON_GetArrayItem(b, j)->valuedouble == 16384.0 * (1 << j) &&
                      cJSON_GetArrayItem(r, j)->valuedouble > 0);
            CHECK(cJSON_IsNumber(cJSON_GetObjectItem(g, "cache_bytes")));
        }
        if (!strcmp(runs[i].command, "predict")) {
            const cJSON *r = cJSON_GetObjectItem(doc, "recommendation");
            CHECK(cJSON_IsObject(r) && str(r, "format")[0] && str(r, "model")[0] && str(r, "reason")[0]);
            const cJSON *p = cJSON_GetObjectItem(doc, "predictions");
            for (const cJSON *e = p ? p->child : NULL; e; e = e->next) {
                const char *s = str(e, "state");
                const cJSON *t = cJSON_GetObjectItem(e, "predicted_us");
                CHECK(!strcmp(s, "ok") ? cJSON_IsNumber(t) && t->valuedouble > 0 : cJSON_IsNull(t));
            }
        }
        if (!strcmp(runs[i].command, "cg")) {
            CHECK(!strcmp(str(doc, "state"), "converged") && !strcmp(str(doc, "format"), "csr_vector"));
            const cJSON *it = cJSON_GetObjectItem(doc, "iterations"), *cpu = cJSON_GetObjectItem(doc, "cpu");
            CHECK(cJSON_IsNumber(it) && it->valuedouble > 0 && cJSON_IsObject(cpu));
            CHECK(cJSON_IsNumber(cJSON_GetObjectItem(doc, "spmv_share_percent")));
            /* nothing pinned on the CPU device, which stages nothing */
            const cJSON *g = cJSON_GetObjectItem(doc, "stage_us");
            CHECK(cJSON_IsNumber(g) && g->valuedouble == 0);
        }
        if (!strcmp(runs[i].command, "bench")) {
            const cJSON *r = cJSON_GetArrayItem(cJSON_GetObjectItem(doc, "results"), 0);
            CHECK(cJSON_GetObjectItem(r, "q1_us") && cJSON_GetObjectItem(r, "q3_us") &&
                  cJSON_IsBool(cJSON_GetObjectItem(r, "tied_with_fastest")));
            CHECK(cJSON_IsString(cJSON_GetObjectItem(doc, "fastest")));
            /* each format's setup: an upload (the matrix is not empty), a conversion or none */
            const cJSON *u = cJSON_GetObjectItem(r, "upload_us"), *cv = cJSON_GetObjectItem(r, "convert_us");
            CHECK(cJSON_IsNumber(u) && u->valuedouble > 0 && cJSON_IsNumber(cv) && cv->valuedouble >= 0);
            /* the first format of a fresh context built its programs: some time, however cached */
            const cJSON *b = cJSON_GetObjectItem(r, "build_ms");
            CHECK(cJSON_IsNumber(b) && b->valuedouble > 0);
            /* the CPU device stages nothing (device.h's stage_bytes 0): nothing pinned */
            const cJSON *g = cJSON_GetObjectItem(r, "stage_ms");
            CHECK(cJSON_IsNumber(g) && g->valuedouble == 0);
        }
        cJSON_Delete(doc);
    }
    char cmd[128];
    snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
    CHECK(system(cmd) == 0);
}

int main(void)
{
    RUN(every_command_prints_the_shared_schema);
    return test_report();
}
