/* clock.h: the one wall clock spmvp times host work with (parsing, features, prediction,
 * conversions and uploads): CLOCK_MONOTONIC, so that a clock adjustment never makes a negative
 * or inflated time. */
#ifndef SPMVP_CLOCK_H
#define SPMVP_CLOCK_H

/* Microseconds since an arbitrary fixed point (differences only). */
double spmvp_now_us(void);

#endif
