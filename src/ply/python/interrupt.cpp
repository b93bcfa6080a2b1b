#include <atomic>
#include <chrono>
#include <condition_variable>
#include <exception>
#include <mutex>
#include <optional>
#include <thread>

#include <unistd.h>

#include <ply/python/interrupt.hpp>

namespace ply::python {

namespace {

// The thread that runs the main thread's searches, made once and reused:
// only the main thread receives signals, so only its searches need one. A
// child process made by fork() has none of its parent's threads and makes
// its own. Each side spins a little before it sleeps: waking a sleeping
// thread costs more than a small search, and a script that runs many
// finds the helper still awake.
class Helper {
public:
    // Runs `work` on the helper; `wait(lock, finished, done)` is called while it runs.
    template <class Wait>
    void run(const std::function<void()>& work, Wait&& wait) {
        {
            const std::lock_guard lock(mutex_);
            job_.store(&work);
            done_ = false;
        }
        wake_.notify_one();
        if (spin([this] { return done_.load(); })) return;
        std::unique_lock lock(mutex_);
        while (!done_) wait(lock, finished_, done_);
    }

    static Helper& of_this_process() {
        static Helper* helper = nullptr;
        static pid_t owner = 0;
        if (!helper || owner != getpid()) {  // never destroyed: it may still wait at exit
            helper = new Helper;
            owner = getpid();
        }
        return *helper;
    }

private:
    Helper() : thread_([this] { serve(); }) { thread_.detach(); }

    template <class Ready>
    static bool spin(Ready&& ready) {
        constexpr auto kSpin = std::chrono::microseconds(500);
        const auto until = std::chrono::steady_clock::now() + kSpin;
        while (std::chrono::steady_clock::now() < until)
            if (ready()) return true;
        return ready();
    }

    void serve() {
        while (true) {
            if (!spin([this] { return job_.load() != nullptr; })) {
                std::unique_lock lock(mutex_);
                wake_.wait(lock, [this] { return job_.load() != nullptr; });
            }
            (*job_.load())();  // catches everything itself (run_interruptibly)
            {
                const std::lock_guard lock(mutex_);
                job_.store(nullptr);
                done_ = true;
            }
            finished_.notify_all();
        }
    }

    std::mutex mutex_;
    std::condition_variable wake_, finished_;
    std::atomic<const std::function<void()>*> job_ = nullptr;
    std::atomic<bool> done_ = true;
    std::thread thread_;
};

bool on_main_thread() {
    static const unsigned long main_ident =
        py::module_::import("threading").attr("main_thread")().attr("ident").cast<unsigned long>();
    return PyThread_get_thread_ident() == main_ident;
}

}  // namespace

void run_interruptibly(const std::function<void()>& work, const std::function<void()>& stop) {
    std::exception_ptr failure;
    const std::function<void()> guarded = [&] {
        try {
            work();
        } catch (...) {
            failure = std::current_exception();
        }
    };
    if (!on_main_thread()) {  // no signal reaches this thread: nothing to watch for
        {
            const py::gil_scoped_release release;
            guarded();
        }
        if (failure) std::rethrow_exception(failure);
        return;
    }
    // Often enough that Ctrl-C feels immediate, rarely enough to cost nothing.
    constexpr std::chrono::milliseconds kLook{50};
    std::optional<py::error_already_set> interrupt;
    {
        const py::gil_scoped_release release;
        Helper::of_this_process().run(guarded, [&](std::unique_lock<std::mutex>& lock,
                                                   std::condition_variable& finished, const std::atomic<bool>& done) {
            if (finished.wait_for(lock, kLook, [&] { return done.load(); }) || interrupt) return;
            lock.unlock();
            {
                const py::gil_scoped_acquire gil;
                if (PyErr_CheckSignals() != 0) interrupt.emplace();  // takes the raised error
            }
            if (interrupt) stop();
            lock.lock();
        });
    }
    if (interrupt) throw std::move(*interrupt);
    if (failure) std::rethrow_exception(failure);
}

}  // namespace ply::python
