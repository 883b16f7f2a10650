#!/usr/bin/env bash
# Hostile runs of the tool:
#  - a disk that fills up in the middle of a tile set (a small tmpfs, filled by another process once a
#    few tiles are done): the bake fails naming the cause, leaves no temporary and no manifest, every
#    tile its journal lists is complete (size and SHA-256), and --resume, once there is room again,
#    completes it to the bytes of an uninterrupted bake;
#  - bakes that would run out of file entries (inodes) or space are refused before any work, with the
#    numbers;
#  - untrusted inputs beyond their limits (a --config, a --compare report, a tile manifest, a ramp, an
#    eval line): refused with the limit named, quickly, without reading them whole.
# The tmpfs is mounted in a private user + mount namespace (unshare -rm, util-linux), so the test needs
# no privileges and leaves no mount behind; where namespaces are not allowed it mounts directly as root,
# and otherwise reports the disk checks as skipped.
# Environment: GRADNOISE (the tool).
set -uo pipefail
: "${GRADNOISE:?set GRADNOISE to the gradnoise binary}"
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
source "$here/shell_checks.sh"

# Tiles of 512^2, 16-bit grey PNG: 64 tiles of ~0.5 MiB; one process, so the set takes a few seconds.
set_args=(terrain --grey --depth 16 --size 4096x4096 --tile-size 512 --tiles 0..7,0..7)

# ---- inside the namespace: the disk-full and file-count cases on a tmpfs at $2 ----
if [[ ${1:-} == --on-tmpfs ]]; then
    tmp=$2 ref=$3
    mnt=$tmp/mnt
    mkdir -p "$mnt"
    # Room for the whole set (the check before the bake passes), until the filler takes the rest.
    mount -t tmpfs -o size=48m tmpfs "$mnt" || { echo "FAIL - mount tmpfs"; exit 1; }
    "$GRADNOISE" bake "${set_args[@]}" --threads 1 -q -o "$mnt/t.png" >"$tmp/out" 2>"$tmp/err" &
    child=$!
    for _ in $(seq 1 400); do
        [[ -f $mnt/t_tiles.journal && $(wc -l <"$mnt/t_tiles.journal") -ge 6 ]] && break
        sleep 0.02
    done
    dd if=/dev/zero of="$mnt/filler" bs=1M >/dev/null 2>&1  # until the disk is full
    RC=0
    wait "$child" || RC=$?
    ERR=$(cat "$tmp/err")
    listed=$(($(wc -l <"$mnt/t_tiles.journal") - 1))
    # Every tile the journal lists is there with the size and SHA-256 it lists.
    verify=$(/usr/bin/python3 - "$mnt" <<'EOF'
import hashlib, json, os, sys
d = sys.argv[1]
lines = open(os.path.join(d, "t_tiles.journal"), "rb").read().split(b"\n")[1:]
bad = []
for line in lines:
    if not line:
        continue
    try:
        e = json.loads(line)
    except ValueError:
        bad.append("a line that is not JSON")
        continue
    p = os.path.join(d, e["file"])
    data = open(p, "rb").read() if os.path.exists(p) else None
    if data is None or len(data) != e["bytes"] or hashlib.sha256(data).hexdigest() != e["sha256"]:
        bad.append(e["file"])
print("ok" if not bad else "bad: " + " ".join(bad))
EOF
)
    tiles=$(ls "$mnt"/t_x*.png 2>/dev/null | wc -l)
    if [[ $RC == 1 && "$ERR" == *"No space left on device"* && ! -e $mnt/t_tiles.json && $verify == ok && $listed -ge 5 &&
        $listed -lt 64 && $tiles -ge $listed ]] && ! ls "$mnt"/*.tmp.* >/dev/null 2>&1; then
        pass "disk full after $listed tiles: exit 1 naming it; no manifest, no temporary; the $listed tiles the journal lists verify"
    else
        fail "disk full in a tile set" "exit $RC, journal $listed, tiles $tiles, verify $verify: $ERR" "$(ls "$mnt" | tail -4)"
    fi
    rm -f "$mnt/filler"
    RC=0
    out=$("$GRADNOISE" bake "${set_args[@]}" -q -o "$mnt/t.png" --resume 2>&1) || RC=$?
    if [[ $RC == 0 && "$out" == "kept "* ]] && diff -r "$ref" "$mnt" >/dev/null; then
        pass "... with room again, --resume completes it (${out%% (*}): the bytes of an uninterrupted bake"
    else
        fail "resume after disk full" "exit $RC: $out" "$(diff -r "$ref" "$mnt" | head -3)"
    fi
    umount "$mnt"

    # File entries: a file system with 20 free inodes cannot take 64 tiles + manifest + journal.
    mount -t tmpfs -o size=48m,nr_inodes=20 tmpfs "$mnt" || { echo "FAIL - mount tmpfs"; exit 1; }
    RC=0
    ERR=$("$GRADNOISE" bake "${set_args[@]}" -q -o "$mnt/t.png" 2>&1) || RC=$?
    if [[ $RC == 1 && "$ERR" == *"creates up to 67 files, but $mnt can hold only "*" more (free inodes)"* && -z "$(ls "$mnt")" ]]; then
        pass "too few inodes: refused before any work, with the numbers"
    else
        fail "inode check" "exit $RC: $ERR" "$(ls "$mnt" | head -3)"
    fi
    umount "$mnt"
    # Space: 4 MiB cannot take 32 MiB of tiles.
    mount -t tmpfs -o size=4m tmpfs "$mnt" || { echo "FAIL - mount tmpfs"; exit 1; }
    RC=0
    ERR=$("$GRADNOISE" bake "${set_args[@]}" -q -o "$mnt/t.png" 2>&1) || RC=$?
    if [[ $RC == 1 && "$ERR" == *"writes up to 32."*" MiB (65 files), but $mnt has 4.0 MiB free"* && -z "$(ls "$mnt")" ]]; then
        pass "too little space: refused before any work, with the numbers"
    else
        fail "space check" "exit $RC: $ERR"
    fi
    umount "$mnt"
    summary
    exit
fi

scratch_dir
cd "$tmp"

# ---- the disk ----
mkdir ref
"$GRADNOISE" bake "${set_args[@]}" -q -o ref/t.png >/dev/null 2>&1 || fail "the reference tile set"
if unshare -rm true 2>/dev/null; then
    unshare -rm bash "$here/hostile_test.sh" --on-tmpfs "$tmp" "$tmp/ref" && pass "(disk cases, in a private namespace)" ||
        fail "the disk cases (above)"
elif [[ $(id -u) == 0 ]]; then
    bash "$here/hostile_test.sh" --on-tmpfs "$tmp" "$tmp/ref" && pass "(disk cases, as root)" || fail "the disk cases (above)"
    umount "$tmp/mnt" 2>/dev/null
else
    echo "skip - disk full and inode checks: no user namespaces here and not root (a tmpfs cannot be mounted)"
fi

# ---- untrusted inputs ----
timed() {  # COMMAND...: RC, ERR, and SECS
    local t0
    t0=$(date +%s.%N)
    RC=0
    ERR=$("$@" 2>&1 >/dev/null) || RC=$?
    SECS=$(echo "$(date +%s.%N) - $t0" | bc)
}
# A --config of 2 MiB (1 MiB is the limit; real ones are a few hundred bytes).
{ echo 'preset = "terrain"'; head -c 2097152 /dev/zero | tr '\0' '#'; } >big.toml
timed "$GRADNOISE" bake --config big.toml -o x.png
if [[ $RC == 2 && "$ERR" == *"big.toml: larger than 1 MiB, the most a --config file may be"* && ! -e x.png ]]; then
    pass "a 2 MiB --config: refused (exit 2), the limit named"
else
    fail "config size limit" "exit $RC: $ERR"
fi
# A --compare report of 100 000 nested arrays, and one of 20 MiB.
head -c 100000 /dev/zero | tr '\0' '[' >deep.json
"$GRADNOISE" bench --quick --threads 1 --kernels perlin2/points --json good.json >/dev/null 2>&1
timed "$GRADNOISE" bench --compare good.json deep.json
if [[ $RC == 1 && "$ERR" == *"deep.json: nested deeper than 64 levels"* ]]; then
    pass "a report nested 100 000 deep: refused, the limit named"
else
    fail "report depth limit" "exit $RC: $ERR"
fi
head -c 20971520 /dev/zero | tr '\0' ' ' >huge.json
timed "$GRADNOISE" bench --compare huge.json good.json
if [[ $RC == 1 && "$ERR" == *"huge.json: larger than 16 MiB, the most a bench report may be"* ]]; then
    pass "a 20 MiB report: refused, the limit named"
else
    fail "report size limit" "exit $RC: $ERR"
fi
# A tile manifest nested too deep (resume reads it).
mkdir res
cp ref/t_x0_y0.png res/
head -c 5000 /dev/zero | tr '\0' '{' >res/t_tiles.json
bake "${set_args[@]}" -q -o res/t.png --resume
if [[ $RC == 1 && "$ERR" == *"t_tiles.json: not a gradnoise tile manifest (nested deeper than 64 levels)"* ]]; then
    pass "a manifest nested 5000 deep: --resume refuses it, naming it"
else
    fail "manifest depth limit" "exit $RC: $ERR"
fi
# A ramp of 300 stops (256 is the limit).
ramp=$(/usr/bin/python3 -c 'print(",".join("%g:#%02x%02x%02x" % (i / 299, i % 256, 0, 0) for i in range(300)))')
bake terrain --size 64x64 --ramp "$ramp" -o r.png
if [[ $RC == 2 && "$ERR" == *"a ramp has at most 256 stops"* && ! -e r.png ]]; then
    pass "a ramp of 300 stops: refused, the limit named"
else
    fail "ramp stop limit" "exit $RC: $ERR"
fi
# An eval line of 100 MB with no newline: refused after the first 64 KiB, in well under a second of reading.
t0=$(date +%s.%N)
RC=0
ERR=$(head -c 100000000 /dev/zero | tr '\0' '1' | "$GRADNOISE" eval 2>&1 >/dev/null) || RC=$?
SECS=$(echo "$(date +%s.%N) - $t0" | bc)
if [[ $RC == 1 && "$ERR" == *"line 1: longer than 65536 bytes"* ]]; then
    pass "a 100 MB eval line: refused at the limit (exit 1, ${SECS}s)"
else
    fail "eval line limit" "exit $RC: $ERR"
fi
# ... and the points before it are still answered, each on its line.
RC=0
lines=$({ printf '0.5 0.25 0.125\n1.5 2.5 3.5\n'; head -c 70000 /dev/zero | tr '\0' '2'; echo; } | "$GRADNOISE" eval 2>/dev/null | wc -l) || RC=$?
if [[ $lines == 2 ]]; then pass "... the points before an over-long line are evaluated"; else fail "values before a long line" "$lines lines"; fi

summary
