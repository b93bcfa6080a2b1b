#include <iostream>

#include <ply/cli/commands.hpp>

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
    std::cerr << name << ": " << message << "; see '" << name << " --help'\n";
    throw CLI::RuntimeError(kUsageError);
}

void input_error(const CLI::App& command, const std::string& message) {
    std::cerr << command_name(command) << ": " << message << "\n";
    throw CLI::RuntimeError(kInputError);
}

}  // namespace ply::cli
