/* clcheck.h: the two macros every OpenCL call goes through (after the Khronos OpenCL-SDK).
 * Both record "call: CL_NAME (file:line)" with spmvp_fail(), set the caller's `st`, and jump
 * to a cleanup label named at the call site. */
#ifndef SPMVP_CLCHECK_H
#define SPMVP_CLCHECK_H

#include <CL/cl.h>

#include "spmvp_sparse.h"

/* For calls that return a cl_int. */
#define SPMVP_CL(call, label)                                                                  \
    do {                                                                                       \
        cl_int err_ = (call);                                                                  \
        if (err_ != CL_SUCCESS) {                                                              \
            st = spmvp_fail(err_, "%s: %s (%s:%d)", #call, spmvp_strerror(err_), __FILE__,     \
                            __LINE__);                                                         \
            goto label;                                                                        \
        }                                                                                      \
    } while (0)

/* For calls that report through errcode_ret: the call names `&err_` as its last argument,
 * e.g. SPMVP_CL_ASSIGN(buf, clCreateBuffer(ctx, flags, n, NULL, &err_), out_free). */
#define SPMVP_CL_ASSIGN(lhs, call, label)                                                      \
    do {                                                                                       \
        cl_int err_ = CL_SUCCESS;                                                              \
        (lhs) = call;                                                                          \
        if (err_ != CL_SUCCESS) {                                                              \
            st = spmvp_fail(err_, "%s: %s (%s:%d)", #call, spmvp_strerror(err_), __FILE__,     \
                            __LINE__);                                                         \
            goto label;                                                                        \
        }                                                                                      \
    } while (0)

#endif
