#!/bin/bash
# stop 42, call 9 (H100): are call 7-8's slow uploads CPU throttling of spinning OpenMP threads?
# The machine's cgroup CPU limit and throttle counters around spmvp cg on laplace3d27:80
# (CSR-vector and CSR-adaptive, staged uploads of 164-218 MB), OMP_WAIT_POLICY passive and the
# default alternating, 4 rounds.
source .gpu/setup.sh >/dev/null 2>&1
set -u
d=$OUT/thr; mkdir -p $d
{ nproc; nvidia-smi --query-gpu=name,driver_version --format=csv,noheader; date -u +%FT%TZ; uptime;
  for f in /sys/fs/cgroup/cpu.max /sys/fs/cgroup/cpu.stat /sys/fs/cgroup/cpu/cpu.cfs_quota_us /sys/fs/cgroup/cpu/cpu.cfs_period_us /sys/fs/cgroup/cpu/cpu.stat; do
    [ -r $f ] && { echo "== $f"; cat $f; }; done; cat /proc/self/cgroup; } >$d/host.txt 2>&1
{ cmake -S . -B build-gpu -DCMAKE_BUILD_TYPE=Release -DBUILD_TESTING=OFF && cmake --build build-gpu --target spmvp -j 16; } >$d/build.log 2>&1 || { tail -30 $d/build.log; exit 1; }
stat() { for f in /sys/fs/cgroup/cpu.stat /sys/fs/cgroup/cpu/cpu.stat; do [ -r $f ] && grep -E "throttled" $f | tr '\n' ' '; done; echo; }
t0=$(date +%s)
for r in 1 2 3 4; do
  for w in passive default; do
    for f in csr_vector csr_adaptive; do
      echo "$r $w $f before: $(stat)" >>$d/throttle.txt
      if [ $w = passive ]; then
        OMP_WAIT_POLICY=passive ./build-gpu/spmvp cg laplace3d27:80 --device nvidia --format $f --json >$d/cg.$f.$w.$r.json 2>>$d/err.log
      else
        ./build-gpu/spmvp cg laplace3d27:80 --device nvidia --format $f --json >$d/cg.$f.$w.$r.json 2>>$d/err.log
      fi
      echo "$r $w $f after: $(stat)" >>$d/throttle.txt
    done
  done
done
{ uptime; echo "total $(($(date +%s) - t0)) s"; } >>$d/host.txt
cd $OUT && tar czf thr.tgz thr && rm -rf thr
