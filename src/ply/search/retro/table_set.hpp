// The tables of one game in one folder, one file per slice named after it
// ("KQvK.plyt"), each opened and checked the first time a probe needs it.
// Thread-safe: searches probe from several threads at once.
//
// A game may leave positions out of its files (SliceIndex<G>::stored, as
// the checkers databases drop positions with a capture pending: their runs
// lengthen): write_table gets them as don't-cares (drop_unstored), and a
// probe finds their value by one ply of search over their moves.
#pragma once

#include <algorithm>
#include <concepts>
#include <filesystem>
#include <map>
#include <mutex>
#include <optional>
#include <shared_mutex>
#include <string>
#include <system_error>
#include <utility>
#include <vector>

#include <ply/core/move_list.hpp>
#include <ply/core/outcome.hpp>
#include <ply/core/slices.hpp>
#include <ply/search/retro/table.hpp>
#include <ply/search/retro/value.hpp>

namespace ply::retro {

template <class G>
concept UnstoredPositions = SlicedGame<G> && requires(const G& g) {
    { SliceIndex<G>::stored(g) } -> std::same_as<bool>;
};

// Whether the files keep the position's own value (an aliased position's
// address holds another's).
template <SlicedGame G>
bool is_stored(const G& g) {
    if (is_aliased(g)) return false;
    if constexpr (UnstoredPositions<G>)
        return SliceIndex<G>::stored(g);
    else
        return true;
}

// Marks as don't-care the codes of the positions the game does not store.
template <SlicedGame G>
void drop_unstored(const SliceOf<G>& slice, std::vector<Code>& codes) {
    if constexpr (UnstoredPositions<G>) {
        G g;
        for (std::uint64_t i = 0; i < codes.size(); ++i)
            if (SliceIndex<G>::position(slice, i, g) && !SliceIndex<G>::stored(g)) codes[i] = not_counted_code;
    }
}

// The value of the game's end for the side to move there, as the builder
// stores it: won or lost in 0 plies, or drawn.
constexpr Value end_value(Outcome over) {
    if (over == Outcome::Win) return {Outcome::Win, 0};
    if (over == Outcome::Loss) return {Outcome::Loss, 0};
    return {Outcome::Draw, 0};
}

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

    // The slices with a file in the folder, fewest pieces first.
    [[nodiscard]] std::vector<Slice> slices_present() const {
        std::vector<Slice> out;
        std::error_code error;
        for (const auto& entry : std::filesystem::directory_iterator(folder_, error))
            if (entry.path().extension() == ".plyt")
                if (auto slice = SliceIndex<G>::parse(entry.path().stem().string())) out.push_back(*slice);
        std::sort(out.begin(), out.end(), [](const Slice& a, const Slice& b) {
            const int pa = SliceIndex<G>::pieces(a), pb = SliceIndex<G>::pieces(b);
            return pa != pb ? pa < pb : SliceIndex<G>::name(a) < SliceIndex<G>::name(b);
        });
        return out;
    }

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

    // The code of the position at an address (searched if the game does not
    // store it); nullopt if a table it needs is absent.
    std::optional<Code> code(const SliceAddress<Slice>& at) {
        if constexpr (UnstoredPositions<G>) {
            G g;
            if (SliceIndex<G>::position(at.slice, at.index, g) && !SliceIndex<G>::stored(g)) {
                const auto v = searched(g);
                return v ? std::optional(encode(*v)) : std::nullopt;
            }
        }
        return stored_code(at);
    }

    // The code in the file, as written (a don't-care where nothing is stored).
    std::optional<Code> stored_code(const SliceAddress<Slice>& at) {
        // One return of one object: GCC 12's -Wmaybe-uninitialized misreads
        // an optional<uint16_t> returned empty on another path (-O1, ASan).
        std::optional<Code> code;
        if (const Table* t = table(at.slice)) code = t->at(at.index);
        return code;
    }

    // The position's value for the side to move; nullopt when no table holds
    // it, or when the game is over or the position is in no slice.
    std::optional<Value> probe(const G& g) {
        // The address first: it turns away a position of many pieces at
        // once, where outcome() generates its moves (the engine probes every node).
        const auto at = SliceIndex<G>::address(g);
        // The table next: a search probes every node of a slice not built too.
        if (!at || !table(at->slice) || is_over(g.outcome())) return std::nullopt;
        if (!is_stored(g)) return searched(g);
        const auto c = stored_code(*at);
        if (!c) return std::nullopt;
        return decode(*c);
    }

    // The position's value, the game's end included.
    std::optional<Value> value_or_end(const G& g) {
        if (const Outcome over = g.outcome(); is_over(over)) return end_value(over);
        return probe(g);
    }

    // The value one ply of minimax gives over the values of the position's
    // successors (the game's end where it is over): what a stored value must
    // equal (`egtb verify`); nullopt if a successor is in no table.
    std::optional<Value> searched(const G& position) {
        if (const Outcome over = position.outcome(); is_over(over)) return end_value(over);
        std::optional<int> fastest_win, longest_loss;
        bool draw = false;
        G g = position;
        MoveListOf<G> moves;
        g.generate_moves(moves);
        for (const auto m : moves) {
            g.make(m);
            const auto after = value_or_end(g);
            g.unmake(m);
            if (!after) return std::nullopt;
            if (after->result == Outcome::Loss)
                fastest_win = std::min(fastest_win.value_or(after->plies), after->plies);
            else if (after->result == Outcome::Draw)
                draw = true;
            else
                longest_loss = std::max(longest_loss.value_or(after->plies), after->plies);
        }
        if (fastest_win) return Value{Outcome::Win, *fastest_win + 1};
        if (draw) return Value{Outcome::Draw, 0};
        return Value{Outcome::Loss, longest_loss.value_or(-1) + 1};
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
