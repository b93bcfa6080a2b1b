#include <ply/tools/arena/process.hpp>

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <mutex>
#include <thread>

namespace ply::arena {

namespace {

// Writing to an engine that has died must fail with EPIPE, not kill the arena.
void ignore_sigpipe() {
    static std::once_flag once;
    std::call_once(once, [] { ::signal(SIGPIPE, SIG_IGN); });
}

}  // namespace

std::vector<std::string> split_command(const std::string& command) {
    std::vector<std::string> words;
    std::string word;
    bool in_word = false;
    char quote = 0;
    for (std::size_t i = 0; i < command.size(); ++i) {
        const char c = command[i];
        if (quote) {
            if (c == quote)
                quote = 0;
            else if (c == '\\' && quote == '"' && i + 1 < command.size())
                word += command[++i];
            else
                word += c;
        } else if (c == '\'' || c == '"') {
            quote = c;
            in_word = true;
        } else if (c == '\\' && i + 1 < command.size()) {
            word += command[++i];
            in_word = true;
        } else if (c == ' ' || c == '\t' || c == '\n') {
            if (in_word) words.push_back(std::move(word));
            word.clear();
            in_word = false;
        } else {
            word += c;
            in_word = true;
        }
    }
    if (in_word) words.push_back(std::move(word));
    return words;
}

Process::~Process() { stop(); }

bool Process::start(const std::vector<std::string>& argv, const std::string& dir, const std::string& stderr_path) {
    ignore_sigpipe();
    stop();
    error_.clear();
    exit_.clear();
    buffer_.clear();
    eof_ = false;
    if (argv.empty()) {
        error_ = "empty command";
        return false;
    }
    int in[2], out[2], status_pipe[2];
    if (::pipe2(in, O_CLOEXEC) != 0) return error_ = std::strerror(errno), false;
    if (::pipe2(out, O_CLOEXEC) != 0) {
        ::close(in[0]), ::close(in[1]);
        return error_ = std::strerror(errno), false;
    }
    // The child reports a failed exec (errno) through this pipe; a successful
    // exec closes it (O_CLOEXEC) and the parent reads nothing.
    if (::pipe2(status_pipe, O_CLOEXEC) != 0) {
        for (int fd : {in[0], in[1], out[0], out[1]}) ::close(fd);
        return error_ = std::strerror(errno), false;
    }
    // Everything the child needs is prepared before fork: after it, only
    // async-signal-safe calls are allowed (other threads may hold locks).
    std::vector<char*> args;
    for (const auto& a : argv) args.push_back(const_cast<char*>(a.c_str()));
    args.push_back(nullptr);
    const std::string err_path = stderr_path.empty() ? "/dev/null" : stderr_path;

    const pid_t pid = ::fork();
    if (pid < 0) {
        for (int fd : {in[0], in[1], out[0], out[1], status_pipe[0], status_pipe[1]}) ::close(fd);
        return error_ = std::strerror(errno), false;
    }
    if (pid == 0) {
        ::setpgid(0, 0);
        ::signal(SIGPIPE, SIG_DFL);
        ::signal(SIGINT, SIG_DFL);
        ::dup2(in[0], 0);
        ::dup2(out[1], 1);
        const int err = ::open(err_path.c_str(), O_WRONLY | O_CREAT | O_APPEND, 0644);
        if (err >= 0) ::dup2(err, 2);
        int code = 0;
        if (!dir.empty() && ::chdir(dir.c_str()) != 0) code = errno;
        if (code == 0) {
            ::execvp(args[0], args.data());
            code = errno;
        }
        [[maybe_unused]] auto n = ::write(status_pipe[1], &code, sizeof code);
        ::_exit(127);
    }
    ::setpgid(pid, pid);  // as the child does: the group exists before either goes on
    ::close(in[0]);
    ::close(out[1]);
    ::close(status_pipe[1]);
    int code = 0;
    ssize_t n;
    do n = ::read(status_pipe[0], &code, sizeof code);
    while (n < 0 && errno == EINTR);
    ::close(status_pipe[0]);
    pid_ = pid;
    to_child_ = in[1];
    from_child_ = out[0];
    if (n == ssize_t(sizeof code)) {
        error_ = "cannot run '" + argv[0] + "'" + (dir.empty() ? "" : " in '" + dir + "'") + ": " + std::strerror(code);
        stop();
        return false;
    }
    return true;
}

bool Process::write_line(const std::string& line) {
    if (to_child_ < 0) return false;
    const std::string data = line + "\n";
    std::size_t done = 0;
    while (done < data.size()) {
        const ssize_t n = ::write(to_child_, data.data() + done, data.size() - done);
        if (n < 0) {
            if (errno == EINTR) continue;
            return false;
        }
        done += std::size_t(n);
    }
    return true;
}

ReadResult Process::read_line(Clock::time_point deadline, const std::atomic<bool>* interrupt) {
    for (;;) {
        if (const auto nl = buffer_.find('\n'); nl != std::string::npos) {
            ReadResult r{ReadStatus::Line, buffer_.substr(0, nl)};
            buffer_.erase(0, nl + 1);
            if (!r.line.empty() && r.line.back() == '\r') r.line.pop_back();
            return r;
        }
        if (eof_ || from_child_ < 0) {
            if (!buffer_.empty()) {  // a last line without newline
                ReadResult r{ReadStatus::Line, std::move(buffer_)};
                buffer_.clear();
                return r;
            }
            return {ReadStatus::Closed, {}};
        }
        if (interrupt && interrupt->load()) return {ReadStatus::Interrupted, {}};
        const auto now = Clock::now();
        if (now >= deadline) return {ReadStatus::Timeout, {}};
        auto wait =
            std::chrono::duration_cast<std::chrono::milliseconds>(deadline - now) + std::chrono::milliseconds(1);
        if (interrupt) wait = std::min(wait, std::chrono::milliseconds(50));
        pollfd p{from_child_, POLLIN, 0};
        const int rc = ::poll(&p, 1, int(wait.count()));
        if (rc < 0 && errno != EINTR) return {ReadStatus::Closed, {}};
        if (rc <= 0) continue;
        char chunk[4096];
        const ssize_t n = ::read(from_child_, chunk, sizeof chunk);
        if (n < 0 && (errno == EINTR || errno == EAGAIN)) continue;
        if (n <= 0)
            eof_ = true;
        else
            buffer_.append(chunk, std::size_t(n));
    }
}

void Process::reaped(int status) {
    if (WIFEXITED(status))
        exit_ = "exit code " + std::to_string(WEXITSTATUS(status));
    else if (WIFSIGNALED(status))
        exit_ = std::string("killed by signal ") + std::to_string(WTERMSIG(status)) + " (" +
                ::strsignal(WTERMSIG(status)) + ")";
    pid_ = -1;
}

// The engine is not reaped here but in stop(): while it is a zombie its pid,
// and so its process group's id, cannot be reused, and stop() can kill
// what it left behind in its group.
bool Process::running() {
    if (pid_ < 0) return false;
    siginfo_t info{};
    return ::waitid(P_PID, static_cast<id_t>(pid_), &info, WEXITED | WNOHANG | WNOWAIT) == 0 && info.si_pid != pid_;
}

void Process::close_pipes() {
    if (to_child_ >= 0) ::close(to_child_);
    if (from_child_ >= 0) ::close(from_child_);
    to_child_ = from_child_ = -1;
}

void Process::stop(std::chrono::milliseconds grace) {
    if (pid_ > 0) {
        const auto until = Clock::now() + grace;
        while (running() && Clock::now() < until) std::this_thread::sleep_for(std::chrono::milliseconds(5));
        // The whole group, whether the engine exited or not: what a wrapper
        // (sh -c ...) or the engine itself started must not outlive the match.
        ::kill(-pid_, SIGKILL);
        ::kill(pid_, SIGKILL);  // in case it had not reached its setpgid yet
        int status = 0;
        while (::waitpid(pid_, &status, 0) < 0 && errno == EINTR) {}
        reaped(status);
    }
    close_pipes();
}

}  // namespace ply::arena
