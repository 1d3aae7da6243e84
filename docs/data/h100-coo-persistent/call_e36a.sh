#!/bin/bash
# stop 36: COO with persistent, pipelined work-groups (SPMVP_COO_GROUPS caps the groups)
source .gpu/setup.sh >/dev/null 2>&1
t0=$(date +%s)
r=/tmp/e36a; rm -rf $r; mkdir -p $r
{ cmake -S . -B build-gpu -DCMAKE_BUILD_TYPE=Release && cmake --build build-gpu --target spmvp -j 16; } >$r/build.log 2>&1 || { tail -30 $r/build.log; exit 1; }
nvidia-smi --query-gpu=name,driver_version --format=csv > $r/dev.txt; date -u >> $r/dev.txt
save() { tar czf $OUT/e36a.tgz.part -C /tmp e36a && mv $OUT/e36a.tgz.part $OUT/e36a.tgz; }
( while sleep 20; do save; done ) & saver=$!
for rep in 1 2; do
for mp in laplace3d27:60/double laplace3d27:60/single laplace3d:100/double rmat:20/double random:1000000:20:uniform/double longrows:1000000:4:36:50000/double; do
  m=${mp%/*}; p=${mp#*/}
  for v in 0/4 528/4 1056/4 2112/4 0/8 1056/8; do
    G=${v%/*}; it=${v#*/}
    f=$r/$(echo $m | tr ':' '_')_${p}_G${G}_i${it}_r$rep.json
    SPMVP_COO_GROUPS=$G timeout 60 ./build-gpu/spmvp bench $m --device nvidia --precision $p --formats coo --coo-items $it --runs 30 --warmup 10 --batch 200 --json > $f 2>$f.err
  done
  echo "$rep $mp $(($(date +%s)-t0))" >> $r/times.txt
done
done
save
if [ $(($(date +%s)-t0)) -lt 380 ]; then
  nvcc=$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)
  { cmake -S . -B build-cuda -DCMAKE_BUILD_TYPE=Release -DCMAKE_CUDA_COMPILER="$nvcc" && cmake --build build-cuda --target cusparse_ref -j 16; } > $r/cubuild.log 2>&1
  for mp in laplace3d27:60/double laplace3d27:60/single laplace3d:100/double rmat:20/double; do
    m=${mp%/*}; p=${mp#*/}
    timeout 60 ./build-cuda/bench/cusparse_ref $m --precision $p --runs 30 --warmup 10 --batch 200 --json > $r/cu_$(echo $m | tr ':' '_')_$p.json 2>>$r/cu.err
  done
fi
echo "total $(($(date +%s)-t0))" >> $r/times.txt
kill $saver; save
