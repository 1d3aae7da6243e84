/* clock.c: spmvp_now_us (clock.h). */
#define _POSIX_C_SOURCE 200809L /* clock_gettime */
#include "clock.h"

#include <time.h>

double spmvp_now_us(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec * 1e6 + (double)t.tv_nsec * 1e-3;
}
