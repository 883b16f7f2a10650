#!/usr/bin/env bash
# End-to-end tests of `gradnoise eval --gradient` (issue 14), run by ctest (test "cli_gradient"): the
# value column is eval's value bit for bit, the gradient columns match central differences of eval's
# own values, the decimal output names the hex output's floats; damped fBm; patterns refused; an
# octave frequency that overflows gives no NaN. Every ISA's gradient bits: cli_isa_test.sh.
#
#   GRADNOISE=/path/to/gradnoise [GRADNOISE_EMULATOR=qemu-aarch64] bash tests/cli_gradient_test.sh
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/shell_checks.sh"
start_cli_test

# ---- eval --gradient (issue 14): the value column is eval's value bit for bit, the gradient columns
# match central differences of eval's own values, and every ISA prints the same bits ----
# 40 points per dimension count (gp_D.txt), and the same points moved by +-h = 1e-3 along each axis
# (gp_D_h.txt: for each point +x, -x, +y, -y, ...).
python3 - "$tmp" <<'PY'
import random, struct, sys
f32 = lambda v: struct.unpack("f", struct.pack("f", v))[0]
r = random.Random(1414)
for dims in (2, 3, 4):
    pts = [[f32(r.uniform(-20, 20)) for _ in range(dims)] for _ in range(40)]
    with open("%s/gp_%d.txt" % (sys.argv[1], dims), "w") as f, open("%s/gp_%d_h.txt" % (sys.argv[1], dims), "w") as fh:
        for p in pts:
            f.write(" ".join(float.hex(c) for c in p) + "\n")
            for a in range(dims):
                for s in (1, -1):
                    q = list(p)
                    q[a] = f32(p[a] + s * 1e-3)
                    fh.write(" ".join(float.hex(c) for c in q) + "\n")
PY
# VARIANT|TOL (see below)
grad_variants=("|5e-3" "--fractal fbm --octaves 4 --lacunarity 2.1 --persistence 0.55|5e-3" "--basis classic --fade cubic --period 8|5e-3"
               "--warp 1 --warp-strength 0.5 --fractal fbm --octaves 3|5e-3" "--basis opensimplex2s --seed 1337|5e-3"
               "--fractal damped --octaves 4|1e-2")
: >"$tmp/grad_cases"
n=0
for entry in "${grad_variants[@]}"; do
    variant=${entry%|*} tol=${entry##*|}
    for dims in 2 3 4; do
        # OpenSimplex2S 3D: its value jumps by ~1e-3 across some planes (K.jpg's lattice lookup), so
        # differences straddling one are no check of a gradient; it is checked in 2D and 4D.
        if [[ $variant == *opensimplex2s* && $dims == 3 ]]; then continue; fi
        n=$((n + 1))
        RC=0
        cat "$tmp/gp_$dims.txt" "$tmp/gp_${dims}_h.txt" | run eval --dims $dims $variant --format hex >"$tmp/gv_$n" 2>"$tmp/err" &&
            run eval --dims $dims $variant --format hex --gradient <"$tmp/gp_$dims.txt" >"$tmp/gg_$n" 2>>"$tmp/err" || RC=$?
        if [[ $RC != 0 ]]; then fail "eval --dims $dims $variant --gradient" "rc $RC: $(cat "$tmp/err")"; fi
        printf '%s\t%s\t%s\t%s\n' $n $dims "$variant" $tol >>"$tmp/grad_cases"
    done
done
run eval --gradient <"$tmp/gp_3.txt" >"$tmp/gdec" 2>/dev/null || true
run eval <"$tmp/gp_3.txt" >"$tmp/gdec_plain" 2>/dev/null || true
# Each case: 1 + D columns; the value column equals plain eval's hex exactly; each partial derivative d
# within TOL * max(1, |d|) of (v(p + h e_a) - v(p - h e_a)) / (the exact float distance of the two points).
# Worst relative error measured over these points: 2.3e-4 (Perlin), 1.6e-3 (fBm, 4 octaves of lacunarity
# 2.1), 4.7e-5 (classic, cubic fade, period 8), 2.1e-3 (warp over fBm), 3e-4 (OpenSimplex2S), 3.6e-3
# (damped: the damping's own derivative, through the octaves' Hessians, curves more; 4.6e-3 at worst
# over three other sets of 40 points); the float values alone put ~3e-5 of rounding into the
# differences. TOL = 5e-3, damped 1e-2: a gradient 2% off is caught, and one missing a factor of the
# chain rule (an octave's frequency, the warp's Jacobian, the damping's derivative) is off by > 0.1.
# The decimal output: its value column is eval's own text, and each column the same float as the hex.
results=0
while IFS= read -r line; do
    case $line in ok*) pass "${line#ok }" ;; *) fail "${line#FAIL }" ;; esac
    results=$((results + 1))
done < <(python3 - "$tmp" <<'PY'
import struct, sys
tmp = sys.argv[1]
rows = lambda path: [l.split() for l in open(path).read().splitlines()]
def check(n, dims, tol):
    pts, vals, grad = rows("%s/gp_%d.txt" % (tmp, dims)), rows("%s/gv_%s" % (tmp, n)), rows("%s/gg_%s" % (tmp, n))
    moved = rows("%s/gp_%d_h.txt" % (tmp, dims))
    vals, mvals = vals[:len(pts)], [float.fromhex(l[0]) for l in vals[len(pts):]]  # one eval call: points, then moved
    if not pts or len(vals) != len(pts) or len(grad) != len(pts) or len(mvals) != 2 * dims * len(pts):
        return False, "line counts: %d points, %d values, %d gradients, %d moved" % (len(pts), len(vals), len(grad), len(mvals))
    worst, where = 0.0, ""
    for i, (p, v, g) in enumerate(zip(pts, vals, grad)):
        if len(g) != 1 + dims: return False, "line %d: %d columns, want %d" % (i + 1, len(g), 1 + dims)
        if g[0] != v[0]: return False, "line %d: value column %s, plain eval %s" % (i + 1, g[0], v[0])
        for a in range(dims):
            k = 2 * dims * i + 2 * a
            fd = (mvals[k] - mvals[k + 1]) / (float.fromhex(moved[k][a]) - float.fromhex(moved[k + 1][a]))
            d = float.fromhex(g[1 + a])
            err = abs(fd - d) / max(1.0, abs(d))
            if err > worst: worst, where = err, "point %d (%s) axis %d: analytic %.7g, differences %.7g" % (i + 1, " ".join(p), a, d, fd)
    if worst > tol: return False, "worst relative error %.3g > %g at %s" % (worst, tol, where)
    return True, "worst relative error %.2g" % worst
cases = [l.split("\t") for l in open(tmp + "/grad_cases").read().splitlines()]
for n, dims, variant, case_tol in cases:
    name = "eval --dims %s %s--gradient: value = eval bit for bit, gradient = central differences" % (dims, variant + " " if variant else "")
    good, msg = check(n, int(dims), float(case_tol))
    print(("ok %s (%s)" if good else "FAIL %s: %s") % (name, msg))
bits = lambda s: struct.unpack("<I", struct.pack("<f", float(s)))[0]
dec, plain = rows(tmp + "/gdec"), rows(tmp + "/gdec_plain")
hexs = rows(tmp + "/gg_%s" % [c[0] for c in cases if c[1] == "3" and not c[2]][0])  # Perlin 3D
ok = len(dec) == 40 and [r[0] for r in dec] == [r[0] for r in plain] and \
    all(bits(a) == bits(float.fromhex(b)) for r, s in zip(dec, hexs) for a, b in zip(r, s)) and all(len(r) == 4 for r in dec)
print(("ok " if ok else "FAIL ") + "eval --gradient decimal: value column = eval's text, every column the hex output's float")
PY
)
if [[ $results != $((n + 1)) ]]; then fail "eval --gradient checks: $results results, want $((n + 1))"; fi
# --fractal damped: accepted, not fBm, and its --gradient value column is its value.
capture "$(cat "$tmp/gp_2.txt")" eval --dims 2 --fractal damped --octaves 6 --format hex
damped=$OUT
capture "$(cat "$tmp/gp_2.txt")" eval --dims 2 --fractal fbm --octaves 6 --format hex
fbm6=$OUT
capture "$(cat "$tmp/gp_2.txt")" eval --dims 2 --fractal damped --octaves 6 --format hex --gradient
if [[ $RC == 0 && $(wc -l <<<"$damped") == 40 && "$damped" != "$fbm6" && "$(cut -d' ' -f1 <<<"$OUT")" == "$damped" ]]; then
    pass "eval --fractal damped: accepted, differs from fBm, --gradient's value column is its value"
else
    fail "eval --fractal damped" "rc $RC: $ERR"
fi
# Patterns have no gradient: refused, naming them.
capture $'0.5 0.25\n' eval --dims 2 --gradient --pattern marble --fractal turbulence
if [[ $RC != 0 && "$ERR" == *pattern* && -z "$OUT" ]]; then
    pass "eval --gradient --pattern marble: exit $RC, '$ERR'"
else
    fail "eval --gradient --pattern marble is refused with a message naming patterns" "rc $RC, stdout '$OUT', stderr '$ERR'"
fi
# An octave frequency that overflows (1e10^4): a finite value and +0 derivatives, not NaN (spec 18.3).
for isa in scalar auto; do
    capture $'0.3 0.7 0.1\n' eval --fractal fbm --octaves 5 --lacunarity 1e10 --gradient --isa "$isa"
    if [[ $RC == 0 && "$OUT" != *nan* && "$OUT" != *NaN* ]]; then
        pass "eval --lacunarity 1e10 --gradient ($isa): no NaN ($OUT)"
    else
        fail "eval --lacunarity 1e10 --gradient ($isa): no NaN" "exit $RC: $OUT" "$ERR"
    fi
done

summary
