#!/usr/bin/env bash
# Runs the libFuzzer targets of a GRADNOISE_FUZZ build tree for a bounded time each:
#   fuzz/run.sh BUILD_DIR SECONDS [TARGET...]     (default: every target; GRADNOISE_FUZZ_JOBS at a time, default 2)
# Each target starts from its seed corpus (fuzz/corpus/NAME, read only: what it finds goes to
# BUILD_DIR/fuzz/work/NAME), after running every input in fuzz/regressions/NAME once (the crashes
# found so far, kept as tests). A crash, leak, sanitizer report or timeout fails the run; the input
# is saved as BUILD_DIR/fuzz/artifacts/NAME-crash-... to be added to fuzz/regressions/NAME.
set -uo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
build=${1:?usage: fuzz/run.sh BUILD_DIR SECONDS [TARGET...]}
seconds=${2:?usage: fuzz/run.sh BUILD_DIR SECONDS [TARGET...]}
shift 2
targets=("$@")
[[ ${#targets[@]} == 0 ]] && targets=(eval_line config_toml report_json ramp c_api isa_differential graph)
export ASAN_OPTIONS=detect_leaks=1:abort_on_error=1:symbolize=1
export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
mkdir -p "$build/fuzz/work" "$build/fuzz/artifacts" "$build/fuzz/logs"

run_one() {
    local name=$1 bin=$build/fuzz/fuzz_$1 log=$build/fuzz/logs/$1.log
    [[ -x $bin ]] || { echo "FAIL - $name: $bin not built"; return 1; }
    local regressions=("$here/regressions/$name"/*)
    if [[ -e ${regressions[0]} ]]; then
        if ! "$bin" "${regressions[@]}" >"$log.regressions" 2>&1; then
            echo "FAIL - $name: a regression input fails again (log: $log.regressions)"; tail -20 "$log.regressions"; return 1
        fi
    fi
    mkdir -p "$build/fuzz/work/$name"
    # A seed longer than -max_len would be cut, and the target would start from invalid input.
    local long
    long=$(find "$here/corpus/$name" -type f -size +4096c | head -1)
    [[ -z $long ]] || { echo "FAIL - $name: the seed $long is longer than -max_len (4096 bytes)"; return 1; }
    # -max_len 4096: every parser's input fits (lines, ramps, configs, reports grow past it only in size
    # limits, tested in tests/hostile_test.sh); -timeout 10: a hang is a failure too.
    if ! "$bin" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -max_len=4096 -print_final_stats=1 \
        -artifact_prefix="$build/fuzz/artifacts/$name-" "$build/fuzz/work/$name" "$here/corpus/$name" >"$log" 2>&1; then
        echo "FAIL - $name: see $log; the input: $(ls "$build/fuzz/artifacts/$name-"* 2>/dev/null | head -1)"
        grep -E 'ERROR|runtime error|SUMMARY|==[0-9]+==' "$log" | head -10
        return 1
    fi
    local runs cov corpus
    runs=$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$log" | grep -o '[0-9]*$')
    cov=$(grep -oE 'cov: [0-9]+' "$log" | tail -1)
    corpus=$(ls "$build/fuzz/work/$name" | wc -l)
    echo "ok   - $name: ${seconds}s, ${runs:-?} inputs, ${cov:-cov: ?} edges, $corpus new corpus entries, no finding"
}

status=0
pids=()
names=()
for name in "${targets[@]}"; do
    run_one "$name" >"$build/fuzz/logs/$name.result" 2>&1 &
    pids+=($!)
    names+=("$name")
    if (( ${#pids[@]} == ${GRADNOISE_FUZZ_JOBS:-2} )); then
        for i in "${!pids[@]}"; do wait "${pids[$i]}" || status=1; cat "$build/fuzz/logs/${names[$i]}.result"; done
        pids=()
        names=()
    fi
done
for i in "${!pids[@]}"; do wait "${pids[$i]}" || status=1; cat "$build/fuzz/logs/${names[$i]}.result"; done
exit $status
