#!/usr/bin/env bash
# End-to-end tests of tile sets baked by many processes (`gradnoise bake --tiles` with --shard K/N,
# --index and --resume): N shards and the index step write the same files, byte for byte, as one bake;
# a bake killed part-way and resumed writes the same bytes as an uninterrupted one, keeping the
# tiles it had finished; manifests list each tile's size and SHA-256 (checked with sha256sum, an
# independent implementation); damaged, missing or foreign pieces are refused with their names.
# Environment: GRADNOISE (the tool).
set -uo pipefail
: "${GRADNOISE:?set GRADNOISE to the gradnoise binary}"
source "$(dirname "${BASH_SOURCE[0]}")/shell_checks.sh"
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
tmp=$(mktemp -d)
children=()
trap 'for p in "${children[@]}"; do kill -9 "$p" 2>/dev/null; done; rm -rf "$tmp"' EXIT
cd "$tmp"
# The manifest's SHA-256s against sha256sum's: every listed tile, and nothing but the tiles.
checksums_hold() {  # MANIFEST
    python3 - "$1" <<'PY'
import json, os, subprocess, sys
m = json.load(open(sys.argv[1]))
d = os.path.dirname(sys.argv[1]) or "."
for t in m["tiles"]:
    p = os.path.join(d, t["file"])
    digest = subprocess.run(["sha256sum", p], capture_output=True, text=True, check=True).stdout.split()[0]
    if digest != t["sha256"] or os.path.getsize(p) != t["bytes"]:
        sys.exit(f"{p}: listed {t['sha256']} {t['bytes']}, is {digest} {os.path.getsize(p)}")
PY
}

# ---- shards + index = one bake, byte for byte (PNG 16-bit and RAW16) ----
common=(terrain --grey --depth 16 --size 512x512 --tile-size 64 --tiles 1..5,0..3 -q)
for fmt in png r16; do
    mkdir -p "one-$fmt" "sharded-$fmt"
    bake "${common[@]}" -o "one-$fmt/t.$fmt"
    one_rc=$RC
    ok=1
    for k in 0 1 2 3 4 5 6; do  # 7 shards of 20 tiles: runs of 2 or 3 tiles, split across rows
        bake "${common[@]}" -o "sharded-$fmt/t.$fmt" --shard "$k/7"
        [[ $RC == 0 && -s "sharded-$fmt/t_tiles.shard-$k-of-7.json" ]] || { ok=0; fail "shard $k/7 ($fmt)" "exit $RC" "$ERR"; }
    done
    shard_manifests=$(ls "sharded-$fmt"/t_tiles.shard-*-of-7.json 2>/dev/null | wc -l)
    bake "${common[@]}" -o "sharded-$fmt/t.$fmt" --index
    if [[ $one_rc == 0 && $ok == 1 && $RC == 0 && $shard_manifests == 7 && "$OUT" == "indexed 20 tiles from 7 shard manifests"* ]] &&
        diff -r "one-$fmt" "sharded-$fmt" >/dev/null; then
        pass "$fmt: 7 shards (--shard K/7) + --index = one bake, every file byte for byte (20 tiles + the manifest)"
    else
        fail "$fmt: shards + index = one bake" "exit $RC: $OUT $ERR" "$(diff -r "one-$fmt" "sharded-$fmt" | head -5)"
    fi
    if checksums_hold "one-$fmt/t_tiles.json"; then pass "$fmt: the manifest's sizes and SHA-256s are sha256sum's"; else fail "$fmt: manifest checksums"; fi
done
python3 - one-png/t_tiles.json <<'PY' && pass "the manifest lists --tiles row by row, x inner, with the range and tile size" || fail "manifest order"
import json, sys
m = json.load(open(sys.argv[1]))
want = [(x, y) for y in range(0, 4) for x in range(1, 6)]
sys.exit(0 if [(t["x"], t["y"]) for t in m["tiles"]] == want and m["range"] == {"x": [1, 5], "y": [0, 3]}
         and m["tile_size"] == 64 and m["schema"] == "gradnoise-tiles/1" and "shard" not in m else 1)
PY
# One shard per tile, and shards in any order, concurrently: the same index.
mkdir -p par
for k in $(seq 0 19); do "$GRADNOISE" bake "${common[@]}" -o par/t.png --shard "$k/20" >/dev/null 2>&1 & children+=($!); done
wait
children=()
bake "${common[@]}" -o par/t.png --index
if [[ $RC == 0 ]] && diff -r one-png par >/dev/null; then pass "20 concurrent one-tile shards + --index = one bake"; else fail "concurrent shards" "$ERR"; fi

# Tiles whose coordinates are no grid of their own (step 8/300 is not a power of two) go row by row
# over --threads; those of a power-of-two step through the grid fill: the bytes never depend on it.
for size in 300 256; do
    mkdir -p "thr1-$size" "thr2-$size"
    bake noise --fractal fbm --grey --depth 16 --size "${size}x$size" --tile-size 100 --tiles 0..2,0..1 -q --threads 1 -o "thr1-$size/t.r16"
    bake noise --fractal fbm --grey --depth 16 --size "${size}x$size" --tile-size 100 --tiles 0..2,0..1 -q --threads 2 -o "thr2-$size/t.r16"
    if [[ $RC == 0 ]] && diff -r "thr1-$size" "thr2-$size" >/dev/null; then
        pass "--size $size: tiles on 1 and 2 threads are the same bytes"
    else
        fail "--size $size: tiles on 1 and 2 threads" "$ERR"
    fi
done

# ---- the index refuses what does not add up ----
mkdir -p idx
for k in 0 2; do bake "${common[@]}" -o idx/t.png --shard "$k/3"; done
expect_error "--index with a shard missing: exit 1, names it and says how to finish" 1 \
    "1 of 3 shards have no manifest yet (shard 1): bake them (--shard K/3 --resume)" -- "${common[@]}" -o idx/t.png --index
bake "${common[@]}" -o idx/t.png --shard 1/3
printf 'x' | dd of=idx/t_x3_y1.png bs=1 seek=60 conv=notrunc 2>/dev/null
expect_error "--index with a damaged tile: exit 1, names the tile and its shard" 1 \
    "tile idx/t_x3_y1.png is missing or differs from its shard manifest (size or SHA-256): bake shard 1/3 again" -- \
    "${common[@]}" -o idx/t.png --index
if [[ ! -e idx/t_tiles.json ]]; then pass "a refused index writes no manifest"; else fail "a refused index writes no manifest"; fi
bake "${common[@]}" -o idx/t.png --shard 1/3 --resume
bake "${common[@]}" -o idx/t.png --index
if [[ $RC == 0 ]] && diff -r one-png idx >/dev/null; then
    pass "... and after --shard 1/3 --resume re-bakes the damaged tile, the index equals one bake"
else
    fail "re-baked shard + index" "$ERR" "$(diff -r one-png idx | head -3)"
fi
mkdir -p foreign
bake "${common[@]}" -o foreign/t.png --shard 0/2
bake "${common[@]}" --octaves 7 -o foreign/t.png --shard 1/2
expect_error "--index over a shard of other settings: exit 1, names its manifest" 1 \
    "foreign/t_tiles.shard-0-of-2.json was baked with other settings" -- "${common[@]}" --octaves 7 -o foreign/t.png --index
bake "${common[@]}" -o foreign/t.png --shard 1/4
expect_error "--index with manifests of two shard counts: exit 1" 1 "shard manifests of 2 different shard counts" -- \
    "${common[@]}" -o foreign/t.png --index
mkdir -p none
expect_error "--index with no shards: exit 1" 1 "no shard manifests t_tiles.shard-K-of-N.json in none" -- "${common[@]}" -o none/t.png --index

# ---- option errors: exit 2, before any work ----
expect_error "--shard 3/3: K must be below N" 2 "--shard: '3/3': K must be in 0..N-1 = 0..2" -- "${common[@]}" -o x.png --shard 3/3
expect_error "--shard 0/0" 2 "--shard: '0/0': N must be in 1..65536" -- "${common[@]}" -o x.png --shard 0/0
expect_error "--shard junk" 2 "--shard: 'a/b' is not K/N" -- "${common[@]}" -o x.png --shard a/b
expect_error "--shard without --tiles" 2 "--shard applies to tile sets: add --tile-size S --tiles" -- terrain -o x.png --shard 0/2
expect_error "--resume without --tiles" 2 "--resume applies to tile sets" -- terrain -o x.png --resume
expect_error "--index with --shard" 2 "--index joins the shards' manifests after every shard is baked" -- \
    "${common[@]}" -o x.png --index --shard 0/2
if ls x* >/dev/null 2>&1; then fail "refused commands leave no file" "$(ls x*)"; else pass "refused commands leave no file"; fi

# ---- resume: killed part-way, resumed = uninterrupted ----
big=(terrain --grey --depth 16 --size 4096x4096 --tile-size 512 --tiles 0..7,0..3 --threads 1 -q)
mkdir -p whole killed
bake "${big[@]}" -o whole/t.r16
whole_rc=$RC
"$GRADNOISE" bake "${big[@]}" -o killed/t.r16 >/dev/null 2>&1 &
pid=$!
children=("$pid")
for _ in $(seq 1 600); do  # at most 30 s: until the journal lists 5 finished tiles
    [[ -f killed/t_tiles.journal && $(wc -l <killed/t_tiles.journal) -ge 6 ]] && break
    sleep 0.05
done
kill -9 "$pid" 2>/dev/null
wait "$pid" 2>/dev/null
children=()
done_at_kill=$(( $(wc -l <killed/t_tiles.journal) - 1 ))
if [[ $whole_rc == 0 && ! -e killed/t_tiles.json && $done_at_kill -ge 5 && $done_at_kill -lt 32 ]]; then
    pass "killed (SIGKILL) after $done_at_kill of 32 tiles: no manifest, the journal lists the finished tiles"
else
    fail "kill part-way" "whole rc $whole_rc, journal $done_at_kill, $(ls killed | head)"
fi
rm -f killed/t.r16.tmp.* killed/t_x*.tmp.*  # (what the killed process was writing: it never became a tile)
first_mtime=$(stat -c %y killed/t_x0_y0.r16)
bake "${big[@]}" -o killed/t.r16 --resume
if [[ $RC == 0 && "$OUT" == "kept $done_at_kill finished tiles"* && "$(stat -c %y killed/t_x0_y0.r16)" == "$first_mtime" ]] &&
    [[ ! -e killed/t_tiles.journal ]] && diff -r whole killed >/dev/null; then
    pass "--resume kept the finished tiles (untouched), baked the rest: the same bytes as the uninterrupted bake"
else
    fail "--resume after a kill" "exit $RC: $OUT $ERR" "$(diff -r whole killed | head -3)"
fi
# A finished set resumed: everything verified, nothing baked; a truncated tile is baked again.
truncate -s 100 killed/t_x7_y3.r16
bake "${big[@]}" -o killed/t.r16 --resume
if [[ $RC == 0 && "$OUT" == "kept 31 finished tiles"* ]] && diff -r whole killed >/dev/null; then
    pass "--resume of a finished set re-bakes only the truncated tile"
else
    fail "--resume re-bakes a damaged tile" "$OUT $ERR"
fi
expect_error "--resume with other settings: exit 1, names the manifest" 1 \
    "--resume: killed/t_tiles.json is the manifest of a bake with other settings" -- "${big[@]}" --seed 5 -o killed/t.r16 --resume

# ---- the Slurm recipe (examples/slurm/bake_world.sbatch), run as a 4-task job array would run it ----
recipe="$root/examples/slurm/bake_world.sbatch"
export GRADNOISE WORLD_SIZE=512 TILE_SIZE=128 TILES=0..3,0..2 SCALE=16
ok=1
for k in 3 1 0 2; do
    WORLD=$tmp/slurm/t.r16 SLURM_ARRAY_TASK_ID=$k SLURM_ARRAY_TASK_COUNT=4 SLURM_CPUS_PER_TASK=1 bash "$recipe" >/dev/null 2>&1 || ok=0
done
WORLD=$tmp/slurm/t.r16 bash "$recipe" --index >/dev/null 2>&1 || ok=0
mkdir -p slurm-one
bake terrain --grey --depth 16 --size 512x512 --scale 16 --tile-size 128 --tiles 0..3,0..2 --quiet -o slurm-one/t.r16
if [[ $ok == 1 && $RC == 0 ]] && diff -r slurm slurm-one >/dev/null; then
    pass "the Slurm recipe: 4 array tasks + the --index job = one bake, byte for byte"
else
    fail "the Slurm recipe" "$(ls slurm | head)" "$(diff -r slurm slurm-one | head -3)"
fi

summary
