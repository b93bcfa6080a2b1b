// A long job's finished tasks, one line each in a file, so that a rerun
// after a kill (of the job, or of one of its ranks) does only the rest: `ply
// solve --batch --journal`. The first line names the job; the file of
// another job is refused rather than mixed in. Each line is written whole
// and flushed as its task ends, so a kill loses at most the line being
// written, which the next run drops.
#pragma once

#include <cstdint>
#include <cstdio>
#include <map>
#include <memory>
#include <string>

namespace ply::cli {

class Journal {
public:
    // Opens `path`, made if absent, for the job `job` (one line of text).
    // Throws ParseError if it cannot be written or is another job's.
    Journal(std::string path, const std::string& job);

    // The tasks earlier runs finished: each one's text, by key.
    [[nodiscard]] const std::map<std::uint64_t, std::string>& done() const { return done_; }
    // Records a task (its text: one line) on the file at once. Throws ParseError.
    void record(std::uint64_t key, const std::string& text);

private:
    // Checks the job's line and takes the answers of `text`, the file as it was.
    void read_answers(const std::string& text, const std::string& head);

    std::string path_;
    std::map<std::uint64_t, std::string> done_;
    std::unique_ptr<std::FILE, int (*)(std::FILE*)> file_{nullptr, std::fclose};
};

// A short fingerprint of some text (a set's), for a job's line.
std::string text_fingerprint(const std::string& text);

}  // namespace ply::cli
