// A number as reports print it.
#pragma once

#include <cstdio>
#include <string>

namespace ply {

// `v` with `decimals` digits after the point: fixed(2.0 / 3, 2) is "0.67".
inline std::string fixed(double v, int decimals) {
    char text[64];
    std::snprintf(text, sizeof text, "%.*f", decimals, v);
    return text;
}

// `v` in as few digits as it needs (%g): 0.05, 10, 1e+06.
inline std::string shortest(double v) {
    char text[32];
    std::snprintf(text, sizeof text, "%g", v);
    return text;
}

}  // namespace ply
