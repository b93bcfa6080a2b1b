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
    std::string text;
    if (std::filesystem::exists(path_, error)) text = read_text_file(path_, "journal");
    // Absent, or cut before its first line ended (killed as it began): a new journal.
    const bool fresh = text.size() < head.size() && head.compare(0, text.size(), text) == 0;
    if (!fresh) read_answers(text, head);
    file_.reset(std::fopen(path_.c_str(), fresh ? "w" : "a"));
    if (!file_) cannot_journal("write", path_);
    if (fresh && (std::fputs(head.c_str(), file_.get()) < 0 || std::fflush(file_.get()) != 0))
        cannot_journal("write", path_);
}

void Journal::read_answers(const std::string& text, const std::string& head) {
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
    std::error_code error;
    if (whole < text.size()) std::filesystem::resize_file(path_, whole, error);
    if (error) throw ParseError("cannot mend journal '" + path_ + "': " + error.message());
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
