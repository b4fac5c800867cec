# Installs perpixel as a CMake package and pkg-config module, from a cargo build:
#
#   cargo build --release
#   cmake -DPERPIXEL_LIB_DIR=target/release -DCMAKE_INSTALL_PREFIX=/opt/perpixel \
#         -P bindings/cmake/install.cmake
#
# Lays out, under CMAKE_INSTALL_PREFIX:
#   include/perpixel.h, include/perpixel.hpp (the C++ wrapper's umbrella header) and
#   include/perpixel/*.hpp (its parts, which perpixel.hpp includes)
#   share/doc/perpixel/CHANGELOG.md (the C ABI changelog, include/CHANGELOG.md)
#   lib/libperpixel.so (.dylib / bin/perpixel.dll + lib/perpixel.dll.lib), lib/libperpixel.a
#   (perpixel.lib); from a MinGW build: bin/perpixel.dll, lib/libperpixel.dll.a,
#   lib/libperpixel.a, and lib/perpixel.dll.lib + perpixel.def for MSVC when present
#   lib/cmake/perpixel/perpixelConfig.cmake, perpixelConfigVersion.cmake
#   lib/pkgconfig/perpixel.pc (shared), lib/pkgconfig/perpixel-static.pc (static)
#
# Then an engine writes find_package(perpixel CONFIG REQUIRED) (with the prefix on
# CMAKE_PREFIX_PATH) and links perpixel::perpixel (shared) or perpixel::perpixel_static;
# or uses `pkg-config --cflags --libs perpixel` / `perpixel-static`.
#
# Variables:
#   PERPIXEL_LIB_DIR       folder holding cargo's libraries (required; e.g. target/release)
#   CMAKE_INSTALL_PREFIX   where to install (required)
#   PERPIXEL_SYSTEM        the target's CMAKE_SYSTEM_NAME (default: this machine's:
#                          Linux, Darwin, Windows, ...)
#   PERPIXEL_NATIVE_STATIC_LIBS  the system libraries the Rust static library needs, as a
#                          ;-list of names. Default: what
#                          `cargo rustc --release --lib --crate-type staticlib -- --print native-static-libs`
#                          reports for the platform (see below); pass that command's list
#                          for another toolchain or target.
cmake_minimum_required(VERSION 3.16)

get_filename_component(PERPIXEL_ROOT "${CMAKE_CURRENT_LIST_DIR}/../.." ABSOLUTE)
if(NOT PERPIXEL_LIB_DIR)
    message(FATAL_ERROR "set -DPERPIXEL_LIB_DIR=<cargo target dir>/release (or debug)")
endif()
if(NOT CMAKE_INSTALL_PREFIX)
    message(FATAL_ERROR "set -DCMAKE_INSTALL_PREFIX=<where to install>")
endif()
get_filename_component(PERPIXEL_LIB_DIR "${PERPIXEL_LIB_DIR}" ABSOLUTE)
get_filename_component(PREFIX "${CMAKE_INSTALL_PREFIX}" ABSOLUTE)
if(NOT PERPIXEL_SYSTEM)
    set(PERPIXEL_SYSTEM "${CMAKE_HOST_SYSTEM_NAME}")
endif()

# The version, from the header cbindgen generated (so it always matches the library).
file(STRINGS "${PERPIXEL_ROOT}/include/perpixel.h" _defines REGEX "^#define PP_VERSION_(MAJOR|MINOR|PATCH) ")
foreach(_part MAJOR MINOR PATCH)
    string(REGEX MATCH "PP_VERSION_${_part} ([0-9]+)" _m "${_defines}")
    set(_v_${_part} "${CMAKE_MATCH_1}")
endforeach()
set(PERPIXEL_VERSION "${_v_MAJOR}.${_v_MINOR}.${_v_PATCH}")

# File names and the static library's native dependencies, per platform: what
# `cargo rustc --release --lib --crate-type staticlib -- --print native-static-libs`
# reports. The Linux list is the one Rust 1.95 prints on x86_64-unknown-linux-gnu, and
# tests/cmake_package.rs links it for real in CI. The macOS and Windows (MSVC) lists are
# the ones rustc usually prints there but are not tested here: on those platforms, or
# with another toolchain, run that command and pass its list as
# -DPERPIXEL_NATIVE_STATIC_LIBS="a;b;c".
set(_msvc_implib "")
if(PERPIXEL_SYSTEM STREQUAL "Windows" AND EXISTS "${PERPIXEL_LIB_DIR}/libperpixel.dll.a")
    # A MinGW build (x86_64-pc-windows-gnu, as the release's Windows SDK is): MinGW's
    # names, and the list rustc 1.95 prints for that target (the Wine check in .ci/package
    # links it). An MSVC import library made from the DLL's exports (perpixel.dll.lib,
    # .ci/package makes it with dlltool) is installed too when present: MSVC consumers
    # link the DLL through it; the MinGW static library is for MinGW only.
    set(_shared perpixel.dll)
    set(_implib libperpixel.dll.a)
    set(_static libperpixel.a)
    set(_native kernel32 ntdll userenv ws2_32 dbghelp)
    if(EXISTS "${PERPIXEL_LIB_DIR}/perpixel.dll.lib")
        set(_msvc_implib perpixel.dll.lib)
    endif()
elseif(PERPIXEL_SYSTEM STREQUAL "Windows")
    set(_shared perpixel.dll)
    set(_implib perpixel.dll.lib)
    set(_static perpixel.lib)
    set(_native kernel32 advapi32 ntdll userenv ws2_32 dbghelp)
elseif(PERPIXEL_SYSTEM STREQUAL "Darwin")
    set(_shared libperpixel.dylib)
    set(_implib "")
    set(_static libperpixel.a)
    set(_native System c m)
else()
    set(_shared libperpixel.so)
    set(_implib "")
    set(_static libperpixel.a)
    set(_native gcc_s util rt pthread m dl c)
endif()
if(DEFINED PERPIXEL_NATIVE_STATIC_LIBS)
    set(_native ${PERPIXEL_NATIVE_STATIC_LIBS})
endif()

foreach(_lib ${_shared} ${_implib} ${_static})
    if(NOT EXISTS "${PERPIXEL_LIB_DIR}/${_lib}")
        message(FATAL_ERROR "${PERPIXEL_LIB_DIR}/${_lib} is missing: run cargo build --release first")
    endif()
endforeach()

file(INSTALL "${PERPIXEL_ROOT}/include/perpixel.h" "${PERPIXEL_ROOT}/bindings/cpp/perpixel.hpp"
     DESTINATION "${PREFIX}/include")
# The C++ wrapper's part headers (perpixel.hpp includes them all).
file(INSTALL "${PERPIXEL_ROOT}/bindings/cpp/perpixel" DESTINATION "${PREFIX}/include"
     FILES_MATCHING PATTERN "*.hpp")
# The C ABI changelog (what a caller must change when upgrading) goes with the header.
file(INSTALL "${PERPIXEL_ROOT}/include/CHANGELOG.md" DESTINATION "${PREFIX}/share/doc/perpixel")
set(_bin_dir lib)
if(PERPIXEL_SYSTEM STREQUAL "Windows")
    set(_bin_dir bin)
endif()
file(INSTALL "${PERPIXEL_LIB_DIR}/${_shared}" DESTINATION "${PREFIX}/${_bin_dir}"
     FILE_PERMISSIONS OWNER_READ OWNER_WRITE OWNER_EXECUTE GROUP_READ GROUP_EXECUTE WORLD_READ WORLD_EXECUTE)
file(INSTALL "${PERPIXEL_LIB_DIR}/${_static}" DESTINATION "${PREFIX}/lib")
if(_implib)
    file(INSTALL "${PERPIXEL_LIB_DIR}/${_implib}" DESTINATION "${PREFIX}/lib")
endif()
if(_msvc_implib)
    file(INSTALL "${PERPIXEL_LIB_DIR}/${_msvc_implib}" DESTINATION "${PREFIX}/lib")
    if(EXISTS "${PERPIXEL_LIB_DIR}/perpixel.def")
        file(INSTALL "${PERPIXEL_LIB_DIR}/perpixel.def" DESTINATION "${PREFIX}/lib")
    endif()
endif()

# CMake package.
set(PERPIXEL_SHARED_NAME "${_shared}")
set(PERPIXEL_SHARED_DIR "${_bin_dir}")
set(PERPIXEL_IMPLIB_NAME "${_implib}")
set(PERPIXEL_MSVC_IMPLIB_NAME "${_msvc_implib}")
set(PERPIXEL_STATIC_NAME "${_static}")
set(PERPIXEL_NATIVE_LIBS "${_native}")
configure_file("${CMAKE_CURRENT_LIST_DIR}/perpixelConfig.cmake.in"
               "${PREFIX}/lib/cmake/perpixel/perpixelConfig.cmake" @ONLY)
include(CMakePackageConfigHelpers)
# 0.x releases may break the ABI between minor versions: only the same minor matches.
write_basic_package_version_file("${PREFIX}/lib/cmake/perpixel/perpixelConfigVersion.cmake"
                                 VERSION "${PERPIXEL_VERSION}" COMPATIBILITY SameMinorVersion)

# pkg-config modules (relocatable: paths relative to the .pc file).
set(PERPIXEL_PC_NATIVE "")
foreach(_lib ${_native})
    string(APPEND PERPIXEL_PC_NATIVE " -l${_lib}")
endforeach()
string(STRIP "${PERPIXEL_PC_NATIVE}" PERPIXEL_PC_NATIVE)
configure_file("${CMAKE_CURRENT_LIST_DIR}/perpixel.pc.in" "${PREFIX}/lib/pkgconfig/perpixel.pc" @ONLY)
configure_file("${CMAKE_CURRENT_LIST_DIR}/perpixel-static.pc.in"
               "${PREFIX}/lib/pkgconfig/perpixel-static.pc" @ONLY)

message(STATUS "perpixel ${PERPIXEL_VERSION} installed to ${PREFIX} "
               "(static library needs: ${_native})")
