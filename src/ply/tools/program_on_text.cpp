#include <ply/tools/program_on_text.hpp>

#include <fcntl.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <fstream>

extern char** environ;

namespace ply {

ProgramRun run_on_text(const std::vector<std::string>& arguments, const std::string& text,
                       const std::string& program_name, bool quiet) {
    ProgramRun run;
    const char* tmpdir = std::getenv("TMPDIR");
    std::string path = std::string(tmpdir && *tmpdir ? tmpdir : "/tmp") + "/ply-" + arguments.front() + "-XXXXXX";
    const int fd = mkstemp(path.data());
    if (fd < 0) {
        run.temporary_error =
            "cannot create a temporary file for " + program_name + " in " + path.substr(0, path.rfind('/'));
        return run;
    }
    close(fd);
    {
        std::ofstream file(path);
        if (!(file << text)) {
            std::remove(path.c_str());
            run.temporary_error = "cannot write the temporary file " + path;
            return run;
        }
    }
    std::vector<char*> argv;
    for (const std::string& a : arguments) argv.push_back(const_cast<char*>(a.c_str()));
    argv.push_back(path.data());
    argv.push_back(nullptr);
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    if (quiet) {
        posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, "/dev/null", O_WRONLY, 0);
        posix_spawn_file_actions_addopen(&actions, STDERR_FILENO, "/dev/null", O_WRONLY, 0);
    }
    pid_t pid = 0;
    const int spawned = posix_spawnp(&pid, argv[0], &actions, nullptr, argv.data(), environ);
    posix_spawn_file_actions_destroy(&actions);
    int status = 0;
    run.ran = spawned == 0 && waitpid(pid, &status, 0) == pid;
    std::remove(path.c_str());
    run.exited = run.ran && WIFEXITED(status);
    run.exit_code = run.exited ? WEXITSTATUS(status) : 0;
    return run;
}

}  // namespace ply
