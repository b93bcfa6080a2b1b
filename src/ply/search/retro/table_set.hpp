// The tables of one game in one folder, one file per slice named after it
// ("KQvK.plyt"), each opened and checked the first time a probe needs it.
// Thread-safe: searches probe from several threads at once.
#pragma once

#include <filesystem>
#include <map>
#include <mutex>
#include <optional>
#include <shared_mutex>
#include <string>
#include <system_error>
#include <utility>

#include <ply/core/outcome.hpp>
#include <ply/core/slices.hpp>
#include <ply/search/retro/table.hpp>
#include <ply/search/retro/value.hpp>

namespace ply::retro {

template <SlicedGame G>
class TableSet {
public:
    using Slice = SliceOf<G>;

    // `game_name` is the name every table of the folder must carry.
    TableSet(std::filesystem::path folder, std::string game_name)
        : folder_(std::move(folder)), game_(std::move(game_name)) {}

    static std::string file_name(const Slice& s) { return std::string(SliceIndex<G>::name(s)) + ".plyt"; }
    [[nodiscard]] std::filesystem::path path(const Slice& s) const { return folder_ / file_name(s); }
    [[nodiscard]] const std::filesystem::path& folder() const { return folder_; }
    [[nodiscard]] const std::string& game_name() const { return game_; }

    // The file exists (it is not opened).
    [[nodiscard]] bool has(const Slice& s) const {
        std::error_code ec;
        return std::filesystem::is_regular_file(path(s), ec);
    }

    // The slice's table; nullptr if its file is absent. Throws TableError,
    // at every call, if the file is unusable. What is found (a table, none,
    // an error) is kept until forget(s): the pointer stays valid until then.
    const Table* table(const Slice& s) {
        {
            std::shared_lock lock(mutex_);
            if (const auto it = entries_.find(s); it != entries_.end()) return it->second.get();
        }
        std::unique_lock lock(mutex_);
        auto [it, fresh] = entries_.try_emplace(s);
        if (fresh) it->second.load(path(s), game_, s);
        return it->second.get();
    }

    // Looks for the slice's file again at the next probe (after writing it).
    void forget(const Slice& s) {
        std::unique_lock lock(mutex_);
        entries_.erase(s);
    }

    // The code stored at an address; nullopt if its slice has no table.
    std::optional<Code> code(const SliceAddress<Slice>& at) {
        const Table* t = table(at.slice);
        if (t == nullptr) return std::nullopt;
        return t->at(at.index);
    }

    // The position's value for the side to move; nullopt when no table holds
    // it, or when the game is over or the position is in no slice.
    std::optional<Value> probe(const G& g) {
        if (is_over(g.outcome())) return std::nullopt;
        const auto at = SliceIndex<G>::address(g);
        if (!at) return std::nullopt;
        const auto c = code(*at);
        if (!c) return std::nullopt;
        return decode(*c);
    }

private:
    struct Entry {
        std::optional<Table> table;
        std::string error;

        void load(const std::filesystem::path& file, const std::string& game, const Slice& s) {
            std::error_code ec;
            if (!std::filesystem::is_regular_file(file, ec)) return;
            try {
                Table t = Table::open(file, game, SliceIndex<G>::name(s));
                const std::uint64_t size = SliceIndex<G>::size(s);
                if (t.size() != size)
                    table_detail::fail(file, "holds " + std::to_string(t.size()) + " positions, the slice has " +
                                                 std::to_string(size));
                table = std::move(t);
            } catch (const TableError& e) {
                error = e.what();
            }
        }
        [[nodiscard]] const Table* get() const {
            if (!error.empty()) throw TableError(error);
            return table ? &*table : nullptr;
        }
    };

    std::filesystem::path folder_;
    std::string game_;
    std::map<Slice, Entry> entries_;
    std::shared_mutex mutex_;
};

}  // namespace ply::retro
