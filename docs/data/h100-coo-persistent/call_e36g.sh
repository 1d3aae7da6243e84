#!/bin/bash
source .gpu/setup.sh >/dev/null 2>&1
r=/tmp/e36g; rm -rf $r; mkdir -p $r
for rep in 1 2 3; do
FORMATS=coo,hyb RUNS=30 PRECISIONS=double scripts/gpu_ab.sh $r/ab$rep .gpu/a . .gpu/matrices/add32.mtx.gz .gpu/matrices/fd18.mtx.gz .gpu/matrices/lp_qap12.mtx.gz .gpu/matrices/lns_3937.mtx.gz .gpu/matrices/bcsstk10.mtx.gz > $r/ab$rep.log 2>&1
done
tar czf $OUT/e36g.tgz -C /tmp e36g
