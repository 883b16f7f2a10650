#!/usr/bin/env bash
# End-to-end tests of `gradnoise bake`: every preset and format decodes (read back with the
# libraries that wrote them, via read_image) with sizes, depths and pixel values checked against
# direct evaluation (`gradnoise eval`), tiles join, errors give their message and leave no file,
# and the bytes do not depend on the ISA or the thread count.
# Environment: GRADNOISE (the tool), READ_IMAGE (tests/read_image.cpp).
set -uo pipefail
: "${GRADNOISE:?set GRADNOISE to the gradnoise binary}" "${READ_IMAGE:?set READ_IMAGE}"
source "$(dirname "${BASH_SOURCE[0]}")/shell_checks.sh"
scratch_dir
cd "$tmp"
# pixel_points SCALE WIDTH PIXELS: each pixel "X Y" of PIXELS at its coordinates, step float(SCALE / WIDTH)
# (spec section 6: float(i) * step), as hex floats for gradnoise eval.
pixel_points() {
    python3 - "$@" <<'PY'
import struct, sys
f = lambda v: struct.unpack('f', struct.pack('f', v))[0]
step = f(float(sys.argv[1]) / int(sys.argv[2]))
p = list(map(int, sys.argv[3].split()))
for i in range(0, len(p), 2):
    print(float.hex(f(p[i] * step)), float.hex(f(p[i + 1] * step)))
PY
}
# pfm_check FILE W H VALUES CHECK: the status of the Python expression CHECK, given at(x, y) (the pixel of
# FILE, row 0 at the top; exit 1 unless FILE is a W x H PFM, w and h) and want (VALUES: hex floats, one a line).
pfm_check() {
    python3 - "$@" <<'PY'
import struct, sys
path, w, h, values, check = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), sys.argv[4], sys.argv[5]
data = open(path, 'rb').read()
head = b"Pf\n%d %d\n-1.0\n" % (w, h)
if not data.startswith(head) or len(data) != len(head) + w * h * 4: sys.exit(1)
want = [float.fromhex(l) for l in open(values)]
at = lambda x, y: struct.unpack_from('<f', data, len(head) + 4 * ((h - 1 - y) * w + x))[0]
sys.exit(0 if eval(check) else 1)
PY
}

# ---- every preset: a PNG of the right kind, with its configuration inside ----
for preset in terrain eroded marble wood clouds fire noise; do
    bake "$preset" --size 40x30 -o "$preset.png"
    info=$("$READ_IMAGE" "$preset.png" 2>&1 | head -1)
    want="png 40 30 3 8"
    [[ $preset == noise ]] && want="png 40 30 1 8"
    if [[ $RC == 0 && "$info" == "$want" ]] && "$READ_IMAGE" "$preset.png" | grep -q "text gradnoise-config .*\"preset\":\"$preset\""; then
        pass "bake $preset: $info, configuration in a text chunk"
    else
        fail "bake $preset: $want" "exit $RC, read: $info" "$ERR"
    fi
    if [[ -n "$ERR" ]]; then fail "bake $preset is silent on stderr when it is not a terminal" "$ERR"; else pass "bake $preset: no progress output off a terminal"; fi
done

# ---- pixel values against direct evaluation ----
# noise preset: scale 8 over 40 px: x_i = float(i) * 0.2 (spec section 6), grey = round((v + 1) / 2 * 255).
bake noise --size 40x30 -o n8.png --normalize fixed
pixels="0 0 7 3 39 29 12 20"
pixel_points 8.0 40 "$pixels" >pts.txt
"$GRADNOISE" eval --dims 2 --format hex <pts.txt >vals.txt
"$READ_IMAGE" n8.png $pixels | sed -n '2,5p' >got.txt
if python3 - vals.txt got.txt <<'PY'
import sys
vals = [float.fromhex(l) for l in open(sys.argv[1])]
got = [int(l) for l in open(sys.argv[2])]
want = [round(min(1, max(0, (v + 1) / 2)) * 255) for v in vals]
sys.exit(0 if all(abs(a - b) <= 1 for a, b in zip(got, want)) and len(got) == len(want) else 1)
PY
then pass "noise grey pixels = round((v + 1) / 2 * 255) of gradnoise eval ($(tr '\n' ' ' <got.txt))"; else fail "noise grey pixels match direct evaluation" "$(cat got.txt vals.txt)"; fi

# 16-bit terrain heights and the same as RAW16 and EXR.
bake terrain --grey --depth 16 --size 40x30 -o h16.png
check "terrain --grey --depth 16: 16-bit greyscale PNG" test "$("$READ_IMAGE" h16.png | head -1)" = "png 40 30 1 16"
pixel_points 3.0 40 "$pixels" >tpts.txt
"$GRADNOISE" eval --dims 2 --format hex --basis opensimplex2s --fractal fbm --octaves 4 --erosion 4 <tpts.txt >tvals.txt
"$READ_IMAGE" h16.png $pixels | sed -n '2,5p' >tgot.txt
if python3 - tvals.txt tgot.txt <<'PY'
import sys
vals = [float.fromhex(l) for l in open(sys.argv[1])]
got = [int(l) for l in open(sys.argv[2])]
want = [round(min(1, max(0, (v + 0.8) / 1.6)) * 65535) for v in vals]  # the preset's range: -0.8 .. 0.8
sys.exit(0 if len(got) == 4 and all(abs(a - b) <= 1 for a, b in zip(got, want)) else 1)
PY
then pass "terrain 16-bit heights = round((v + 0.8) / 1.6 * 65535) of the eroded fBm ($(tr '\n' ' ' <tgot.txt))"; else fail "terrain 16-bit heights match direct evaluation" "$(cat tgot.txt tvals.txt)"; fi
bake terrain --grey --size 40x30 -o h.r16
if [[ $RC == 0 ]] && python3 - h.r16 tgot.txt <<'PY'
import struct, sys
data = open(sys.argv[1], 'rb').read()
got = [int(l) for l in open(sys.argv[2])]
if len(data) != 40 * 30 * 2: sys.exit(1)
px = [(0, 0), (7, 3), (39, 29), (12, 20)]
vals = [struct.unpack_from('<H', data, 2 * (y * 40 + x))[0] for x, y in px]
sys.exit(0 if vals == got else 1)
PY
then pass "RAW16: 40*30 little-endian uint16, the same heights as the 16-bit PNG"; else fail "RAW16 layout and values" "exit $RC $ERR"; fi
bake noise --fractal ridged --size 40x30 -o r.exr
"$GRADNOISE" eval --dims 2 --format hex --fractal ridged <pts.txt >rvals.txt
"$READ_IMAGE" r.exr $pixels | tail -n +2 >rgot.txt
if [[ $RC == 0 ]] && "$READ_IMAGE" r.exr | grep -qx "exr 40 30" && cmp -s rgot.txt rvals.txt; then
    pass "EXR: 32-bit float heights equal gradnoise eval bit for bit"
else
    fail "EXR heights equal gradnoise eval" "$(paste rgot.txt rvals.txt)" "$ERR"
fi
bake noise --size 40x30 -o n.pfm
if [[ $RC == 0 ]] && pfm_check n.pfm 40 30 vals.txt '[at(x, y) for x, y in [(0, 0), (7, 3), (39, 29), (12, 20)]] == want'
then pass "PFM: header, bottom-to-top rows, values equal gradnoise eval"; else fail "PFM layout and values" "$ERR"; fi

# ---- [S 8.1, 13.5] --band-limit and --lod: a pyramid of pictures, each level band-limited for its spacing ----
# Level L is 64/2^L x 32/2^L pixels at step 8/64 * 2^L; its pixel (i, j) is the field with footprint
# 0.125 * 2^L at (float(i) * step, float(j) * step), which gradnoise eval computes independently.
bake noise --fractal fbm --octaves 8 --scale 8 --size 64x32 --band-limit --lod 2 -o lod.pfm
if [[ $RC == 0 ]]; then
    ok=1
    for level in 0 1 2; do
        name=lod.pfm; [[ $level != 0 ]] && name=lod_lod$level.pfm
        footprint=$(python3 -c "print(0.125 * 2 ** $level)")
        python3 - $level >lpts.txt <<'PY'
import struct, sys
f = lambda v: struct.unpack('f', struct.pack('f', v))[0]
L = int(sys.argv[1]); step = f(8.0 / (64 >> L))
for x, y in [(0, 0), (3, 1), ((64 >> L) - 1, (32 >> L) - 1), (5, 2)]:
    print(float.hex(f(x * step)), float.hex(f(y * step)))
PY
        "$GRADNOISE" eval --dims 2 --format hex --fractal fbm --octaves 8 --footprint "$footprint" <lpts.txt >lvals.txt
        pfm_check "$name" $((64 >> level)) $((32 >> level)) lvals.txt \
            '[at(x, y) for x, y in [(0, 0), (3, 1), (w - 1, h - 1), (5, 2)]] == want' || ok=0
    done
    if [[ $ok == 1 ]]; then pass "--band-limit --lod 2: three levels, sizes halved, values equal eval with footprint 0.125 * 2^L"
    else fail "--band-limit --lod 2: levels' sizes and values" "$(cat lvals.txt)"; fi
else
    fail "--band-limit --lod 2 bakes" "exit $RC" "$ERR"
fi
if bake noise --fractal fbm --band-limit --print-config && [[ "$OUT" == *"footprint = 0.015625"* ]]; then
    pass "--band-limit records the footprint (8 / 512) in the configuration"
else
    fail "--band-limit in --print-config" "$OUT"
fi
expect_error "--band-limit without a fractal: exit 2" 2 "--band-limit has no effect without a fractal" -- noise --band-limit -o x.png
expect_error "--band-limit and --footprint: exit 2" 2 "give one of them" -- noise --fractal fbm --band-limit --footprint 0.5 -o x.png
expect_error "--lod with an odd size: exit 2" 2 "must be divisible by 2^2 = 4" -- noise --lod 2 --size 30x30 -o x.png
expect_error "--lod with --frames: exit 2" 2 "--lod writes a pyramid of still pictures" -- fire --lod 1 --frames 3 -o x.gif
check "no level written after a refusal" test ! -e x_lod1.png

# ---- --tileable and --volume: a seamless W x H x D volume as a flipbook atlas ----
# 8 slices of 16x16 at step 2/16 = 0.125, periods 2, 2 and 1 (= 8 * 0.125): slice k sits at column
# k % 3, row k / 3 of a 3x3 atlas (48x48; the last cell 0). Pixel (i, j) of slice k is the field at
# (i, j, k) * 0.125; one period on: (i + 16, j, k) and (i, j, k + 8) give the same bits (gradnoise eval).
bake noise --fractal fbm --octaves 3 --tileable --volume 8 --size 16x16 --scale 2 -o vol.pfm
if [[ $RC == 0 ]]; then
    python3 >vpts.txt <<'PY'
import struct
f = lambda v: struct.unpack('f', struct.pack('f', v))[0]
for i, j, k in [(0, 0, 0), (5, 9, 3), (15, 15, 7), (2, 3, 6)]:
    for di, dk in [(0, 0), (16, 0), (0, 8)]:
        print(float.hex(f((i + di) * 0.125)), float.hex(f(j * 0.125)), float.hex(f((k + dk) * 0.125)))
PY
    "$GRADNOISE" eval --dims 3 --format hex --fractal fbm --octaves 3 --period 2,2,1 <vpts.txt >vvals.txt
    # Each sample three times: itself, one period on in x, one period on in z.
    if pfm_check vol.pfm 48 48 vvals.txt '[at((k % 3) * 16 + i, (k // 3) * 16 + j)
        for i, j, k in [(0, 0, 0), (5, 9, 3), (15, 15, 7), (2, 3, 6)] for _ in range(3)] == want and at(47, 47) == 0.0'
    then pass "--volume 8 --tileable: a 3x3 atlas of 16x16 slices, equal to eval, repeating after one period in x and z"
    else fail "--volume atlas values and periods" "$(cat vvals.txt)"; fi
else
    fail "--volume 8 --tileable bakes" "exit $RC" "$ERR"
fi
if bake noise --fractal fbm --tileable --volume 8 --size 16x16 --scale 2 --print-config &&
   [[ "$OUT" == *"period = \"2/2/1/0\""* && "$OUT" == *"volume = 8"* ]]; then
    pass "--tileable records the periods it set (2, 2, 1) in the configuration"
else
    fail "--tileable in --print-config" "$OUT"
fi
expect_error "--tileable off a power of two: exit 2" 2 "--tileable: the width spans 3 lattice units" -- noise --tileable --scale 3 -o x.png
# A simplex tile (spec 16.8): period 6 at frequency 1 on the fallback lattice, which --tileable selects;
# pixel (i, j) is the field at (i, j) * 6/32, and one period on in x or y gives the same bits.
bake noise --basis opensimplex2s --tileable --size 32x32 --scale 6 -o stile.pfm
if [[ $RC == 0 ]]; then
    python3 >spts.txt <<'PY'
import struct
f = lambda v: struct.unpack('f', struct.pack('f', v))[0]
for i, j in [(0, 0), (5, 9), (31, 31), (2, 30)]:
    for di, dj in [(0, 0), (32, 0), (0, -32)]:
        print(float.hex(f((i + di) * 0.1875)), float.hex(f((j + dj) * 0.1875)))
PY
    "$GRADNOISE" eval --dims 2 --format hex --basis opensimplex2s --orientation2 fallback --orientation3 fallback \
        --period 6,6 <spts.txt >svals.txt
    # Each sample three times: itself, one period on in x, one period back in y.
    if pfm_check stile.pfm 32 32 svals.txt '(got := [at(i, j) for i, j in [(0, 0), (5, 9), (31, 31), (2, 30)]
        for _ in range(3)]) == want and len(set(got)) > 3'
    then pass "--tileable with opensimplex2s: a 6 x 6 tile on the fallback lattice, equal to eval, repeating in x and y"
    else fail "--tileable simplex values and periods" "$(cat svals.txt)"; fi
else
    fail "--tileable with opensimplex2s bakes" "exit $RC" "$ERR"
fi
expect_error "--tileable for a simplex basis off 3 x 2^k: exit 2" 2 "a simplex tile needs three times a power of two" -- clouds --tileable --scale 4 -o x.png
expect_error "--tileable with a simplex orientation that does not tile: exit 2" 2 "--orientation3 improve_xz does not tile" -- noise --basis opensimplex2 --orientation3 improve_xz --tileable --scale 6 -o x.png
expect_error "--volume with --frames: exit 2" 2 "--volume writes one atlas of slices" -- noise --volume 4 --frames 2 -o x.gif
expect_error "--atlas-columns without --volume: exit 2" 2 "--atlas-columns has no effect without --volume" -- noise --atlas-columns 4 -o x.png
expect_error "--volume of fire: exit 2" 2 "moves along y over time" -- fire --volume 4 -o x.png

# Large images take the parallel PNG path (rows filtered and deflated in bands on all cores).
bake terrain --grey --depth 16 --size 2048x1100 -o big.png
RC2=0; "$GRADNOISE" bake terrain --grey --depth 16 --size 2048x1100 --threads 1 -o big1.png >/dev/null 2>&1 || RC2=$?
printf '%s %s\n' "$(python3 -c "import struct; f=lambda v: struct.unpack('f', struct.pack('f', v))[0]; print(float.hex(f(2047 * f(3.0 / 2048))))")" \
    "$(python3 -c "import struct; f=lambda v: struct.unpack('f', struct.pack('f', v))[0]; print(float.hex(f(1099 * f(3.0 / 2048))))")" >bigpt.txt
bigv=$("$GRADNOISE" eval --dims 2 --format hex --basis opensimplex2s --fractal fbm --octaves 4 --erosion 4 <bigpt.txt)
bigs=$("$READ_IMAGE" big.png 2047 1099 | sed -n 2p)
if [[ $RC == 0 && $RC2 == 0 && "$("$READ_IMAGE" big.png | head -1)" == "png 2048 1100 1 16" ]] && cmp -s big.png big1.png &&
   python3 -c "import sys; v=float.fromhex('$bigv'); sys.exit(0 if abs(round(min(1,max(0,(v+0.8)/1.6))*65535) - $bigs) <= 1 else 1)"; then
    pass "2048x1100 16-bit PNG (parallel deflate): decodes, last pixel matches, same bytes with 1 thread"
else
    fail "large 16-bit PNG through the parallel path" "exit $RC/$RC2, pixel $bigs, value $bigv" "$ERR"
fi

bake terrain --hillshade --size 64x48 -o shaded.png
bake terrain --flat --size 64x48 -o flat.png
if [[ $RC == 0 && "$("$READ_IMAGE" shaded.png | head -1)" == "png 64 48 3 8" ]] && ! cmp -s shaded.png flat.png; then
    pass "--hillshade: an RGB PNG of the same size, shaded"
else
    fail "--hillshade" "$ERR"
fi
bake terrain --size 64x48 -o default.png
if [[ $RC == 0 ]] && cmp -s default.png shaded.png; then
    pass "the terrain preset is hill-shaded by default (as --hillshade)"
else
    fail "terrain's default shading" "$ERR"
fi
expect_error "--flat with --hillshade is refused" 2 "--flat and --hillshade" -- terrain --flat --hillshade -o x.png
expect_error "--flat for a preset that is not shaded is refused" 2 "the clouds preset is not shaded" -- clouds --flat -o x.png

# ---- normal maps (issue 14): decoded, against normals from the float heights ----
# The same field as float heights (PFM) and as --normal-map; normals_check.py compares the decoded
# normal (each sample c -> 2 c / max - 1, green flipped back for OpenGL) with the unit normal of the
# surface z = S * v from the heights by central differences of 4th order on the pixel grid,
# (8 (v[i+1] - v[i-1]) - (v[i+2] - v[i-2])) / (6 (x[i+1] - x[i-1])), x_i = float(i) * (scale / width)
# in noise units; pixels 2 from the edge and more. Measured worst angles (96x96): noise preset (one
# octave of Perlin over 2 units, S 1) 0.37 deg at 8 bits (the rounding of 8-bit samples alone allows
# up to ~0.39) and 0.021 deg at 16 bits; terrain's OpenSimplex2S fBm at 4 octaves (over 0.375 units,
# S 2, without its erosion filter, whose gradient holds the steering (spec 21.3: not yet the heights'
# derivative); 4 octaves are as fine as a pixel grid a test can afford) 0.21 deg at 16 bits;
# eroded's damped fBm at 4 octaves (S 1) 1.75 deg at 16 bits (99 % of pixels within 0.65: the
# stencil's truncation at its sharpest creases), where a gradient that held each octave's damping
# constant was 26 deg off on average. Tolerances 0.5, 0.05, 0.5 and 3 deg; a strength or frequency
# factor 2% off is ~0.5 deg off, and a flipped or swapped axis tens of degrees.
nm_cases=("noise|--scale 2|1|8|0.5" "noise|--scale 2|1|16|0.05" "terrain|--scale 0.375 --octaves 4 --erosion 0|2|16|0.5"
          "eroded|--scale 0.375 --octaves 4|1|16|3")
k=0
: >nm_cases.txt
for c in "${nm_cases[@]}"; do
    IFS='|' read -r preset args strength depth tol <<<"$c"
    k=$((k + 1))
    # shellcheck disable=SC2086
    bake $preset --grey --size 96x96 $args -o "nm_h$k.pfm"
    RC1=$RC
    # shellcheck disable=SC2086
    bake $preset --normal-map --depth $depth --normal-strength $strength --size 96x96 $args -o "nm_gl$k.png"
    if [[ $RC1 != 0 || $RC != 0 ]]; then fail "bake $preset --normal-map --depth $depth" "exit $RC1/$RC" "$ERR"; continue; fi
    # shellcheck disable=SC2086
    bake $preset --normal-map --normal-convention directx --depth $depth --normal-strength $strength --size 96x96 $args -o "nm_dx$k.png"
    "$READ_IMAGE" "nm_gl$k.png" all >"nm_gl$k.txt"
    "$READ_IMAGE" "nm_dx$k.png" all >"nm_dx$k.txt"
    printf '%s\t%s\t%s\t%s\t%s\t%s\n' $k "$preset" "$args" $strength $depth $tol >>nm_cases.txt
done
results=0
while IFS= read -r line; do
    case $line in ok*) pass "${line#ok }" ;; *) fail "${line#FAIL }" ;; esac
    results=$((results + 1))
done < <(python3 - <<'PY'
import math, struct
f32 = lambda v: struct.unpack('f', struct.pack('f', v))[0]
def pfm(path):  # rows top to bottom
    data = open(path, 'rb').read()
    head = data.split(b"\n", 3)
    w, h = map(int, head[1].split())
    v = struct.unpack('<%df' % (w * h), head[3][:4 * w * h])
    return w, h, [v[(h - 1 - y) * w:(h - y) * w] for y in range(h)]
def dump(path):
    rows = open(path).read().splitlines()
    kind, w, h, ch, bits = rows[0].split()
    return (int(w), int(h), int(ch), int(bits)), [tuple(map(int, r.split())) for r in rows[1:1 + int(w) * int(h)]]
for line in open("nm_cases.txt").read().splitlines():
    k, preset, args, strength, depth, tol = line.split("\t")
    strength, depth, tol = float(strength), int(depth), float(tol)
    scale = float(args.split()[1])
    w, h, H = pfm("nm_h%s.pfm" % k)
    (gw, gh, ch, bits), gl = dump("nm_gl%s.txt" % k)
    (dw, dh, dch, dbits), dx = dump("nm_dx%s.txt" % k)
    name = "%s %s --normal-map --normal-strength %g --depth %d" % (preset, args, strength, depth)
    if (gw, gh, ch, bits) != (w, h, 3, depth) or (dw, dh, dch, dbits) != (w, h, 3, depth) or len(gl) != w * h or len(dx) != w * h:
        print("FAIL %s: decoded %s / %s, want %dx%d RGB %d-bit" % (name, (gw, gh, ch, bits), (dw, dh, dch, dbits), w, h, depth))
        continue
    top = (1 << depth) - 1
    step = f32(scale / w)
    c = [f32(i * step) for i in range(max(w, h))]
    worst, where = 0.0, ""
    for y in range(2, h - 2):
        for x in range(2, w - 2):
            gx = (8 * (H[y][x + 1] - H[y][x - 1]) - (H[y][x + 2] - H[y][x - 2])) / (6 * (c[x + 1] - c[x - 1]))
            gy = (8 * (H[y + 1][x] - H[y - 1][x]) - (H[y + 2][x] - H[y - 2][x])) / (6 * (c[y + 1] - c[y - 1]))
            n = (-strength * gx, -strength * gy, 1.0)
            q = gl[y * w + x]
            m = (2 * q[0] / top - 1, -(2 * q[1] / top - 1), 2 * q[2] / top - 1)  # OpenGL: green = -n_y
            cos = sum(a * b for a, b in zip(n, m)) / math.sqrt(sum(a * a for a in n) * sum(b * b for b in m))
            angle = math.degrees(math.acos(max(-1.0, min(1.0, cos))))
            if angle > worst: worst, where = angle, "pixel (%d, %d): decoded %s, from the heights %s" % (x, y, q, n)
    if worst <= tol:
        print("ok %s: worst angle to the heights' normals %.3f deg (tolerance %g)" % (name, worst, tol))
    else:
        print("FAIL %s: worst angle to the heights' normals %.3f deg > %g at %s" % (name, worst, tol, where))
    # DirectX: the same red and blue, green = max - OpenGL's green (within the rounding of one count).
    flip = [(a, b) for a, b in zip(gl, dx) if a[0] != b[0] or a[2] != b[2] or abs(a[1] + b[1] - top) > 1]
    moved = sum(1 for a, b in zip(gl, dx) if a[1] != b[1])
    if not flip and moved > w * h // 2:
        print("ok %s: DirectX = OpenGL with green -> %d - green (+-1), R and B equal (%d greens differ)" % (name, top, moved))
    else:
        print("FAIL %s: DirectX is not OpenGL with green flipped (%d greens differ; OpenGL, DirectX: %s)" % (name, moved, flip[:3]))
PY
)
if [[ $results != $((2 * k)) ]]; then fail "normal-map checks: $results results, want $((2 * k))"; fi
# The configuration records the normal map, and --print-config / --config bake the same bytes.
bake terrain --normal-map --normal-convention directx --normal-strength 2.5 --depth 16 --size 24x16 -o nmc.png
"$GRADNOISE" bake terrain --normal-map --normal-convention directx --normal-strength 2.5 --depth 16 --size 24x16 --print-config >nm.toml
bake --config nm.toml -o nmc2.png
if [[ $RC == 0 ]] && cmp -s nmc.png nmc2.png && grep -qx 'normal-map = true' nm.toml && grep -qx 'normal-convention = "directx"' nm.toml &&
   grep -qx 'normal-strength = 2.5' nm.toml &&
   "$READ_IMAGE" nmc.png | grep -q '^text gradnoise-config .*"normal-map":true,"normal-convention":"directx","normal-strength":2.5,"lod":0,"volume":0,"atlas-columns":0}'
then pass "normal-map config: JSON and TOML record normal-map, normal-convention, normal-strength; --config bakes the same bytes"
else fail "normal-map config" "exit $RC $ERR" "$(grep normal nm.toml)"; fi

# ---- analytic --hillshade and normal maps on tile sets: each tile = the same window of the whole ----
# Tile (0, 0) takes the grid fill, the others the per-point path of the whole picture's coordinates;
# the slopes come from the analytic gradient, so the tiles shade exactly like the whole picture.
tile_kinds=("terrain --hillshade" "eroded --hillshade" "terrain --normal-map --depth 16 --normal-strength 0.5")
: >tile_cases.txt
k=0
for kind in "${tile_kinds[@]}"; do
    k=$((k + 1))
    mkdir -p "ts$k"
    # shellcheck disable=SC2086
    bake $kind --size 48x48 -o "ts_whole$k.png"
    RC1=$RC
    # shellcheck disable=SC2086
    bake $kind --size 48x48 --tile-size 24 --tiles 0..1,0..1 -o "ts$k/t.png"
    if [[ $RC1 != 0 || $RC != 0 ]]; then fail "bake $kind on a tile set" "exit $RC1/$RC" "$ERR"; continue; fi
    "$READ_IMAGE" "ts_whole$k.png" all >"ts_whole$k.txt"
    for t in 0_0 1_0 0_1 1_1; do "$READ_IMAGE" "ts$k/t_x${t%_*}_y${t#*_}.png" all >"ts$k/$t.txt" 2>&1; done
    printf '%s\t%s\n' $k "$kind" >>tile_cases.txt
done
results=0
while IFS= read -r line; do
    case $line in ok*) pass "${line#ok }" ;; *) fail "${line#FAIL }" ;; esac
    results=$((results + 1))
done < <(python3 - <<'PY'
def dump(path):
    rows = open(path).read().splitlines()
    w, h = int(rows[0].split()[1]), int(rows[0].split()[2])
    return w, h, rows[1:1 + w * h]
for line in open("tile_cases.txt").read().splitlines():
    k, kind = line.split("\t")
    W, H, whole = dump("ts_whole%s.txt" % k)
    bad = []
    for ty in range(2):
        for tx in range(2):
            w, h, tile = dump("ts%s/%d_%d.txt" % (k, tx, ty))
            if (w, h) != (24, 24): bad.append("tile %d,%d is %dx%d" % (tx, ty, w, h)); continue
            for y in range(24):
                for x in range(24):
                    if tile[y * 24 + x] != whole[(ty * 24 + y) * W + tx * 24 + x]:
                        bad.append("tile %d,%d pixel %d,%d: %s vs %s" % (tx, ty, x, y, tile[y * 24 + x], whole[(ty * 24 + y) * W + tx * 24 + x]))
    distinct = len(set(whole))
    if not bad and distinct > 100:
        print("ok %s: 2x2 tiles of 24 equal the 48x48 picture sample for sample (%d distinct pixels)" % (kind, distinct))
    else:
        print("FAIL %s: tiles differ from the whole picture (%d distinct pixels): %s" % (kind, distinct, "; ".join(bad[:3])))
PY
)
if [[ $results != "$k" ]]; then fail "tile-set shading checks: $results results, want $k"; fi

# ---- the eroded preset: Quilez's derivative-damped fBm; not terrain; its config says so ----
# (eroded.png and terrain.png: the preset loop above, 40x30.) Its float heights (at scale 8: the points
# of pts.txt) equal gradnoise eval of the fractal it names: damped, isotropic basis, 10 octaves,
# lacunarity 2, persistence 0.5 -- and differ from the same fBm.
bake eroded --grey --scale 8 --size 40x30 -o e.exr
RC1=$RC
"$GRADNOISE" eval --dims 2 --format hex --basis isotropic --fractal damped --octaves 10 --lacunarity 2 --persistence 0.5 <pts.txt >evals.txt
"$GRADNOISE" eval --dims 2 --format hex --basis isotropic --fractal fbm --octaves 10 --lacunarity 2 --persistence 0.5 <pts.txt >efbm.txt
"$READ_IMAGE" e.exr $pixels | tail -n +2 >egot.txt
"$GRADNOISE" bake eroded --size 40x30 --print-config >eroded.toml
bake --config eroded.toml -o e2.png
if [[ $RC1 == 0 && $RC == 0 && -s evals.txt ]] && cmp -s egot.txt evals.txt && ! cmp -s evals.txt efbm.txt && cmp -s e2.png eroded.png &&
   grep -qx 'fractal = "damped"' eroded.toml && ! cmp -s <("$READ_IMAGE" eroded.png all) <("$READ_IMAGE" terrain.png all) &&
   "$READ_IMAGE" eroded.png | grep -q '^text gradnoise-config .*"preset":"eroded".*"basis":"isotropic".*"fractal":"damped","octaves":10'
then
    pass "eroded: heights = eval --fractal damped (not fbm) bit for bit, pixels differ from terrain, config records fractal damped"
else
    fail "eroded preset" "exit $RC1/$RC $ERR" "$(paste egot.txt evals.txt)" "$(grep fractal eroded.toml)"
fi

# ---- animation ----
bake fire --frames 6 --loop --size 24x16 -o fire.gif
check "fire --frames 6 --loop: a looping GIF of 6 frames" test "$("$READ_IMAGE" fire.gif | head -1)" = "gif 24 16 6 1"
bake clouds --frames 3 --size 16x8 -o frames/c.png 2>/dev/null
mkdir -p frames && bake clouds --frames 3 --size 16x8 -o frames/c.png
check "--frames 3 with .png: numbered frames" test -s frames/c_0000.png -a -s frames/c_0002.png -a ! -e frames/c_0003.png

# ---- tiles join: 2x2 tiles of 20 = one 40x40 bake, byte for byte per row (PFM floats) ----
mkdir -p tiles
bake terrain --grey --size 40x40 -o whole.pfm
bake terrain --grey --size 40x40 --tile-size 20 --tiles 0..1,0..1 -o tiles/t.pfm
if [[ $RC == 0 && -s tiles/t_tiles.json ]] && python3 - whole.pfm tiles <<'PY'
import sys, os
head = lambda w, h: ("Pf\n%d %d\n-1.0\n" % (w, h)).encode()
whole = open(sys.argv[1], 'rb').read()[len(head(40, 40)):]
rows = lambda data, w: [data[i * w * 4:(i + 1) * w * 4] for i in range(len(data) // (w * 4))]
big = rows(whole, 40)[::-1]  # top to bottom
for ty in range(2):
    for tx in range(2):
        t = open(os.path.join(sys.argv[2], "t_x%d_y%d.pfm" % (tx, ty)), 'rb').read()[len(head(20, 20)):]
        for j, r in enumerate(rows(t, 20)[::-1]):
            if r != big[ty * 20 + j][tx * 80:(tx + 1) * 80]: sys.exit(1)
PY
then pass "tiles 0..1,0..1 of 20 join into the 40x40 bake exactly, with a manifest"; else fail "tiles join" "exit $RC $ERR"; fi

# The eroded, hill-shaded terrain (spec 21: the filter and its gradient per point): a colour tile set
# joins into the whole picture pixel for pixel.
bake terrain --size 48x32 -o shaded-whole.png
bake terrain --size 48x32 --tile-size 24 --tiles 0..1,0..0 -o shaded-tiles/t.png
tile_pts=$(for y in $(seq 0 23); do for x in $(seq 0 23); do printf '%d %d ' "$x" "$y"; done; done)
left_pts=$tile_pts
right_pts=$(for y in $(seq 0 23); do for x in $(seq 24 47); do printf '%d %d ' "$x" "$y"; done; done)
# shellcheck disable=SC2086
if [[ $RC == 0 ]] && [[ "$("$READ_IMAGE" shaded-tiles/t_x0_y0.png $tile_pts | tail -n +2)" == "$("$READ_IMAGE" shaded-whole.png $left_pts | tail -n +2)" ]] &&
   [[ "$("$READ_IMAGE" shaded-tiles/t_x1_y0.png $tile_pts | tail -n +2)" == "$("$READ_IMAGE" shaded-whole.png $right_pts | tail -n +2)" ]]; then
    pass "the eroded, hill-shaded terrain: 2 colour tiles join into the whole picture pixel for pixel"
else
    fail "eroded shaded tiles join" "exit $RC $ERR"
fi

# The manifest is JSON a parser reads, whatever the file names hold (a quote, a backslash), and names
# exactly the tiles on disk.
mkdir -p odd
bake noise --size 16x16 --tile-size 8 --tiles 0..1,0..0 -o 'odd/a"b\c.png'
if [[ $RC == 0 ]] && python3 - 'odd/a"b\c_tiles.json' odd <<'PY'
import json, os, sys
m = json.load(open(sys.argv[1]))
files = sorted(t["file"] for t in m["tiles"])
on_disk = sorted(f for f in os.listdir(sys.argv[2]) if f.endswith(".png"))
want = ['a"b\\c_x0_y0.png', 'a"b\\c_x1_y0.png']
sys.exit(0 if files == on_disk == want and m["tile_size"] == 8 and m["config"]["preset"] == "noise"
         and [(t["x"], t["y"]) for t in m["tiles"]] == [(0, 0), (1, 0)] else 1)
PY
then pass "tile manifest with -o 'a\"b\\c.png': valid JSON naming the files on disk"; else fail "tile manifest with a quote and a backslash in the name" "exit $RC $ERR" "$(ls odd)"; fi
bake noise --size 8x8 --tile-size 8 --tiles 0..0,0..0 -o $'odd/bad\xff.png'
if [[ $RC == 2 && "$ERR" == *"not valid UTF-8"* ]] && ! ls odd/bad* >/dev/null 2>&1; then
    pass "a tile set named with invalid UTF-8: refused before writing (JSON holds UTF-8)"
else
    fail "a tile set named with invalid UTF-8 is refused" "exit $RC" "$ERR"
fi
# The configuration in the PNG is JSON too, with the floats in their shortest form.
if "$READ_IMAGE" terrain.png | sed -n 's/^text gradnoise-config //p' | python3 -c '
import json, sys
c = json.load(sys.stdin)
sys.exit(0 if c["preset"] == "terrain" and c["erosion-strength"] == 0.15 and c["octaves"] == 4 and c["erosion"] == 4 else 1)'
then pass "gradnoise-config text chunk: JSON, erosion-strength 0.15 in its shortest form"; else fail "gradnoise-config text chunk is JSON with shortest floats"; fi

# ---- the same bytes on every ISA and thread count ----
ref=""
for isa in scalar sse2 avx2 avx512 neon; do
    for threads in 1 2; do
        RC=0
        "$GRADNOISE" bake terrain --size 96x64 --isa $isa --threads $threads -o "d_$isa$threads.png" >/dev/null 2>"$tmp/err" || RC=$?
        [[ $RC == 2 ]] && continue
        "$GRADNOISE" bake terrain --grey --depth 16 --size 96x64 --isa $isa --threads $threads -o "e_$isa$threads.png" >/dev/null 2>&1
        sum=$(cat "d_$isa$threads.png" "e_$isa$threads.png" | sha256sum | cut -c1-16)
        if [[ -z "$ref" ]]; then ref=$sum; fi
        if [[ "$sum" == "$ref" ]]; then pass "--isa $isa --threads $threads: same bytes ($sum)"; else fail "--isa $isa --threads $threads: same bytes" "$sum vs $ref"; fi
    done
done

# ---- help ----
check "help bake: the options of bake" bash -c '"$1" help bake | grep -q "Usage: gradnoise bake"' _ "$GRADNOISE"

# ---- options that would do nothing, values that would make nonsense: refused, naming the option ----
expect_error "--octaves without --fractal" 2 "--octaves has no effect without a fractal" -- noise --octaves 3 -o x.png
expect_error "--frequency without --fractal" 2 "--frequency has no effect without a fractal" -- noise --frequency 4 -o x.png
expect_error "--jitter without the cellular basis" 2 "--jitter has no effect without the cellular basis" -- noise --jitter 0.5 -o x.png
expect_error "--fade for a simplex basis" 2 "--fade has no effect without a lattice basis" -- noise --basis opensimplex2 --fade cubic -o x.png
expect_error "--relief without --hillshade" 2 "--relief has no effect without --hillshade" -- clouds --relief 2 -o x.png
expect_error "--normal-strength without --normal-map" 2 "--normal-strength has no effect" -- terrain --normal-strength 2 -o x.png
expect_error "--time-step without --frames" 2 "--time-step has no effect" -- clouds --time-step 0.5 -o x.png
expect_error "--ramp on greyscale output" 2 "--ramp has no effect" -- terrain --grey --ramp "0:#000000,1:#ffffff" -o x.png
expect_error "--zlib-level on EXR" 2 "--zlib-level has no effect on exr" -- noise --zlib-level 5 -o x.exr
expect_error "--normalize on EXR (raw values)" 2 "--normalize has no effect on exr" -- noise --normalize measured -o x.exr
expect_error "--relief nan" 2 "--relief: must be finite and > 0" -- terrain --hillshade --relief nan -o x.png
expect_error "--normal-strength inf" 2 "--normal-strength: must be finite" -- terrain --normal-map --normal-strength inf -o x.png
expect_error "--origin 1e9,1e9: every sample on a lattice point" 2 "beyond 2^23" -- terrain --origin 1e9,1e9 -o x.png
expect_error "--scale 1e30" 2 "beyond 2^23" -- terrain --scale 1e30 -o x.png
expect_error "--frequency 1e30" 2 "beyond 2^23" -- terrain --frequency 1e30 -o x.png
expect_error "pixels closer than float32 resolves" 2 "pixels would share coordinates" -- noise --origin 4e6,0 --scale 0.01 -o x.png
expect_error "--normalize on a normal map" 2 "--normalize has no effect on a normal map" -- terrain --normal-map --normalize measured -o x.png
expect_error "--frames with a tile set" 2 "--frames with a tile set" -- clouds --frames 3 --tile-size 8 --tiles 0..1,0..0 -o xt/x.png
expect_error "--print-config of a bake it would refuse" 2 "--relief has no effect" -- clouds --relief 2 --print-config
check "no file is left by the refusals" test ! -e x.png -a ! -e x.exr -a ! -e xt
# ... while a preset's own settings never count as given: switching its fractal or pattern off is fine.
bake wood --pattern none --size 8x8 -o nopattern.png
check "bake wood --pattern none: accepted (the recipe's strength is not the user's)" test "$RC" = 0
bake marble --fractal none --size 8x8 -o nofractal.png
check "bake marble --fractal none: accepted" test "$RC" = 0
bake clouds --frames 1 --size 8x8 -o oneframe.png
check "bake clouds --frames 1: accepted" test "$RC" = 0
# A strength of 1e30 gives unit normals (in float they overflowed to mid-grey everywhere).
bake terrain --size 16x16 --normal-map --normal-strength 1e30 -o strong.png
grey=$("$READ_IMAGE" strong.png all | tail -n +2 | grep -c "^128 128 128$")
check "--normal-strength 1e30: real normals, not mid-grey ($grey of 256 pixels are 128,128,128)" test "$RC" = 0 -a "$grey" -lt 16
# Any case of extension.
bake noise --size 8x8 -o upper.PNG
check "-o upper.PNG is a PNG" test "$RC:$("$READ_IMAGE" upper.PNG | head -1)" = "0:png 8 8 1 8"

# ---- configuration round trip ----
"$GRADNOISE" bake wood --size 32x32 --seed 9 --print-config >wood.toml
bake --config wood.toml -o w1.png
bake wood --size 32x32 --seed 9 -o w2.png
check "--print-config then --config bakes the same bytes" cmp -s w1.png w2.png
check "--print-config names the preset and seed" grep -q 'seed' wood.toml
printf 'preset = "wood"\noctaves = []\n' >empty.toml
expect_error "--config with an empty array: exit 2, named" 2 "'octaves' has no value" -- --config empty.toml -o x.png

# ---- errors: message, exit status, and no file left behind ----
expect_error "unknown preset: exit 2" 2 "preset" -- lava -o x.png
expect_error "unknown option: exit 2" 2 "--colour" -- terrain --colour -o x.png
expect_error "malformed size: exit 2" 2 "--size" -- terrain --size 100by100 -o x.png
expect_error "RGB to RAW16: exit 2" 2 "heights, not colours" -- terrain -o x.r16
expect_error "16-bit colour: exit 2" 2 "--depth 16" -- terrain --depth 16 -o x.png
expect_error "unknown extension: exit 2" 2 "format" -- terrain -o x.bmp
expect_error "hillshade on grey: exit 2" 2 "--hillshade" -- terrain --grey --hillshade -o x.png
expect_error "bad ramp: exit 2" 2 "--ramp" -- marble --ramp "0:#zzzzzz,1:#ffffff" -o x.png
expect_error "bad octaves: exit 2" 2 "octaves" -- noise --fractal fbm --octaves 40 -o x.png
# Normal maps: RGB PNG only, still pictures, fields with a gradient (not the patterns).
expect_error "--normal-map to EXR: exit 2" 2 "--normal-map writes RGB PNG (8 or 16 bits with --depth): name the output .png" -- \
    terrain --normal-map -o x.exr
expect_error "--normal-map to PFM: exit 2" 2 "--normal-map writes RGB PNG" -- terrain --normal-map -o x.pfm
expect_error "--normal-map to RAW16: exit 2" 2 "--normal-map writes RGB PNG" -- terrain --normal-map -o x.r16
expect_error "--normal-map --frames 3: exit 2" 2 "--normal-map bakes still pictures (or tile sets), not --frames" -- \
    terrain --normal-map --frames 3 -o x.png
expect_error "--normal-map of marble: exit 2, patterns named" 2 "--normal-map needs the field's gradient, which patterns (marble, wood) do not have" -- \
    marble --normal-map -o x.png
expect_error "--normal-map --pattern wood: exit 2" 2 "patterns (marble, wood)" -- noise --pattern wood --normal-map -o x.png
expect_error "--hillshade of wood: exit 2, patterns named" 2 "--hillshade needs the field's gradient, which patterns (marble, wood) do not have" -- \
    wood --hillshade -o x.png
expect_error "--normal-convention up: exit 2" 2 "--normal-convention" -- terrain --normal-map --normal-convention up -o x.png
if ls x_0000.png >/dev/null 2>&1; then fail "--normal-map --frames leaves no frame"; else pass "--normal-map --frames leaves no frame"; fi
expect_error "too much memory: exit 1" 1 "of memory" -- terrain --size 65536x65536 --frames 200 -o x.gif
expect_error "unwritable directory: exit 1" 1 "/nonexistent-dir/x.png" -- terrain --size 8x8 -o /nonexistent-dir/x.png
# ---- refusals before any work: bad tile values, too many tiles, more than the disk holds ----
expect_error "--tile-size 0: exit 2, names the value and the range" 2 "--tile-size: '0' is not an integer in 1..65536" -- \
    terrain --tile-size 0 --tiles 0..1,0..1 -o x.png
expect_error "--tiles beyond index 65535: exit 2, names the value" 2 "--tiles: '0..99999,0..99999': tile indices must be in 0..65535" -- \
    terrain --tiles 0..99999,0..99999 --tile-size 256 -o x.png
expect_error "10^8 tiles: exit 2, the count named" 2 "--tiles: '0..9999,0..9999' is 100000000 tiles (10000 x 10000); one bake writes at most 65536" -- \
    terrain --tile-size 64 --tiles 0..9999,0..9999 -o x.png
expect_error "reversed tile range: exit 2" 2 "--tiles: '3..1,0..0': each range runs from the lower index" -- \
    terrain --tile-size 8 --tiles 3..1,0..0 -o x.png
expect_error "tiles past pixel 2^24: exit 2" 2 "tile X1 = 256 ends at pixel 16842752" -- \
    terrain --grey --tile-size 65536 --tiles 0..256,0..0 -o x.png
expect_error "--tile-size without --tiles: exit 2" 2 "--tile-size S --tiles X0..X1,Y0..Y1 go together" -- terrain --tile-size 256 -o x.png
expect_error "--tiles without --tile-size: exit 2" 2 "--tile-size S --tiles X0..X1,Y0..Y1 go together" -- terrain --tiles 0..1,0..1 -o x.png
# 65536 tiles of 4096x4096 float32: 4 TiB, more than this disk holds (checked: else the case is skipped).
mkdir -p big
free=$(python3 -c 'import os; s = os.statvfs("big"); print(s.f_bavail * s.f_frsize)')
if (( free < 4 * 1024 ** 4 )); then
    start=$(date +%s)
    expect_error "4 TiB of tiles on a smaller disk: exit 1, sizes and directory named" 1 "writes up to 4.0 TiB (65537 files), but big has" -- \
        terrain --grey --tile-size 4096 --tiles 0..255,0..255 -o big/t.pfm
    if [[ -z "$(ls big)" && $(( $(date +%s) - start )) -lt 5 && "$ERR" == *" free: "* ]]; then
        pass "the disk check refuses before any file is written"
    else
        fail "the disk check refuses before any file is written" "$(ls big | head -3)"
    fi
else
    pass "4 TiB of tiles: skipped, this disk has $free bytes free"
fi
# Memory and disk both short: both named.
expect_error "too much memory and disk: exit 1, both named" 1 "needs 14.8 TiB of memory (65536x65536, 200 frames)" -- \
    terrain --size 65536x65536 --frames 200 -o x.gif
if [[ $RC == 1 && "$ERR" == *"writes up to 1.2 TiB (1 file), but . has "* ]]; then pass "... and the disk space"; else fail "memory and disk both named" "$ERR"; fi
# More than 1000 files: said before the bake starts (here a file-size limit of 0 then stops it at the first tile).
mkdir -p many
notice() {  # (stderr through a pipe: the file-size limit would stop a file)
    RC=0
    ERR=$( (ulimit -f 0; trap '' XFSZ; exec "$GRADNOISE" bake noise --tile-size 1 --tiles 0..40,0..24 "$@" -o many/t.png) \
        2>&1 >/dev/null) || RC=$?
}
notice
if [[ $RC == 1 && "$ERR" == "gradnoise bake: writing 1026 files, up to "*" to many"$'\n'*"many/t_"* ]]; then
    pass "a bake of 1026 files says so on stderr before it starts"
else
    fail "a bake of 1026 files says so before it starts" "exit $RC" "$ERR"
fi
notice -q
if [[ $RC == 1 && -n "$ERR" && "$ERR" != *"writing 1026 files"* ]]; then pass "... and not with --quiet"; else fail "--quiet hides the notice" "$ERR"; fi
# A missing output directory is refused before the noise is computed.
expect_error "missing directory: exit 1 before any work" 1 "cannot write no-such-dir/x.png: no-such-dir: No such file or directory" -- \
    terrain --size 4096x4096 -o no-such-dir/x.png
if ls x.* >/dev/null 2>&1; then fail "rejected bakes leave no file" "$(ls x.*)"; else pass "rejected bakes leave no file"; fi
# Disk full: a file-size limit makes the write fail part-way; the old file survives untouched.
echo "previous" >full.png
RC=0
(ulimit -f 20; trap '' XFSZ; exec "$GRADNOISE" bake terrain --size 512x512 -o full.png) >/dev/null 2>"$tmp/err" || RC=$?
if [[ $RC == 1 && "$(cat full.png)" == previous ]] && ! ls full.png.tmp.* >/dev/null 2>&1 && grep -q "full.png" "$tmp/err"; then
    pass "disk full (ulimit -f): exit 1, message, the old file kept, no temporary left"
else
    fail "disk full handling" "exit $RC" "$(cat "$tmp/err")" "$(ls)"
fi

summary
