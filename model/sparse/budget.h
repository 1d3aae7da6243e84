/* budget.h: the host memory budget: what spmvp may allocate for one matrix before it refuses.
 *
 * A size line or a generator spec decides allocations of up to tens of gigabytes from a few
 * bytes of input. Every place that allocates from such a size first adds up what it needs here
 * and asks spmvp_host_check, so that an impossible matrix is one line of error, not a process
 * the kernel kills.
 *
 * The limit is SPMVP_MAX_HOST_BYTES from the environment (a plain decimal byte count, optionally
 * followed by K, M, G or T for powers of 1024), else half of the physical memory. OpenCL-free. */
#ifndef SPMVP_BUDGET_H
#define SPMVP_BUDGET_H

#include <stddef.h>
#include <stdint.h>

#include "status.h"

/* The host limit in bytes (read from the environment on each call, so tests can change it). */
uint64_t spmvp_host_limit(void);

/* a + b and a * b, saturating at UINT64_MAX: sizes that overflow are simply too large. */
uint64_t spmvp_bytes_add(uint64_t a, uint64_t b);
uint64_t spmvp_bytes_mul(uint64_t a, uint64_t b);

/* Host bytes of a CSR with `rows` rows and `nnz` entries (row pointers, columns, values). */
uint64_t spmvp_csr_host_bytes(uint64_t rows, uint64_t nnz);

/* Peak host bytes of spmvp_csr_from_triplets for nrows rows and n triplets: the CSR and one
 * 32-bit position per entry (the triplets themselves are the caller's). */
uint64_t spmvp_csr_from_triplets_bytes(uint64_t nrows, uint64_t n);

/* SPMVP_OK when `bytes` fit the host limit; else SPMVP_ERR_NOMEM with the message
 * "NAME: WHAT: B bytes of host memory needed, above the limit of L bytes
 * (SPMVP_MAX_HOST_BYTES)".
 * name may be NULL (then the message starts with WHAT). */
spmvp_status spmvp_host_check(const char *name, const char *what, uint64_t bytes);

#endif
