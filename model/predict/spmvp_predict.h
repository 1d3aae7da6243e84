/* spmvp_predict.h: the public API of spmvp's prediction layer (model/predict): calibration
 * points, device profiles, the registry of models and their predictions. OpenCL-free: a profile
 * is read, refitted and used for prediction on any machine. The layers above include this
 * header, not its parts.
 *
 * Ownership follows spmvp_sparse.h's rule: what a function makes, the caller frees with the
 * matching *_free or *_release (accepting NULL); a profile owns its calibrations and its models'
 * parts; a predictor borrows its profile (keep the profile alive while the predictor is used)
 * and owns its models' state until spmvp_predictor_release. */
#ifndef SPMVP_PREDICT_API_H
#define SPMVP_PREDICT_API_H

#include "spmvp_sparse.h"

#include "calib.h"         /* calibration points and seed 000's strip models */
#include "profile.h"       /* device profiles (JSON) */
#include "model.h"         /* the model interface and registry */
#include "predict_all.h"   /* every format under every model for one matrix */
#include "hyb_threshold.h" /* seed 002's Algorithm 2 beside the usual HYB width rules */
#include "drstats.h"       /* D_r statistics for evaluations */
#include "featvec.h"       /* feature vectors of configurations; the configurations to rank */
#include "train_table.h"   /* the training table the learned models fit from */
#include "cv.h"            /* cross-validation grouped by family, and its summaries */
#include "rank.h"          /* configurations best first, with intervals and ties */
#include "setup_cost.h"    /* conversion and upload: what a format costs before its first product */
#include "advise.h"        /* the configuration for N products, setup counted */
#include "pair_ratio.h"    /* device B from device A on what both measured (compare) */

#endif
