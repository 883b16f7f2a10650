#!/usr/bin/env bash
# Ctrl-C (SIGINT) and SIGTERM during `gradnoise bake` and `gradnoise bench`: the run stops within a
# second with status 128 + signal (130, 143) and a message; the file it was writing is not left
# behind (no temporary, the previous file at that name untouched); the files finished before it
# stay; a tile set stopped part-way resumes (--resume) to the same bytes as an uninterrupted bake.
# Environment: GRADNOISE (the tool); GRADNOISE_STOP_LIMIT_S, the seconds allowed from the signal to the
# exit (default 1; scripts/test.sh gives the sanitizer tree, which runs several times slower, 3).
set -uo pipefail
: "${GRADNOISE:?set GRADNOISE to the gradnoise binary}"
source "$(dirname "${BASH_SOURCE[0]}")/shell_checks.sh"
tmp=$(mktemp -d)
child=
trap '[[ -n $child ]] && kill -9 "$child" 2>/dev/null; rm -rf "$tmp"' EXIT
cd "$tmp"
now() { date +%s.%N; }
limit=${GRADNOISE_STOP_LIMIT_S:-1}

# signal_after SIGNAL SECONDS|FILE:LINES COMMAND ARGS...: starts gradnoise COMMAND, signals it once it has run
# SECONDS (or once FILE has LINES lines), waits; sets RC, ERR, OUT and STOP_S (seconds from the signal to the exit).
signal_after() {
    local sig=$1 when=$2
    shift 2
    "$GRADNOISE" "$@" >out 2>err &
    child=$!
    if [[ $when == *:* ]]; then
        for _ in $(seq 1 600); do
            [[ -f ${when%%:*} && $(wc -l <"${when%%:*}") -ge ${when##*:} ]] && break
            sleep 0.05
        done
    else
        sleep "$when"
    fi
    local t0
    t0=$(now)
    kill "-$sig" "$child"
    RC=0
    wait "$child" || RC=$?
    STOP_S=$(echo "$(now) - $t0" | bc)
    child=
    ERR=$(cat err)
    OUT=$(cat out)
}

# ---- one picture: SIGINT while the noise is computed ----
echo previous >big.png
signal_after INT 0.7 bake terrain --size 8192x8192 --threads 1 -o big.png
if [[ $RC == 130 && "$ERR" == *"interrupted by SIGINT"* && "$(cat big.png)" == previous ]] && ! ls ./*.tmp.* >/dev/null 2>&1 &&
    (( $(echo "$STOP_S < $limit" | bc) )); then
    pass "SIGINT during the noise: exit 130 in ${STOP_S}s, the previous big.png untouched, no temporary file"
else
    fail "SIGINT during the noise" "exit $RC, ${STOP_S}s: $ERR" "$(ls)"
fi
# ... and while the PNG is encoded and written (plain noise is computed in a fraction of the time
# zlib level 9 takes): the encoder's next write stops it.
signal_after TERM 1.2 bake noise --size 8192x8192 --zlib-level 9 -o enc.png
if [[ $RC == 143 && "$ERR" == *"interrupted by SIGTERM"* && ! -e enc.png ]] && ! ls ./*.tmp.* >/dev/null 2>&1 &&
    (( $(echo "$STOP_S < $limit" | bc) )); then
    pass "SIGTERM while encoding: exit 143 in ${STOP_S}s, no enc.png, no temporary file"
else
    fail "SIGTERM while encoding" "exit $RC, ${STOP_S}s: $ERR" "$(ls)"
fi

# ---- a tile set: SIGTERM after a few tiles, then --resume ----
set_args=(terrain --grey --depth 16 --size 4096x4096 --tile-size 512 --tiles 0..7,0..3 --threads 1 -q)
mkdir -p whole stopped
"$GRADNOISE" bake "${set_args[@]}" -o whole/t.png >/dev/null 2>&1
signal_after TERM stopped/t_tiles.journal:4 bake "${set_args[@]}" -o stopped/t.png
listed=$(( $(wc -l <stopped/t_tiles.journal) - 1 ))
tiles=$(ls stopped/t_x*.png 2>/dev/null | wc -l)
if [[ $RC == 143 && ! -e stopped/t_tiles.json && $listed -ge 3 && $tiles == "$listed" ]] && ! ls stopped/*.tmp.* >/dev/null 2>&1 &&
    (( $(echo "$STOP_S < $limit" | bc) )); then
    pass "SIGTERM in a tile set: exit 143 in ${STOP_S}s; $tiles finished tiles kept, all in the journal; no manifest, no temporary"
else
    fail "SIGTERM in a tile set" "exit $RC, ${STOP_S}s, journal $listed, tiles $tiles: $ERR" "$(ls stopped | head)"
fi
RC=0
out=$("$GRADNOISE" bake "${set_args[@]}" -o stopped/t.png --resume 2>&1) || RC=$?
if [[ $RC == 0 && "$out" == "kept $listed finished tiles"* ]] && diff -r whole stopped >/dev/null; then
    pass "... --resume keeps the $listed tiles and completes it: the same bytes as an uninterrupted bake"
else
    fail "resume after SIGTERM" "exit $RC: $out" "$(diff -r whole stopped | head -3)"
fi

# ---- gradnoise bench: SIGINT part-way through the table ----
# Long measurements (2 s per path), so the signal lands inside one; the report it would write
# (--json) keeps its previous contents.
echo '{"previous": true}' >report.json
signal_after INT 3 bench --threads 1 --min-time 2 --kernels perlin2/points,perlin3/points --json report.json
if [[ $RC == 130 && "$ERR" == *"interrupted by SIGINT"*"no report written"* && "$(cat report.json)" == '{"previous": true}' ]] &&
    ! ls ./*.tmp.* >/dev/null 2>&1 && (( $(echo "$STOP_S < $limit" | bc) )); then
    pass "SIGINT in bench: exit 130 in ${STOP_S}s, report.json untouched, no temporary"
else
    fail "SIGINT in bench" "exit $RC, ${STOP_S}s: $ERR" "$(ls; cat report.json)"
fi
signal_after TERM 1 bench --threads 1 --min-time 2 --kernels perlin2/points
if [[ $RC == 143 && "$ERR" == *"interrupted by SIGTERM"*"printed above are complete"* ]] && (( $(echo "$STOP_S < $limit" | bc) )); then
    pass "SIGTERM in bench: exit 143 in ${STOP_S}s"
else
    fail "SIGTERM in bench" "exit $RC, ${STOP_S}s: $ERR"
fi

summary
