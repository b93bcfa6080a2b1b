// An output stream a test may read while another thread (a search) writes to it.
#pragma once

#include <chrono>
#include <mutex>
#include <streambuf>
#include <string>
#include <thread>

namespace ply::testing {

class SharedOutput : public std::streambuf {
public:
    std::string snapshot() {
        std::lock_guard lock(mutex_);
        return text_;
    }
    // Polls until `part` has been written or `limit` has passed; whether it was.
    bool wait_for(const std::string& part, std::chrono::milliseconds limit) {
        const auto end = std::chrono::steady_clock::now() + limit;
        while (snapshot().find(part) == std::string::npos) {
            if (std::chrono::steady_clock::now() > end) return false;
            std::this_thread::sleep_for(std::chrono::milliseconds(1));
        }
        return true;
    }

protected:
    int_type overflow(int_type c) override {
        if (c != traits_type::eof()) {
            std::lock_guard lock(mutex_);
            text_ += traits_type::to_char_type(c);
        }
        return c;
    }
    std::streamsize xsputn(const char* s, std::streamsize n) override {
        std::lock_guard lock(mutex_);
        text_.append(s, static_cast<std::size_t>(n));
        return n;
    }

private:
    std::mutex mutex_;
    std::string text_;
};

}  // namespace ply::testing
