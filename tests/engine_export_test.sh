#!/usr/bin/env bash
# Engine-ready bakes (`gradnoise bake --engine NAME`) against the engines' documented rules
# (src/cli/engine_presets.cpp cites them): Unity terrain -- RAW 16-bit little-endian, sides 2^n + 1 in
# 33..4097, tiles NAME_X_Y sharing their edge row and column; Unreal landscape -- 16-bit PNG, the
# Landscape Technical Guide's recommended sizes, tiles NAME_x#_y# sharing edges; Godot Terrain3D --
# float EXR regions of 64..2048 (2^n) that abut; Godot HTerrain -- one square float EXR of 2^n + 1.
# Also: a tile set's --normalize measured is one range over the whole set (neighbouring tiles join),
# a tile set's folder is made when missing, and the summary counts tiles, not the manifest.
# Environment: GRADNOISE (the tool), READ_IMAGE (tests/read_image.cpp).
set -uo pipefail
: "${GRADNOISE:?set GRADNOISE to the gradnoise binary}" "${READ_IMAGE:?set READ_IMAGE}"
source "$(dirname "${BASH_SOURCE[0]}")/shell_checks.sh"
scratch_dir
cd "$tmp"

# RAW16 little-endian samples of FILE (side S) as rows: column C of every row, or row R.
raw_column() { /usr/bin/python3 -c 'import struct,sys; s=int(sys.argv[2]); d=open(sys.argv[1],"rb").read(); c=int(sys.argv[3]); print([struct.unpack_from("<H", d, 2*(r*s+c))[0] for r in range(s)])' "$@"; }
raw_row() { /usr/bin/python3 -c 'import struct,sys; s=int(sys.argv[2]); d=open(sys.argv[1],"rb").read(); r=int(sys.argv[3]); print([struct.unpack_from("<H", d, 2*(r*s+c))[0] for c in range(s)])' "$@"; }
# PNG/EXR pixels of FILE along column C (rows 0..S-1) or row R, through read_image.
image_column() { local f=$1 s=$2 c=$3 args=(); for ((r = 0; r < s; r++)); do args+=("$c" "$r"); done; "$READ_IMAGE" "$f" "${args[@]}" | sed -n "2,$((s + 1))p" | tr '\n' ' '; }
image_row() { local f=$1 s=$2 r=$3 args=(); for ((c = 0; c < s; c++)); do args+=("$c" "$r"); done; "$READ_IMAGE" "$f" "${args[@]}" | sed -n "2,$((s + 1))p" | tr '\n' ' '; }

# ---- Unity ----
bake terrain --engine unity --tile-size 33 --tiles 0..1,0..1 --seed 3 -q -o unity/t.raw
if [[ $RC == 0 && -f unity/t_0_0.raw && -f unity/t_1_0.raw && -f unity/t_0_1.raw && -f unity/t_1_1.raw ]]; then
    pass "unity: a tile set in a new folder, names NAME_X_Y"
else
    fail "unity: tile names" "exit $RC" "$ERR" "$(ls -R unity 2>&1)"
fi
size=$(stat -c %s unity/t_0_0.raw 2>/dev/null)
check "unity: 33x33 samples of 2 bytes, no header ($size bytes)" test "$size" = $((33 * 33 * 2))
check "unity: tile x=1 starts with tile x=0's last column (a shared edge)" \
    test "$(raw_column unity/t_0_0.raw 33 32)" = "$(raw_column unity/t_1_0.raw 33 0)"
check "unity: tile y=1 starts with tile y=0's last row (a shared edge)" \
    test "$(raw_row unity/t_0_0.raw 33 32)" = "$(raw_row unity/t_0_1.raw 33 0)"
bake terrain --engine unity --size 65x65 --seed 3 -q -o u65.raw
check "unity: a single terrain of 65x65" test "$RC" = 0 -a "$(stat -c %s u65.raw)" = $((65 * 65 * 2))
for bad in 32 34 64 8193; do
    expect_error "unity: --tile-size $bad is refused (2^n + 1 only)" 2 "is not a size it takes (33, 65, 129, 257, 513, 1025, 2049, 4097)" -- \
        terrain --engine unity --tile-size "$bad" --tiles 0..1,0..0 -o u/t.raw
done
expect_error "unity: a .png name is refused (it imports RAW)" 2 "name the output .raw" -- terrain --engine unity --size 33x33 -o u.png
expect_error "unity: a non-square terrain is refused" 2 "square" -- terrain --engine unity --size 33x65 -o u.raw
expect_error "godot-hterrain: --depth 16 is refused (float EXR)" 2 "writes float samples: --depth 16" -- \
    terrain --engine godot-hterrain --size 129x129 --depth 16 -o h.exr
expect_error "unity: heightmaps only" 2 "writes heightmaps" -- terrain --engine unity --size 33x33 --hillshade -o u.raw

# ---- Unreal ----
bake terrain --engine unreal --tile-size 127 --tiles 0..1,0..0 --seed 5 -q -o unreal/land.png
info=$("$READ_IMAGE" unreal/land_x1_y0.png 2>&1 | head -1)
check "unreal: 16-bit greyscale PNG tiles NAME_x#_y# of 127 ($info)" test "$RC:$info" = "0:png 127 127 1 16"
check "unreal: tile x=1 starts with tile x=0's last column (a shared edge)" \
    test "$(image_column unreal/land_x0_y0.png 127 126)" = "$(image_column unreal/land_x1_y0.png 127 0)"
for bad in 128 255 1024 4097; do
    expect_error "unreal: --tile-size $bad is refused (the recommended sizes)" 2 "(127, 253, 505, 1009, 2017, 4033, 8129)" -- \
        terrain --engine unreal --tile-size "$bad" --tiles 0..1,0..0 -o ue/t.png
done
bake terrain --engine unreal --size 253x253 -q -o ue253.png
check "unreal: one landscape of 253x253" test "$RC:$("$READ_IMAGE" ue253.png | head -1)" = "0:png 253 253 1 16"

# ---- Godot ----
bake terrain --engine godot-terrain3d --size 128x64 --tile-size 64 --tiles 0..1,0..0 --seed 2 -q -o g3d/region.exr
info=$("$READ_IMAGE" g3d/region_x1_y0.exr 2>&1 | head -1)
check "godot-terrain3d: float EXR regions of 64, NAME_x#_y# ($info)" test "$RC:$info" = "0:exr 64 64"
# Abutting regions: region 1's first column is the whole picture's column 64.
bake terrain --grey --size 128x64 --seed 2 -q -o g3d-whole.exr
check "godot-terrain3d: regions abut (region 1 column 0 = the whole picture's column 64)" \
    test "$(image_column g3d/region_x1_y0.exr 64 0)" = "$(image_column g3d-whole.exr 64 64)"
expect_error "godot-terrain3d: 65 is refused (powers of two 64..2048)" 2 "(64, 128, 256, 512, 1024, 2048)" -- \
    terrain --engine godot-terrain3d --tile-size 65 --tiles 0..1,0..0 -o g/t.exr
bake terrain --engine godot-hterrain --size 129x129 -q -o hterrain.exr
check "godot-hterrain: one square float EXR of 129" test "$RC:$("$READ_IMAGE" hterrain.exr | head -1)" = "0:exr 129 129"
expect_error "godot-hterrain: 128 is refused (2^n + 1, 65..4097)" 2 "(65, 129, 257, 513, 1025, 2049, 4097)" -- \
    terrain --engine godot-hterrain --size 128x128 -o h.exr
expect_error "godot-hterrain: no tile sets" 2 "not a tile set" -- \
    terrain --engine godot-hterrain --tile-size 65 --tiles 0..1,0..0 -o h/t.exr

# ---- --overlap N: each tile N samples wider on every side (for tools that blend tiles) ----
bake terrain --grey --depth 16 --size 64x32 --tile-size 32 --tiles 0..1,0..0 --overlap 4 -q -o ov/t.png
check "--overlap 4: tiles of 32 + 2 x 4 = 40" test "$RC:$("$READ_IMAGE" ov/t_x1_y0.png | head -1)" = "0:png 40 40 1 16"
check "--overlap 4: tile x=1's first 8 columns are tile x=0's last 8 (the same pixels 28..35)" \
    test "$(image_column ov/t_x0_y0.png 40 32) $(image_column ov/t_x0_y0.png 40 39)" = \
         "$(image_column ov/t_x1_y0.png 40 0) $(image_column ov/t_x1_y0.png 40 7)"
bake terrain --grey --depth 16 --size 64x32 -q -o ov-whole.png
check "--overlap 4: a tile's core is the picture's window (tile x=0 (4,4) (30,20) = picture (0,0) (26,16))" \
    test "$("$READ_IMAGE" ov/t_x0_y0.png 4 4 30 20 | sed -n 2,3p)" = "$("$READ_IMAGE" ov-whole.png 0 0 26 16 | sed -n 2,3p)"
# ... and left of and above pixel 0: tile x=0's first columns are pixels -4..-1 (a picture 4 steps up-left).
step=$(/usr/bin/python3 -c 'import re,sys; print(3.0 / 64)')
bake terrain --grey --depth 16 --size 64x32 --origin -0.1875,-0.1875 -q -o ov-before.png
check "--overlap 4: tile x=0 (0,0) (3,2) = the picture from (-4,-4) steps ($step each)" \
    test "$("$READ_IMAGE" ov/t_x0_y0.png 0 0 3 2 | sed -n 2,3p)" = "$("$READ_IMAGE" ov-before.png 0 0 3 2 | sed -n 2,3p)"
expect_error "--overlap without a tile set" 2 "--overlap has no effect without a tile set" -- terrain --overlap 4 -o ov.png
expect_error "--overlap with --engine" 2 "their own edges" -- \
    terrain --engine unity --tile-size 33 --tiles 0..1,0..0 --overlap 2 -o ov2/t.raw

# ---- tile sets: one measured range for the whole set; the folder; the summary ----
bake terrain --grey --depth 16 --size 128x64 --tile-size 64 --tiles 0..1,0..0 --normalize measured -o measured/t.png
check "a tile set's folder is made; the summary counts 2 tiles and names the manifest" \
    bash -c '[[ $0 == "0" && "$1" == *"wrote 2 tiles "*"t_x0_y0.png .. t_x1_y0.png and the manifest "*"t_tiles.json"* ]]' "$RC" "$OUT"
bake terrain --grey --depth 16 --size 128x64 --normalize measured -q -o measured-whole.png
check "--normalize measured: the tiles are normalised by the whole set's range (= one picture's pixels)" \
    test "$(image_row measured/t_x1_y0.png 64 10)" = "$("$READ_IMAGE" measured-whole.png $(for c in $(seq 64 127); do echo "$c 10"; done) | sed -n '2,65p' | tr '\n' ' ')"
expect_error "--normalize measured with --shard is refused" 2 "--normalize measured with --shard" -- \
    terrain --grey --tile-size 64 --tiles 0..1,0..0 --normalize measured --shard 0/2 -o m2/t.png
summary
