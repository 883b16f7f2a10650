#!/usr/bin/env bash
# End-to-end tests of the tool's GPU commands on Mesa (docs/gpu.md): `gradnoise gpu-check` (its report,
# --json, exit 0 when exact, 1 when an API asked for does not open, 2 on a usage error) and
# `bake --device gpu|vulkan`, whose files must be the CPU's byte for byte: a terrain, a 16-bit
# heightmap tile set, and a graph.
# Environment: GRADNOISE (the tool).
set -uo pipefail
: "${GRADNOISE:?set GRADNOISE to the gradnoise binary}"
source "$(dirname "${BASH_SOURCE[0]}")/shell_checks.sh"
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
scratch_dir
cd "$tmp"
# gpu_check ARGS: RC, OUT, ERR as bake's.
gpu_check() { RC=0; "$GRADNOISE" gpu-check "$@" >"$tmp/out" 2>"$tmp/err" || RC=$?; ERR=$(cat "$tmp/err"); OUT=$(cat "$tmp/out"); }

# ---- gpu-check: a field on both APIs, the report and its JSON ----
gpu_check --basis perlin --fractal fbm --octaves 3 --dims 2 --points 64 --json report.json
if [[ $RC == 0 && "$OUT" == *"OpenGL: 3 cases exact, 0 differ"* && "$OUT" == *"Vulkan: 3 cases exact, 0 differ"* ]]; then
    pass "gpu-check of perlin fbm 2D: exact on OpenGL and Vulkan, exit 0"
else
    fail "gpu-check of perlin fbm 2D" "exit $RC" "$OUT" "$ERR"
fi
if python3 - report.json <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))
assert r["exact"] is True, r["exact"]
assert [a["api"] for a in r["apis"]] == ["OpenGL", "Vulkan"], r["apis"]
for a in r["apis"]:
    assert a["exact"] and a["software"] and a["error"] == "", a
    assert [c["name"] for c in a["cases"]] == ["2D, value", "2D, gradient", "2D, chunk"] or len(a["cases"]) == 3, a["cases"]
    assert all(c["exact"] and c["differ"] == 0 and c["compared"] > 0 for c in a["cases"]), a["cases"]
PY
then pass "gpu-check --json: every case exact, compared counts, both APIs, software renderers marked"
else fail "gpu-check --json report"; fi

# A graph, on one API, JSON to standard output.
gpu_check --graph "$root/examples/graphs/continent.json" --api opengl --points 32 --json -
if [[ $RC == 0 ]] && python3 -c 'import json,sys; t=sys.stdin.read(); r=json.loads(t[t.index("{"):]); assert r["exact"] and r["subject"].endswith("continent.json")' <<<"$OUT"; then
    pass "gpu-check --graph continent.json --json -: exact"
else
    fail "gpu-check --graph" "exit $RC" "$OUT" "$ERR"
fi

# ---- exit statuses: an API asked for that does not open is a failure (1); usage errors are 2 ----
RC=0; GRADNOISE_VULKAN_DEVICE=bogus "$GRADNOISE" gpu-check --api vulkan --dims 2 --points 8 >"$tmp/out" 2>&1 || RC=$?
if [[ $RC == 1 ]] && grep -q "GRADNOISE_VULKAN_DEVICE must be gpu or cpu (got 'bogus')" "$tmp/out"; then
    pass "gpu-check: a bad GRADNOISE_VULKAN_DEVICE is named, exit 1"
else
    fail "gpu-check with GRADNOISE_VULKAN_DEVICE=bogus" "exit $RC" "$(cat "$tmp/out")"
fi
RC=0; GRADNOISE_EGL_PLATFORM=bogus "$GRADNOISE" gpu-check --api opengl --dims 2 --points 8 --json bad.json >"$tmp/out" 2>&1 || RC=$?
if [[ $RC == 1 ]] && python3 -c 'import json; r=json.load(open("bad.json")); assert not r["exact"] and "GRADNOISE_EGL_PLATFORM" in r["apis"][0]["error"]'; then
    pass "gpu-check: OpenGL that does not open: exit 1, the reason in the JSON"
else
    fail "gpu-check with GRADNOISE_EGL_PLATFORM=bogus" "exit $RC" "$(cat "$tmp/out")"
fi
gpu_check --points 0
check "gpu-check --points 0: usage error (2)" test "$RC" = 2
gpu_check --graph "$root/examples/graphs/continent.json" --basis value
if [[ $RC == 2 && "$ERR" == *"--basis"* ]]; then pass "gpu-check: noise options with --graph refused, naming the option"
else fail "gpu-check --graph with --basis" "exit $RC" "$ERR"; fi

# ---- bake --device gpu / vulkan: the CPU's bytes ----
same_bytes() {  # NAME ARGS...: bakes on the CPU, OpenGL and Vulkan; the three outputs equal
    local name=$1; shift
    local ok=1
    for device in cpu gpu vulkan; do
        mkdir -p "$device"
        bake "$@" --device "$device" -q -o "$device/$name"
        if [[ $RC != 0 ]]; then fail "bake $name --device $device" "exit $RC" "$ERR"; ok=0; fi
    done
    [[ $ok == 1 ]] || return
    if (cd cpu && find . -type f | sort | xargs sha256sum) >sums && (cd gpu && sha256sum -c --quiet ../sums) &&
        (cd vulkan && sha256sum -c --quiet ../sums) && [[ $(wc -l <sums) -ge 1 ]]; then
        pass "bake $name: --device gpu and vulkan write the CPU's bytes ($(wc -l <sums) files)"
    else
        fail "bake $name: the devices' files differ"
    fi
    rm -rf cpu gpu vulkan sums
}
# A device that does not open: refused with the reason, and nothing written.
RC=0; GRADNOISE_EGL_PLATFORM=bogus "$GRADNOISE" bake terrain --size 32x32 --device gpu -q -o refused.png >"$tmp/out" 2>&1 || RC=$?
if [[ $RC != 0 && ! -e refused.png ]] && grep -q "GRADNOISE_EGL_PLATFORM" "$tmp/out" && [[ -z $(ls -A | grep -v '^out$\|^err$\|json$') ]]; then
    pass "bake --device gpu without a device: refused (exit $RC), the reason named, no file"
else
    fail "bake --device gpu without a device" "exit $RC" "$(cat "$tmp/out")" "$(ls -A)"
fi
# The terrain preset (eroded, hill-shaded by its gradient), without the filter, and a 16-bit tile set.
same_bytes terrain.png terrain --size 96x80 --seed 5
same_bytes flat.png terrain --erosion 0 --size 96x80 --seed 5
same_bytes tiles/h.png terrain --grey --depth 16 --size 64x64 --tile-size 32 --tiles 0..1,0..1
same_bytes graph.png terrain --graph "$root/examples/graphs/lava.json" --size 72x64 --scale 10

summary
