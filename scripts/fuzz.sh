#!/bin/sh
# scripts/fuzz.sh SECONDS [TARGET...]: builds the libFuzzer targets of tests/fuzz (clang,
# build-fuzz/) and runs each for SECONDS, SPMVP_FUZZ_JOBS at a time (default: the cores).
# Targets: fuzz_mm_parse fuzz_mm_read fuzz_roundtrip fuzz_gen_spec fuzz_profile (default all).
# Seeds come from matrices/, devices/ and the malformed test files; what the fuzzer finds
# stays in build-fuzz/corpus/TARGET for the next run; a crash is written to
# build-fuzz/crashes/TARGET/ and makes the script exit 1. docs/fuzzing.md has more.
set -eu
cd "$(dirname "$0")/.."
secs=${1:?usage: scripts/fuzz.sh SECONDS [TARGET...]}
shift
targets=${*:-fuzz_mm_parse fuzz_mm_read fuzz_roundtrip fuzz_gen_spec fuzz_profile}
jobs=${SPMVP_FUZZ_JOBS:-$(nproc)}
b=build-fuzz
cmake -S . -B $b -DCMAKE_C_COMPILER=clang -DSPMVP_FUZZ=ON -DBUILD_TESTING=OFF \
      -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null
cmake --build $b -j "$(nproc)" --target $targets >/dev/null

# seed corpora, rebuilt each run (the corpora the fuzzer grows are kept apart)
rm -rf $b/seeds
mkdir -p $b/seeds/mm $b/seeds/gz $b/seeds/gen $b/seeds/profile
cp tests/data/mm/*.mtx $b/seeds/mm/
for m in matrices/*.mtx.gz; do
    n=$(basename "$m" .gz)
    [ "$(wc -c <"$m")" -le 25000 ] && cp "$m" $b/seeds/gz/ && gzip -dc "$m" >$b/seeds/mm/"$n"
done
cp $b/seeds/mm/bad_*.mtx tests/data/mm/*.mtx.gz $b/seeds/gz/
for f in tests/data/mm/good_*.mtx; do gzip -c "$f" >$b/seeds/gz/"$(basename "$f").gz"; done
cp devices/*.json tests/data/profiles/*.json $b/seeds/profile/
i=0
for s in laplace2d:10 laplace3d:5 laplace3d27:4 random:100:8:normal random:100x50:4:uniform:7 \
         bench:64:8:fixed rmat:6 rmat:5:4:3 longrows:100:4:2:50 band:100:2 blockdiag:100:8 \
         perm:3:laplace2d:10 blocks3d:4:3 arrow:100:2:3 powerlaw:200:2:50:5; do
    printf '%s' "$s" >$b/seeds/gen/spec$i
    i=$((i + 1))
done

run() { # TARGET: one fuzzing run; its log in build-fuzz/logs/TARGET.log
    t=$1
    case $t in
    fuzz_mm_parse | fuzz_roundtrip) seeds=mm dict=mm.dict len=65536 ;;
    fuzz_mm_read) seeds=gz dict=mm.dict len=65536 ;;
    fuzz_gen_spec) seeds=gen dict=gen.dict len=256 ;;
    fuzz_profile) seeds=profile dict=profile.dict len=400000 ;;
    *) echo "unknown target $t" >&2; return 1 ;;
    esac
    mkdir -p $b/corpus/$t $b/crashes/$t $b/logs
    ASAN_OPTIONS=${ASAN_OPTIONS:-abort_on_error=1:detect_leaks=1} \
    UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1} \
    $b/tests/fuzz/$t -max_total_time="$secs" -max_len=$len -timeout=20 -rss_limit_mb=2048 \
        -dict=tests/fuzz/$dict -artifact_prefix=$b/crashes/$t/ -print_final_stats=1 \
        $b/corpus/$t $b/seeds/$seeds >$b/logs/$t.log 2>&1
}

failed=""
pids=""
n=0
for t in $targets; do
    ( run "$t" ) &
    pids="$pids $!:$t"
    n=$((n + 1))
    if [ $n -ge "$jobs" ]; then
        for p in $pids; do wait "${p%%:*}" || failed="$failed ${p#*:}"; done
        pids=""
        n=0
    fi
done
for p in $pids; do wait "${p%%:*}" || failed="$failed ${p#*:}"; done

for t in $targets; do
    execs=$(grep -o 'stat::number_of_executed_units: *[0-9]*' $b/logs/$t.log | grep -o '[0-9]*$' || true)
    echo "$t: ${execs:-?} inputs in ${secs} s, corpus $(ls $b/corpus/$t | wc -l) files"
done
if [ -n "$failed" ]; then
    for t in $failed; do
        echo "FAIL $t: crash in $b/crashes/$t/ (log $b/logs/$t.log):"
        grep -E 'ERROR|runtime error|SUMMARY|Test unit written' $b/logs/$t.log | head -5
    done
    exit 1
fi
