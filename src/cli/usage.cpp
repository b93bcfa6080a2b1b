#include <iostream>

#include "cli/commands.hpp"

namespace ply::cli {

void usage_error(const CLI::App& command, const std::string& message) {
    std::cerr << "ply " << command.get_name() << ": " << message << "\n";
    std::cerr << command.help("", CLI::AppFormatMode::Normal);
    throw CLI::RuntimeError(kUsageError);
}

}  // namespace ply::cli
