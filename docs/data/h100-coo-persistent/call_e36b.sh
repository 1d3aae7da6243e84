#!/bin/bash
source .gpu/setup.sh >/dev/null 2>&1
t0=$(date +%s)
r=/tmp/e36b; rm -rf $r; mkdir -p $r
save() { tar czf $OUT/e36b.tgz.part -C /tmp e36b && mv $OUT/e36b.tgz.part $OUT/e36b.tgz; }
{ cmake -S . -B build-gpu -DCMAKE_BUILD_TYPE=Release && cmake --build build-gpu --target spmvp -j 16; } >$r/build.log 2>&1 || { tail -30 $r/build.log; exit 1; }
nvcc=$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)
( cmake -S . -B build-cuda -DCMAKE_BUILD_TYPE=Release -DCMAKE_CUDA_COMPILER="$nvcc" && cmake --build build-cuda --target cusparse_ref -j 8 ) > $r/cubuild.log 2>&1 &
cb=$!
( while sleep 20; do save; done ) & saver=$!
for rep in 1 2; do
for mp in laplace3d27:60/double laplace3d27:60/single laplace3d:100/double rmat:20/double; do
  m=${mp%/*}; p=${mp#*/}
  for v in v1/0 v1/528 v2/0 v2/528 v3/0 v3/528; do
    V=${v%/*}; G=${v#*/}
    f=$r/$(echo $m | tr ':' '_')_${p}_${V}_G${G}_r$rep.json
    SPMVP_COO_GROUPS=$G timeout 60 ./build-gpu/spmvp bench $m --device nvidia --precision $p --formats coo --cl-dir .gpu/cl$V --runs 30 --warmup 10 --batch 200 --json > $f 2>$f.err
  done
  echo "$rep $mp $(($(date +%s)-t0))" >> $r/times.txt
done
done
save
wait $cb
NCU=$(command -v ncu || ls /usr/local/cuda/bin/ncu /opt/nvidia/nsight-compute/*/ncu /usr/local/cuda/nsight-compute*/ncu 2>/dev/null | head -1)
echo "ncu: $NCU" >> $r/times.txt
ls /usr/local/cuda/bin >> $r/cudabin.txt 2>&1
if [ -n "$NCU" ]; then
  timeout 150 $NCU --metrics dram__bytes_read.sum,dram__bytes_write.sum,gpu__time_duration.sum,lts__t_bytes.sum ./build-cuda/bench/cusparse_ref laplace3d27:60 --precision double --runs 2 --warmup 1 --batch 2 > $r/ncu_cu.txt 2>&1
  save
  SPMVP_COO_GROUPS=528 timeout 120 $NCU --metrics dram__bytes_read.sum,dram__bytes_write.sum,gpu__time_duration.sum,lts__t_bytes.sum ./build-gpu/spmvp bench laplace3d27:60 --device nvidia --precision double --formats coo --runs 2 --warmup 1 --batch 2 > $r/ncu_sp.txt 2>&1
fi
echo "total $(($(date +%s)-t0))" >> $r/times.txt
kill $saver; save
