#!/usr/bin/env bash
# Writes docs/images/gallery/*.png (docs/baking.md's gallery) with the gradnoise tool itself and
# prints its tables (image paths relative to docs/): the fields (heightmap, 192x192 grey), then the analytic gradient (bake,
# 256x192 RGB). Usage: bash scripts/make_gallery.sh [path/to/gradnoise]
set -euo pipefail
cd "$(dirname "$0")/.."
tool=${1:-build/release/src/cli/gradnoise}
out=docs/images/gallery
mkdir -p "$out"
size=192x192
# name | what | arguments
entries=(
  "perlin|improved Perlin (2002), one octave|--scale 8"
  "classic|classic gradients (256 random unit vectors)|--scale 8 --basis classic --seed 42"
  "value|value noise|--scale 8 --basis value --seed 42"
  "isotropic|isotropic gradients: 16 directions, no streaks|--scale 8 --basis isotropic"
  "opensimplex2|OpenSimplex2 (K.jpg's fast variant)|--scale 8 --basis opensimplex2 --seed 1337"
  "opensimplex2s|OpenSimplex2S (smooth)|--scale 8 --basis opensimplex2s --seed 1337"
  "simplex-fbm|fBm of OpenSimplex2S, 6 octaves|--scale 4 --basis opensimplex2s --seed 1337 --fractal fbm"
  "cellular|cellular F1 (Euclidean, jitter 1)|--scale 8 --basis cellular --seed 7"
  "cellular-borders|cellular F2 - F1: cell borders|--scale 8 --basis cellular --seed 7 --cellular-output f2_minus_f1"
  "cellular-cells|cellular cell values, Manhattan: flat cells|--scale 8 --basis cellular --seed 7 --cellular-output cell_value --cellular-distance manhattan"
  "cellular-edges|cellular edge distance: the Voronoi cells' borders at constant width|--scale 8 --basis cellular --seed 7 --cellular-output edge"
  "fbm|fBm, 6 octaves|--scale 4 --fractal fbm"
  "turbulence|turbulence, 6 octaves|--scale 4 --fractal turbulence"
  "ridged|ridged multifractal, 6 octaves|--scale 4 --fractal ridged"
  "billow|billow, 6 octaves|--scale 4 --fractal billow"
  "warp|domain warp, 2 levels over fBm|--scale 4 --fractal fbm --octaves 4 --warp 2 --warp-strength 1.5 --warp-frequency 0.5"
  "marble|marble (Perlin 1985 9.3)|--scale 8 --fractal turbulence --frequency 0.25 --octaves 4 --pattern marble --pattern-frequency 3"
  "wood|wood (Perlin 1985 9.4)|--scale 4 --origin -2,-2 --fractal turbulence --frequency 2 --pattern wood --pattern-frequency 3 --pattern-strength 0.8"
  "tile|tileable: period 4, shown twice across|--scale 8 --period 4 --fractal fbm --octaves 5"
  "simplex-tile|tileable OpenSimplex2S fBm (fallback lattice): period 6, shown twice across|--scale 12 --basis opensimplex2s --orientation2 fallback --orientation3 fallback --period 6 --fractal fbm --octaves 5 --seed 1337"
  "4d|4D slice at (z, w) = (1.5, 0)|--scale 8 --slice 1.5,0"
)
echo "| picture | command |"
echo "|---|---|"
for e in "${entries[@]}"; do
  IFS='|' read -r name what args <<<"$e"
  # shellcheck disable=SC2086
  "$tool" heightmap --size $size -o "$out/$name.png" $args >/dev/null
  echo "| ![$what](${out#docs/}/$name.png)<br>$what | \`gradnoise heightmap --size $size $args -o $name.png\` |"
done

# The analytic gradient (issue 14): hill-shading and normal maps from value + gradient in one pass.
# Normal maps: tangent space, OpenGL (red = n_x, green = -n_y: +noise y runs down the picture, blue =
# n_z), surface z = S * value over noise units. terrain at 5 octaves: the preset's 8 are finer than a
# pixel at this size (its finest octave repeats every 1.4 pixels), and their slopes alias into grain.
# Strength 0.25 there keeps the median tilt at ~37 degrees (90 % below 54): most texels stay near
# flat lavender, the ridges show in every hue; 0.5 puts the median at 57 and 1 at 72, saturated.
# The one-octave OpenSimplex2S map is the gradient itself as colour (strength 0.5: tilts of 50
# degrees at the median, 67 at most, so hue follows the gradient's direction without clipping).
bakes=(
  "eroded-shaded|eroded: Quilez's derivative-damped fBm, hill-shaded by its analytic slope|eroded --size 256x192 --hillshade"
  "terrain-normals|normal map (OpenGL) of terrain's fBm at 5 octaves, strength 0.25|terrain --size 256x192 --octaves 5 --normal-map --normal-strength 0.25"
  "gradient|the gradient as colour: one octave of OpenSimplex2S as a normal map|noise --size 256x192 --scale 4 --basis opensimplex2s --seed 1337 --normal-map --normal-strength 0.5"
)
echo
echo "| picture | command |"
echo "|---|---|"
for e in "${bakes[@]}"; do
  IFS='|' read -r name what args <<<"$e"
  # shellcheck disable=SC2086
  "$tool" bake $args -q -o "$out/$name.png" >/dev/null
  echo "| ![$what](${out#docs/}/$name.png)<br>$what | \`gradnoise bake $args -o $name.png\` |"
done
