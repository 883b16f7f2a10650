#!/usr/bin/env bash
# End-to-end tests of graph files in the tool (issue #29): every preset's graph file is what
# `bake --print-graph` writes and bakes the preset's picture bit for bit; eval --graph equals the
# field's own eval; the gallery graphs bake; --print-config / --config carry the graph; and the
# refusals (noise options beside a graph, the wrong dimensions, gradients, broken files) name what
# is wrong and write nothing.
# Environment: GRADNOISE (the tool), GRAPHS (examples/graphs).
set -uo pipefail
: "${GRADNOISE:?set GRADNOISE to the gradnoise binary}" "${GRAPHS:?set GRAPHS to examples/graphs}"
source "$(dirname "${BASH_SOURCE[0]}")/shell_checks.sh"
scratch_dir
cd "$tmp"

# ---- every preset as a graph file ----
for preset in terrain eroded marble wood clouds fire noise; do
    bake "$preset" --print-graph
    if [[ $RC == 0 ]] && diff <(echo "$OUT") "$GRAPHS/presets/$preset.json" >/dev/null; then
        pass "bake $preset --print-graph is examples/graphs/presets/$preset.json"
    else
        fail "bake $preset --print-graph is examples/graphs/presets/$preset.json" "exit $RC" "$ERR"
    fi
    grey=--grey
    [[ $preset == noise ]] && grey=
    bake "$preset" $grey --size 48x32 -o "a_$preset.pfm"
    bake "$preset" $grey --size 48x32 --graph "$GRAPHS/presets/$preset.json" -o "b_$preset.pfm"
    check "bake $preset --graph presets/$preset.json: the preset's values bit for bit" cmp -s "a_$preset.pfm" "b_$preset.pfm"
done

# ---- eval --graph ----
printf '0.5 0.25\n-3.75 12.5\n1e30 -2\nnan 1\n' > points.txt
"$GRADNOISE" eval --dims 2 --format hex < points.txt > plain.txt
"$GRADNOISE" eval --graph "$GRAPHS/presets/noise.json" --format hex < points.txt > graph.txt
check "eval --graph presets/noise.json (2D from the file) equals eval --dims 2" cmp -s plain.txt graph.txt
rc=0
"$GRADNOISE" eval --graph "$GRAPHS/continent.json" < points.txt > continent.txt || rc=$?
check "eval --graph continent.json: a value per point" test "$rc" = 0 -a "$(wc -l < continent.txt)" = 4

# ---- the gallery ----
for g in continent clouds lava; do
    bake terrain --graph "$GRAPHS/$g.json" --size 64x40 --scale 10 -o "$g.png"
    check "bake --graph $g.json" test "$RC" = 0 -a -s "$g.png"
done

# ---- the configuration carries the graph ----
bake clouds --graph "$GRAPHS/clouds.json" --print-config
echo "$OUT" > clouds.toml
if [[ $RC == 0 ]] && grep -q "^graph = \"$GRAPHS/clouds.json\"" clouds.toml && ! grep -q "^octaves" clouds.toml; then
    pass "--print-config with --graph: graph = FILE and no noise settings"
else
    fail "--print-config with --graph: graph = FILE and no noise settings" "$OUT" "$ERR"
fi
bake clouds --graph "$GRAPHS/clouds.json" --grey --size 40x24 -o direct.pfm
bake --config clouds.toml --grey --size 40x24 -o configured.pfm
check "--config with graph = FILE bakes the same values" cmp -s direct.pfm configured.pfm

# ---- refusals ----
expect_error "--graph with a noise option" 2 "--octaves has no effect with --graph (the graph file defines the field)" -- \
    terrain --graph "$GRAPHS/clouds.json" --octaves 3 -o x.png
expect_error "--graph of 2 dimensions for an animation" 2 "has 2 dimensions; this bake samples 3" -- \
    clouds --graph "$GRAPHS/clouds.json" --frames 4 -o x.gif
printf '{"gradnoise_graph": 1, "output": {"type": "field", "fractal": "turbulence", "pattern": "marble"}}' > marble.json
expect_error "--graph without a gradient, with --hillshade" 2 \
    "--hillshade needs the field's gradient: graph node 'output' (field) has no gradient: patterns have no gradient" -- \
    terrain --graph marble.json --hillshade -o x.png
bake terrain --graph "$GRAPHS/continent.json" --size 64x40 --scale 10 --hillshade -o shaded.png
check "bake --graph continent.json --hillshade (the graph's analytic gradient)" test "$RC" = 0 -a -s shaded.png
bake terrain --graph "$GRAPHS/continent.json" --size 64x40 --scale 10 --normal-map -o normals.png
check "bake --graph continent.json --normal-map" test "$RC" = 0 -a -s normals.png
"$GRADNOISE" eval --graph "$GRAPHS/presets/noise.json" --gradient --format hex < points.txt > graph_gradient.txt
"$GRADNOISE" eval --dims 2 --gradient --format hex < points.txt > plain_gradient.txt
check "eval --graph presets/noise.json --gradient equals eval --dims 2 --gradient" cmp -s plain_gradient.txt graph_gradient.txt
printf '{"gradnoise_graph": 1, "output": {"type": "fractal", "octaves": 99, "input": 1}}' > bad.json
expect_error "a bad graph file names the node and the parameter" 2 \
    "--graph bad.json: graph node 'output' (fractal): octaves must be an integer in 1..32 (got 99)" -- \
    terrain --graph bad.json -o x.png
expect_error "a missing graph file" 2 "--graph" -- terrain --graph missing.json -o x.png
check "refused bakes wrote nothing" test ! -e x.png -a ! -e x.gif
rc=0
err=$(printf '1 2\n' | "$GRADNOISE" eval --dims 3 --graph "$GRAPHS/clouds.json" 2>&1 >/dev/null) || rc=$?
if [[ $rc == 2 && "$err" == *"has 2 dimensions; --dims is 3"* ]]; then pass "eval: --dims against the graph's"; else fail "eval: --dims against the graph's" "exit $rc" "$err"; fi

# ---- shader --graph: the graph's GLSL (its values are checked on Mesa by tests/gpu/test_shader.cpp) ----
rc=0
"$GRADNOISE" shader --graph "$GRAPHS/lava.json" --gradient --name lava -o lava.glsl 2>shader.err || rc=$?
if [[ $rc == 0 ]] && grep -q "^float lava(vec2 p) {" lava.glsl && grep -q "^float lava_gradient(vec2 p, out vec2 d) {" lava.glsl; then
    pass "shader --graph lava.json --gradient: the graph's value and gradient functions"
else
    fail "shader --graph lava.json --gradient" "exit $rc" "$(cat shader.err)"
fi
if command -v glslangValidator >/dev/null; then
    { printf '#version 430\nlayout(local_size_x = 1) in;\n'; cat lava.glsl; printf 'void main() {}\n'; } > lava.comp
    check "shader --graph: glslangValidator compiles the text" glslangValidator lava.comp
fi
rc=0
err=$("$GRADNOISE" shader --graph "$GRAPHS/presets/marble.json" --gradient 2>&1 >/dev/null) || rc=$?
if [[ $rc == 1 && "$err" == *"options.gradient: graph node 'field' (field) has no gradient"* ]]; then
    pass "shader --graph --gradient of a graph without one: exit 1, the node named"
else
    fail "shader --graph --gradient of a graph without one" "exit $rc" "$err"
fi
rc=0
err=$("$GRADNOISE" shader --graph "$GRAPHS/clouds.json" --dims 4 2>&1 >/dev/null) || rc=$?
if [[ $rc == 2 && "$err" == *"has 2 dimensions; --dims is 4"* ]]; then pass "shader: --dims against the graph's"; else fail "shader: --dims against the graph's" "exit $rc" "$err"; fi

summary
