#!/usr/bin/env bash
# Each ISA's kernel translation unit must not emit a weak (COMDAT) definition outside its own
# namespace: the linker keeps one copy of such a symbol for the whole program, so an inline
# helper compiled with AVX-512 flags could end up called from the SSE2 path on a CPU without
# AVX-512 (the ODR trap of xsimd issue #633). Usage: symbol_hygiene.sh NM OBJECT...
set -euo pipefail
nm_tool=$1
shift
bad=0
checked=0
for obj in "$@"; do
  case "$obj" in
    *isa_sse2*) ns=sse2 arch=sse2 ;; *isa_avx2*) ns=avx2 arch=avx2 ;;
    *isa_avx512*) ns=avx512 arch=avx512bw ;; *isa_neon*) ns=neon arch=neon64 ;;
    *) continue ;;
  esac
  checked=$((checked + 1))
  # Allowed: our per-ISA namespace, and xsimd templates instantiated on this TU's own arch
  # (their mangled names differ per arch, so no other ISA's copy can replace them).
  leaks=$("$nm_tool" -C "$obj" | grep -E ' [WVu] ' | grep -v "gradnoise::kernels::$ns::" \
          | grep -v "xsimd::$arch>" | grep -v 'DW.ref.__gxx_personality_v0' || true)
  if [ -n "$leaks" ]; then
    echo "FAIL $obj emits shared weak symbols:"
    echo "$leaks" | head -20
    bad=$((bad + 1))
  else
    echo "ok   $obj: no weak symbols outside gradnoise::kernels::$ns and xsimd::$arch"
  fi
done
if [ "$checked" = 0 ]; then
  echo "FAIL no ISA kernel objects given"
  exit 1
fi
echo "$((checked - bad)) passed, $bad failed"
[ "$bad" = 0 ]
