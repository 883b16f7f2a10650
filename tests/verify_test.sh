#!/usr/bin/env bash
# `gradnoise verify` (docs/conformance.md): the release's digest file passes on every ISA; a printed digest
# checks back; a changed digest, field or graph is reported and fails (exit 1); --isa restricts the ISAs;
# malformed lines and options that would do nothing are refused with a message (exit 2).
# Environment: GRADNOISE (the tool), PROJECT (the source tree).
set -uo pipefail
: "${PROJECT:?set PROJECT to the source tree}"
source "$(dirname "${BASH_SOURCE[0]}")/shell_checks.sh"
start_cli_test
cd "$tmp"

capture '' verify --check "$PROJECT/conformance/digests.txt"
expect_rc "the release's digests (conformance/digests.txt) on every ISA" 0
check "every line of conformance/digests.txt is checked and OK" \
    test "$(grep -c '^OK ' <<<"$OUT")" = "$(grep -vc '^#' "$PROJECT/conformance/digests.txt")"

capture '' verify --basis opensimplex2s --seed 9 --fractal ridged --octaves 4
expect_rc "a field's digest is printed" 0
echo "$OUT" >mine.sha256
check "it is one line: the SHA-256 and the field's non-default parameters" \
    grep -qx '[0-9a-f]\{64\}  field basis=opensimplex2s seed=9 fractal=ridged octaves=4' mine.sha256
cp "$PROJECT/examples/graphs/continent.json" .
capture '' verify --graph continent.json
echo "$OUT" >>mine.sha256
capture '' verify --check mine.sha256
expect_rc "a printed digest file checks back" 0
capture '' verify --check mine.sha256 --isa scalar
expect_rc "--isa scalar checks on the scalar path alone" 0
check "... and says so" grep -q 'on scalar$' <<<"$OUT"

sed 's/$/\r/' mine.sha256 >crlf.sha256
capture '' verify --check crlf.sha256
expect_rc "a digest file with Windows line ends checks back" 0

# A different field under a recorded digest: reported, exit 1.
sed 's/seed=9/seed=10/' mine.sha256 >changed.sha256
capture '' verify --check changed.sha256
expect_rc "a field that does not give its recorded digest fails" 1
check "... naming the field and both digests" grep -q '^FAILED  field basis=opensimplex2s seed=10 .*expected [0-9a-f]\{64\}, got [0-9a-f]\{64\}' <<<"$OUT"
# A changed graph file under its recorded digest.
sed -i 's/"octaves": *[0-9]*/"octaves": 2/' continent.json
capture '' verify --check mine.sha256
expect_rc "a graph file changed since its digest was recorded fails" 1

printf 'nonsense  field\n' >bad.sha256
capture '' verify --check bad.sha256
expect_rc "a line that is not a digest is refused" 2 "bad.sha256:1: expected '<sha256>  field NAME=TEXT ...'"
printf '%064d  field octaves=40\n' 0 >bad.sha256
capture '' verify --check bad.sha256
expect_rc "a field parameter out of range is refused, naming it" 2 "octaves=40: octaves must be an integer in 1..32"
printf '%064d  volume x\n' 0 >bad.sha256
capture '' verify --check bad.sha256
expect_rc "an unknown kind of line is refused" 2 "'volume' is not a field or a graph"
capture '' verify --check mine.sha256 --octaves 3
expect_rc "noise options beside --check are refused" 2 "--octaves has no effect with --check"
capture '' verify --graph continent.json --seed 3
expect_rc "noise options beside --graph are refused" 2 "--seed has no effect with --graph"
capture '' verify --check missing.sha256
expect_rc "a digest file that cannot be read is refused" 2 "missing.sha256: cannot be read"
summary
