#!/usr/bin/env bash
# End-to-end tests of the tool's ISAs, run by ctest (test "cli_isa"): `gradnoise eval` on every ISA this
# CPU and build have gives the scalar path's bits -- 1000 awkward points, both hashes, every fractal,
# the bases, 4D, periods, warps and patterns, values and gradients -- and an ISA of another
# architecture, or a bogus GRADNOISE_ISA, is refused rather than replaced.
#
#   GRADNOISE=/path/to/gradnoise [GRADNOISE_EMULATOR=qemu-aarch64] bash tests/cli_isa_test.sh
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/shell_checks.sh"
start_cli_test

# isas_equal_scalar NAME SCALAR INPUT ARGS...: for each SIMD ISA, `eval ARGS --isa ISA --format hex` on
# INPUT gives SCALAR's bytes (an ISA this CPU or build lacks exits 2 and is skipped).
isas_equal_scalar() {
    local name=$1 want=$2 input=$3 isa
    shift 3
    for isa in sse2 avx2 avx512 neon; do
        RC=0
        run eval "$@" --isa "$isa" --format hex <"$input" >"$tmp/isa_got" 2>"$tmp/err" || RC=$?
        if [[ $RC == 2 ]]; then continue; fi
        if [[ $RC == 0 ]] && cmp -s "$want" "$tmp/isa_got"; then
            pass "$name --isa $isa equals scalar bit for bit"
        else
            fail "$name --isa $isa equals scalar bit for bit" "rc $RC: $(cat "$tmp/err")" \
                "$(diff "$want" "$tmp/isa_got" | head -n 4)"
        fi
    done
}

# ---- eval: every ISA gives the same bits ----

python3 - "$tmp/points3" "$tmp/points2" <<'EOF'
import random, sys
r = random.Random(20240601)
def coord(i):
    k = i % 5
    if k == 0: return repr(r.uniform(-300, 300))
    if k == 1: return repr(r.randint(-5, 5) + r.choice([-1e-7, 0.0, 1e-7, 0.5]))
    if k == 2: return float.hex(r.uniform(-1e6, 1e6))
    if k == 3: return "%.3f" % r.uniform(-3, 3)
    return repr(r.uniform(-1, 1) * 2.0 ** r.randint(-30, 30))
with open(sys.argv[1], "w") as f3, open(sys.argv[2], "w") as f2:
    for i in range(1000):
        c = [coord(i + j) for j in range(3)]
        f3.write(" ".join(c) + "\n")
        f2.write(" ".join(c[:2]) + "\n")
EOF
ran=()
for hash in permutation mix; do
for isa in scalar sse2 avx2 avx512 neon; do
    for dims in 3 2; do
        RC=0
        run eval --dims $dims --hash $hash --isa $isa --print-isa --format hex <"$tmp/points$dims" \
            >"$tmp/isa_$hash$isa$dims" 2>"$tmp/err" || RC=$?
        ERR="$(cat "$tmp/err")"
        if [[ $RC == 2 && "$ERR" == *"not supported"* ]]; then
            break  # this CPU or build lacks it
        fi
        if [[ $RC != 0 ]]; then
            fail "--hash $hash --isa $isa --dims $dims" "exit status $RC: $ERR"
        elif [[ "$ERR" != *"isa $isa"* ]]; then
            fail "--hash $hash --isa $isa --dims $dims ran that ISA" "stderr: $ERR"
        elif [[ $(wc -l <"$tmp/isa_$hash$isa$dims") != 1000 ]]; then
            fail "--hash $hash --isa $isa --dims $dims wrote 1000 values"
        elif ! cmp -s "$tmp/isa_${hash}scalar$dims" "$tmp/isa_$hash$isa$dims"; then
            fail "--hash $hash --isa $isa --dims $dims equals scalar bit for bit" \
                "$(diff "$tmp/isa_${hash}scalar$dims" "$tmp/isa_$hash$isa$dims" | head -n 4)"
        else
            pass "--hash $hash --isa $isa --dims $dims: 1000 points, same bits as scalar"
            if [[ $dims == 2 && $hash == permutation ]]; then ran+=("$isa"); fi
        fi
    done
done
done
if cmp -s "$tmp/isa_permutationscalar3" "$tmp/isa_mixscalar3"; then
    fail "--hash mix gives a different field than --hash permutation"
else
    pass "--hash mix gives a different field than --hash permutation"
fi

# ---- eval: fractals, every ISA the same bits ----
for kind in fbm turbulence ridged billow damped; do
    args=(--fractal "$kind" --octaves 5 --lacunarity 2.1 --persistence 0.55)
    run eval "${args[@]}" --isa scalar --format hex <"$tmp/points3" >"$tmp/frac_scalar" 2>/dev/null
    isas_equal_scalar "--fractal $kind" "$tmp/frac_scalar" "$tmp/points3" "${args[@]}"
done
if cmp -s "$tmp/frac_scalar" "$tmp/isa_permutationscalar3"; then
    fail "--fractal billow differs from the plain noise"
else
    pass "--fractal billow differs from the plain noise"
fi
# ---- eval: bases, 4D, periods, warps, patterns; every ISA the same bits ----
awk '{ print $1, $2, $3, $1 - $2 }' "$tmp/points3" >"$tmp/points4"
awk '{ print $1, $2 }' "$tmp/points3" >"$tmp/points2v"
variants=("--basis classic" "--basis value --hash mix" "--period 4 --fractal fbm --octaves 3"
          "--warp 2 --warp-strength 0.7 --fractal fbm --octaves 2" "--pattern marble --fractal turbulence"
          "--pattern wood --basis classic")
# Values (VARIANTS), then values and gradients (GRADIENT_VARIANTS: Perlin, damped, and ridged over the
# isotropic basis, the eroded preset's): the scalar path's 1000 values, then every ISA's.
gradient_variants=("" "--fractal damped --octaves 4" "--fractal ridged --octaves 3 --basis isotropic")
for variant in "${variants[@]}" "${gradient_variants[@]/%/ --gradient}"; do
    for dims in 2 3 4; do
        case $dims in 2) points="$tmp/points2v" ;; 3) points="$tmp/points3" ;; 4) points="$tmp/points4" ;; esac
        name=$(echo eval --dims $dims $variant)
        RC=0
        run eval --dims $dims $variant --isa scalar --format hex <"$points" >"$tmp/var_scalar" 2>"$tmp/err" || RC=$?
        if [[ $RC != 0 || $(wc -l <"$tmp/var_scalar") != 1000 ]]; then
            fail "$name (scalar): 1000 values" "rc $RC: $(cat "$tmp/err")"
            continue
        fi
        isas_equal_scalar "$name" "$tmp/var_scalar" "$points" --dims $dims $variant
    done
done

# ---- the ISA choice: refused, never silently replaced ----
# An ISA of the other architecture must be refused, never silently replaced.
capture $'0.5 0.5 0.5\n' eval --isa sse2
if [[ $RC == 0 ]]; then foreign=neon; else foreign=avx2; fi
capture $'0.5 0.5 0.5\n' eval --isa $foreign
expect_rc "unsupported --isa $foreign: exit 2" 2 "not supported"

RC=0
GRADNOISE_ISA=bogus run eval <"$tmp/points3" >"$tmp/out" 2>"$tmp/err" || RC=$?
ERR="$(cat "$tmp/err")"
expect_rc "GRADNOISE_ISA=bogus: exit 2" 2 GRADNOISE_ISA
# One message, the refusal: not the library's "...; using avx2" for a fallback that never runs.
if [[ "$ERR" == *using* || $(printf '%s\n' "$ERR" | grep -c .) != 1 ]]; then
  fail "GRADNOISE_ISA=bogus: one refusal, no 'using ...' (stderr: $ERR)"
else
  pass "GRADNOISE_ISA=bogus: one refusal on stderr, no 'using ...'"
fi

if [[ " ${ran[*]} " == *" sse2 "* || " ${ran[*]} " == *" neon "* ]]; then
    pass "ISAs compared: ${ran[*]}"
elif [[ "$(uname -m)" == x86_64 && -z "$GRADNOISE_EMULATOR" ]]; then
    fail "at least scalar and one SIMD ISA run on x86-64" "ran: ${ran[*]:-none}"
else
    pass "ISAs compared: ${ran[*]:-none} (no SIMD path on this target)"
fi

summary
