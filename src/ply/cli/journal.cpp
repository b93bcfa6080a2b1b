#include <ply/cli/journal.hpp>

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <span>
#include <sstream>
#include <system_error>

#include <ply/core/error.hpp>
#include <ply/core/text_file.hpp>
#include <ply/search/retro/run_code.hpp>

namespace ply::cli {

namespace {

constexpr const char* kJournalHead = "# ply journal: ";

[[noreturn]] void cannot_journal(const std::string& what, const std::string& path) {
    throw ParseError("cannot " + what + " journal '" + path + "': " + std::strerror(errno));
}

}  // namespace

Journal::Journal(std::string path, const std::string& job) : path_(std::move(path)) {
    const std::string head = kJournalHead + job + "\n";
    std::error_code error;
    const bool exists = std::filesystem::exists(path_, error);
    if (exists) {
        const std::string text = read_text_file(path_, "journal");
        if (text.compare(0, head.size(), head) != 0)
            throw ParseError("'" + path_ +
                             "' is not this job's journal (its first line differs): remove it or name another");
        // Complete lines only: a kill may have cut the last one, which is dropped.
        const std::size_t whole = text.rfind('\n') + 1;
        std::istringstream lines(text.substr(head.size(), whole - head.size()));
        std::string line;
        for (int number = 2; std::getline(lines, line); ++number) {
            const std::size_t space = line.find(' ');
            std::uint64_t key = 0;
            if (space == std::string::npos || !(std::istringstream(line.substr(0, space)) >> key))
                throw ParseError(path_ + ":" + std::to_string(number) + ": expected '<number> <answer>'");
            done_[key] = line.substr(space + 1);
        }
        if (whole < text.size()) std::filesystem::resize_file(path_, whole, error);
        if (error) throw ParseError("cannot mend journal '" + path_ + "': " + error.message());
    }
    file_.reset(std::fopen(path_.c_str(), "a"));
    if (!file_) cannot_journal("write", path_);
    if (!exists && (std::fputs(head.c_str(), file_.get()) < 0 || std::fflush(file_.get()) != 0))
        cannot_journal("write", path_);
}

void Journal::record(std::uint64_t key, const std::string& text) {
    const std::string line = std::to_string(key) + " " + text + "\n";
    if (std::fputs(line.c_str(), file_.get()) < 0 || std::fflush(file_.get()) != 0) cannot_journal("write", path_);
    done_[key] = text;
}

std::string text_fingerprint(const std::string& text) {
    const auto* bytes = reinterpret_cast<const unsigned char*>(text.data());
    std::ostringstream out;
    out << std::hex << retro::run_code::fnv1a(std::span(bytes, text.size()));
    return out.str();
}

}  // namespace ply::cli
