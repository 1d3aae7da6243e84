/* status.h: spmvp's one status type, its names, and the detail of the last error. */
#ifndef SPMVP_STATUS_H
#define SPMVP_STATUS_H

/* SPMVP_OK is 0; our own codes are positive; OpenCL error codes (negative) pass through
 * unchanged, so spmvp_strerror() names both without including OpenCL headers. */
typedef enum spmvp_status_code {
    SPMVP_OK = 0,
    SPMVP_ERR_NOMEM = 1,       /* an allocation failed */
    SPMVP_ERR_IO = 2,          /* a file could not be opened, read or written */
    SPMVP_ERR_PARSE = 3,       /* malformed input (Matrix Market, JSON, ...) */
    SPMVP_ERR_UNSUPPORTED = 4, /* valid input spmvp does not handle (array, complex, ...) */
    SPMVP_ERR_RANGE = 5,       /* a size or index outside what 32-bit indices allow */
    SPMVP_ERR_UNSUITABLE = 6,  /* a format cannot hold this matrix on this device */
    SPMVP_ERR_VERIFY = 7,      /* a device result differs from the CPU reference */
    SPMVP_ERR_NO_DEVICE = 8,   /* no OpenCL platform or no device matches */
    SPMVP_ERR_BUILD = 9,       /* an OpenCL program failed to build */
    SPMVP_ERR_ARG = 10         /* an invalid argument from the caller */
} spmvp_status_code;

typedef int spmvp_status; /* an spmvp_status_code or an OpenCL cl_int error code */

/* Returns a static, readable name: "SPMVP_ERR_PARSE", "CL_INVALID_WORK_GROUP_SIZE", ... */
const char *spmvp_strerror(spmvp_status s);

/* Records a one-line, printf-style description of the error being returned (thread-local,
 * overwritten by the next call); control characters in it (from echoed input) become '?'. Returns s, so callers can write `return spmvp_fail(s, ...)`. */
spmvp_status spmvp_fail(spmvp_status s, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;

/* The last message recorded by spmvp_fail() on this thread ("" if none). Never NULL. */
const char *spmvp_last_error(void);

#endif
