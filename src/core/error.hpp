// The one error type for bad user input (positions, moves, trees, options).
#pragma once

#include <stdexcept>
#include <string>

namespace ply {

class ParseError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

}  // namespace ply
