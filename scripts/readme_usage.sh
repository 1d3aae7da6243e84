#!/bin/sh
# scripts/readme_usage.sh SPMVP: replaces the README's usage block (the fenced block after
# the first fence after "## Usage") with `SPMVP help --usage`, which tests/cli_conventions.sh checks.
set -e
spmvp=${1:-./build/spmvp}
"$spmvp" help --usage >README.usage.tmp
awk -v f=README.usage.tmp '
  /^## Usage/ && !done { print; mark = 1; done = 1; next }
  mark == 1 && /^```$/ { print; while ((getline l < f) > 0) print l; mark = 2; next }
  mark == 2 && /^```$/ { mark = 0 }
  mark == 2 { next }
  { print }' README.md >README.md.tmp
mv README.md.tmp README.md
rm -f README.usage.tmp
