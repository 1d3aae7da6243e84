#!/bin/bash
# stop 42, call 3 (H100): the whole-upload pin rule (aaccc04) against the array-by-array rule
# of stop 41 (rule.patch reversed), same machine, alternating: spmvp cg on laplace3d:100
# (83 MB of arrays: under the threshold, pageable under both) and laplace3d:150 (296 MB:
# the rule pins), both precisions, 3 rounds; bench's upload (pinned first) beside them;
# then test_cl_kernels and test_cl_cg on the GPU with the new rule.
source .gpu/setup.sh >/dev/null 2>&1
set -u
c=$OUT/c; mkdir -p $c
t0=$(date +%s)
{ nproc; nvidia-smi --query-gpu=name,driver_version --format=csv,noheader; date -u +%FT%TZ; } >$c/host.txt 2>&1
mkdir -p /tmp/old && tar cf - --exclude=./.gpu --exclude=./build-gpu --exclude=./build . | tar xf - -C /tmp/old
( cd /tmp/old && patch -R -p1 <$OLDPWD/.gpu/s42/rule.patch ) >$c/patch.log 2>&1 || { cat $c/patch.log; exit 1; }
{ cmake -S . -B build-gpu -DCMAKE_BUILD_TYPE=Release && cmake --build build-gpu --target spmvp test_cl_kernels test_cl_cg -j 16 &&
  cmake -S /tmp/old -B /tmp/old/b -DCMAKE_BUILD_TYPE=Release -DBUILD_TESTING=OFF && cmake --build /tmp/old/b --target spmvp -j 16; } >$c/build.log 2>&1 || { tail -30 $c/build.log; exit 1; }
echo "built $(($(date +%s) - t0)) s" >>$c/host.txt
for r in 1 2 3; do
for m in laplace3d:100 laplace3d:150; do
  for p in double single; do
    tol=1e-8; [ $p = single ] && tol=1e-4
    f=${m/:/-}-$p-$r
    for v in new old; do
      b=./build-gpu/spmvp; [ $v = old ] && b=/tmp/old/b/spmvp
      $b cg $m --device nvidia --precision $p --tol $tol --json >$c/cg-$v-$f.json 2>>$c/err.log
    done
    [ $r = 1 ] && ./build-gpu/spmvp bench $m --device nvidia --precision $p --formats csr_vector --runs 5 --batch 10 --json >$c/bench-$f.json 2>>$c/err.log
  done
done
done
echo "cg done $(($(date +%s) - t0)) s" >>$c/host.txt
export SPMVP_TEST_DEVICE=nvidia
timeout 200 ./build-gpu/tests/test_cl_kernels >$c/test_cl_kernels.log 2>&1; echo "rc $?" >>$c/test_cl_kernels.log
timeout 100 ./build-gpu/tests/test_cl_cg >$c/test_cl_cg.log 2>&1; echo "rc $?" >>$c/test_cl_cg.log
echo "total $(($(date +%s) - t0)) s" >>$c/host.txt
cd $OUT && tar czf c.tgz c && rm -rf c
