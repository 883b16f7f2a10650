# Cross-compile for 64-bit Windows with Debian's MinGW-w64 (g++-mingw-w64-x86-64); ctest runs the
# .exe files under Wine (Debian wine). The posix flavour of the compiler: its libstdc++ has std::thread
# (the win32 flavour of GCC 12 has none), which the build without oneTBB fills with. No oneTBB for
# MinGW in Debian: configure with -DGRADNOISE_WITH_TBB=OFF. The C++ and thread runtimes are linked in
# statically, so the programs run under Wine (and on Windows) without MinGW's DLLs beside them.
set(CMAKE_SYSTEM_NAME Windows)
set(CMAKE_SYSTEM_PROCESSOR x86_64)
set(CMAKE_C_COMPILER x86_64-w64-mingw32-gcc-posix)
set(CMAKE_CXX_COMPILER x86_64-w64-mingw32-g++-posix)
set(CMAKE_RC_COMPILER x86_64-w64-mingw32-windres)
set(CMAKE_CROSSCOMPILING_EMULATOR wine)
set(CMAKE_EXE_LINKER_FLAGS_INIT "-static")
set(CMAKE_SHARED_LINKER_FLAGS_INIT "-static-libgcc -static-libstdc++")
# Libraries and headers of the target come from MinGW's root only; programs (python3, bash) from the host.
set(CMAKE_FIND_ROOT_PATH /usr/x86_64-w64-mingw32)
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_PACKAGE ONLY)
# Header-only dependencies (xsimd, doctest, nlohmann-json, CLI11) are the host's packages, which name
# the host's /usr/include: GradnoiseCross.cmake gives the build their own directories instead, so that
# glibc's headers never reach a Windows compile.
set(xsimd_DIR /usr/lib/x86_64-linux-gnu/cmake/xsimd CACHE PATH "")
set(doctest_DIR /usr/lib/cmake/doctest CACHE PATH "")
set(nlohmann_json_DIR /usr/share/cmake/nlohmann_json CACHE PATH "")
set(GRADNOISE_HOST_HEADERS /usr/include CACHE PATH "Where the host's header-only packages are")
# What MinGW has no Debian packages for: oneTBB, Python, the bake formats' libraries, Google Benchmark.
set(GRADNOISE_WITH_TBB OFF CACHE BOOL "")
set(GRADNOISE_PYTHON OFF CACHE STRING "")
set(GRADNOISE_BUILD_BAKE OFF CACHE BOOL "")
set(GRADNOISE_BUILD_BENCH OFF CACHE BOOL "")
