#!/usr/bin/env bash
# End-to-end tests of the gradnoise command-line tool, run by ctest (test "cli"): --version and help,
# eval's values (Ken Perlin's and K.jpg's), formats, seeds, families and options, shader's GLSL, and
# eval's refusals. Every ISA's bits: cli_isa_test.sh; eval --gradient: cli_gradient_test.sh;
# heightmap: cli_heightmap_test.sh.
#
#   GRADNOISE=/path/to/gradnoise [GRADNOISE_EMULATOR=qemu-aarch64] bash tests/cli_test.sh
#
# Needs bash and python3 (for float checks). Prints one line per check and a summary; exits
# non-zero if any check failed.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/shell_checks.sh"
start_cli_test
DATA="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)/data"

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

# ---- eval: periods, patterns and their options ----
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

# The hash's and the fractal's options.
capture $'0.5 0.5 0.5\n' eval --hash sha256
expect_rc "--hash sha256: exit 2" 2 "--hash"
capture $'0.5 0.5 0.5\n' eval --fractal fbm --octaves 33
expect_rc "--octaves 33: exit 2" 2 "--octaves"
capture $'0.5 0.5 0.5\n' eval --fractal fbm --lacunarity 0
expect_rc "--lacunarity 0: exit 2" 2 "--lacunarity"
capture $'0.5 0.5 0.5\n' eval --fractal plasma
expect_rc "--fractal plasma: exit 2" 2 "--fractal"

# An option the field ignores is refused (the library's rule, as the Python package's).
capture $'0.3 0.7 0.1\n' eval --octaves 3
expect_rc "eval --octaves 3 without --fractal: exit 2" 2 "--octaves has no effect without a fractal"
capture $'0.3 0.7 0.1\n' eval --warp-strength 2
expect_rc "eval --warp-strength without --warp: exit 2" 2 "--warp-strength has no effect without a warp"

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

summary
