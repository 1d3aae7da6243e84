/* stage.h: host-to-device writes through two pinned staging buffers.
 *
 * A write from pageable memory (what malloc returns) goes through the driver's own staging on
 * one thread: NVIDIA's OpenCL (driver 580) wrote 7-11 GB/s so on the H100's and H200's hosts,
 * while its copy engine reads pinned memory at 54-55 GB/s (stop 41, docs/solver-h100.md).
 * spmvp_stage_write fills two pinned chunks in turn, each on up to SPMVP_STAGE_THREADS of
 * OpenMP's threads, and writes each without blocking while the next is filled: on the H100,
 * 16 GB/s at 4 MiB, 27 at 16 MiB, 40 from 64 MiB (chunks of 8 MiB, 8 threads, the best of
 * 2-16 threads and 1-16 MiB chunks there).
 *
 * Which writes are staged is the device's choice (spmvp_device_info.stage_bytes: arrays of
 * 4 MiB and more on a GPU with memory of its own, none on CPUs, whose "copy engine" is a
 * memcpy that staging would only repeat).
 *
 * Ownership: the two chunks belong to the context. They are pinned at the first staged write
 * (2 x 8 MiB: 11.9 ms on the H100's host, 6.5 ms on the H200's) and released by
 * spmvp_context_free; that once-per-context cost is summed in ctx->stage_us, like a kernel's
 * build in ctx->build_us, and is not part of any write's time.
 *
 * When to pin (spmvp_stage_upload) is a rent-or-buy choice: staging saves about 0.09 ns a byte
 * on the H100 (pageable 8-10 GB/s, staged 40), so pinning pays for itself after about 130 MB
 * (stop 41: one upload of CSR-vector in double saved 0.1-8.5 ms up to 7 M entries, 13-22 ms
 * from 10 M). A context writes pageable memory until its arrays large enough to stage add up to
 * SPMVP_STAGE_PIN_BYTES, then pins: it never pays more than about twice what knowing its
 * future would have cost, and a process that uploads one medium matrix pays nothing. The
 * count is taken a whole upload at a time (every array of one plan), before its first array:
 * the upload that reaches the threshold pins first and stages all its arrays. (Counted array
 * by array, as stop 41 did, a CSR matrix of 23.6 M entries in double wrote its row pointers and
 * column indices pageable and only its values staged: 19-20 ms of upload plus the pin on the
 * H100, stop 42, where staging all of it costs about 8.)
 * spmvp_stage_reserve pins at once, for a process that will upload enough (train, whose tables
 * time the staged path from its first matrix). */
#ifndef SPMVP_STAGE_H
#define SPMVP_STAGE_H

#include <stddef.h>

#include "context.h"

/* Chunk size and threads of the staged copies (measured, above). */
#define SPMVP_STAGE_CHUNK ((size_t)8 << 20)
#define SPMVP_STAGE_THREADS 8
/* The stageable bytes a context writes pageable before it pins (above). */
#define SPMVP_STAGE_PIN_BYTES ((size_t)128 << 20)

/* Whether the device stages an array of `bytes` (its stage_bytes and more), pinned or not. */
int spmvp_stage_sized(const spmvp_context *ctx, size_t bytes);

/* Counts one upload's arrays that spmvp_stage_sized takes (their bytes summed: `bytes`) toward
 * the context's SPMVP_STAGE_PIN_BYTES (ctx->stage_seen), and pins the chunks once that total,
 * this upload included, reaches it: called before the upload's first array. Nothing to report:
 * chunks that cannot be pinned leave the context writing pageable memory (stage_write). */
void spmvp_stage_upload(spmvp_context *ctx, size_t bytes);

/* Whether an array of `bytes` goes through staging now: a size the device stages, and the
 * context has its chunks. */
int spmvp_stage_wanted(const spmvp_context *ctx, size_t bytes);

/* Pins the chunks now where the device stages (stage_bytes), so that every later array of
 * stage_bytes is staged. SPMVP_OK where nothing is staged or the chunks cannot be pinned (the
 * context then writes pageable memory, as spmvp_stage_write says). */
spmvp_status spmvp_stage_reserve(spmvp_context *ctx);

/* Writes elements [first, first + count) of src, each out_size bytes on the device, to dst
 * (pinned memory): a copy, or a conversion such as single precision's narrowing. */
typedef void (*spmvp_stage_fill)(void *dst, const void *src, size_t first, size_t count);

/* Writes count elements of src (converted by fill, out_size bytes each) to buf at byte offset
 * off, through the context's staging chunks of chunk_bytes (0: SPMVP_STAGE_CHUNK; the chunks
 * are pinned at that size the first time, later calls use them at that size whatever they
 * ask), and returns once the device holds them. SPMVP_ERR_UNSUPPORTED, having written
 * nothing, when the chunks cannot be pinned: the context's stage_bytes is then 0, so that its
 * callers write pageable memory instead. OpenCL errors, SPMVP_ERR_NOMEM; buf then holds an
 * unknown part of the data. */
spmvp_status spmvp_stage_write(spmvp_context *ctx, cl_mem buf, size_t off, const void *src,
                               size_t count, size_t out_size, spmvp_stage_fill fill,
                               size_t chunk_bytes);

/* A fill that copies bytes: out_size 1, on up to SPMVP_STAGE_THREADS threads. */
void spmvp_stage_copy_bytes(void *dst, const void *src, size_t first, size_t count);
/* A fill that narrows doubles to floats (out_size 4), as spmvp_narrow_values does. */
void spmvp_stage_narrow(void *dst, const void *src, size_t first, size_t count);

/* Releases the context's staging chunks (spmvp_context_free calls it; NULL-safe). */
void spmvp_stage_release(spmvp_context *ctx);

#endif
