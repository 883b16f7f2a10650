#!/usr/bin/env bash
# Instructions per sample of each kernel on each ISA, and of the yardsticks (stb_perlin, glm::perlin,
# libnoise) on their workloads in the same binary: exact and repeatable, unlike timings on a shared
# machine. Prints a markdown table (progress goes to stderr):
#
#   bash bench/count_instructions.sh build/release/bench/gradnoise_bench | tee instr_table.md
#
# Counter: `perf stat -e instructions:u` where the kernel exposes it (bare metal; many VMs print
# "<not supported>"), else callgrind. COUNTER=perf|callgrind overrides the choice.
# - perf counts the whole process, so each benchmark runs once with 1 and once with 3 repetitions
#   of one iteration (--benchmark_min_time=0 runs exactly one iteration per repetition) and the
#   difference, two iterations of the benchmark loop, is divided by their samples: set-up (point
#   sets, tables, registration) cancels out.
# - callgrind sums the self cost of the functions that do the per-sample work: gradnoise's kernels
#   (gradnoise::kernels::, and gradnoise::reference:: which the scalar path calls); for the
#   yardsticks, the loops in bench/*_yardstick.cpp (yardstick::) and what they call (glm::perlin,
#   stb_perlin_*, libnoise's noise::, libm), not table construction or point generation.
#   valgrind 3.19 cannot execute AVX-512, so the avx512 kernels are not counted here
#   (docs/benchmarks.md counts their loops from the disassembly instead), and on a CPU with
#   AVX-512 the yardstick TUs (-O3 -march=native) would contain EVEX code: for them the script
#   builds a copy of the benchmark with -march=native -mno-avx512f
#   (-DGRADNOISE_YARDSTICK_EXTRA_FLAGS) in $VALGRIND_BUILD_DIR (default build/count-instructions),
#   or uses $PEER_BENCH if set (any counter). Their counts are then those of the AVX2-level
#   -march=native code.
#
# FastNoise2, the leader (issue #26), is a peer too when the binary has its fn2/ rows and PEERS
# names fn2: its rows are per ISA (fn2/<family>/<workload>/<isa>, the family without -mix, which
# is the same field's fast variant), counted over FastNoise2's and FastSIMD's functions and the
# peer's loop (bench/fastnoise2_peer.cpp, peer::), one column per ISA.
#
# OPMIX=1 (callgrind only) also prints, under the table, what each count is made of: vector
# operations by class, moves and loop control, per sample (bench/op_mix.py).
#
# Environment: ISAS (default "scalar sse2 avx2"), WORKLOADS (default below), PEERS (default
# "stb glm libnoise"; empty = none; add fn2 for FastNoise2), COUNTER, PEER_BENCH, VALGRIND_BUILD_DIR,
# JOBS (build, default 1).
# Workloads or peers the binary lacks are skipped (empty cells). Under callgrind a full run takes
# several minutes (the scalar fBm workloads dominate).
set -euo pipefail
bench=${1:-build/release/bench/gradnoise_bench}
isas=${ISAS:-scalar sse2 avx2}
workloads=${WORKLOADS:-perlin2/points1M perlin3/points1M perlin4/points1M fbm3_6oct/points1M perlin2/grid1024 \
perlin3/grid128x128x64 fbm2_6oct/grid1024 perlin2-mix/points1M perlin3-mix/points1M}
peers=${PEERS-stb glm libnoise}
counter=${COUNTER:-auto}
root=$(cd "$(dirname "$0")/.." && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

"$bench" --benchmark_list_tests >"$tmp/list"
has() { grep -qxF "$1" "$tmp/list"; }

perf_ok() {
  command -v perf >/dev/null 2>&1 &&
    perf stat -x, -o "$tmp/perf-probe" -e instructions:u -- true >/dev/null 2>&1 &&
    awk -F, '$3 ~ /^instructions/ && $1 ~ /^[0-9]+$/ {ok = 1} END {exit !ok}' "$tmp/perf-probe"
}
if [[ $counter == auto ]]; then
  if perf_ok; then counter=perf; else counter=callgrind; fi
fi

# Samples per iteration from the workload's name (kernel/size): points1M = 2^20, gridN = N^2,
# gridAxBxC = A B C.
samples() {
  local w=${1#*/}
  case $w in
    points1M) echo 1048576 ;;
    grid*x*x*) w=${w#grid}; IFS=x read -r a b c <<<"$w"; echo $((a * b * c)) ;;
    grid*) w=${w#grid}; echo $((w * w)) ;;
    *) echo "count_instructions.sh: unknown workload size in '$1'" >&2; exit 1 ;;
  esac
}

# Sum of iterations of the non-aggregate lines of benchmark $2 in console output $1.
iterations() { awk -v n="$2" '$1 == n {s += $6} END {print s + 0}' "$1"; }

# Instructions per sample of benchmark $2 in binary $1 ($3 samples per iteration); $4: awk regex of
# the functions to sum (callgrind).
count() {
  local bin=$1 name=$2 s=$3 filter=$4 total iters
  if [[ $counter == perf ]]; then
    local r i1 i3 n1 n3
    for r in 1 3; do
      perf stat -x, -o "$tmp/perf$r" -e instructions:u -- "$bin" --benchmark_filter="^$name\$" \
        --benchmark_min_time=0 --benchmark_repetitions=$r >"$tmp/out$r" 2>&1
    done
    i1=$(awk -F, '$3 ~ /^instructions/ {print $1}' "$tmp/perf1")
    i3=$(awk -F, '$3 ~ /^instructions/ {print $1}' "$tmp/perf3")
    n1=$(iterations "$tmp/out1" "$name")
    n3=$(iterations "$tmp/out3" "$name")
    awk -v a="$i1" -v b="$i3" -v n="$((n3 - n1))" -v s="$s" 'BEGIN {printf "%.1f", (b - a) / (n * s)}'
  else
    valgrind --tool=callgrind ${OPMIX:+--dump-instr=yes} --callgrind-out-file="$tmp/cg" "$bin" \
      --benchmark_filter="^$name\$" --benchmark_min_time=0 >"$tmp/out" 2>&1
    iters=$(iterations "$tmp/out" "$name")
    total=$(callgrind_annotate --threshold=100 "$tmp/cg" 2>/dev/null |
            awk -v f="$filter" '$0 ~ f {gsub(",", "", $1); s += $1} END {print s + 0}')
    if [[ -n ${OPMIX:-} ]]; then
      echo "- $name: $(python3 "$root/bench/op_mix.py" "$tmp/cg" "$bin" "$((iters * s))" "$filter")" >>"$tmp/opmix"
    fi
    rm -f "$tmp/cg"
    awk -v t="$total" -v i="$iters" -v s="$s" 'BEGIN {printf "%.1f", t / (i * s)}'
  fi
}

# The yardsticks' binary: $PEER_BENCH, else the same one, except under callgrind on an AVX-512 CPU
# (see above).
peer_bench=${PEER_BENCH:-$bench}
peer_note=""
yardstick_peers=${peers//fn2/}
if [[ -n ${yardstick_peers// /} && $counter == callgrind ]] && grep -qw avx512f /proc/cpuinfo; then
  if [[ -z ${PEER_BENCH:-} ]]; then
    dir=${VALGRIND_BUILD_DIR:-build/count-instructions}
    echo "building $dir (yardsticks with -mno-avx512f for valgrind)" >&2
    cmake -S "$root" -B "$dir" -DCMAKE_BUILD_TYPE=Release -DGRADNOISE_BUILD_TESTS=OFF -DGRADNOISE_BUILD_CLI=OFF \
      -DGRADNOISE_BUILD_BAKE=OFF -DGRADNOISE_BUILD_EXAMPLES=OFF -DGRADNOISE_YARDSTICK_EXTRA_FLAGS=-mno-avx512f >&2
    cmake --build "$dir" -j"${JOBS:-1}" --target gradnoise_bench >&2
    peer_bench=$dir/bench/gradnoise_bench
  fi
  peer_note=" (yardsticks: -O3 -march=native -mno-avx512f, valgrind cannot run EVEX code)"
fi

kernels='gradnoise::(kernels|reference)::'
yardsticks='yardstick::|glm::|stb_|(^|[^A-Za-z0-9_])noise::|libm[.]so'
leader='FastNoise|FastSIMD|(^|[^A-Za-z0-9_])peer::'
declare -A cell
for w in $workloads; do
  for isa in $isas; do
    if has "$w/$isa"; then
      cell[$w,$isa]=$(count "$bench" "$w/$isa" "$(samples "$w")" "$kernels")
      echo "$w/$isa: ${cell[$w,$isa]}" >&2
    fi
  done
  if [[ " $peers " == *" fn2 "* ]]; then
    family=${w%%/*}
    for isa in $isas; do
      fn2_name=fn2/${family%-mix}/${w#*/}/$isa
      if has "$fn2_name"; then
        cell[$w,fn2-$isa]=$(count "$bench" "$fn2_name" "$(samples "$w")" "$leader")
        echo "$fn2_name: ${cell[$w,fn2-$isa]}" >&2
      fi
    done
  fi
  for p in $peers; do
    [[ $p == fn2 ]] && continue
    if has "$p/$w"; then
      cell[$w,$p]=$(count "$peer_bench" "$p/$w" "$(samples "$w")" "$yardsticks")
      echo "$p/$w: ${cell[$w,$p]}" >&2
    fi
  done
done

cpu=$(awk -F': ' '/^model name/ {print $2; exit}' /proc/cpuinfo)
echo "Instructions per sample, $counter, ${cpu:-unknown CPU}$peer_note:"
echo
names=(stb glm libnoise)
labels=(stb_perlin glm::perlin libnoise)
header="| workload |"
rule="|---|"
for isa in $isas; do header+=" $isa |"; rule+="---:|"; done
for i in "${!names[@]}"; do
  if [[ " $peers " == *" ${names[$i]} "* ]]; then header+=" ${labels[$i]} |"; rule+="---:|"; fi
done
if [[ " $peers " == *" fn2 "* ]]; then
  for isa in $isas; do header+=" FastNoise2 $isa |"; rule+="---:|"; done
fi
echo "$header"
echo "$rule"
for w in $workloads; do
  row="| $w |"
  for isa in $isas; do row+=" ${cell[$w,$isa]:-} |"; done
  for p in "${names[@]}"; do
    if [[ " $peers " == *" $p "* ]]; then row+=" ${cell[$w,$p]:-} |"; fi
  done
  if [[ " $peers " == *" fn2 "* ]]; then
    for isa in $isas; do row+=" ${cell[$w,fn2-$isa]:-} |"; done
  fi
  echo "$row"
done
if [[ -s $tmp/opmix ]]; then
  echo
  echo "Per sample, by class (bench/op_mix.py; vector ops = the work of the vector units, moves and loop excluded):"
  echo
  cat "$tmp/opmix"
fi
