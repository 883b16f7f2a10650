# Cross-compile for aarch64 with Debian's g++-aarch64-linux-gnu; ctest runs the binaries through
# qemu-aarch64 (qemu-user). The arm64 C/C++ runtime comes from Debian's multiarch packages
# (libstdc++6:arm64, pulled in by scripts/install-deps.sh), found by qemu without -L. Do not
# point qemu at the cross toolchain's own sysroot (-L /usr/aarch64-linux-gnu): every program that
# starts a thread then hangs at start-up.
set(CMAKE_SYSTEM_NAME Linux)
set(CMAKE_SYSTEM_PROCESSOR aarch64)
set(CMAKE_C_COMPILER aarch64-linux-gnu-gcc)
set(CMAKE_CXX_COMPILER aarch64-linux-gnu-g++)
set(CMAKE_CROSSCOMPILING_EMULATOR qemu-aarch64)
set(CMAKE_LIBRARY_ARCHITECTURE aarch64-linux-gnu)
# Header-only dependencies (xsimd, doctest) are architecture-independent; use the host's packages
# (an amd64 Debian host; pass -Dxsimd_DIR=... from another one).
set(xsimd_DIR /usr/lib/x86_64-linux-gnu/cmake/xsimd CACHE PATH "")
