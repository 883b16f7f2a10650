# Header-only packages in a build for another operating system (cmake/toolchain-mingw64.cmake).
# Debian's xsimd, doctest, nlohmann-json, CLI11 and stb packages are architecture- and OS-independent
# headers under the host's /usr/include, and their CMake packages name that directory: a MinGW compile
# given -isystem /usr/include would take glibc's headers before its own. With GRADNOISE_HOST_HEADERS set
# (by the toolchain file), each package's own directory is linked into one folder of the build tree,
# and the packages' targets and the find_path results name that folder instead.

# After find_package: the package's target names the folder below, not the host's /usr/include
# (nothing to do in a build for the host's own system).
function(gradnoise_use_host_headers)
  if(NOT GRADNOISE_HOST_HEADERS)
    return()
  endif()
  foreach(target ${ARGN})
    if(TARGET ${target})
      set_target_properties(${target} PROPERTIES INTERFACE_INCLUDE_DIRECTORIES ${GRADNOISE_HOST_HEADER_DIR})
    endif()
  endforeach()
endfunction()

if(NOT GRADNOISE_HOST_HEADERS)
  return()
endif()
set(GRADNOISE_HOST_HEADER_DIR ${CMAKE_BINARY_DIR}/host-headers)
foreach(entry xsimd doctest nlohmann CLI stb)
  if(EXISTS ${GRADNOISE_HOST_HEADERS}/${entry} AND NOT EXISTS ${GRADNOISE_HOST_HEADER_DIR}/${entry})
    file(MAKE_DIRECTORY ${GRADNOISE_HOST_HEADER_DIR})
    file(CREATE_LINK ${GRADNOISE_HOST_HEADERS}/${entry} ${GRADNOISE_HOST_HEADER_DIR}/${entry} SYMBOLIC)
  endif()
endforeach()
set(CLI11_INCLUDE_DIR ${GRADNOISE_HOST_HEADER_DIR} CACHE PATH "" FORCE)
set(STB_PERLIN_INCLUDE_DIR ${GRADNOISE_HOST_HEADER_DIR}/stb CACHE PATH "" FORCE)
