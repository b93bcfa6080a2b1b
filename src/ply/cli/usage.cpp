#include <iostream>
#include <optional>
#include <string>

#include <ply/cli/commands.hpp>
#include <ply/cli/positions.hpp>
#include <ply/core/error.hpp>
#include <ply/tools/output_file.hpp>

namespace ply::cli {

std::string command_name(const CLI::App& command) {
    std::string name = command.get_name();
    for (const CLI::App* parent = command.get_parent(); parent; parent = parent->get_parent())
        name = parent->get_name() + " " + name;
    return name;
}

void usage_error(const CLI::App& command, const std::string& message) {
    // One line, as for every error; the usage is a --help away.
    const std::string name = command_name(command);
    std::cerr << name << ": " << error_line(message) << "; see '" << name << " --help'\n";
    throw CLI::RuntimeError(kUsageError);
}

void input_error(const CLI::App& command, const std::string& message) {
    std::cerr << command_name(command) << ": " << error_line(message) << "\n";
    throw CLI::RuntimeError(kInputError);
}

void add_position_option(CLI::App& cmd, std::optional<std::string>& position) {
    auto* named = cmd.add_option("--position,-p", position,
                                 "Position in the game's notation (default: the start; chess: startpos or FEN; "
                                 "minichess: a file, - for standard input)");
    cmd.add_option("--fen", position, "Chess: the position as FEN (--position's other name)")->excludes(named);
}

void refuse_same_files(const CLI::App& command, const std::vector<NamedFile>& outputs,
                       const std::vector<NamedFile>& inputs) {
    try {
        ply::refuse_same_files(outputs, inputs);
    } catch (const ParseError& e) {
        usage_error(command, e.what());
    }
}

void exit_with(int code) { throw CLI::RuntimeError(code); }

bool given(const CLI::App& command, const std::string& option) {
    return command.get_option_no_throw(option) != nullptr && command.count(option) > 0;
}

}  // namespace ply::cli
