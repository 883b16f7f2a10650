#!/usr/bin/env bash
# The README is a promise: every command in it runs verbatim. Runs each ```sh block of README.md -- and
# of docs/baking.md, the tool's guide, docs/graphs.md, whose commands use the same quick-start build, and
# docs/windows.md, the README's Windows commands -- line by line
# from the repository root (the quick start included, which builds build/quickstart; not
# `bash scripts/test.sh`, which is the run that calls this), each ```python block with Debian's
# interpreter over build/release/python, and compiles and runs each ```cpp block against the release
# tree's library. Needs build/release (scripts/test.sh builds it first). Fails on the first command
# that fails, naming it.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
had_terrain=0
[ -e gradnoise-terrain.png ] && had_terrain=1

# Split the documents' fenced blocks into $tmp/block-F-N.LANG, in order (README.md first: its quick start
# builds what the rest run).
/usr/bin/python3 - "$tmp" README.md docs/baking.md docs/graphs.md docs/windows.md <<'PY'
import re, sys
for f, path in enumerate(sys.argv[2:]):
    text = open(path, encoding="utf-8").read()
    for n, (lang, body) in enumerate(re.findall(r"^```(\w+)\n(.*?)^```", text, re.S | re.M)):
        if lang in ("sh", "python", "cpp"):
            open(f"{sys.argv[1]}/block-{f}-{n:02d}.{lang}", "w", encoding="utf-8").write(body)
PY

commands=0
for block in "$tmp"/block-*; do
  case "$block" in
    *.sh)
      while IFS= read -r line; do
        [[ -z "$line" || "$line" == \#* ]] && continue
        if [[ "$line" == "bash scripts/test.sh" ]]; then
          echo "README: skipped (this run): $line"
          continue
        fi
        echo "README \$ $line"
        if ! bash -c "$line" >"$tmp/out" 2>&1; then
          cat "$tmp/out"
          echo "README: the command failed: $line" >&2
          exit 1
        fi
        tail -n 2 "$tmp/out" | sed 's/^/    /'
        commands=$((commands + 1))
      done <"$block"
      ;;
    *.python)
      echo "README: the Python example ($(wc -l <"$block") lines)"
      (cd "$tmp" && PYTHONPATH="$root/build/release/python" /usr/bin/python3 "$block") ||
        { echo "README: the Python example failed" >&2; exit 1; }
      commands=$((commands + 1))
      ;;
    *.cpp)
      echo "README: the C++ example ($(wc -l <"$block") lines), against build/release's library"
      cp "$block" "$tmp/example.cpp"
      g++ -std=c++17 -O2 -I include "$tmp/example.cpp" build/release/libgradnoise.a -ltbb -o "$tmp/example" ||
        { echo "README: the C++ example does not compile" >&2; exit 1; }
      "$tmp/example" || { echo "README: the C++ example failed" >&2; exit 1; }
      commands=$((commands + 1))
      ;;
  esac
done
# The README's first picture is the quick start's own output, byte for byte.
if ! cmp -s gradnoise-terrain.png docs/images/terrain.png; then
  echo "README: docs/images/terrain.png is not the quick start's picture (remake it: gradnoise bake terrain -o docs/images/terrain.png)" >&2
  exit 1
fi
[ "$had_terrain" = 0 ] && rm -f gradnoise-terrain.png
echo "README, docs/baking.md, docs/graphs.md and docs/windows.md: $commands commands and examples ran as written"
