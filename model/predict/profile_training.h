/* profile_training.h: the profile's record of `spmvp train` (internal to model/predict):
 * "training" at the root (the table it measured, beside the profile) and "cv" in each
 * precision (each learned model's cross-validated error per format, and the noise floor),
 * read and written by profile.c with the other envelope members. */
#ifndef SPMVP_PROFILE_TRAINING_H
#define SPMVP_PROFILE_TRAINING_H

#include "profile.h"
#include "profile_json.h"

void spmvp_training_write(spmvp_json_writer *w, cJSON *root, const spmvp_profile_training *t);
void spmvp_training_write_prec(spmvp_json_writer *w, cJSON *obj, const spmvp_profile_precision *pp);
/* Absent members are no error (an untrained profile); wrong ones name their JSON path. */
spmvp_status spmvp_training_read(const spmvp_json_reader *r, const cJSON *root,
                                 spmvp_profile_training *t);
spmvp_status spmvp_training_read_prec(const spmvp_json_reader *r, const cJSON *obj,
                                      const char *at, spmvp_profile_precision *pp);

#endif
