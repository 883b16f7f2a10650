#!/usr/bin/env bash
# End-to-end tests of `gradnoise heightmap`, run by ctest (test "cli_heightmap"): PNG (every CRC, the
# zlib stream and the row filters checked by hand) or, in a build without libpng, PGM; slices, thread
# counts and patterns; defaults, replacing a file, missing directories, and refused options that
# write nothing.
#
#   GRADNOISE=/path/to/gradnoise [GRADNOISE_EMULATOR=qemu-aarch64] bash tests/cli_heightmap_test.sh
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/shell_checks.sh"
start_cli_test

# heightmap writes PNG through libpng; a build without libpng (the aarch64 cross build, which has no
# arm64 copy) writes PGM only and says so. img: the extension the heightmap checks use.
capture "" heightmap -o "$tmp/probe.png" --size 2x2
if [[ $RC == 0 ]]; then
    img=png
elif [[ $RC == 2 && "$ERR" == *"without libpng"* && "$ERR" == *"--format pgm"* && ! -e "$tmp/probe.png" ]]; then
    img=pgm
    pass "heightmap in a build without libpng: PNG refused with exit 2 and a message (checks below use PGM)"
else
    img=png
    fail "heightmap -o probe.png" "rc $RC: $ERR"
fi
capture "" heightmap -o "$tmp/s4a.$img" --size 32x16 --slice 1.5,0
capture "" heightmap -o "$tmp/s4b.$img" --size 32x16 --slice 0,1.5
capture "" heightmap -o "$tmp/s3.$img" --size 32x16 --slice 0.5
if [[ $RC == 0 && -s "$tmp/s4a.$img" && -s "$tmp/s3.$img" ]] && ! cmp -s "$tmp/s4a.$img" "$tmp/s4b.$img"; then
    pass "heightmap --slice Z and Z,W write different frames"
else
    fail "heightmap --slice Z and Z,W write different frames" "rc $RC: $ERR"
fi
capture "" heightmap -o "$tmp/t1.$img" --size 300x200 --fractal fbm --threads 1
capture "" heightmap -o "$tmp/t2.$img" --size 300x200 --fractal fbm --threads 2
capture "" heightmap -o "$tmp/t0.$img" --size 300x200 --fractal fbm
if [[ $RC == 0 ]] && cmp -s "$tmp/t1.$img" "$tmp/t2.$img" && cmp -s "$tmp/t1.$img" "$tmp/t0.$img"; then
    pass "heightmap --threads 1, 2 and all give the same bytes"
else
    fail "heightmap --threads 1, 2 and all give the same bytes" "rc $RC: $ERR"
fi
capture "" heightmap -o "$tmp/bad.$img" --threads -1
expect_rc "heightmap --threads -1: exit 2" 2 --threads
capture "" heightmap -o "$tmp/bad.$img" --slice 1,nan
expect_rc "heightmap --slice 1,nan: exit 2" 2 --slice
capture "" heightmap -o "$tmp/marble.$img" --size 64x32 --pattern marble --fractal turbulence
if [[ $RC == 0 && -s "$tmp/marble.$img" ]]; then pass "heightmap --pattern marble writes a picture"; else fail "heightmap --pattern marble writes a picture" "rc $RC: $ERR"; fi

# ---- heightmap ----

# png_pixels.py FILE: checks the signature, every CRC, the chunk order, IHDR (8-bit greyscale) and the
# zlib stream, undoes the row filters (any of PNG's five), checks the tEXt chunks; prints "WxH" and writes
# the grey bytes to FILE.grey.
cat >"$tmp/png_pixels.py" <<'EOF'
import struct, sys, zlib
d = open(sys.argv[1], "rb").read()
if d[:8] != b"\x89PNG\r\n\x1a\n": sys.exit("bad PNG signature")
p, idat, types, text = 8, b"", [], {}
while p < len(d):
    n, = struct.unpack(">I", d[p:p + 4])
    t, body = d[p + 4:p + 8], d[p + 8:p + 8 + n]
    if struct.unpack(">I", d[p + 8 + n:p + 12 + n])[0] != zlib.crc32(t + body): sys.exit("bad CRC in %r" % t)
    types.append(t)
    if t == b"IHDR": w, h, depth, colour = struct.unpack(">IIBB", body[:10])
    if t == b"IDAT": idat += body
    if t == b"tEXt": k, v = body.split(b"\0", 1); text[k] = v
    p += 12 + n
if types[0] != b"IHDR" or types[-1] != b"IEND": sys.exit("chunk order %r" % types)
if (depth, colour) != (8, 0): sys.exit("not 8-bit greyscale")
raw = zlib.decompress(idat)
if len(raw) != h * (w + 1): sys.exit("%d bytes of scanlines, want %d" % (len(raw), h * (w + 1)))
out, prev = bytearray(), bytearray(w)
for r in range(h):
    f, line = raw[r * (w + 1)], bytearray(raw[r * (w + 1) + 1:(r + 1) * (w + 1)])
    for i in range(w):
        a, b, c = (line[i - 1] if i else 0), prev[i], (prev[i - 1] if i else 0)
        if f == 0: x = 0
        elif f == 1: x = a
        elif f == 2: x = b
        elif f == 3: x = (a + b) // 2
        elif f == 4:
            pa, pb, pc = abs(b - c), abs(a - c), abs(a + b - 2 * c)
            x = a if pa <= pb and pa <= pc else (b if pb <= pc else c)
        else: sys.exit("row %d: filter type %d" % (r, f))
        line[i] = (line[i] + x) & 0xFF
    out += line
    prev = line
if not text.get(b"Software", b"").startswith(b"gradnoise ") or b"Description" not in text: sys.exit("tEXt missing")
open(sys.argv[1] + ".grey", "wb").write(bytes(out))
print("%dx%d" % (w, h))
EOF
png_info() { python3 "$tmp/png_pixels.py" "$1"; }
# pgm_size FILE: "WxH" from a binary PGM header.
pgm_size() { head -n 2 "$1" | tr '\n' ' ' | awk '$1 == "P5" { print $2 "x" $3 }'; }

cd "$tmp"
capture "" heightmap -o "$tmp/h.png" --size 37x23 --scale 4 --origin -2.5,7 --seed 9
if [[ $img != png ]]; then
    pass "heightmap PNG: not in this build (no libpng)"
elif [[ $RC != 0 ]]; then
    fail "heightmap PNG" "exit status $RC: $ERR"
elif info=$(png_info "$tmp/h.png" 2>&1) && [[ "$info" == 37x23 && "$OUT" == "wrote $tmp/h.png (37x23"* ]]; then
    pass "heightmap PNG 37x23: signature, CRCs, IHDR, zlib stream, tEXt"
else
    fail "heightmap PNG 37x23" "$info" "stdout: $OUT"
fi

capture "" heightmap -o "$tmp/h.pgm" --size 37x23 --scale 4 --origin -2.5,7 --seed 9
header=$(head -c 13 "$tmp/h.pgm" 2>/dev/null | od -An -c | tr -s ' ' || true)
size=$(wc -c <"$tmp/h.pgm" 2>/dev/null || echo 0)
if [[ $RC == 0 && "$(head -c 13 "$tmp/h.pgm" 2>/dev/null)" == $'P5\n37 23\n255' && $size == $((13 + 37 * 23)) ]]; then
    pass "heightmap PGM: P5 header and 37*23 pixels"
else
    fail "heightmap PGM" "rc $RC, header '$header', $size bytes"
fi
if [[ $img != png ]]; then
    pass "PNG and PGM pixels: no PNG in this build"
elif cmp -s "$tmp/h.png.grey" <(tail -c +14 "$tmp/h.pgm") && [[ $(od -An -tu1 -v "$tmp/h.pgm" | tr -s ' ' '\n' | sort -u | wc -l) -gt 10 ]]; then
    pass "PNG and PGM hold the same pixels"
else
    fail "PNG and PGM hold the same pixels"
fi

mkdir "$tmp/cwd"
RC=0
(cd "$tmp/cwd" && run heightmap >"$tmp/out" 2>"$tmp/err") || RC=$?
OUT="$(cat "$tmp/out")"
where="$(cd "$tmp/cwd" && pwd -P)/gradnoise-heightmap.$img"  # printed as an absolute path
if [[ $img == png ]]; then got=$(png_info "$tmp/cwd/gradnoise-heightmap.png" 2>&1); else got=$(pgm_size "$tmp/cwd/gradnoise-heightmap.pgm"); fi
if [[ $RC == 0 && "$OUT" == "wrote $where (512x512"* && "$got" == 512x512 ]]; then
    pass "heightmap defaults: gradnoise-heightmap.$img, 512x512, absolute path printed"
else
    fail "heightmap defaults" "rc $RC, stdout: $OUT"
fi

printf 'old' >"$tmp/over.$img"
capture "" heightmap -o "$tmp/over.$img" --size 5x4
if [[ $img == png ]]; then got=$(png_info "$tmp/over.png" 2>&1); else got=$(pgm_size "$tmp/over.pgm"); fi
if [[ $RC == 0 && "$got" == 5x4 ]]; then pass "heightmap replaces an existing file"; else fail "heightmap replaces an existing file" "rc $RC, '$got'"; fi

capture "" heightmap -o "$tmp/no/such/dir/h.$img" --size 8x8
leftovers=$(find "$tmp" -name '*.tmp.[0-9]*')
if [[ $RC == 1 && "$ERR" == *"$tmp/no/such/dir/h.$img"* && "$ERR" == *"No such file"* && ! -e "$tmp/no" && -z "$leftovers" ]]; then
    pass "heightmap into a missing directory: exit 1, path and reason named, nothing left"
else
    fail "heightmap into a missing directory" "rc $RC, stderr: $ERR, left: $leftovers"
fi

mkdir "$tmp/adir.$img"
capture "" heightmap -o "$tmp/adir.$img" --size 8x8
leftovers=$(find "$tmp" -name '*.tmp.[0-9]*')
if [[ $RC == 1 && "$ERR" == *"$tmp/adir.$img"* && -z "$leftovers" && -z "$(ls -A "$tmp/adir.$img")" ]]; then
    pass "heightmap over a directory: exit 1, no temporary file left"
else
    fail "heightmap over a directory" "rc $RC, stderr: $ERR, left: $leftovers"
fi

for bad in 0x5 5x0 16385x2 2x16385 12 axb 12x 5x5x5 -3x4; do
    capture "" heightmap -o "$tmp/bad.$img" --size "$bad"
    expect_rc "heightmap --size $bad: exit 2" 2 --size
done
for bad in 0 -1 nan inf abc 1e50; do
    capture "" heightmap -o "$tmp/bad.$img" --scale "$bad"
    expect_rc "heightmap --scale $bad: exit 2" 2 --scale
done
capture "" heightmap -o "$tmp/bad.$img" --origin 1
expect_rc "heightmap --origin 1: exit 2" 2 --origin
capture "" heightmap -o "$tmp/bad.bmp"
expect_rc "heightmap -o bad.bmp without --format: exit 2" 2 bad.bmp
capture "" heightmap -o "$tmp/bad.$img" --isa avx1024
expect_rc "heightmap --isa avx1024: exit 2" 2 avx1024
if [[ -e "$tmp/bad.$img" || -e "$tmp/bad.bmp" ]]; then fail "rejected heightmap commands write nothing"; else pass "rejected heightmap commands write nothing"; fi

capture "" heightmap -o "$tmp/fmt.img" --format pgm --size 3x2
if [[ $RC == 0 && "$(head -c 2 "$tmp/fmt.img" 2>/dev/null)" == P5 ]]; then pass "--format pgm overrides the extension"; else fail "--format pgm overrides the extension" "rc $RC"; fi

summary
