# Sourced by the tool's shell tests (tests/*_test.sh): TAP-like pass/fail lines and counts, a scratch
# directory, the tool run under the cross build's emulator, and its runs with their status and output
# kept (`gradnoise bake`, or any command with input on stdin).
# Needs GRADNOISE (the tool); GRADNOISE_EMULATOR: CMake's CMAKE_CROSSCOMPILING_EMULATOR, a list (";"
# between its words), where the tool runs under an emulator. bake and capture write into tmp
# (scratch_dir's, or the script's own scratch directory).
passed=0
failed=0
pass() { passed=$((passed + 1)); echo "ok   - $1"; }
fail() { failed=$((failed + 1)); echo "FAIL - $1"; shift; for l in "$@"; do echo "       $l"; done; }
check() { local name=$1; shift; if "$@"; then pass "$name"; else fail "$name" "command: $*"; fi; }
# The last line and the script's status.
summary() { echo "$passed passed, $failed failed"; [[ $failed == 0 ]]; }

# scratch_dir: tmp, a new directory, removed with what is in it when the script exits.
scratch_dir() { tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT; }

GRADNOISE_EMULATOR="${GRADNOISE_EMULATOR:-}"
GRADNOISE_EMULATOR="${GRADNOISE_EMULATOR//;/ }"
# run ARGS: the tool under the emulator (unquoted on purpose: empty means none, and it may carry arguments).
run() { $GRADNOISE_EMULATOR "$GRADNOISE" "$@"; }

# bake ARGS: RC (exit status), OUT (stdout), ERR (stderr).
bake() { RC=0; "$GRADNOISE" bake "$@" >"$tmp/out" 2>"$tmp/err" || RC=$?; ERR=$(cat "$tmp/err"); OUT=$(cat "$tmp/out"); }
expect_error() {  # NAME WANT_RC PATTERN -- ARGS
    local name=$1 want=$2 pattern=$3; shift 4
    bake "$@"
    if [[ $RC == "$want" && "$ERR" == *"$pattern"* ]]; then pass "$name"; else fail "$name" "exit $RC (want $want)" "stderr: $ERR"; fi
}

# capture INPUT ARGS...: runs the tool (under the emulator) with INPUT on stdin; sets RC, OUT, ERR.
capture() {
    printf '%s' "$1" >"$tmp/in"
    shift
    RC=0
    run "$@" <"$tmp/in" >"$tmp/out" 2>"$tmp/err" || RC=$?
    OUT="$(cat "$tmp/out")"
    ERR="$(cat "$tmp/err")"
}
# expect_rc NAME WANT [GREP]: checks RC (and that stderr contains GREP) after capture.
expect_rc() {
    local name=$1 want=$2 pattern=${3:-}
    if [[ "$RC" != "$want" ]]; then
        fail "$name" "exit status $RC, want $want" "stderr: $ERR"
    elif [[ -n "$pattern" && "$ERR" != *"$pattern"* ]]; then
        fail "$name" "stderr does not mention '$pattern'" "stderr: $ERR"
    else
        pass "$name"
    fi
}

# start_cli_test: the preamble of the tests of the tool's commands (cli*_test.sh): GRADNOISE set (else
# exit 2) and made absolute (checks may change directory), python3 at hand (exit 2: it checks floats
# and pictures), a scratch directory tmp, and a tool that runs (else exit 1).
start_cli_test() {
    local me
    me=$(basename "$0")
    if [[ -z "${GRADNOISE:-}" ]]; then
        echo "$me: set GRADNOISE to the gradnoise binary" >&2
        exit 2
    fi
    if ! command -v python3 >/dev/null; then
        echo "$me: python3 is required" >&2
        exit 2
    fi
    GRADNOISE="$(cd "$(dirname "$GRADNOISE")" && pwd)/$(basename "$GRADNOISE")"
    scratch_dir
    if ! run --version >/dev/null; then
        echo "$me: cannot run '${GRADNOISE_EMULATOR:+$GRADNOISE_EMULATOR }$GRADNOISE --version'" >&2
        exit 1
    fi
}
