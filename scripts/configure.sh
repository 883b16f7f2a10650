# Sourced by scripts/test.sh, scripts/build-windows.sh and scripts/build-web.sh: `configure DIR CMAKE-ARGS...`
# configures a tree the way every script here does, so a tree one of them made is the next one's too.
# Every tree is built with Ninja: unlike Makefiles it compiles a target's objects while the libraries
# it links are still being built, which keeps both cores busy behind the long kernel units. A tree
# left by another generator is started afresh.
# ccache, where installed (scripts/install-deps.sh installs it), serves every compile a previous run on
# this machine already made: a second CI run from a fresh clone rebuilds nothing that did not change.
# Paths under the clone are hashed relative to it (base_dir) and -g builds ignore the working directory,
# so clones at different paths share the cache; without ccache every tree simply compiles.
gradnoise_launcher=()
if command -v ccache >/dev/null 2>&1; then
  export CCACHE_BASEDIR="$PWD" CCACHE_NOHASHDIR=1
  gradnoise_launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache -DCMAKE_C_COMPILER_LAUNCHER=ccache)
fi
configure() {
  local dir=$1
  shift
  if [ -f "$dir/CMakeCache.txt" ] && ! grep -q '^CMAKE_GENERATOR:INTERNAL=Ninja$' "$dir/CMakeCache.txt"; then
    rm -rf "$dir"
  fi
  cmake -G Ninja -B "$dir" "${gradnoise_launcher[@]}" "$@" >/dev/null
}
