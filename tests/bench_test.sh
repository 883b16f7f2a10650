#!/usr/bin/env bash
# End-to-end tests of `gradnoise bench`, run by ctest (test "bench_cli"):
#   GRADNOISE=/path/to/gradnoise [GRADNOISE_EMULATOR=qemu-aarch64] bash tests/bench_test.sh
# A --quick report (shrunk further: small problems, one run each, so the check is fast even
# under emulation) validates against docs/bench-report.schema.json (Debian python3-jsonschema);
# reports with a broken member do not; --compare prints every kernel and path of both reports;
# bad options and bad report files are refused with a message that names them.
set -euo pipefail

: "${GRADNOISE:?set GRADNOISE to the gradnoise binary}"
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
source "$here/shell_checks.sh"
validate="$here/../bench/validate_report.py"
# Debian's python3 (python3-jsonschema); a python3 earlier on PATH (pyenv) may lack the module.
py=/usr/bin/python3
[[ -x "$py" ]] || py=python3

scratch_dir
small=(--quick --samples 4096 --repetitions 1 --min-time 0 --quiet)

# 1. A report that validates, with every kernel, every ISA this CPU has, and stb ratios.
if run bench "${small[@]}" --json "$tmp/a.json" >"$tmp/a.txt" 2>"$tmp/a.err"; then
    pass "bench --quick --json runs"
else
    fail "bench --quick --json runs" "$(cat "$tmp/a.err")"
fi
if out=$("$py" "$validate" "$tmp/a.json" 2>&1); then
    pass "the report validates against docs/bench-report.schema.json ($out)"
else
    fail "the report validates against the schema" "$out"
fi
isas=$(sed -n 's/^ISAs: \(.*\) (best: .*/\1/p' "$tmp/a.txt")
kernels="perlin2/points perlin3/points perlin4/points fbm3_6oct/points perlin2/grid perlin3/grid fbm2_6oct/grid fbm3_6oct/grid simplex2/grid simplex3/points opensimplex2s2/grid cellular2/grid cellular3/grid"
missing=""
for k in $kernels; do
    for isa in $isas; do
        grep -Eq "^$k +$isa +[0-9.]+ [kMG]/s" "$tmp/a.txt" || missing="$missing $k/$isa"
    done
done
if [[ -n "$isas" && -z "$missing" ]]; then
    pass "the table has every kernel on every ISA ($isas)"
else
    fail "the table has every kernel on every ISA ($isas)" "missing:$missing"
fi
if grep -q '^CPU: ' "$tmp/a.txt" && grep -q '^Cores: [0-9]* logical CPUs' "$tmp/a.txt" &&
   [[ $(grep -Ec '^[a-z0-9_/]+ +stb_perlin ' "$tmp/a.txt") == 12 ]]; then
    pass "the header names the CPU and cores; stb_perlin measured on the 12 kernels it has"
else
    fail "header and stb rows" "$(head -6 "$tmp/a.txt")"
fi

# 2. The schema has teeth: broken copies of the report are rejected.
broken=0
for edit in "r['schema'] = 'gradnoise-bench/0'" \
            "del r['machine']['cpu_model']" \
            "r['kernels'][0]['results'][0]['samples_per_second'] = -1" \
            "r['kernels'][0]['results'][0]['isa'] = 'avx9'" \
            "r['kernels'][1]['results'][0]['threads'] = 0" \
            "r['settings']['mode'] = 'fast'" \
            "r['kernels'][0]['results'][1]['ratio_to_scalar'] *= 2" \
            "r['kernels'][0]['extra'] = 1"; do
    "$py" -c "import json,sys; r=json.load(open(sys.argv[1])); $edit; json.dump(r, open(sys.argv[2], 'w'))" \
        "$tmp/a.json" "$tmp/broken.json"
    if "$py" "$validate" "$tmp/broken.json" >/dev/null 2>&1; then
        fail "a report with \"$edit\" is rejected"
        broken=1
    fi
done
[[ $broken == 0 ]] && pass "8 broken reports are rejected by the validator"

# 3. --compare: every kernel and path of both reports, B/A ratios; a report restricted to some
#    kernels and ISAs shows '-' where the other has no figure.
run bench "${small[@]}" --threads 1 --isa scalar --kernels perlin3/points,fbm2_6oct/grid --json "$tmp/b.json" \
    >/dev/null 2>"$tmp/b.err" || fail "a restricted bench run" "$(cat "$tmp/b.err")"
"$py" "$validate" "$tmp/b.json" >/dev/null 2>&1 && pass "a restricted report (1 thread, scalar, 2 kernels) validates" ||
    fail "a restricted report validates" "$("$py" "$validate" "$tmp/b.json" 2>&1)"
if run bench --compare "$tmp/a.json" "$tmp/b.json" >"$tmp/cmp.txt" 2>"$tmp/cmp.err"; then
    pass "bench --compare A B runs"
else
    fail "bench --compare A B runs" "$(cat "$tmp/cmp.err")"
fi
missing=""
for k in $kernels; do
    for path in $isas stb_perlin; do
        [[ $k == perlin4/points && $path == stb_perlin ]] && continue
        for t in 1 all; do
            grep -Eq "^$k +$path +$t " "$tmp/cmp.txt" || missing="$missing $k/$path/$t"
        done
    done
done
[[ -z "$missing" ]] && pass "--compare prints every kernel, path and thread count" ||
    fail "--compare prints every kernel, path and thread count" "missing:$missing"
if grep -Eq '^perlin3/points +scalar +1 +[0-9.]+ [kMG]/s +[0-9.]+ [kMG]/s +[0-9.]+x$' "$tmp/cmp.txt" &&
   grep -Eq '^perlin2/points +scalar +1 +[0-9.]+ [kMG]/s +- +-$' "$tmp/cmp.txt"; then
    pass "--compare gives B/A where both have a figure and '-' where B has none"
else
    fail "--compare ratios and gaps" "$(grep -E '^perlin[23]/points +scalar +1 ' "$tmp/cmp.txt")"
fi
grep -q "^A: $tmp/a.json" "$tmp/cmp.txt" && grep -q '^B: ' "$tmp/cmp.txt" &&
    pass "--compare names both reports and their machines" || fail "--compare header" "$(head -4 "$tmp/cmp.txt")"

# 4. Refusals name the problem (exit 2 for the command line, 1 for a bad file).
expect_refusal() {  # expect_refusal CODE PATTERN ARGS...
    local code=$1 pattern=$2
    shift 2
    local rc=0
    run bench "$@" >"$tmp/out" 2>"$tmp/err" || rc=$?
    if [[ $rc == "$code" ]] && grep -q -- "$pattern" "$tmp/err"; then
        pass "bench $* -> exit $code, '$pattern'"
    else
        fail "bench $* -> exit $code, '$pattern'" "exit $rc: $(cat "$tmp/err")"
    fi
}
expect_refusal 2 "--quick and --full exclude each other" --quick --full
expect_refusal 2 "--threads must be an integer in 1..1024" --threads 0
expect_refusal 2 "--isa takes a comma list" --isa avx9
expect_refusal 2 "--kernels: unknown kernel 'perlin5/points'" --kernels perlin5/points
expect_refusal 2 "--samples must be an integer in 1024..67108864" --samples 12
expect_refusal 2 "--min-time must be a number of seconds in 0..60" --min-time -1
expect_refusal 2 "--compare: At least 2 required but received 1" --compare "$tmp/a.json"
expect_refusal 1 "cannot open" --compare "$tmp/a.json" "$tmp/none.json"
printf '{"schema": "gradnoise-bench/1", ' >"$tmp/cut.json"
expect_refusal 1 "not JSON: line 1, column" --compare "$tmp/cut.json" "$tmp/a.json"
printf '{"schema": "other/3"}' >"$tmp/other.json"
expect_refusal 1 "this gradnoise reads \"gradnoise-bench/1\"" --compare "$tmp/a.json" "$tmp/other.json"
# A failed --json leaves no file behind.
expect_refusal 1 "$tmp/no/such/dir/r.json" "${small[@]}" --kernels perlin2/points --isa scalar --threads 1 \
    --json "$tmp/no/such/dir/r.json"

echo -n "bench_test: "
summary
