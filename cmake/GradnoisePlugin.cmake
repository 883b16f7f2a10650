# The C API as one self-contained shared library for the language bindings (GRADNOISE_BUILD_PLUGIN): the
# static library linked whole into <build>/plugin/libgradnoise.so (Linux) or gradnoise.dll (Windows, MinGW:
# no MinGW runtime DLLs needed), exporting exactly the C functions of include/gradnoise/gradnoise.h -- the
# list is read from the header, so a new C function is exported without a change here. What the C# package
# (bindings/csharp: Unity's native plugins), the Rust crate and any FFI load.
file(READ ${PROJECT_SOURCE_DIR}/include/gradnoise/gradnoise.h gradnoise_c_header)
string(REGEX MATCHALL "GRADNOISE_C_API [^;(]*[ *](gradnoise_[a-z0-9_]+)\\(" gradnoise_c_declarations "${gradnoise_c_header}")
set(gradnoise_c_functions "")
foreach(declaration IN LISTS gradnoise_c_declarations)
  string(REGEX REPLACE ".*[ *](gradnoise_[a-z0-9_]+)\\($" "\\1" name "${declaration}")
  list(APPEND gradnoise_c_functions ${name})
endforeach()
list(LENGTH gradnoise_c_functions GRADNOISE_C_FUNCTION_COUNT)
set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS ${PROJECT_SOURCE_DIR}/include/gradnoise/gradnoise.h)

set(plugin_dir ${CMAKE_BINARY_DIR}/plugin)
add_library(gradnoise_plugin SHARED ${PROJECT_SOURCE_DIR}/src/api/c_api_plugin.cpp)
target_link_libraries(gradnoise_plugin PRIVATE "$<LINK_LIBRARY:WHOLE_ARCHIVE,gradnoise>")
set_target_properties(gradnoise_plugin PROPERTIES OUTPUT_NAME gradnoise PREFIX "${CMAKE_SHARED_LIBRARY_PREFIX}"
  LIBRARY_OUTPUT_DIRECTORY ${plugin_dir} RUNTIME_OUTPUT_DIRECTORY ${plugin_dir} ARCHIVE_OUTPUT_DIRECTORY ${plugin_dir})
target_include_directories(gradnoise_plugin PRIVATE ${PROJECT_SOURCE_DIR}/src)
if(WIN32)
  list(JOIN gradnoise_c_functions "\n  " exports)
  file(WRITE ${plugin_dir}/gradnoise.def "EXPORTS\n  ${exports}\n")
  target_sources(gradnoise_plugin PRIVATE ${plugin_dir}/gradnoise.def)
  set_target_properties(gradnoise_plugin PROPERTIES PREFIX "")
  if(MINGW)
    # Every MinGW runtime linked in (libwinpthread too), so the DLL needs only Windows' own.
    target_link_options(gradnoise_plugin PRIVATE -static)
  endif()
else()
  list(JOIN gradnoise_c_functions ";\n    " exports)
  file(WRITE ${plugin_dir}/gradnoise.map "{\n  global:\n    ${exports};\n  local: *;\n};\n")
  target_link_options(gradnoise_plugin PRIVATE "LINKER:--version-script=${plugin_dir}/gradnoise.map")
  set_property(TARGET gradnoise_plugin APPEND PROPERTY LINK_DEPENDS ${plugin_dir}/gradnoise.map)
  set_target_properties(gradnoise PROPERTIES POSITION_INDEPENDENT_CODE ON)
endif()
