/* kernel_digest.h: which kernels a measurement ran. A format's digest is zlib's CRC-32 of the
 * OpenCL C its products run — cl/prelude.cl, then the format's sources (format.h's
 * `kernels`), each with its comments and runs of white space taken out, so that rewording a
 * comment or re-indenting a line leaves it alone — and of its plan's revision (format.h's
 * `revision`, raised by hand when the host changes what the kernels do while their source
 * stays the same).
 *
 * Why: a training table gathers rows over many sessions, and a kernel changes between them
 * (CSR-adaptive's lean share, COO's persistent groups). A row measured with an older kernel
 * predicts a product that this spmvp no longer runs. `spmvp train` writes each row's digest in
 * the table, the profile records the digest most of a format's rows were measured with, and
 * `rank` notes a format whose digest differs from this spmvp's (its predictions may be stale).
 *
 * Ownership: nothing to free; the digest goes into the caller's buffer. */
#ifndef SPMVP_KERNEL_DIGEST_H
#define SPMVP_KERNEL_DIGEST_H

#include "format.h"
#include "profile.h"

#define SPMVP_DIGEST_LEN 8 /* hex digits of a CRC-32 */

/* The CRC-32 (zlib's) of `text` as kernel_digest.h says, continuing `crc` (0 to start):
 * every C comment read as one space, then every run of white space as one space, none at the
 * start or the end; a string or character literal is taken as it is. */
unsigned long spmvp_source_crc(unsigned long crc, const char *text);

/* Format f's digest, SPMVP_DIGEST_LEN lowercase hex digits and a NUL, into out: of the sources
 * read as spmvp builds them (cl_dir as in spmvp_kernel_source; NULL: the copies built in).
 * SPMVP_ERR_ARG for an unknown format or one whose descriptor names no kernels (version < 3),
 * SPMVP_ERR_IO when a source cannot be had (spmvp_last_error says why); out is "" then. */
spmvp_status spmvp_kernel_digest(spmvp_format f, const char *cl_dir,
                                 char out[SPMVP_DIGEST_LEN + 1]);

/* stale[f] = 1 for each format f whose training rows profile p records a digest for
 * (training.kernels) that is not this spmvp's (the built-in sources'): p's predictions for f
 * may be of kernels that this spmvp no longer runs. 0 otherwise, also where p records none
 * (trained before 2026-11-28) or p is NULL. Each recorded format's digest is computed once. */
void spmvp_profile_stale_kernels(const spmvp_profile *p, unsigned char stale[SPMVP_NFORMATS]);

#endif
