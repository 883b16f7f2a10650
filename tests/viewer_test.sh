#!/usr/bin/env bash
# The real-time viewer, headless: two scripted flights under Xvfb with Mesa's software renderer,
# one near the origin and one 60 million world units out (--far, an exact multiple of the noise's
# period), then checks on the screenshots and the timing logs:
#   1. both PNGs exist, have the requested size and are not one flat colour;
#   2. they show terrain: enough non-sky pixels, green ones and brown/grey ones, and overlay text;
#   3. near and far are the same picture outside the overlay (whose figures are timings);
#   4. each log has a line per frame with positive frame times, chunks were made, and the
#      summary line was printed;
#   5. a third flight makes the chunks on the GPU (--generate gpu: the field's generated GLSL in a
#      compute shader): its picture equals the CPU-made one exactly outside the overlay, and the
#      collision probe (--probe) finds the GPU's heights and gradients equal to the CPU's, bit for bit;
#   6. LOD streaming (--lod 3: farther chunks at chunk levels 1..3, band-limited): near and far show the
#      same terrain, and on a slow flight the distant band changes less between frames with the band
#      limit than without it (--shimmer; the figures are printed).
#   7. an eroded flight (--erosion 4, spec 21) shows terrain like the others (the same checks as 1-2),
#      and made on the GPU it is the same picture, its probe finding every bit equal (as 5).
# Usage: viewer_test.sh PATH/TO/gradnoise_viewer OUTPUT_DIR
# Exit 0 pass, 1 fail, 77 skip (no python3 with PIL). The images and logs stay in OUTPUT_DIR.
set -u

if [ $# -ne 2 ]; then
  echo "usage: $0 PATH/TO/gradnoise_viewer OUTPUT_DIR" >&2
  exit 1
fi
viewer=$1
out=$2
frames=120
width=640
height=360

fail() {
  echo "FAIL: $*" >&2
  exit 1
}

[ -x "$viewer" ] || fail "viewer binary '$viewer' is not an executable file"
command -v xvfb-run > /dev/null || fail "xvfb-run not found (install xvfb)"
python=/usr/bin/python3
[ -x "$python" ] || python=$(command -v python3 || true)
if [ -z "$python" ] || ! "$python" -c 'import PIL' 2> /dev/null; then
  echo "SKIP: needs python3 with PIL (Debian: python3-pil)"
  exit 77
fi

mkdir -p "$out" || fail "cannot create $out"
tmp=$(mktemp -d "${TMPDIR:-/tmp}/viewer_test.XXXXXX") || fail "mktemp failed"
trap 'rm -rf "$tmp"' EXIT

# One scripted flight. xvfb-run -a picks a free display; when several start at once one may lose
# the race ("Xvfb failed to start"), so that one case is tried again.
run_viewer() {  # name, extra options...
  local name=$1
  shift
  local attempt rc
  for attempt in 1 2 3; do
    LIBGL_ALWAYS_SOFTWARE=1 timeout -k 5 100 \
      xvfb-run -a -s "-screen 0 1280x720x24" \
      "$viewer" --frames "$frames" --width "$width" --height "$height" \
      --screenshot "$tmp/$name.png" --log "$tmp/$name.csv" "$@" \
      > "$tmp/$name.out" 2> "$tmp/$name.err"
    rc=$?
    if [ $rc -ne 0 ] && grep -q "Xvfb failed to start" "$tmp/$name.err"; then
      sleep 1
      continue
    fi
    break
  done
  if [ $rc -ne 0 ]; then
    cat "$tmp/$name.out" "$tmp/$name.err" >&2
    [ $rc -eq 124 ] && fail "$name run: expected exit 0 within 100 s, it timed out"
    fail "$name run: expected exit 0, got $rc"
  fi
  cat "$tmp/$name.out"
}

run_viewer near --probe
run_viewer far --far
run_viewer gpu --generate gpu --probe
run_viewer lod --lod 3 --band-limit --probe
run_viewer lodfar --lod 3 --band-limit --far
run_viewer shimmer-off --lod 3 --shimmer --pace 5 --frames 240
run_viewer shimmer-on --lod 3 --band-limit --shimmer --pace 5 --frames 240
run_viewer eroded --erosion 4 --probe
run_viewer erodedgpu --erosion 4 --generate gpu --probe

"$python" - "$tmp" "$frames" "$width" "$height" << 'EOF' || exit 1
import re
import sys
from PIL import Image

tmp, frames, width, height = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4])
SKY = (158, 191, 230)  # the viewer's clear and fog colour (0.62, 0.75, 0.90) in 8 bits
failures = []

def check(ok, what, expected, found):
    if not ok:
        failures.append(f"{what}: expected {expected}, found {found}")
    return ok

def overlay_rect(name):
    text = open(f"{tmp}/{name}.out").read()
    m = re.search(r"^overlay_rect: (\d+) (\d+) (\d+) (\d+)$", text, re.M)
    check(m is not None, f"{name}: stdout", "an 'overlay_rect: X Y W H' line", "none")
    return tuple(map(int, m.groups())) if m else (0, 0, 0, 0)

images = {}
for name in ("near", "far", "gpu", "lod", "lodfar", "eroded", "erodedgpu"):
    try:
        im = Image.open(f"{tmp}/{name}.png").convert("RGB")
    except Exception as e:  # missing or unreadable
        check(False, f"{name}.png", "a readable PNG", repr(e))
        continue
    if not check(im.size == (width, height), f"{name}.png size", f"{width}x{height}", f"{im.size[0]}x{im.size[1]}"):
        continue
    ox, oy, ow, oh = overlay_rect(name)
    px = list(im.getdata())
    colours = len(set(px))
    check(colours > 200, f"{name}.png", "more than 200 distinct colours (not a flat image)", colours)
    n = sky = green = brown = 0
    text = 0
    for i, (r, g, b) in enumerate(px):
        x, y = i % width, i // width
        if ox <= x < ox + ow and oy <= y < oy + oh:
            text += min(r, g, b) > 220  # white glyphs on the dark panel
            continue
        n += 1
        if max(abs(r - SKY[0]), abs(g - SKY[1]), abs(b - SKY[2])) <= 12:
            sky += 1
        elif g > r + 10 and g > b + 10:
            green += 1
        elif r >= b + 8:  # sand, rock, soil: red at least the blue
            brown += 1
    terrain = (n - sky) / n
    print(f"{name}: {colours} colours, terrain {terrain:.1%}, green {green / n:.1%}, brown/grey {brown / n:.1%}, "
          f"overlay text pixels {text}")
    check(terrain >= 0.30, f"{name}.png terrain pixels (not sky)", ">= 30%", f"{terrain:.1%}")
    check(green / n >= 0.05, f"{name}.png green pixels", ">= 5%", f"{green / n:.1%}")
    check(brown / n >= 0.01, f"{name}.png brown/grey pixels", ">= 1%", f"{brown / n:.1%}")
    check(text >= 300, f"{name}.png overlay", ">= 300 white text pixels in the overlay panel", text)
    images[name] = (px, (ox, oy, ow, oh))

for cpu, gpu in (("near", "gpu"), ("eroded", "erodedgpu")):
    if cpu not in images or gpu not in images:
        continue
    a, rect = images[cpu]
    b, rect_gpu = images[gpu]
    check(rect == rect_gpu, f"{cpu}/{gpu} overlay rectangles", "the same in both runs", f"{rect} and {rect_gpu}")
    ox, oy, ow, oh = rect
    differ = sum(1 for i, (p, q) in enumerate(zip(a, b))
                 if p != q and not (ox <= i % width < ox + ow and oy <= i // width < oy + oh))
    print(f"{gpu} (GPU-made) vs {cpu} (CPU-made) chunks outside the overlay: {differ} of {len(a)} pixels differ")
    check(differ == 0, f"{gpu} vs {cpu} picture outside the overlay", "0 pixels differ", differ)
for name, maker in (("near", "CPU"), ("gpu", "GPU"), ("eroded", "CPU"), ("erodedgpu", "GPU")):
    m = re.search(r"^probe: (\d+) chunks made by the (\w+), (\d+) heights and gradients compared with "
                  r"Noise::fill_chunk_gradient_2d, (\d+) differ$", open(f"{tmp}/{name}.out").read(), re.M)
    if check(m is not None, f"{name} stdout", "a 'probe: ...' line", "none"):
        print(m.group(0))
        check(m.group(2) == maker and int(m.group(1)) > 0 and int(m.group(3)) > 0 and m.group(4) == "0",
              f"{name} probe", f"chunks made by the {maker} compared, 0 differ", m.group(0))

def near_and_far(near, far):
    a, rect = images[near]
    b, rect_far = images[far]
    check(rect == rect_far, "overlay rectangles", "the same in both runs", f"{rect} and {rect_far}")
    ox, oy, ow, oh = rect
    total = close = 0
    diff_sum = 0
    for i, (p, q) in enumerate(zip(a, b)):
        x, y = i % width, i // width
        if ox <= x < ox + ow and oy <= y < oy + oh:
            continue  # the overlay shows timings and the camera's coordinates, which differ
        d = [abs(p[c] - q[c]) for c in range(3)]
        diff_sum += sum(d)
        close += max(d) <= 8
        total += 1
    mean = diff_sum / (3 * total)
    print(f"{near} vs {far} outside the overlay: mean |difference| {mean:.4f} per channel, "
          f"{close / total:.3%} of pixels within 8 levels, {total - close} beyond")
    check(mean < 0.5, f"{near} vs {far} mean absolute difference per channel", "< 0.5", f"{mean:.4f}")
    check(close / total >= 0.995, f"{near} vs {far} pixels within 8 levels", ">= 99.5%", f"{close / total:.3%}")

for near, far in (("near", "far"), ("lod", "lodfar")):
    if near in images and far in images:
        near_and_far(near, far)

shimmer = {}
for name in ("shimmer-off", "shimmer-on"):
    m = re.search(r"^shimmer: .* = ([\d.]+) of 255 per channel \(largest pair ([\d.]+)\), (\d+) frame pairs",
                  open(f"{tmp}/{name}.out").read(), re.M)
    if check(m is not None, f"{name} stdout", "a 'shimmer: ...' line", "none"):
        print(m.group(0))
        shimmer[name] = float(m.group(1))
        check(int(m.group(3)) >= 100 and shimmer[name] > 0, f"{name} shimmer", ">= 100 complete frame pairs, a change > 0",
              m.group(0))
if len(shimmer) == 2:
    check(shimmer["shimmer-on"] < shimmer["shimmer-off"], "the distant band's frame-to-frame change",
          "smaller with the band limit", f"{shimmer['shimmer-on']} with, {shimmer['shimmer-off']} without")

for name in ("near", "far", "gpu", "lod"):
    try:
        lines = open(f"{tmp}/{name}.csv").read().splitlines()
    except OSError as e:
        check(False, f"{name}.csv", "a timing log", repr(e))
        continue
    check(lines[:1] == ["frame,frame_ms,chunks_done_total,chunks_resident,mean_chunk_ms,queue_depth"],
          f"{name}.csv header", "frame,frame_ms,...", lines[:1])
    rows = [l.split(",") for l in lines[1:]]
    check(len(rows) >= frames, f"{name}.csv rows", f">= {frames}", len(rows))
    bad = [r for r in rows if len(r) != 6 or not float(r[1]) > 0]
    check(not bad, f"{name}.csv", "6 fields and frame_ms > 0 on every row", f"{len(bad)} bad rows, first {bad[:1]}")
    if rows and len(rows[-1]) == 6:
        check(int(rows[-1][2]) > 0, f"{name}.csv chunks_done_total", "> 0", rows[-1][2])
        check(float(rows[-1][4]) > 0, f"{name}.csv mean_chunk_ms", "> 0", rows[-1][4])
    out = open(f"{tmp}/{name}.out").read()
    m = re.search(r"^summary: frames=(\d+) frame_ms mean=([\d.]+) median=([\d.]+) p99=([\d.]+) chunks=(\d+) "
                  r"chunks_per_s=([\d.]+) mean_chunk_ms=([\d.]+)", out, re.M)
    if check(m is not None, f"{name} stdout", "a 'summary: frames=... mean_chunk_ms=...' line", "none"):
        check(int(m.group(1)) >= frames and float(m.group(2)) > 0 and int(m.group(5)) > 0,
              f"{name} summary", f"frames >= {frames}, mean frame_ms > 0, chunks > 0", m.group(0))

for f in failures:
    print("FAIL:", f, file=sys.stderr)
sys.exit(1 if failures else 0)
EOF

for name in near far gpu lod eroded erodedgpu; do
  cp "$tmp/$name.png" "$tmp/$name.csv" "$out/" || fail "cannot copy results to $out"
  cp "$tmp/$name.out" "$out/$name.stdout.txt" || fail "cannot copy results to $out"
done
echo "PASS: viewer near/far/GPU-made/eroded screenshots, logs and probes (kept in $out)"
