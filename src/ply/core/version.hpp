// Ply's version, from the project() line of CMakeLists.txt (one place).
#pragma once

#include <string_view>

#ifndef PLY_VERSION
#error "PLY_VERSION is defined by the build (CMakeLists.txt)"
#endif

namespace ply {

inline constexpr std::string_view kVersion = PLY_VERSION;

}  // namespace ply
