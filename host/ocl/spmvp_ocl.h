/* spmvp_ocl.h: the public API of spmvp's OpenCL layer (host/ocl): devices, contexts and their
 * program cache, a matrix uploaded in one format, verified timing, micro-benchmarks,
 * calibration runs and conjugate gradients. The command line includes this header, not its
 * parts.
 *
 * Ownership follows spmvp_sparse.h's rule; in addition a context owns its queue, its programs
 * and kernels, and an spmvp_spmv or spmvp_blas borrows its context (free it first). Every cl* call is
 * checked (clcheck.h) and an OpenCL error code is returned as the spmvp_status it is. */
#ifndef SPMVP_OCL_API_H
#define SPMVP_OCL_API_H

#include "spmvp_predict.h"

#include "device.h"     /* device query and selection */
#include "context.h"    /* context, queue, program cache */
#include "spmv.h"       /* a matrix on the device in one format: y = A*x */
#include "stage.h"      /* uploads through pinned staging buffers, and when to pin */
#include "blas.h"       /* dot, axpy, aypx and CG's steps on device vectors */
#include "cg.h"         /* conjugate gradients on the device */
#include "bench.h"      /* verification and event timing */
#include "microbench.h" /* copy bandwidth, launch cost, host-to-device bandwidth */
#include "calibrate.h"  /* timing the models' calibration plans */
#include "progress.h"   /* progress of long runs */
#include "kernel_digest.h" /* which kernels a measurement ran (training tables) */

#endif
