# Sourced by the shell test scripts (bake_test.sh, tile_set_test.sh, interrupt_test.sh): TAP-like
# pass/fail lines and counts, and `gradnoise bake` run with its status and output kept.
# Needs GRADNOISE (the tool) and tmp (the script's scratch directory).
passed=0
failed=0
pass() { passed=$((passed + 1)); echo "ok   - $1"; }
fail() { failed=$((failed + 1)); echo "FAIL - $1"; shift; for l in "$@"; do echo "       $l"; done; }
check() { local name=$1; shift; if "$@"; then pass "$name"; else fail "$name" "command: $*"; fi; }
# bake ARGS: RC (exit status), OUT (stdout), ERR (stderr).
bake() { RC=0; "$GRADNOISE" bake "$@" >"$tmp/out" 2>"$tmp/err" || RC=$?; ERR=$(cat "$tmp/err"); OUT=$(cat "$tmp/out"); }
expect_error() {  # NAME WANT_RC PATTERN -- ARGS
    local name=$1 want=$2 pattern=$3; shift 4
    bake "$@"
    if [[ $RC == "$want" && "$ERR" == *"$pattern"* ]]; then pass "$name"; else fail "$name" "exit $RC (want $want)" "stderr: $ERR"; fi
}
# The last line and the script's status.
summary() { echo "$passed passed, $failed failed"; [[ $failed == 0 ]]; }
