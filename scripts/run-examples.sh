#!/usr/bin/env bash
# Installs what is missing, builds Lanes, then compiles every program in
# examples/ twice (lanes++, and g++ library-only), runs both and prints their
# results and times side by side.
set -euo pipefail
cd "$(dirname "$0")/.."

examples=(vector-add reduction matmul-tiled)
./scripts/build.sh --target "${examples[@]/#/example-}"

echo
echo "Each example verifies its result; times are medians of 5 runs."
echo "lanes++ = kernels compiled by Lanes; library-only = the same source built by g++."
echo
printf "%-14s %-8s %14s %18s %9s\n" example result "lanes++ ms" "library-only ms" speedup
status=0
for e in "${examples[@]}"; do
  fast=$(./build/bin/example-$e) || status=1
  slow=$(./build/bin/example-$e-lib) || status=1
  echo "  $fast"
  echo "  $slow   (library-only)"
  tf=${fast##*time_ms=}
  ts=${slow##*time_ms=}
  ok=OK
  [[ $fast == *" OK "* && $slow == *" OK "* ]] || ok=FAILED
  printf "%-14s %-8s %14s %18s %8.1fx\n\n" "$e" "$ok" "$tf" "$ts" \
    "$(awk -v a="$ts" -v b="$tf" 'BEGIN { print (b > 0 ? a / b : 0) }')"
done
exit $status
