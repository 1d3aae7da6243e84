/* train.h: what `spmvp train` (cmd_train.c) draws on: the corpora of generated matrices and
 * the families (train_corpus.c), and the families of real matrices from a manifest. */
#ifndef SPMVP_CLI_TRAIN_H
#define SPMVP_CLI_TRAIN_H

#include <stddef.h>

/* The specs of corpus "full", "quick" or "tiny" (*n of them), or NULL for another name. */
const char *const *spmvp_train_corpus(const char *name, size_t *n);
/* The family of a generated spec: "laplace3d", "perm-laplace3d", "rmat". */
void spmvp_train_family(const char *spec, char *buf, size_t size);

#endif
