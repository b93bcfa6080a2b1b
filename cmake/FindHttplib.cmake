# Finds cpp-httplib as Debian builds it (libcpp-httplib-dev: a shared library
# compiled with TLS, zlib and Brotli), which ships no CMake package of its
# own: Httplib::Httplib, Httplib_FOUND. Its users must define the same
# CPPHTTPLIB_* macros as the library was built with, or the classes differ.
find_path(Httplib_INCLUDE_DIR httplib.h)
find_library(Httplib_LIBRARY cpp-httplib)
include(FindPackageHandleStandardArgs)
find_package_handle_standard_args(Httplib REQUIRED_VARS Httplib_LIBRARY Httplib_INCLUDE_DIR)
if(Httplib_FOUND AND NOT TARGET Httplib::Httplib)
  add_library(Httplib::Httplib UNKNOWN IMPORTED)
  set_target_properties(
    Httplib::Httplib
    PROPERTIES IMPORTED_LOCATION ${Httplib_LIBRARY} INTERFACE_INCLUDE_DIRECTORIES ${Httplib_INCLUDE_DIR}
               INTERFACE_COMPILE_DEFINITIONS
               "CPPHTTPLIB_OPENSSL_SUPPORT;CPPHTTPLIB_ZLIB_SUPPORT;CPPHTTPLIB_BROTLI_SUPPORT")
endif()
mark_as_advanced(Httplib_INCLUDE_DIR Httplib_LIBRARY)
