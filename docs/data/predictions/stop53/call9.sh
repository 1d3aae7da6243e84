#!/bin/bash
# stop 53, call 9 (H200): do the two levels of a launch-bound product (call 6) follow the CPU
# the process runs on? The host's topology, then bench of CSR-vector and CSR-adaptive on three
# small real matrices (double) pinned to each of 8 cores in turn (taskset), two rounds.
nvidia-smi --query-gpu=name --format=csv,noheader | grep -q H200 || { echo "not an H200"; exit 3; }
source .gpu/setup.sh >/dev/null 2>&1
set -u
c=/tmp/c53h; rm -rf $c; mkdir -p $c/r
t0=$(date +%s)
save() { tar czf $OUT/c53h.tgz.part -C /tmp c53h 2>/dev/null && mv $OUT/c53h.tgz.part $OUT/c53h.tgz; }
{ nproc; lscpu | grep -i "numa\|model name\|socket\|core"; nvidia-smi topo -m; bus=$(nvidia-smi --query-gpu=pci.bus_id --format=csv,noheader); echo "bus $bus"; b=$(echo $bus | tr 'A-F' 'a-f' | sed 's/^0000//'); ls /sys/bus/pci/devices/ | grep -i "${b#0000}" ; for d in /sys/bus/pci/devices/*${b: -10}; do echo "$d local_cpulist $(cat $d/local_cpulist 2>/dev/null) numa $(cat $d/numa_node 2>/dev/null)"; done; date -u +%FT%TZ; } >$c/host.txt 2>&1
{ cmake -S . -B build-gpu -DCMAKE_BUILD_TYPE=Release && cmake --build build-gpu --target spmvp -j 16; } >$c/build.log 2>&1 || { echo build failed; tail -30 $c/build.log; exit 1; }
echo "built $(($(date +%s) - t0)) s" >>$c/host.txt
for round in 1 2; do
  for core in 0 2 4 6 8 10 12 14; do
    for m in wing bcsstk08 polblogs; do
      taskset -c $core timeout 30 ./build-gpu/spmvp bench .gpu/matrices/$m.mtx.gz --device nvidia --precision double --formats csr_vector,csr_adaptive \
        --runs 30 --warmup 10 --batch 200 --json >$c/r/${m}_c${core}_$round.json 2>/dev/null
    done
  done
  echo "round $round $(($(date +%s) - t0)) s" >>$c/host.txt
  save
  [ $(($(date +%s) - t0)) -gt 120 ] && break
done
save
cat $c/host.txt
for f in $c/r/*.json; do printf '%s ' $(basename $f .json); python3 -c "
import json;d=json.load(open('$f'))
print(' '.join('%s %.1f/%.1f'%(r['format'],r['batch_us'],r['median_us']) for r in d['results']))" 2>/dev/null || echo; done
