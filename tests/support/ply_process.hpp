// The `ply` binary started in the background, its standard output and
// error kept apart (each in a file): for tests that signal it, time it, or
// parse its JSON beside progress lines.
#pragma once

#include <fcntl.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <string>
#include <vector>

#include "support/read_file.hpp"

namespace ply::testing {

struct ProcessResult {
    int exit_code = -1;  // 128 + the signal for a process a signal ended
    std::string out, err;
    double seconds = 0;  // from the start to the end
};

class PlyProcess {
public:
    // `args` as the program receives them, one word each (no shell).
    explicit PlyProcess(const std::vector<std::string>& args) {
        const auto stem = std::filesystem::temp_directory_path() /
                          ("ply_process_" + std::to_string(::getpid()) + "_" + std::to_string(++count()));
        out_ = stem.string() + ".out";
        err_ = stem.string() + ".err";
        // Everything the child needs is ready before fork: it may only make
        // system calls until exec.
        std::vector<char*> argv{const_cast<char*>(PLY_BINARY)};
        for (const auto& a : args) argv.push_back(const_cast<char*>(a.c_str()));
        argv.push_back(nullptr);
        start_ = std::chrono::steady_clock::now();
        pid_ = ::fork();
        if (pid_ == 0) {
            redirect(out_.c_str(), STDOUT_FILENO);
            redirect(err_.c_str(), STDERR_FILENO);
            ::execv(PLY_BINARY, argv.data());
            ::_exit(127);
        }
    }
    ~PlyProcess() {
        if (pid_ > 0 && !waited_) {
            ::kill(pid_, SIGKILL);
            ::waitpid(pid_, nullptr, 0);
        }
        std::filesystem::remove(out_);
        std::filesystem::remove(err_);
    }
    PlyProcess(const PlyProcess&) = delete;
    PlyProcess& operator=(const PlyProcess&) = delete;

    void signal(int sig) const { ::kill(pid_, sig); }

    ProcessResult wait() {
        ProcessResult r;
        int status = 0;
        if (pid_ <= 0 || ::waitpid(pid_, &status, 0) != pid_) return r;
        waited_ = true;
        r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
        r.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : WIFSIGNALED(status) ? 128 + WTERMSIG(status) : -1;
        r.out = read_file(out_);
        r.err = read_file(err_);
        return r;
    }

private:
    static int& count() {
        static int n = 0;
        return n;
    }
    static void redirect(const char* path, int fd) {
        const int file = ::open(path, O_WRONLY | O_CREAT | O_TRUNC, 0600);
        if (file < 0 || ::dup2(file, fd) < 0) ::_exit(126);
        ::close(file);
    }

    std::string out_, err_;
    pid_t pid_ = -1;
    bool waited_ = false;
    std::chrono::steady_clock::time_point start_;
};

// Runs `ply` to its end: standard output and error apart.
inline ProcessResult run_ply_apart(const std::vector<std::string>& args) { return PlyProcess(args).wait(); }

}  // namespace ply::testing
