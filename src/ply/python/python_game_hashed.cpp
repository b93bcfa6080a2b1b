// The searches of Python games with hash() (transposition tables), in a file of their own
// so that the build compiles the two kinds side by side.
#include <ply/python/python_game_searches.hpp>

namespace ply::python {

Searches python_searches_hashed() { return python_searches_of<true>(); }

}  // namespace ply::python
