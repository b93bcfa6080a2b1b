// Retrograde analysis of one slice: every position's value with perfect
// play, from the ends of the game backwards, given the values of the slices
// its moves lead out into.
//
// One forward walk over the slice counts each position's moves that stay in
// it and notes what its exits (to other slices, to the end of the game) are
// worth. Then values spread backwards level by level, as minimax from the
// leaves: a position with a child lost in n plies is won in n+1 (the first
// such child met, the shortest win); a position whose children are all won,
// the longest in n plies, is lost in n+1 (the longest resistance). What no
// level settles is a draw. Levels settle in increasing order, so distances
// are exact (DTM in chess, distance to the win in checkers).
//
// Who leads into a settled position comes from the game's unmoves where it
// offers them (core/slices.hpp): the build then keeps 6 bytes a position
// and the positions of the level at hand. Otherwise the forward walk stores
// links, 4 bytes a move and about 22 a position.
//
// An aliased move result (an en passant right) gets a node of its own past
// the slice's indices, with its parent as its one predecessor; its moves are
// those of its stored base position, plus its own, so whatever reaches the
// base through an unmove reaches it too.
//
// Split over parts (build_split.hpp, with unmoves), each part scans the
// indices of its share and the aliased nodes of its parents, and settles
// them: what a settled node tells a predecessor of another part goes to
// that part at the end of the level. The values do not depend on the order
// the news arrives in, so the codes are those of one process; part 0 gets
// them all at the end.
#pragma once

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <cstring>
#include <mutex>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include <ply/core/move_list.hpp>
#include <ply/core/slices.hpp>
#include <ply/search/retro/build_split.hpp>
#include <ply/search/retro/build_threads.hpp>
#include <ply/search/retro/value.hpp>

namespace ply::retro {

enum class Predecessors { Links, Unmoves };

template <SlicedGame G>
inline constexpr Predecessors predecessors_of = UnmovesGame<G> ? Predecessors::Unmoves : Predecessors::Links;

template <SlicedGame G, class Lookup, Predecessors Mode = predecessors_of<G>>
class SliceBuilder {
public:
    using Slice = SliceOf<G>;
    using Index = std::uint32_t;

    // `lookup(address)` gives the code of a position in another slice
    // (already built); it is called from several threads at once. `split`:
    // this process builds one part (with links, each builds it whole).
    SliceBuilder(Slice slice, const Lookup& lookup, BuildOptions options, const SplitBuild& split = {})
        : slice_(std::move(slice)),
          lookup_(lookup),
          options_(std::move(options)),
          parts_(Mode == Predecessors::Unmoves ? split : SplitBuild{}, checked_size(slice_)),
          size_(Index(SliceIndex<G>::size(slice_))),
          stored_(parts_.held_by(parts_.part())) {}

    // The codes of every index of the slice (not_counted_code where the index
    // names no position); split, those on part 0 and none on the others.
    std::vector<Code> build() {
        codes_.assign(stored_, unknown_code);
        waiting_.assign(stored_, 0);
        longest_exit_win_.assign(stored_, 0);
        scan();
        if constexpr (Mode == Predecessors::Links) link();
        settle_levels();
        if (parts_.split() && !gather_codes()) return {};
        codes_.resize(size_);
        for (Code& c : codes_)
            if (c == unknown_code) c = draw_code;
        return std::move(codes_);
    }

private:
    static constexpr std::uint16_t cannot_lose = 0xFFFF;

    // An aliased move result: the node that moves into it, the move's number
    // in that node's list, and the index its position is stored at.
    struct Alias {
        Index parent = 0;
        std::uint8_t move = 0;
        Index base = 0;
        friend auto operator<=>(const Alias&, const Alias&) = default;
    };

    // A node's moves that stay in the slice: positions (sorted, once each)
    // and aliased results.
    struct Inside {
        std::vector<Index> positions;
        std::vector<Alias> aliases;
        [[nodiscard]] std::size_t size() const { return positions.size() + aliases.size(); }
    };

    // What the moves out of the slice are worth to the side to move.
    struct Exits {
        int best_loss = -1, longest_win = 0;  // plies of the children
        bool can_lose = true;
        void add(Code c) {
            if (c == unknown_code) return;
            const Value v = decode(c);
            if (v.result == Outcome::Loss && (best_loss < 0 || v.plies < best_loss)) best_loss = v.plies;
            if (v.result == Outcome::Win)
                longest_win = std::max(longest_win, v.plies);
            else
                can_lose = false;
        }
    };

    // Nodes by level, each list in any order.
    using Schedule = std::vector<std::vector<Index>>;

    template <class Error>
    [[noreturn]] void fail(const std::string& what) const {
        throw Error("slice " + std::string(SliceIndex<G>::name(slice_)) + " " + what);
    }

    void report(const char* phase, double done) {
        if (options_.progress && !options_.progress(phase, done)) throw Stopped();
    }

    void progress_chunk(std::atomic<std::uint64_t>& done, std::uint64_t count, const char* phase) {
        const std::uint64_t now = done.fetch_add(count) + count;
        if (options_.progress && (now >> 20) != ((now - count) >> 20)) {
            std::lock_guard lock(schedule_mutex_);
            report(phase, double(now) / double(size_));
        }
    }

    [[nodiscard]] Index nodes() const { return Index(size_ + aliases_.size()); }

    static std::uint32_t checked_size(const Slice& slice) {
        const std::uint64_t size = SliceIndex<G>::size(slice);
        if (size >= std::uint64_t(1) << 32)
            throw std::length_error("slice " + std::string(SliceIndex<G>::name(slice)) + " has too many positions");
        return std::uint32_t(size);
    }

    // The part that scans and settles node i.
    [[nodiscard]] int owner(Index i) const { return i < size_ ? parts_.owner(i) : alias_owner_[i - size_]; }
    [[nodiscard]] bool mine(Index i) const { return !parts_.split() || owner(i) == parts_.part(); }
    // Where node i's codes and counters are kept: a part keeps its share's
    // and every aliased node's.
    [[nodiscard]] std::size_t slot(Index i) const {
        return i < size_ ? std::size_t(parts_.slot(i)) : std::size_t(stored_) + (i - size_);
    }

    // Sets node i's position into g; false where its index names none.
    bool place(Index i, G& g) const {
        if (i < size_) return SliceIndex<G>::position(slice_, i, g);
        const Alias& a = aliases_[i - size_];
        if (!place(a.parent, g)) fail<std::logic_error>("lost an aliased position's parent");
        MoveListOf<G> moves;
        g.generate_moves(moves);
        g.make(moves[a.move]);
        return true;
    }

    static Code end_code(Outcome over) {
        return over == Outcome::Win ? win_code(0) : over == Outcome::Loss ? loss_code(0) : draw_code;
    }

    enum class Kind { NotCounted, End, Inner };

    // Node i's moves: those inside the slice into `inside`, the others'
    // values into `exits`.
    Kind walk(Index i, G& g, Inside& inside, Exits& exits) {
        inside.positions.clear();
        inside.aliases.clear();
        exits = {};
        if (!place(i, g)) return Kind::NotCounted;
        if (is_over(g.outcome())) return Kind::End;
        MoveListOf<G> moves;
        g.generate_moves(moves);
        for (std::size_t k = 0; k < moves.size(); ++k) {
            g.make(moves[k]);
            exits.add(child(i, g, k, inside));
            g.unmake(moves[k]);
        }
        std::ranges::sort(inside.positions);
        const auto [from, to] = std::ranges::unique(inside.positions);
        inside.positions.erase(from, to);
        return Kind::Inner;
    }

    // The code of move k's result outside the slice; unknown_code for one
    // inside it, which goes into `inside`.
    Code child(Index parent, const G& g, std::size_t k, Inside& inside) {
        if (const Outcome over = g.outcome(); is_over(over)) return end_code(over);
        const auto at = SliceIndex<G>::address(g);
        if (!at) fail<std::logic_error>("has a move that leads to no slice");
        if (at->slice != slice_) return lookup_(*at);
        if (!is_aliased(g)) {
            inside.positions.push_back(Index(at->index));
        } else {
            if (k > 255) fail<std::length_error>("has a position of more than 256 moves");
            inside.aliases.push_back({parent, std::uint8_t(k), Index(at->index)});
        }
        return unknown_code;
    }

    // Pass 1: each node's moves inside the slice (it waits for all of them
    // to be won before it is lost) and its exits; then the same for the
    // aliased results met, and theirs, until no new one.
    void scan() {
        if constexpr (Mode == Predecessors::Links) pred_count_ = std::vector<std::atomic<Index>>(size_);
        scan_nodes(0, size_);
        while (share_found(), !found_.empty()) {
            const Index first = nodes();
            if (std::uint64_t(first) + found_.size() >= std::uint64_t(1) << 32)
                fail<std::length_error>("has too many aliased positions");
            std::ranges::sort(found_);  // by parent: every parent numbered before
            aliases_.insert(aliases_.end(), found_.begin(), found_.end());
            for (const Alias& a : found_) alias_owner_.push_back(owner(a.parent));
            found_.clear();
            codes_.resize(stored_ + aliases_.size(), unknown_code);
            waiting_.resize(stored_ + aliases_.size(), 0);
            longest_exit_win_.resize(stored_ + aliases_.size(), 0);
            scan_nodes(first, nodes());
        }
        if constexpr (Mode == Predecessors::Unmoves) index_bases();
    }

    void scan_nodes(Index first, Index last) {
        std::atomic<std::uint64_t> done{0};
        for_chunks(last - first, options_.threads, [&](std::uint64_t from, std::uint64_t to) {
            G g;
            Inside inside;
            Exits exits;
            std::vector<Alias> met;
            for (auto i = Index(first + from); i < first + to; ++i) {
                if (!mine(i)) continue;
                const Kind kind = walk(i, g, inside, exits);
                if (kind == Kind::NotCounted) codes_[slot(i)] = not_counted_code;
                // An end is an exit of every move into it: it tells no one.
                if (kind == Kind::End) codes_[slot(i)] = end_code(g.outcome());
                if (kind != Kind::Inner) continue;
                note(i, exits, inside.size());
                if constexpr (Mode == Predecessors::Links)
                    for (const Index c : inside.positions) pred_count_[c].fetch_add(1, std::memory_order_relaxed);
                met.insert(met.end(), inside.aliases.begin(), inside.aliases.end());
            }
            {
                std::lock_guard lock(schedule_mutex_);
                found_.insert(found_.end(), met.begin(), met.end());
            }
            progress_chunk(done, to - from, "moves");
        });
    }

    // Split: every part's aliased results met into every part's found_.
    void share_found() {
        if (!parts_.split()) return;
        std::string mine;
        for (const Alias& a : found_) {
            split_detail::put32(mine, a.parent);
            split_detail::put32(mine, a.move);
            split_detail::put32(mine, a.base);
        }
        found_.clear();
        for (const std::string& theirs : parts_.all("aliases", mine))
            for (std::size_t at = 0; at + 12 <= theirs.size(); at += 12)
                found_.push_back({split_detail::get32(theirs, at), std::uint8_t(split_detail::get32(theirs, at + 4)),
                                  split_detail::get32(theirs, at + 8)});
    }

    void note(Index i, const Exits& exits, std::size_t inside) {
        longest_exit_win_[slot(i)] = std::uint16_t(exits.longest_win);
        waiting_[slot(i)] = exits.can_lose ? std::uint16_t(inside) : cannot_lose;
        if (exits.best_loss >= 0) {
            std::lock_guard lock(schedule_mutex_);
            add(exits_won_, exits.best_loss + 1, i);
        } else if (exits.can_lose && inside == 0) {  // no way out but wins
            codes_[slot(i)] = loss_code(checked(exits.longest_win + 1));
            std::lock_guard lock(schedule_mutex_);
            add(settled_, exits.longest_win + 1, i);
        }
    }

    int checked(int plies) const {
        if (plies > max_plies) fail<std::length_error>("has a distance beyond the code's range");
        return plies;
    }

    static void add(Schedule& s, int level, Index i) {
        if (std::size_t(level) >= s.size()) s.resize(std::size_t(level) + 1);
        s[std::size_t(level)].push_back(i);
    }

    static std::vector<Index> take(Schedule& s, std::size_t level) {
        return level < s.size() ? std::move(s[level]) : std::vector<Index>{};
    }

    // Unmoves lead to stored positions; the aliased nodes based on one share
    // its moves, so they are found from it.
    void index_bases() {
        alias_bases_.clear();
        has_alias_.assign(size_ / 64 + 1, 0);
        for (Index k = 0; k < aliases_.size(); ++k) {
            alias_bases_.emplace_back(aliases_[k].base, Index(size_ + k));
            has_alias_[aliases_[k].base / 64] |= std::uint64_t(1) << (aliases_[k].base % 64);
        }
        std::ranges::sort(alias_bases_);
    }

    // Pass 2 without unmoves: the moves again, each written into its child's
    // list of predecessors.
    void link() {
        first_pred_.assign(std::size_t(nodes()) + 1, 0);
        for (Index i = 0; i < nodes(); ++i)
            first_pred_[i + 1] = first_pred_[i] + (i < size_ ? pred_count_[i].load(std::memory_order_relaxed) : 1);
        pred_count_.clear();
        pred_.assign(first_pred_[nodes()], 0);
        std::vector<std::atomic<std::uint64_t>> fill(nodes());
        for (Index i = 0; i < nodes(); ++i) fill[i].store(first_pred_[i], std::memory_order_relaxed);
        std::atomic<std::uint64_t> done{0};
        for_chunks(nodes(), options_.threads, [&](std::uint64_t first, std::uint64_t last) {
            G g;
            Inside inside;
            Exits exits;
            for (auto i = Index(first); i < last; ++i) {
                if (codes_[slot(i)] != unknown_code || walk(i, g, inside, exits) != Kind::Inner) continue;
                for (const Index c : inside.positions) pred_[fill[c].fetch_add(1, std::memory_order_relaxed)] = i;
                for (const Alias& a : inside.aliases) pred_[first_pred_[alias_node(a)]] = i;
            }
            progress_chunk(done, last - first, "links");
        });
    }

    Index alias_node(const Alias& a) const {
        const auto it = std::ranges::lower_bound(aliases_, std::pair(a.parent, a.move), {},
                                                 [](const Alias& x) { return std::pair(x.parent, x.move); });
        if (it == aliases_.end() || it->parent != a.parent || it->move != a.move)
            fail<std::logic_error>("lost an aliased position");
        return Index(size_ + (it - aliases_.begin()));
    }

    template <class Visit>
    void each_predecessor(Index i, G& g, std::vector<std::uint64_t>& found, const Visit& visit) {
        if constexpr (Mode == Predecessors::Links) {
            for (std::uint64_t k = first_pred_[i]; k < first_pred_[i + 1]; ++k) visit(pred_[k]);
        } else {
            if (i >= size_) return visit(aliases_[i - size_].parent);
            if (!place(i, g)) fail<std::logic_error>("settled an index that names no position");
            found.clear();
            SliceIndex<G>::unmoves(slice_, g, found);
            std::ranges::sort(found);
            const auto [from, to] = std::ranges::unique(found);
            found.erase(from, to);
            for (const std::uint64_t p : found) {
                if (p >= size_) fail<std::logic_error>("has an unmove to an index beyond it");
                visit(Index(p));
                if (!(has_alias_[p / 64] >> (p % 64) & 1)) continue;
                for (auto it = std::ranges::lower_bound(alias_bases_, std::pair(Index(p), Index(0)));
                     it != alias_bases_.end() && it->first == p; ++it)
                    visit(it->second);
            }
        }
    }

    // Level by level: the nodes an exit wins for at this level, unless
    // settled earlier, join those settled at it; each then tells its
    // predecessors, on several threads.
    void settle_levels() {
        std::uint64_t settled = 0;
        for (std::size_t level = 0; more_levels(level); ++level) {
            std::vector<Index> now = take(settled_, level);
            for (const Index i : take(exits_won_, level))
                if (codes_[slot(i)] == unknown_code) {
                    codes_[slot(i)] = win_code(checked(int(level)));
                    now.push_back(i);
                }
            tell_predecessors(now, int(level));
            if (parts_.split()) deliver(int(level));
            settled += now.size();
            report("levels", std::min(1.0, double(settled) / double(size_)));
        }
        report("levels", 1.0);
    }

    [[nodiscard]] std::size_t scheduled_levels() const { return std::max(settled_.size(), exits_won_.size()); }

    // Split, every part runs the same levels: level 0, then each while a
    // part has nodes scheduled past the last or was just sent news.
    [[nodiscard]] bool more_levels(std::size_t level) const {
        if (!parts_.split()) return level < scheduled_levels();
        return level == 0 || more_;
    }

    // What a settled node tells predecessor p: p wins (the node lost) or has
    // one more move known won.
    struct News {
        std::vector<std::vector<Index>> wins, won_moves;  // by part
        explicit News(int parts) : wins(std::size_t(parts)), won_moves(std::size_t(parts)) {}
    };

    void tell_predecessors(const std::vector<Index>& now, int level) {
        for_chunks(
            now.size(), options_.threads,
            [&](std::uint64_t first, std::uint64_t last) {
                G g;
                std::vector<std::uint64_t> found;
                Schedule later;
                News away(parts_.count());
                for (std::uint64_t k = first; k < last; ++k) {
                    const bool lost = decode(codes_[slot(now[k])]).result == Outcome::Loss;
                    each_predecessor(now[k], g, found, [&](Index p) {
                        if (!mine(p))
                            (lost ? away.wins : away.won_moves)[std::size_t(owner(p))].push_back(p);
                        else if (lost)
                            win(p, level + 1, later);
                        else
                            one_more_won(p, level, later);
                    });
                }
                std::lock_guard lock(schedule_mutex_);
                schedule(later);
                for (std::size_t k = 0; parts_.split() && k < away.wins.size(); ++k) {
                    news_.wins[k].insert(news_.wins[k].end(), away.wins[k].begin(), away.wins[k].end());
                    news_.won_moves[k].insert(news_.won_moves[k].end(), away.won_moves[k].begin(),
                                              away.won_moves[k].end());
                }
            },
            1024);
    }

    void schedule(const Schedule& later) {
        for (std::size_t l = 0; l < later.size(); ++l)
            for (const Index i : later[l]) add(settled_, int(l), i);
    }

    // Split, the end of a level: each part's news to it, with whether this
    // part has nodes scheduled past the level and sent any news; then the
    // news from the others.
    void deliver(int level) {
        using namespace split_detail;
        std::vector<std::string> out(std::size_t(parts_.count()));
        bool sent = false;
        for (std::size_t k = 0; k < out.size(); ++k) {
            std::ranges::sort(news_.wins[k]);  // a win told twice is sent once
            const auto [from, to] = std::ranges::unique(news_.wins[k]);
            news_.wins[k].erase(from, to);
            std::ranges::sort(news_.won_moves[k]);
            sent = sent || !news_.wins[k].empty() || !news_.won_moves[k].empty();
        }
        for (std::size_t k = 0; k < out.size(); ++k) {
            put32(out[k], scheduled_levels() > std::size_t(level) + 1 ? 1 : 0);
            put32(out[k], sent ? 1 : 0);
            put_list(out[k], news_.wins[k]);
            put_list(out[k], news_.won_moves[k]);
            news_.wins[k].clear();
            news_.won_moves[k].clear();
        }
        more_ = false;
        Schedule later;
        for (const std::string& in : parts_.exchange("level", std::move(out))) {
            more_ = more_ || get32(in, 0) || get32(in, 4);
            std::size_t at = 8;
            for (const Index p : get_list(in, at)) win(p, level + 1, later);
            for (const Index p : get_list(in, at)) one_more_won(p, level, later);
        }
        schedule(later);
    }

    // Split, at the end: every part's codes of its share to part 0, which
    // keeps them all (as they lie in memory: the parts share a byte order);
    // whether this is part 0.
    bool gather_codes() {
        std::vector<std::string> out(std::size_t(parts_.count()));
        out[0].resize(std::size_t(stored_) * sizeof(Code));
        std::memcpy(out[0].data(), codes_.data(), out[0].size());
        codes_ = {};
        const std::vector<std::string> in = parts_.exchange("codes", std::move(out));
        if (parts_.part() != 0) return false;
        codes_.resize(size_);
        const std::uint32_t block = parts_.block();
        for (int k = 0; k < parts_.count(); ++k) {
            const std::string& from = in[std::size_t(k)];
            const std::uint32_t held = parts_.held_by(k);
            if (from.size() != std::size_t(held) * sizeof(Code)) fail<std::runtime_error>("lost a part's codes");
            for (std::uint32_t s = 0; s < held; s += block)
                std::memcpy(codes_.data() + parts_.index(k, s), from.data() + std::size_t(s) * sizeof(Code),
                            std::size_t(std::min(block, held - s)) * sizeof(Code));
        }
        return true;
    }

    // Codes and counters change under several threads here: atomically.
    void win(Index p, int level, Schedule& later) {
        std::atomic_ref<Code> code(codes_[slot(p)]);
        Code expected = unknown_code;
        if (code.load(std::memory_order_relaxed) != unknown_code) return;
        if (code.compare_exchange_strong(expected, win_code(checked(level)), std::memory_order_relaxed))
            add(later, level, p);
    }

    void one_more_won(Index p, int level, Schedule& later) {
        std::atomic_ref<Code> code(codes_[slot(p)]);
        std::atomic_ref<std::uint16_t> waiting(waiting_[slot(p)]);
        if (code.load(std::memory_order_relaxed) != unknown_code) return;
        if (waiting.load(std::memory_order_relaxed) == cannot_lose) return;
        if (waiting.fetch_sub(1, std::memory_order_relaxed) != 1) return;
        const int at = checked(std::max(level, int(longest_exit_win_[slot(p)])) + 1);
        code.store(loss_code(at), std::memory_order_relaxed);
        add(later, at, p);
    }

    Slice slice_;
    const Lookup& lookup_;
    BuildOptions options_;
    SliceParts parts_;
    Index size_ = 0;
    Index stored_ = 0;                                  // the stored indices this part keeps (all, unsplit)
    std::vector<Code> codes_;                           // by slot()
    std::vector<std::uint16_t> waiting_;                // moves inside not yet known won; cannot_lose
    std::vector<std::uint16_t> longest_exit_win_;       // plies, over exits to other slices
    std::vector<Alias> aliases_;                        // node size_ + k is aliases_[k]
    std::vector<Alias> found_;                          // met by the scan, not yet numbered
    std::vector<std::pair<Index, Index>> alias_bases_;  // (base, node), sorted
    std::vector<int> alias_owner_;                      // split: the part of node size_ + k
    News news_{parts_.count()};                         // split: for the other parts, this level
    bool more_ = false;                                 // split: another level for every part
    std::vector<std::uint64_t> has_alias_;              // a bit a stored index
    std::vector<std::atomic<Index>> pred_count_;
    std::vector<std::uint64_t> first_pred_;
    std::vector<Index> pred_;
    Schedule settled_;    // nodes whose code is set, by level
    Schedule exits_won_;  // nodes an exit wins for, by level: settled there unless earlier
    std::mutex schedule_mutex_;
};

template <SlicedGame G, class Lookup>
std::vector<Code> build_slice(const SliceOf<G>& slice, const Lookup& lookup, const BuildOptions& options = {},
                              const SplitBuild& split = {}) {
    return SliceBuilder<G, Lookup>(slice, lookup, options, split).build();
}

}  // namespace ply::retro
