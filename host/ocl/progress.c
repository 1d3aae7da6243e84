/* progress.c: the progress bar and log lines of long runs (progress.h). */
#define _POSIX_C_SOURCE 200809L /* fileno */
#include "progress.h"

#include <unistd.h>

spmvp_progress spmvp_progress_start(FILE *out, const char *what, size_t total)
{
    spmvp_progress p = {out, what, total, time(NULL), out ? isatty(fileno(out)) : 0};
    return p;
}

void spmvp_progress_step(spmvp_progress *p, size_t done)
{
    if (!p->out || !p->total)
        return;
    double el = difftime(time(NULL), p->start);
    double left = done ? el * (double)(p->total - done) / (double)done : 0;
    if (p->tty) {
        int w = 30, fill = (int)(w * done / p->total);
        fprintf(p->out, "\r[%.*s%*s] %zu of %zu %s, %.0f s elapsed, ~%.0f s left ", fill,
                "##############################", w - fill, "", done, p->total, p->what, el, left);
        if (done == p->total)
            fputc('\n', p->out);
    } else if (done % (p->total / 20 + 1) == 0 || done == p->total) {
        fprintf(p->out, "spmvp: progress: %zu of %zu %s, %.0f s elapsed, ~%.0f s left\n", done,
                p->total, p->what, el, left);
    }
    fflush(p->out);
}
