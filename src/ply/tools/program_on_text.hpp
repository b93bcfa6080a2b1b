// Running another program (Graphviz's dot, gnuplot) on a text Ply wrote:
// the text goes to a temporary file, the program gets its path as its last
// argument, and the file is removed once the program is done.
#pragma once

#include <optional>
#include <string>
#include <vector>

namespace ply {

struct ProgramRun {
    std::optional<std::string> temporary_error;  // the text could not be written: why, for the user
    bool ran = false;                            // found, started and waited for
    bool exited = false;                         // it exited, rather than died of a signal
    int exit_code = 0;
};

// `arguments`: the program (looked up on PATH) and the arguments before the
// file's; `program_name` names it in the messages ("Graphviz"). `quiet`: its
// standard output and error go to /dev/null.
ProgramRun run_on_text(const std::vector<std::string>& arguments, const std::string& text,
                       const std::string& program_name, bool quiet);

}  // namespace ply
