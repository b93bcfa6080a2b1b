// What a command compiled for each game needs of the command line: failing
// in one line, and whether an option was given. Without CLI11, whose header
// alone costs every file that includes it six seconds of compiling (it
// defines its validators in each one); the files that declare options
// include cli/commands.hpp.
#pragma once

#include <string>
#include <vector>

namespace CLI {
class App;
}

namespace ply {
struct NamedFile;  // tools/output_file.hpp
}

namespace ply::cli {

// Exit code for bad usage: unknown game, algorithm, option or argument.
inline constexpr int kUsageError = 2;

// Exit code for input that names a game correctly but is itself wrong.
inline constexpr int kInputError = 1;

// "ply imcs offer": the command as the user typed it.
std::string command_name(const CLI::App& command);
// "ply <command>: <message>; see 'ply <command> --help'" on one line, exit 2.
[[noreturn]] void usage_error(const CLI::App& command, const std::string& message);
// "ply <command>: <message>" on one line, exit 1.
[[noreturn]] void input_error(const CLI::App& command, const std::string& message);
// Ends the command with `code` once it has said why itself.
[[noreturn]] void exit_with(int code);
// Ends with usage_error if an output is one of the inputs or another output
// (ply::refuse_same_files): before any work, so that no file is lost.
void refuse_same_files(const CLI::App& command, const std::vector<NamedFile>& outputs,
                       const std::vector<NamedFile>& inputs);
// Whether `option` ("--plies") was given; false for one the command does not have.
bool given(const CLI::App& command, const std::string& option);

}  // namespace ply::cli
