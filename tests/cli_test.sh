#!/usr/bin/env bash
# End-to-end tests of the gradnoise command-line tool, run by ctest (test "cli").
#
#   GRADNOISE=/path/to/gradnoise [GRADNOISE_EMULATOR=qemu-aarch64] bash tests/cli_test.sh
#
# Needs bash and python3 (for float and PNG checks). Prints one line per check and a summary;
# exits non-zero if any check failed.
set -euo pipefail

if [[ -z "${GRADNOISE:-}" ]]; then
    echo "cli_test.sh: set GRADNOISE to the gradnoise binary" >&2
    exit 2
fi
if ! command -v python3 >/dev/null; then
    echo "cli_test.sh: python3 is required" >&2
    exit 2
fi
# Absolute, so that checks may change directory.
GRADNOISE="$(cd "$(dirname "$GRADNOISE")" && pwd)/$(basename "$GRADNOISE")"
# CMake passes CMAKE_CROSSCOMPILING_EMULATOR as a list ("qemu-aarch64;-L;/sysroot"): make it words.
GRADNOISE_EMULATOR="${GRADNOISE_EMULATOR:-}"
GRADNOISE_EMULATOR="${GRADNOISE_EMULATOR//;/ }"
DATA="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)/data"

tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT

passed=0
failed=0
pass() { passed=$((passed + 1)); echo "ok   - $1"; }
fail() {
    failed=$((failed + 1))
    echo "FAIL - $1" >&2
    if [[ $# -gt 1 ]]; then printf '       %s\n' "${@:2}" >&2; fi
}

# The emulator variable is unquoted on purpose: empty means none, and it may carry arguments.
run() { $GRADNOISE_EMULATOR "$GRADNOISE" "$@"; }

if ! run --version >/dev/null; then
    echo "cli_test.sh: cannot run '${GRADNOISE_EMULATOR:+$GRADNOISE_EMULATOR }$GRADNOISE --version'" >&2
    exit 1
fi

# capture INPUT ARGS...: runs the tool with INPUT on stdin; sets RC, OUT, ERR.
capture() {
    printf '%s' "$1" >"$tmp/in"
    shift
    RC=0
    run "$@" <"$tmp/in" >"$tmp/out" 2>"$tmp/err" || RC=$?
    OUT="$(cat "$tmp/out")"
    ERR="$(cat "$tmp/err")"
}

# expect_rc NAME WANT [GREP]: checks RC (and that stderr contains GREP) after capture.
expect_rc() {
    local name=$1 want=$2 pattern=${3:-}
    if [[ "$RC" != "$want" ]]; then
        fail "$name" "exit status $RC, want $want" "stderr: $ERR"
    elif [[ -n "$pattern" && "$ERR" != *"$pattern"* ]]; then
        fail "$name" "stderr does not mention '$pattern'" "stderr: $ERR"
    else
        pass "$name"
    fi
}

# Float helpers (python3): bits of a decimal or hex-float text rounded to float32.
f32bits() { python3 -c 'import struct,sys
for s in sys.argv[1:]:
    v = float.fromhex(s) if "x" in s.lower() else float(s)
    print("%08x" % struct.unpack("<I", struct.pack("<f", v))[0])' "$@"; }

# ---- general ----

capture "" --version
if [[ $RC == 0 && "$OUT" =~ ^gradnoise\ [0-9]+\.[0-9]+\.[0-9]+$ ]]; then pass "--version"; else fail "--version" "rc $RC, output '$OUT'"; fi

capture "" --help
if [[ $RC == 0 && "$OUT" == *eval* && "$OUT" == *heightmap* ]]; then pass "--help lists the commands"; else fail "--help lists the commands" "rc $RC"; fi

capture ""
if [[ $RC == 2 && "$ERR" == *Usage* && -z "$OUT" ]]; then pass "no command: help on stderr, exit 2"; else fail "no command: help on stderr, exit 2" "rc $RC"; fi

capture "" frobnicate
expect_rc "unknown command: exit 2" 2 "unknown command 'frobnicate'"

# (The top-level help's examples mention --dims and --seed too: the usage line tells them apart.)
capture "" help eval
if [[ $RC == 0 && "$OUT" == *"Usage: gradnoise eval"* && "$OUT" == *"--dims"* && "$OUT" != *"--slice"* ]]; then pass "help eval: the options of eval"; else fail "help eval: the options of eval" "rc $RC"; fi
capture "" help heightmap
if [[ $RC == 0 && "$OUT" == *"Usage: gradnoise heightmap"* && "$OUT" == *"--size"* ]]; then pass "help heightmap: the options of heightmap"; else fail "help heightmap: the options of heightmap" "rc $RC"; fi
capture "" help nonesuch
expect_rc "help of an unknown command: exit 2" 2 "unknown command 'nonesuch'"

for cmd in eval heightmap; do
    capture "" $cmd --help
    if [[ $RC == 0 && "$OUT" == *--seed* && "$OUT" == *--isa* ]]; then pass "$cmd --help"; else fail "$cmd --help" "rc $RC"; fi
done

# ---- eval: values and formats ----

capture $'0.5 0.25 0.125\n' eval --format decimal
dec=$OUT
capture $'0.5 0.25 0.125\n' eval --format hex
hex=$OUT
if [[ -n "$dec" && -n "$hex" && "$(f32bits "$dec")" == "$(f32bits "$hex")" && "$(f32bits "$dec")" != 00000000 ]]; then
    pass "decimal and hex output name the same float ($dec = $hex)"
else
    fail "decimal and hex output name the same float" "decimal '$dec', hex '$hex'"
fi

capture $'0x1p-1 0x1p-2 0x1p-3\n' eval --format hex
if [[ "$OUT" == "$hex" ]]; then pass "hex-float input equals decimal input"; else fail "hex-float input equals decimal input" "'$OUT' vs '$hex'"; fi

capture $'# comment\n\n   \n0.5\t0.25   0.125\r\n  # indented comment\n' eval --format hex
if [[ $RC == 0 && "$OUT" == "$hex" ]]; then pass "comments, blank lines, tabs and CRLF"; else fail "comments, blank lines, tabs and CRLF" "rc $RC, '$OUT'"; fi

capture $'1 2 3\n' eval
if [[ $RC == 0 && ( "$OUT" == 0 || "$OUT" == -0 ) ]]; then pass "lattice point 1 2 3 gives 0 ($OUT)"; else fail "lattice point 1 2 3 gives 0" "rc $RC, '$OUT'"; fi
capture $'1 2 3\n' eval --format hex
if [[ "$OUT" == 0x0p+0 || "$OUT" == -0x0p+0 ]]; then pass "lattice point in hex ($OUT)"; else fail "lattice point in hex" "'$OUT'"; fi

# Ken Perlin's Java reference values (binary64 hex floats; the tool rounds inputs to float).
grep -v '^#' "$DATA/improved_noise_sample.txt" | awk 'NF == 4 { print $1, $2, $3 }' >"$tmp/ref_points"
grep -v '^#' "$DATA/improved_noise_sample.txt" | awk 'NF == 4 { print $4 }' >"$tmp/ref_values"
RC=0
run eval --format hex <"$tmp/ref_points" >"$tmp/ref_got" 2>"$tmp/err" || RC=$?
first_point=$(head -n 1 "$tmp/ref_points")
if [[ $RC != 0 ]]; then
    fail "Perlin reference values" "exit status $RC: $(cat "$tmp/err")"
elif msg=$(python3 - "$tmp/ref_values" "$tmp/ref_got" <<'EOF'
import sys
want = [float.fromhex(s) for s in open(sys.argv[1]).read().split()]
got = [float.fromhex(s) for s in open(sys.argv[2]).read().split()]
if len(want) != len(got) or not want:
    sys.exit("%d values, want %d" % (len(got), len(want)))
worst = max(range(len(want)), key=lambda i: abs(want[i] - got[i]))
err = abs(want[worst] - got[worst])
print("first %.9g vs %.9g; worst |error| %.3g at data line %d" % (got[0], want[0], err, worst + 1))
sys.exit(0 if err <= 1e-4 else 1)
EOF
); then
    pass "Perlin reference values within 1e-4 ($msg; first point $first_point)"
else
    fail "Perlin reference values within 1e-4" "$msg"
fi

capture $'0.7 -1.3\n' eval --dims 2 --format hex
d2=$OUT
capture $'0.7 -1.3 0\n' eval --dims 3 --format hex
if [[ -n "$d2" && "$d2" == "$OUT" && "$d2" != *0x0p+0 ]]; then pass "--dims 2 equals --dims 3 at z = 0 ($d2)"; else fail "--dims 2 equals --dims 3 at z = 0" "'$d2' vs '$OUT'"; fi

capture $'0.7 -1.3 0.4\n' eval --seed 42 --format hex
s42=$OUT
capture $'0.7 -1.3 0.4\n' eval --seed 0x2A --format hex
s2a=$OUT
capture $'0.7 -1.3 0.4\n' eval --seed reference --format hex
sref=$OUT
if [[ -n "$s42" && "$s42" == "$s2a" && "$s42" != "$sref" ]]; then pass "--seed 42 = --seed 0x2A != reference"; else fail "--seed 42 = --seed 0x2A != reference" "$s42 / $s2a / $sref"; fi
capture $'0.7 -1.3 0.4\n' eval --seed=7 --seed 42 --format hex
if [[ "$OUT" == "$s42" ]]; then pass "--seed=7 --seed 42: the last value counts, --opt=VALUE is read"; else fail "--seed=7 --seed 42: the last value counts" "'$OUT' vs '$s42'"; fi
# The simplex and cellular families (issue 13): K.jpg's own values (tests/data/opensimplex2_sample.txt,
# made by his Java) through the tool, bit for bit; seeds as his longs; cellular at a cell centre.
capture $'0x1.150dc8p7 -0x1.af9cb2p5\n' eval --dims 2 --basis opensimplex2 --seed 1337 --format hex
if [[ $RC == 0 && "$OUT" == "0x1.22d952p-3" ]]; then pass "opensimplex2 2D: K.jpg's value"; else fail "opensimplex2 2D: K.jpg's value" "rc $RC '$OUT' $ERR"; fi
capture $'-0x1.df61f4p6 -0x1.30085ap7 0x1.ap2\n' eval --basis opensimplex2s --orientation3 fallback --seed 0 --format hex
if [[ $RC == 0 && "$OUT" == "0x1.188cc8p-1" ]]; then pass "opensimplex2s 3D fallback: K.jpg's value"; else fail "opensimplex2s 3D fallback: K.jpg's value" "rc $RC '$OUT' $ERR"; fi
capture $'0x1.17b1cap6 -0x1.19dc08p8 0x0.0p0 0x1.e872aep6\n' eval --dims 4 --basis opensimplex2 --orientation4 improve_xy_improve_zw --seed 1337 --format hex
if [[ $RC == 0 && "$OUT" == "-0x1.94d836p-1" ]]; then pass "opensimplex2 4D ImproveXY_ImproveZW: K.jpg's value"; else fail "opensimplex2 4D: K.jpg's value" "rc $RC '$OUT' $ERR"; fi
capture $'0.3 0.9 1.7\n' eval --basis opensimplex2 --seed -1 --format hex
sneg=$OUT
capture $'0.3 0.9 1.7\n' eval --basis opensimplex2 --seed 0xFFFFFFFFFFFFFFFF --format hex
if [[ $RC == 0 && -n "$sneg" && "$OUT" == "$sneg" ]]; then pass "--seed -1 is the long -1 (0xFFFFFFFFFFFFFFFF)"; else fail "--seed -1 is the long -1" "'$sneg' vs '$OUT'"; fi
capture $'3.5 -7.5\n3 -7.5\n' eval --dims 2 --basis cellular --jitter 0
if [[ $RC == 0 && "$OUT" == $'0\n0.5' ]]; then pass "cellular, jitter 0: F1 is 0 at a cell centre, 1/2 between two"; else fail "cellular, jitter 0" "rc $RC '$OUT' $ERR"; fi
capture $'1 2 3 4\n' eval --dims 4 --basis cellular
expect_rc "cellular --dims 4: exit 1, named" 1 "cellular noise is 2D and 3D only"
capture "" eval --basis cellular --jitter 2
expect_rc "--jitter 2: exit 2" 2 "--jitter: '2' is not a number in [0, 1]"

# gradnoise shader: the GLSL of a field (its values are checked on Mesa by tests/gpu/test_shader.cpp).
capture "" shader --dims 2 --basis classic --seed 7 --period 8,4 --name clouds
if [[ $RC == 0 && "$OUT" == *"float clouds(vec2 p) {"* && "$OUT" == *"ivec4(7, 3, 255, 255)"* &&
      "$OUT" == *"precise float"* ]]; then
    pass "shader: the named vec2 function, the periods' masks, precise floats"
else
    fail "shader --dims 2 --basis classic --period 8,4" "rc $RC" "$ERR"
fi
capture "" shader --basis opensimplex2s --fractal damped --gradient
expect_rc "shader --gradient of a damped OpenSimplex2S fractal: exit 1, named" 1 "needs the octaves' Hessians"
capture "" shader --basis cellular --dims 4
expect_rc "shader of 4D cellular noise: exit 1, named" 1 "cellular noise has no 4D"
capture "" shader --dims 5
expect_rc "shader --dims 5: exit 2" 2 "--dims"
capture "" shader --dims 4 --fractal ridged --warp 1 --gradient --name rock
if [[ $RC == 0 && "$OUT" == *"float rock(vec4 p) {"* && "$OUT" == *"float rock_gradient(vec4 p, out vec4 d) {"* &&
      "$OUT" == *"float rock_octaves(vec4 q[6]) {"* ]]; then
    pass "shader --dims 4 --gradient: the value, gradient and chunk functions"
else
    fail "shader --dims 4 --fractal ridged --warp 1 --gradient" "rc $RC" "$ERR"
fi
# The Vulkan route of docs/gpu.md: the text in a compute shader, compiled to SPIR-V and validated.
if command -v glslangValidator >/dev/null && command -v spirv-val >/dev/null; then
    { printf '#version 450\nlayout(local_size_x = 64) in;\n'
      printf 'layout(std430, binding = 0) buffer Heights { float height[]; };\n'
      printf '%s\n' "$OUT"
      printf 'void main() { vec4 d; uint i = gl_GlobalInvocationID.x; height[i] = rock_gradient(vec4(float(i) * 0.01), d) + d.x; }\n'
    } > "$tmp/rock.comp"
    if glslangValidator -V "$tmp/rock.comp" -o "$tmp/rock.spv" >"$tmp/glslang.log" 2>&1 &&
       spirv-val --target-env vulkan1.0 "$tmp/rock.spv" 2>"$tmp/spirv-val.log"; then
        pass "shader: glslangValidator -V compiles it to SPIR-V that spirv-val accepts"
        if command -v spirv-cross >/dev/null; then
            if spirv-cross "$tmp/rock.spv" --hlsl --shader-model 50 --output "$tmp/rock.hlsl" 2>"$tmp/spirv-cross.log" &&
               grep -q "precise float" "$tmp/rock.hlsl"; then
                pass "shader: spirv-cross --hlsl translates it, keeping precise"
            else
                fail "shader: spirv-cross --hlsl" "" "$(cat "$tmp/spirv-cross.log")"
            fi
        else
            echo "skip: spirv-cross missing (install spirv-cross)"
        fi
    else
        fail "shader: glslangValidator -V / spirv-val" "" "$(cat "$tmp/glslang.log" "$tmp/spirv-val.log")"
    fi
else
    echo "skip: glslangValidator or spirv-val missing (install glslang-tools spirv-tools)"
fi
capture "" shader --pattern marble --gradient
expect_rc "shader --gradient of a pattern: exit 1, named" 1 "a pattern has no gradient"
capture "" shader --seed 3 -o "$tmp/field.glsl"
if [[ $RC == 0 && -z "$OUT" && "$(cat "$tmp/field.glsl")" == *"float gn_field(vec3 p) {"* ]] &&
   ! ls "$tmp"/field.glsl.tmp.* >/dev/null 2>&1; then
    pass "shader -o: the file written (atomically), nothing on standard output"
else
    fail "shader -o" "rc $RC" "$ERR"
fi
capture "" eval --basis opensimplex2 --period 8
expect_rc "simplex with --period: exit 2" 2 "--period"
capture "" eval --orientation3 sideways
expect_rc "--orientation3 sideways: exit 2" 2 "--orientation3"
capture "" eval --cellular-output f3
expect_rc "--cellular-output f3: exit 2" 2 "--cellular-output"

capture $'0.7 -1.3 0.4\n' eval --fade cubic --format hex
if [[ $RC == 0 && -n "$OUT" && "$OUT" != "$sref" ]]; then pass "--fade cubic changes the value"; else fail "--fade cubic changes the value" "'$OUT'"; fi

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
capture $'0.5 0.5 0.5\n' eval --hash sha256
expect_rc "--hash sha256: exit 2" 2 "--hash"

# ---- eval: fractals, every ISA the same bits ----
for kind in fbm turbulence ridged billow damped; do
    run eval --fractal $kind --octaves 5 --lacunarity 2.1 --persistence 0.55 --isa scalar --format hex \
        <"$tmp/points3" >"$tmp/frac_scalar" 2>/dev/null
    for isa in sse2 avx2 avx512 neon; do
        RC=0
        run eval --fractal $kind --octaves 5 --lacunarity 2.1 --persistence 0.55 --isa $isa --format hex \
            <"$tmp/points3" >"$tmp/frac_$isa" 2>"$tmp/err" || RC=$?
        if [[ $RC == 2 ]]; then continue; fi
        if [[ $RC == 0 ]] && cmp -s "$tmp/frac_scalar" "$tmp/frac_$isa"; then
            pass "--fractal $kind --isa $isa equals scalar bit for bit"
        else
            fail "--fractal $kind --isa $isa equals scalar bit for bit" "rc $RC: $(cat "$tmp/err")"
        fi
    done
done
if cmp -s "$tmp/frac_scalar" "$tmp/isa_permutationscalar3"; then
    fail "--fractal billow differs from the plain noise"
else
    pass "--fractal billow differs from the plain noise"
fi
capture $'0.5 0.5 0.5\n' eval --fractal fbm --octaves 33
expect_rc "--octaves 33: exit 2" 2 "--octaves"
capture $'0.5 0.5 0.5\n' eval --fractal fbm --lacunarity 0
expect_rc "--lacunarity 0: exit 2" 2 "--lacunarity"
capture $'0.5 0.5 0.5\n' eval --fractal plasma
expect_rc "--fractal plasma: exit 2" 2 "--fractal"
# ---- eval: bases, 4D, periods, warps, patterns; every ISA the same bits ----
awk '{ print $1, $2, $3, $1 - $2 }' "$tmp/points3" >"$tmp/points4"
variants=("--basis classic" "--basis value --hash mix" "--period 4 --fractal fbm --octaves 3"
          "--warp 2 --warp-strength 0.7 --fractal fbm --octaves 2" "--pattern marble --fractal turbulence"
          "--pattern wood --basis classic")
for variant in "${variants[@]}"; do
    for dims in 2 3 4; do
        if [[ $dims == 4 ]]; then points="$tmp/points4"; else points="$tmp/points3"; fi
        if [[ $dims == 2 ]]; then awk '{ print $1, $2 }' "$tmp/points3" >"$tmp/points2v"; points="$tmp/points2v"; fi
        RC=0
        run eval --dims $dims $variant --isa scalar --format hex <"$points" >"$tmp/var_scalar" 2>"$tmp/err" || RC=$?
        if [[ $RC != 0 || ! -s "$tmp/var_scalar" ]]; then
            fail "eval --dims $dims $variant (scalar)" "rc $RC: $(cat "$tmp/err")"
            continue
        fi
        for isa in sse2 avx2 avx512 neon; do
            RC=0
            run eval --dims $dims $variant --isa $isa --format hex <"$points" >"$tmp/var_$isa" 2>"$tmp/err" || RC=$?
            if [[ $RC == 2 ]]; then continue; fi
            if [[ $RC == 0 ]] && cmp -s "$tmp/var_scalar" "$tmp/var_$isa"; then
                pass "eval --dims $dims $variant --isa $isa equals scalar"
            else
                fail "eval --dims $dims $variant --isa $isa equals scalar" "rc $RC: $(cat "$tmp/err")"
            fi
        done
    done
done
capture $'0.25 0.5\n4.25 0.5\n' eval --dims 2 --period 4 --format hex
if [[ $RC == 0 && "$(echo "$OUT" | sed -n 1p)" == "$(echo "$OUT" | sed -n 2p)" ]]; then
    pass "--period 4: x and x + 4 give the same bits"
else
    fail "--period 4: x and x + 4 give the same bits" "rc $RC, '$OUT'"
fi
capture $'0.3 0.6\n' eval --dims 2 --pattern marble --pattern-strength 0
if [[ $RC == 0 ]] && python3 -c "import math,sys; v=float(sys.argv[1]); w=0.5+0.5*math.sin(0.3); sys.exit(0 if abs(v-w)<1e-6 else 1)" "$OUT"; then
    pass "--pattern marble --pattern-strength 0 is 0.5 + 0.5 sin(x) ($OUT)"
else
    fail "--pattern marble --pattern-strength 0 is 0.5 + 0.5 sin(x)" "rc $RC, '$OUT'"
fi
for bad in "--period 3:--period" "--period 512:--period" "--period 1,2,4,8,16:--period" "--warp 3:--warp" \
           "--basis simplex:--basis" "--pattern zebra:--pattern" "--pattern wood --pattern-frequency 0:--pattern-frequency" \
           "--warp 1 --warp-frequency -1:--warp-frequency" "--period 4 --fractal fbm --lacunarity 3:--lacunarity"; do
    args=${bad%%:*}
    capture $'0.5 0.5 0.5\n' eval $args
    expect_rc "eval $args: exit 2" 2 "${bad##*:}"
done
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
# Every ISA: the same bits as the scalar reference (values and gradients): Perlin, damped, and ridged
# over the isotropic basis (the eroded preset's).
awk '{ print $1, $2 }' "$tmp/points3" >"$tmp/points2g"
for variant in "" "--fractal damped --octaves 4" "--fractal ridged --octaves 3 --basis isotropic"; do
    for dims in 2 3 4; do
        case $dims in 2) points="$tmp/points2g" ;; 3) points="$tmp/points3" ;; 4) points="$tmp/points4" ;; esac
        RC=0
        run eval --dims $dims $variant --gradient --isa scalar --format hex <"$points" >"$tmp/gisa_scalar" 2>"$tmp/err" || RC=$?
        if [[ $RC != 0 || $(wc -l <"$tmp/gisa_scalar") != 1000 ]]; then
            fail "eval --dims $dims ${variant:+$variant }--gradient (scalar)" "rc $RC: $(cat "$tmp/err")"
            continue
        fi
        for isa in sse2 avx2 avx512 neon; do
            RC=0
            run eval --dims $dims $variant --gradient --isa $isa --format hex <"$points" >"$tmp/gisa_$isa" 2>"$tmp/err" || RC=$?
            if [[ $RC == 2 ]]; then continue; fi
            if [[ $RC == 0 ]] && cmp -s "$tmp/gisa_scalar" "$tmp/gisa_$isa"; then
                pass "eval --dims $dims ${variant:+$variant }--gradient --isa $isa: 1000 points, same bits as scalar"
            else
                fail "eval --dims $dims ${variant:+$variant }--gradient --isa $isa equals scalar" "rc $RC: $(cat "$tmp/err")" \
                    "$(diff "$tmp/gisa_scalar" "$tmp/gisa_$isa" | head -n 4)"
            fi
        done
    done
done
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
# heightmap writes PNG through libpng; a build without libpng (the aarch64 cross build, which has no
# arm64 copy) writes PGM only and says so. img: the extension the heightmap checks use.
capture "" heightmap -o "$tmp/probe.png" --size 2x2
if [[ $RC == 0 ]]; then
    img=png
elif [[ $RC == 2 && "$ERR" == *"without libpng"* && "$ERR" == *"--format pgm"* && ! -e "$tmp/probe.png" ]]; then
    img=pgm
    pass "heightmap in a build without libpng: PNG refused with exit 2 and a message (checks below use PGM)"
else
    img=png
    fail "heightmap -o probe.png" "rc $RC: $ERR"
fi
capture "" heightmap -o "$tmp/s4a.$img" --size 32x16 --slice 1.5,0
capture "" heightmap -o "$tmp/s4b.$img" --size 32x16 --slice 0,1.5
capture "" heightmap -o "$tmp/s3.$img" --size 32x16 --slice 0.5
if [[ $RC == 0 && -s "$tmp/s4a.$img" && -s "$tmp/s3.$img" ]] && ! cmp -s "$tmp/s4a.$img" "$tmp/s4b.$img"; then
    pass "heightmap --slice Z and Z,W write different frames"
else
    fail "heightmap --slice Z and Z,W write different frames" "rc $RC: $ERR"
fi
capture "" heightmap -o "$tmp/t1.$img" --size 300x200 --fractal fbm --threads 1
capture "" heightmap -o "$tmp/t2.$img" --size 300x200 --fractal fbm --threads 2
capture "" heightmap -o "$tmp/t0.$img" --size 300x200 --fractal fbm
if [[ $RC == 0 ]] && cmp -s "$tmp/t1.$img" "$tmp/t2.$img" && cmp -s "$tmp/t1.$img" "$tmp/t0.$img"; then
    pass "heightmap --threads 1, 2 and all give the same bytes"
else
    fail "heightmap --threads 1, 2 and all give the same bytes" "rc $RC: $ERR"
fi
capture "" heightmap -o "$tmp/bad.$img" --threads -1
expect_rc "heightmap --threads -1: exit 2" 2 --threads
capture "" heightmap -o "$tmp/bad.$img" --slice 1,nan
expect_rc "heightmap --slice 1,nan: exit 2" 2 --slice
capture "" heightmap -o "$tmp/marble.$img" --size 64x32 --pattern marble --fractal turbulence
if [[ $RC == 0 && -s "$tmp/marble.$img" ]]; then pass "heightmap --pattern marble writes a picture"; else fail "heightmap --pattern marble writes a picture" "rc $RC: $ERR"; fi

if [[ " ${ran[*]} " == *" sse2 "* || " ${ran[*]} " == *" neon "* ]]; then
    pass "ISAs compared: ${ran[*]}"
elif [[ "$(uname -m)" == x86_64 && -z "$GRADNOISE_EMULATOR" ]]; then
    fail "at least scalar and one SIMD ISA run on x86-64" "ran: ${ran[*]:-none}"
else
    pass "ISAs compared: ${ran[*]:-none} (no SIMD path on this target)"
fi

# ---- eval: errors ----

capture $'0 0 0\n1 1 1.5\n1.0 abc 2\n4 4 4\n' eval
if [[ $RC == 1 && "$ERR" == *"line 3"* && "$ERR" == *abc* && $(printf '%s\n' "$OUT" | wc -l) == 2 ]]; then
    pass "malformed line 3: exit 1, 'line 3' on stderr, earlier values printed"
else
    fail "malformed line 3: exit 1, 'line 3' on stderr, earlier values printed" "rc $RC, stderr: $ERR, stdout: $OUT"
fi
capture $'1 2\n' eval
expect_rc "too few coordinates: exit 1" 1 "line 1"
capture $'1 2 3 4\n' eval
expect_rc "too many coordinates: exit 1" 1 "line 1"
capture $'1 2 3\n' eval --dims 2
expect_rc "3 coordinates with --dims 2: exit 1" 1 "line 1"
capture $'1 2 3x\n' eval
expect_rc "trailing garbage: exit 1" 1 "3x"
capture $'1 2 1e50\n' eval
expect_rc "out of float range: exit 1" 1 "1e50"

capture "" eval --isa avx1024
expect_rc "--isa avx1024: exit 2" 2 avx1024
capture "" eval --dims 5
expect_rc "--dims 5: exit 2" 2 --dims
capture "" eval --format octal
expect_rc "--format octal: exit 2" 2 --format
capture "" eval --fade linear
expect_rc "--fade linear: exit 2" 2 --fade
capture "" eval --seed -x3
expect_rc "--seed -x3: exit 2" 2 --seed
capture "" eval --seed -9223372036854775809
expect_rc "--seed below -2^63: exit 2" 2 --seed
capture "" eval --seed 18446744073709551616
expect_rc "--seed 2^64: exit 2" 2 --seed
capture "" eval --seed
expect_rc "--seed without a value: exit 2" 2 --seed
capture "" eval --frobnicate
expect_rc "unknown option: exit 2" 2 --frobnicate

# An ISA of the other architecture must be refused, never silently replaced.
capture $'0.5 0.5 0.5\n' eval --isa sse2
if [[ $RC == 0 ]]; then foreign=neon; else foreign=avx2; fi
capture $'0.5 0.5 0.5\n' eval --isa $foreign
expect_rc "unsupported --isa $foreign: exit 2" 2 "not supported"

# An option the field ignores is refused (the library's rule, as the Python package's).
capture $'0.3 0.7 0.1\n' eval --octaves 3
expect_rc "eval --octaves 3 without --fractal: exit 2" 2 "--octaves has no effect without a fractal"
capture $'0.3 0.7 0.1\n' eval --warp-strength 2
expect_rc "eval --warp-strength without --warp: exit 2" 2 "--warp-strength has no effect without a warp"
# An octave frequency that overflows (1e10^4): a finite value and +0 derivatives, not NaN (spec 18.3).
for isa in scalar auto; do
    capture $'0.3 0.7 0.1\n' eval --fractal fbm --octaves 5 --lacunarity 1e10 --gradient --isa "$isa"
    if [[ $RC == 0 && "$OUT" != *nan* && "$OUT" != *NaN* ]]; then
        pass "eval --lacunarity 1e10 --gradient ($isa): no NaN ($OUT)"
    else
        fail "eval --lacunarity 1e10 --gradient ($isa): no NaN" "exit $RC: $OUT" "$ERR"
    fi
done

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

# ---- heightmap ----

# png_pixels.py FILE: checks the signature, every CRC, the chunk order, IHDR (8-bit greyscale) and the
# zlib stream, undoes the row filters (any of PNG's five), checks the tEXt chunks; prints "WxH" and writes
# the grey bytes to FILE.grey.
cat >"$tmp/png_pixels.py" <<'EOF'
import struct, sys, zlib
d = open(sys.argv[1], "rb").read()
if d[:8] != b"\x89PNG\r\n\x1a\n": sys.exit("bad PNG signature")
p, idat, types, text = 8, b"", [], {}
while p < len(d):
    n, = struct.unpack(">I", d[p:p + 4])
    t, body = d[p + 4:p + 8], d[p + 8:p + 8 + n]
    if struct.unpack(">I", d[p + 8 + n:p + 12 + n])[0] != zlib.crc32(t + body): sys.exit("bad CRC in %r" % t)
    types.append(t)
    if t == b"IHDR": w, h, depth, colour = struct.unpack(">IIBB", body[:10])
    if t == b"IDAT": idat += body
    if t == b"tEXt": k, v = body.split(b"\0", 1); text[k] = v
    p += 12 + n
if types[0] != b"IHDR" or types[-1] != b"IEND": sys.exit("chunk order %r" % types)
if (depth, colour) != (8, 0): sys.exit("not 8-bit greyscale")
raw = zlib.decompress(idat)
if len(raw) != h * (w + 1): sys.exit("%d bytes of scanlines, want %d" % (len(raw), h * (w + 1)))
out, prev = bytearray(), bytearray(w)
for r in range(h):
    f, line = raw[r * (w + 1)], bytearray(raw[r * (w + 1) + 1:(r + 1) * (w + 1)])
    for i in range(w):
        a, b, c = (line[i - 1] if i else 0), prev[i], (prev[i - 1] if i else 0)
        if f == 0: x = 0
        elif f == 1: x = a
        elif f == 2: x = b
        elif f == 3: x = (a + b) // 2
        elif f == 4:
            pa, pb, pc = abs(b - c), abs(a - c), abs(a + b - 2 * c)
            x = a if pa <= pb and pa <= pc else (b if pb <= pc else c)
        else: sys.exit("row %d: filter type %d" % (r, f))
        line[i] = (line[i] + x) & 0xFF
    out += line
    prev = line
if not text.get(b"Software", b"").startswith(b"gradnoise ") or b"Description" not in text: sys.exit("tEXt missing")
open(sys.argv[1] + ".grey", "wb").write(bytes(out))
print("%dx%d" % (w, h))
EOF
png_info() { python3 "$tmp/png_pixels.py" "$1"; }
# pgm_size FILE: "WxH" from a binary PGM header.
pgm_size() { head -n 2 "$1" | tr '\n' ' ' | awk '$1 == "P5" { print $2 "x" $3 }'; }

cd "$tmp"
capture "" heightmap -o "$tmp/h.png" --size 37x23 --scale 4 --origin -2.5,7 --seed 9
if [[ $img != png ]]; then
    pass "heightmap PNG: not in this build (no libpng)"
elif [[ $RC != 0 ]]; then
    fail "heightmap PNG" "exit status $RC: $ERR"
elif info=$(png_info "$tmp/h.png" 2>&1) && [[ "$info" == 37x23 && "$OUT" == "wrote $tmp/h.png (37x23"* ]]; then
    pass "heightmap PNG 37x23: signature, CRCs, IHDR, zlib stream, tEXt"
else
    fail "heightmap PNG 37x23" "$info" "stdout: $OUT"
fi

capture "" heightmap -o "$tmp/h.pgm" --size 37x23 --scale 4 --origin -2.5,7 --seed 9
header=$(head -c 13 "$tmp/h.pgm" 2>/dev/null | od -An -c | tr -s ' ' || true)
size=$(wc -c <"$tmp/h.pgm" 2>/dev/null || echo 0)
if [[ $RC == 0 && "$(head -c 13 "$tmp/h.pgm" 2>/dev/null)" == $'P5\n37 23\n255' && $size == $((13 + 37 * 23)) ]]; then
    pass "heightmap PGM: P5 header and 37*23 pixels"
else
    fail "heightmap PGM" "rc $RC, header '$header', $size bytes"
fi
if [[ $img != png ]]; then
    pass "PNG and PGM pixels: no PNG in this build"
elif cmp -s "$tmp/h.png.grey" <(tail -c +14 "$tmp/h.pgm") && [[ $(od -An -tu1 -v "$tmp/h.pgm" | tr -s ' ' '\n' | sort -u | wc -l) -gt 10 ]]; then
    pass "PNG and PGM hold the same pixels"
else
    fail "PNG and PGM hold the same pixels"
fi

mkdir "$tmp/cwd"
RC=0
(cd "$tmp/cwd" && run heightmap >"$tmp/out" 2>"$tmp/err") || RC=$?
OUT="$(cat "$tmp/out")"
where="$(cd "$tmp/cwd" && pwd -P)/gradnoise-heightmap.$img"  # printed as an absolute path
if [[ $img == png ]]; then got=$(png_info "$tmp/cwd/gradnoise-heightmap.png" 2>&1); else got=$(pgm_size "$tmp/cwd/gradnoise-heightmap.pgm"); fi
if [[ $RC == 0 && "$OUT" == "wrote $where (512x512"* && "$got" == 512x512 ]]; then
    pass "heightmap defaults: gradnoise-heightmap.$img, 512x512, absolute path printed"
else
    fail "heightmap defaults" "rc $RC, stdout: $OUT"
fi

printf 'old' >"$tmp/over.$img"
capture "" heightmap -o "$tmp/over.$img" --size 5x4
if [[ $img == png ]]; then got=$(png_info "$tmp/over.png" 2>&1); else got=$(pgm_size "$tmp/over.pgm"); fi
if [[ $RC == 0 && "$got" == 5x4 ]]; then pass "heightmap replaces an existing file"; else fail "heightmap replaces an existing file" "rc $RC, '$got'"; fi

capture "" heightmap -o "$tmp/no/such/dir/h.$img" --size 8x8
leftovers=$(find "$tmp" -name '*.tmp.[0-9]*')
if [[ $RC == 1 && "$ERR" == *"$tmp/no/such/dir/h.$img"* && "$ERR" == *"No such file"* && ! -e "$tmp/no" && -z "$leftovers" ]]; then
    pass "heightmap into a missing directory: exit 1, path and reason named, nothing left"
else
    fail "heightmap into a missing directory" "rc $RC, stderr: $ERR, left: $leftovers"
fi

mkdir "$tmp/adir.$img"
capture "" heightmap -o "$tmp/adir.$img" --size 8x8
leftovers=$(find "$tmp" -name '*.tmp.[0-9]*')
if [[ $RC == 1 && "$ERR" == *"$tmp/adir.$img"* && -z "$leftovers" && -z "$(ls -A "$tmp/adir.$img")" ]]; then
    pass "heightmap over a directory: exit 1, no temporary file left"
else
    fail "heightmap over a directory" "rc $RC, stderr: $ERR, left: $leftovers"
fi

for bad in 0x5 5x0 16385x2 2x16385 12 axb 12x 5x5x5 -3x4; do
    capture "" heightmap -o "$tmp/bad.$img" --size "$bad"
    expect_rc "heightmap --size $bad: exit 2" 2 --size
done
for bad in 0 -1 nan inf abc 1e50; do
    capture "" heightmap -o "$tmp/bad.$img" --scale "$bad"
    expect_rc "heightmap --scale $bad: exit 2" 2 --scale
done
capture "" heightmap -o "$tmp/bad.$img" --origin 1
expect_rc "heightmap --origin 1: exit 2" 2 --origin
capture "" heightmap -o "$tmp/bad.bmp"
expect_rc "heightmap -o bad.bmp without --format: exit 2" 2 bad.bmp
capture "" heightmap -o "$tmp/bad.$img" --isa avx1024
expect_rc "heightmap --isa avx1024: exit 2" 2 avx1024
if [[ -e "$tmp/bad.$img" || -e "$tmp/bad.bmp" ]]; then fail "rejected heightmap commands write nothing"; else pass "rejected heightmap commands write nothing"; fi

capture "" heightmap -o "$tmp/fmt.img" --format pgm --size 3x2
if [[ $RC == 0 && "$(head -c 2 "$tmp/fmt.img" 2>/dev/null)" == P5 ]]; then pass "--format pgm overrides the extension"; else fail "--format pgm overrides the extension" "rc $RC"; fi

# Every field parameter of the library's table (docs/graph-reference.md, generated from it and checked
# by ctest graph_reference) is an option with help; every basis is listed with its line of help.
ref="$(dirname "${BASH_SOURCE[0]}")/../docs/graph-reference.md"
help_text=$(run eval --help 2>&1)
missing=""
field_names=$(sed -n '/^The field parameters/,/^The choices/s/^| `\([a-z0-9_]*\)` | \(choice\|integer\|number\|seed\) |.*/\1/p' "$ref")
for name in $(sed 's/^period_[xyzw]$/period/' <<<"$field_names" | sort -u); do
    [[ "$help_text" == *"--${name//_/-} "* ]] || missing+=" $name"
done
count=$(wc -l <<<"$field_names")
bases=0
for b in perlin classic value isotropic opensimplex2 opensimplex2s cellular; do
    grep -q "^ *$b: ." <<<"$help_text" && bases=$((bases + 1))
done
if [[ -z "$missing" && $count -ge 25 && $bases == 7 ]]; then
    pass "eval --help: an option for each of the table's $count field parameters; each basis with its help"
else
    fail "eval --help covers the parameter table" "missing:$missing; $count parameters read; $bases of 7 bases listed"
fi
capture "" eval --octaves 40
expect_rc "--octaves 40: exit 2, naming the range" 2 "--octaves: '40' is not an integer in 1..32"
capture "" eval --period 8,5
expect_rc "--period 8,5: exit 2" 2 "--period: '8,5' is not 1 to 4 comma-separated values, each 0 (none), a power of two in 1..256 (the lattice bases, cellular) or three times one in 3..768 (the simplex families)"
capture "" eval --period 12
expect_rc "--period 12 on a lattice basis: exit 2" 2 "--period (x) must be 0 or a power of two in 1..256 for the lattice bases and cellular noise"
capture "" eval --basis simplex
expect_rc "--basis simplex: exit 2, listing the bases" 2 "is not one of perlin, classic, value, isotropic, opensimplex2, opensimplex2s or cellular"

echo "$passed passed, $failed failed"
[[ $failed == 0 ]]
