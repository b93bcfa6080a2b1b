#include <ply/tools/arena/cb_library.hpp>

#include <dlfcn.h>

#include <charconv>
#include <cstring>
#include <map>
#include <memory>
#include <optional>

#include <ply/core/error.hpp>

namespace ply::arena {

namespace {

// One lock per loaded library (the loader's handle), for the process's life.
std::mutex& lock_for(void* handle) {
    static std::mutex guard;
    static std::map<void*, std::unique_ptr<std::mutex>> locks;
    const std::lock_guard lock(guard);
    auto& m = locks[handle];
    if (!m) m = std::make_unique<std::mutex>();
    return *m;
}

using EngineCommand = int (*)(char*, char*);

// The whole number after the first `word` of `text` (past spaces, '=' and ':').
std::optional<int> number_after(const std::string& text, const std::string& word) {
    const auto at = text.find(word);
    if (at == std::string::npos) return std::nullopt;
    std::size_t i = at + word.size();
    while (i < text.size() && (text[i] == ' ' || text[i] == '=' || text[i] == ':')) ++i;
    int v = 0;
    const auto [end, error] = std::from_chars(text.data() + i, text.data() + text.size(), v);
    if (error != std::errc() || end == text.data() + i) return std::nullopt;
    return v;
}

}  // namespace

SearchInfo cb_search_info(const std::string& text) {
    SearchInfo info;
    info.depth = number_after(text, "depth").value_or(0);
    info.cp = number_after(text, "value");
    return info;
}

std::string CbLibrary::open(const std::string& path) {
    // A name without a slash would be looked for on the loader's path, not here.
    const std::string where = path.find('/') == std::string::npos ? "./" + path : path;
    void* handle = dlopen(where.c_str(), RTLD_NOW | RTLD_LOCAL);
    if (!handle) {
        const char* why = dlerror();
        return "cannot load '" + clip(path) + "': " + (why ? std::string(why) : "unknown error");
    }
    void* get = dlsym(handle, "getmove");
    void* command = dlsym(handle, "enginecommand");
    if (!get || !command)
        return "'" + clip(path) + "' is no CheckerBoard engine: it lacks " + (!get ? "getmove" : "enginecommand");
    getmove_ = get;
    enginecommand_ = command;
    mutex_ = &lock_for(handle);
    return {};
}

std::string CbLibrary::command(const std::string& text, bool* known) {
    // The interface's buffers: 256 chars for the command, 1024 for the reply.
    char in[256] = {};
    char reply[1024] = {};
    std::strncpy(in, text.c_str(), sizeof in - 1);
    int answer = 0;
    {
        const std::lock_guard lock(mutex());
        answer = reinterpret_cast<EngineCommand>(enginecommand_)(in, reply);
    }
    reply[sizeof reply - 1] = '\0';
    if (known) *known = answer != 0;
    return reply;
}

}  // namespace ply::arena
