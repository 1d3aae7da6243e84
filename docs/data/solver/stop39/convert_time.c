#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include "format.h"
#include "gen.h"
static double now(void){struct timespec t;clock_gettime(CLOCK_MONOTONIC,&t);return t.tv_sec*1e6+t.tv_nsec*1e-3;}
int main(int argc,char**argv){
  spmvp_gen_spec g; if(spmvp_gen_parse(argv[1],&g)) return 1;
  spmvp_csr *A; if(spmvp_gen_build(&g,&A)) return 2;
  spmvp_target t={argc>2?atoi(argv[2]):4,256,32,49152,132};
  for(int f=0;f<SPMVP_NFORMATS;f++){
    for(int rep=0;rep<3;rep++){
    spmvp_mapping m=spmvp_mapping_auto(); spmvp_plan p;
    double t0=now(); int st=spmvp_format_plan(f,A,&m,&t,&p); double t1=now();
    printf("%-14s %d %10.0f us\n",spmvp_format_name(f),st,t1-t0);
    if(!st) spmvp_plan_release(&p);
    }
  }
}
