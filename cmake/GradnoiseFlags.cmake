# Floating-point policy for all project code (docs/spec.md section 1): no contraction of a*b+c
# into FMA, no fast-math. GCC contracts by default in its GNU and ISO modes alike once FMA is
# enabled (-mavx512f implies it), and that alone changes most outputs of a 3D kernel.
# MSVC (cl) and clang-cl say it in their own words: /fp:precise, under which Visual Studio 2022 contracts
# nothing unless /fp:contract asks; clang-cl takes clang's flag through /clang:. (Not built in CI, which
# has no MSVC: docs/embedding.md says which compiler builds what.)
if(MSVC)
  set(GRADNOISE_FP_POLICY /fp:precise)
  if(CMAKE_CXX_COMPILER_ID STREQUAL "Clang")
    list(APPEND GRADNOISE_FP_POLICY /clang:-ffp-contract=off)
  endif()
  add_compile_options(${GRADNOISE_FP_POLICY} /W4 /utf-8)
else()
  set(GRADNOISE_FP_POLICY -ffp-contract=off -fno-fast-math)
  add_compile_options(${GRADNOISE_FP_POLICY} -Wall -Wextra)
endif()

# Yardsticks (other people's noise, measured beside ours) are built the way their users build them:
# the policy above is ours, and with it stb_perlin loses its FMAs and ~40 % of its speed, which
# would inflate every ratio. This takes the policy off one target (sanitizer and warning options stay).
function(gradnoise_build_as_its_users_do target)
  get_target_property(options ${target} COMPILE_OPTIONS)
  list(REMOVE_ITEM options ${GRADNOISE_FP_POLICY})
  set_target_properties(${target} PROPERTIES COMPILE_OPTIONS "${options}")
endfunction()

# Fuzzing (fuzz/): every target gets libFuzzer's coverage instrumentation; the fuzz targets link its
# driver (-fsanitize=fuzzer, fuzz/CMakeLists.txt). Debian's clang + libclang-rt-14-dev.
if(GRADNOISE_FUZZ)
  if(NOT CMAKE_CXX_COMPILER_ID STREQUAL "Clang")
    message(FATAL_ERROR "GRADNOISE_FUZZ needs clang (-DCMAKE_CXX_COMPILER=clang++): libFuzzer is part of LLVM")
  endif()
  add_compile_options(-fsanitize=fuzzer-no-link)
endif()

if(GRADNOISE_SANITIZE)
  add_compile_options(-fsanitize=${GRADNOISE_SANITIZE} -fno-omit-frame-pointer -fno-sanitize-recover=all)
  add_link_options(-fsanitize=${GRADNOISE_SANITIZE})
  # Sanitizer builds check correctness, not speed: forcing every kernel helper inline makes each
  # instrumented ISA unit take minutes to compile. Inlining changes no bit (-ffp-contract=off).
  add_compile_definitions(GRADNOISE_KERNEL_INLINE=inline)
endif()

set(GRADNOISE_X86_KERNELS "sse2;avx2;avx512" CACHE STRING "x86-64 SIMD kernel units to build (sse2;avx2;avx512)")

# One translation unit per ISA, each with its own flags and nothing else; the rest of the library
# is built for the baseline of the target, so the binary runs on any CPU of the architecture.
function(gradnoise_add_isa_kernels target)
  set(dir ${PROJECT_SOURCE_DIR}/src/kernels)
  if(EMSCRIPTEN)
    # WebAssembly cannot choose at run time: GRADNOISE_WASM_SIMD128 makes the SIMD module (the simd128
    # unit, compiled to WebAssembly SIMD through Emscripten's SSE2 headers), else the scalar one.
    if(GRADNOISE_WASM_SIMD128)
      target_sources(${target} PRIVATE ${dir}/isa_simd128.cpp)
      target_compile_definitions(${target} PRIVATE GRADNOISE_HAVE_SIMD128)
      set_source_files_properties(${dir}/isa_simd128.cpp PROPERTIES COMPILE_OPTIONS "-msimd128;-msse2")
    endif()
  elseif(CMAKE_SYSTEM_PROCESSOR MATCHES "^(x86_64|AMD64|amd64)$")
    # GRADNOISE_X86_KERNELS: which SIMD units to build (default all three; a build may leave some
    # out -- a smaller binary, or CI's sanitizer tree -- and the dispatcher then never picks them).
    foreach(isa ${GRADNOISE_X86_KERNELS})
      if(NOT isa MATCHES "^(sse2|avx2|avx512)$")
        message(FATAL_ERROR "GRADNOISE_X86_KERNELS: '${isa}' is not one of sse2, avx2, avx512")
      endif()
      string(TOUPPER ${isa} upper)
      target_sources(${target} PRIVATE ${dir}/isa_${isa}.cpp)
      target_compile_definitions(${target} PRIVATE GRADNOISE_HAVE_${upper})
    endforeach()
    if(MSVC AND NOT CMAKE_CXX_COMPILER_ID STREQUAL "Clang")
      # cl: SSE2 is x86-64's baseline; /arch:AVX512 is F+CD+DQ+BW+VL, and cl compiles the VBMI intrinsics
      # without a flag, but xsimd 8 keys its VBMI paths to __AVX512VBMI__, which cl never defines.
      set_source_files_properties(${dir}/isa_avx2.cpp PROPERTIES COMPILE_OPTIONS "/arch:AVX2")
      set_source_files_properties(${dir}/isa_avx512.cpp PROPERTIES COMPILE_OPTIONS "/arch:AVX512;/D__AVX512VBMI__")
    else()
      # GCC, clang, and clang-cl (through /clang:).
      set(prefix "")
      set(unaligned "")
      if(MSVC)
        set(prefix "/clang:")
      elseif(WIN32)
        # MinGW: Windows x64 aligns the stack to 16 bytes only, and GCC spills YMM/ZMM registers with
        # aligned moves; the assembler makes them unaligned ones (found under Wine: 4 of 22 tests crashed).
        set(unaligned ";-Wa,-muse-unaligned-vector-move")
      endif()
      set_source_files_properties(${dir}/isa_sse2.cpp PROPERTIES COMPILE_OPTIONS "${prefix}-msse2")
      set_source_files_properties(${dir}/isa_avx2.cpp PROPERTIES COMPILE_OPTIONS "${prefix}-mavx2;${prefix}-mfma${unaligned}")
      set_source_files_properties(${dir}/isa_avx512.cpp PROPERTIES COMPILE_OPTIONS
        "${prefix}-mavx512f;${prefix}-mavx512cd;${prefix}-mavx512dq;${prefix}-mavx512bw;${prefix}-mavx512vl;${prefix}-mavx512vbmi;${prefix}-Wno-uninitialized${unaligned}")
      # (GCC 12 warns inside its own avx512fintrin.h about _mm512_undefined_*; not our code.)
    endif()
  elseif(CMAKE_SYSTEM_PROCESSOR MATCHES "^(aarch64|arm64|ARM64)$")
    target_sources(${target} PRIVATE ${dir}/isa_neon.cpp)
    target_compile_definitions(${target} PRIVATE GRADNOISE_HAVE_NEON)
  else()
    message(STATUS "gradnoise: no SIMD kernels for ${CMAKE_SYSTEM_PROCESSOR}; scalar path only")
  endif()
endfunction()
