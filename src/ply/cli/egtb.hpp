// `ply egtb build|verify|probe|info GAME`: endgame databases built by
// retrograde analysis (search/retro) for a game that offers its slices
// (core/slices.hpp: chess, checkers). The options and the reports know no
// game (egtb.cpp); the work is compiled per game here.
#pragma once

#include <algorithm>
#include <array>
#include <chrono>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <iostream>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include <ply/cli/interrupt.hpp>
#include <ply/cli/positions.hpp>
#include <ply/core/describe.hpp>
#include <ply/core/slices.hpp>
#include <ply/search/retro/build.hpp>
#include <ply/search/retro/needed.hpp>
#include <ply/search/retro/probe.hpp>
#include <ply/search/retro/table_set.hpp>

namespace ply::cli {

struct EgtbOptions {
    std::string action;  // build, verify, probe, info
    std::string game;
    std::string target;        // probe: the position; info: a slice (empty: all)
    int pieces = 0;            // build, verify: at most this many (0: verify every table present)
    std::string for_position;  // build: only the slices this position needs
    std::string dir;           // empty: egtb/<game>
    int threads = 1;
    std::uint64_t split_above = 0;  // build under mpirun: slices of more indices split over the ranks (0: none)
    bool json = false;
};

// --- The parts that know no game (egtb.cpp) ----------------------------------

std::filesystem::path egtb_folder(const EgtbOptions& o);

// One slice's numbers, per side to move.
struct SliceCounts {
    std::string slice;
    std::uint64_t positions = 0;
    std::uint64_t file_bytes = 0;
    struct Side {
        std::string name;  // "White to move"
        std::uint64_t won = 0, drawn = 0, lost = 0;
        int longest_win = -1, longest_loss = -1;  // plies; -1: none
    };
    std::vector<Side> sides;
};
void print_slice_counts(const std::vector<SliceCounts>& slices, bool json);

struct SliceBuilt {
    std::string slice;
    std::size_t number = 0, of = 0;
    std::uint64_t positions = 0, counted = 0, file_bytes = 0;
    double seconds = 0;
    bool was_complete = false;  // found on disk, checked, not built again
    int ranks = 1;              // that built it at once, split by index range
};
void report_slice_built(const SliceBuilt& s);  // one line on standard error
void report_progress(const std::string& slice, const char* phase, double done);
// Leftovers of writes a kill interrupted (NAME.plyt.partial-N).
void remove_partial_files(const std::filesystem::path& folder);

// Under mpirun, a build's slices over the job's ranks (docs/cluster.md):
// slice k starts on whichever rank is free once the slices waits[k] are
// built, and rank 0 reports each; every rank writes into `folder`, which
// they share. A slice with split[k] is built by every rank at once, each
// given its part (`build`'s second argument; empty for a whole slice).
// False, doing nothing, when no launcher started ply.
bool build_on_ranks(const std::filesystem::path& folder, const std::vector<std::vector<std::size_t>>& waits,
                    const std::vector<bool>& split,
                    const std::function<SliceBuilt(std::size_t, const retro::SplitBuild&)>& build);

struct ProbeAnswer {
    std::string position, slice, board;
    std::optional<retro::Value> value;  // nullopt: no table holds the position
    std::vector<std::string> best_moves, pv;
};
void print_probe(const ProbeAnswer& a, bool json);

std::string describe_code(retro::Code code);  // "win in 19 plies", "draw"

// --- One game ----------------------------------------------------------------

// visit(index, position, stored code) for every position of a slice's
// table, read a block at a time.
template <SlicedGame G, class Visit>
void for_each_position(const SliceOf<G>& slice, const retro::Table& table, const Visit& visit) {
    std::vector<retro::Code> codes(1 << 12);
    G g;
    for (std::uint64_t first = 0; first < table.size(); first += codes.size()) {
        const auto n = std::size_t(std::min<std::uint64_t>(codes.size(), table.size() - first));
        table.read(first, std::span(codes).first(n));
        for (std::size_t k = 0; k < n; ++k)
            if (SliceIndex<G>::position(slice, first + k, g)) visit(first + k, g, codes[k]);
    }
}

// --pieces N: every slice of at most N pieces; --for POSITION: the slices
// the position's own leads into.
template <NotatedGame G>
requires SlicedGame<G> std::vector<SliceOf<G>> slices_to_build(const CLI::App& cmd, const EgtbOptions& o) {
    if (o.for_position.empty() == (o.pieces < 1)) usage_error(cmd, "give --pieces N or --for POSITION");
    if (o.pieces >= 1) return SliceIndex<G>::slices(o.pieces);
    const G position = load_position<G>(cmd, o.for_position);
    const auto at = SliceIndex<G>::address(position);
    if (!at) input_error(cmd, "the position is in no slice of " + o.game + "'s databases");
    return retro::slices_needed<G>(at->slice);
}

// For each slice, the earlier ones (by index) that its moves lead into: what
// it waits for when slices are built at once. Without the game's
// successors(), every earlier slice.
template <SlicedGame G>
std::vector<std::vector<std::size_t>> slice_waits(const std::vector<SliceOf<G>>& slices) {
    std::vector<std::vector<std::size_t>> waits(slices.size());
    for (std::size_t k = 0; k < slices.size(); ++k) {
        if constexpr (SuccessorSlicesGame<G>) {
            for (const auto& next : SliceIndex<G>::successors(slices[k])) {
                const auto at = std::find(slices.begin(), slices.begin() + std::ptrdiff_t(k), next);
                if (at != slices.begin() + std::ptrdiff_t(k)) waits[k].push_back(std::size_t(at - slices.begin()));
            }
            std::sort(waits[k].begin(), waits[k].end());
            waits[k].erase(std::unique(waits[k].begin(), waits[k].end()), waits[k].end());
        } else {
            for (std::size_t j = 0; j < k; ++j) waits[k].push_back(j);
        }
    }
    return waits;
}

// Whether a slice's file is complete (it opens and its checksums hold);
// its size into `done`.
template <SlicedGame G>
bool keep_complete(retro::TableSet<G>& tables, const SliceOf<G>& slice, SliceBuilt& done) {
    if (!tables.has(slice)) return false;
    try {
        done.file_bytes = tables.table(slice)->file_bytes();
        done.was_complete = true;
        return true;
    } catch (const retro::TableError& e) {
        std::cerr << std::string(e.what()) + "; building it again\n";  // one write: ranks share stderr
        tables.forget(slice);
        return false;
    }
}

// One slice: kept if found complete, else built and written whole
// (temporary file, then renamed). Split, part 0 decides, reports and writes.
template <SlicedGame G>
SliceBuilt build_or_keep(const CLI::App& cmd, const EgtbOptions& o, retro::TableSet<G>& tables, const SliceOf<G>& slice,
                         const retro::SplitBuild& split = {}) {
    const std::string name = SliceIndex<G>::name(slice);
    SliceBuilt done{name, 0, 0, SliceIndex<G>::size(slice), 0, 0, 0, false, split.parts};
    const bool leader = split.part == 0;
    bool kept = leader && keep_complete<G>(tables, slice, done);
    if (split.exchange) {
        std::vector<std::string> verdict(std::size_t(split.parts), leader ? std::string(1, char(kept)) : "");
        kept = split.exchange("kept", std::move(verdict)).at(0) == std::string(1, char(1));
    }
    if (kept) return done;
    auto lookup = [&](const SliceAddress<SliceOf<G>>& at) {
        if (auto code = tables.code(at)) return *code;
        throw std::logic_error("slice " + std::string(SliceIndex<G>::name(at.slice)) + " is missing");
    };
    const auto start = std::chrono::steady_clock::now();
    retro::BuildOptions build{o.threads, [&](const char* phase, double fraction) {
                                  if (leader) report_progress(name, phase, fraction);
                                  return !CtrlC::pressed();
                              }};
    std::vector<retro::Code> codes;
    try {
        codes = retro::build_slice<G>(slice, lookup, build, split);
    } catch (const retro::Stopped&) {
        input_error(cmd, "stopped during " + name + "; run the same command again to resume");
    }
    if (!leader) return done;
    for (const auto c : codes) done.counted += c != retro::not_counted_code;
    retro::drop_unstored<G>(slice, codes);
    retro::write_table(tables.path(slice), G::name, name, codes);
    tables.forget(slice);
    done.file_bytes = std::filesystem::file_size(tables.path(slice));
    done.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    return done;
}

// Each slice in dependency order, or under mpirun over the ranks; a build
// stopped at any point resumes where it stopped.
template <SlicedGame G>
void egtb_build(const CLI::App& cmd, const EgtbOptions& o, retro::TableSet<G>& tables) {
    const auto slices = slices_to_build<G>(cmd, o);
    std::error_code error;
    std::filesystem::create_directories(tables.folder(), error);
    if (error) input_error(cmd, "cannot make the folder " + tables.folder().string() + ": " + error.message());
    const auto build = [&](std::size_t k, const retro::SplitBuild& split) {
        return build_or_keep<G>(cmd, o, tables, slices[k], split);
    };
    // Splitting needs the game's unmoves: links are built whole on each rank.
    std::vector<bool> split(slices.size());
    for (std::size_t k = 0; UnmovesGame<G> && o.split_above > 0 && k < slices.size(); ++k)
        split[k] = SliceIndex<G>::size(slices[k]) > o.split_above;
    if (build_on_ranks(tables.folder(), slice_waits<G>(slices), split, build)) return;
    remove_partial_files(tables.folder());
    CtrlC ctrl_c;
    for (std::size_t k = 0; k < slices.size(); ++k) {
        SliceBuilt done = build(k, {});
        done.number = k + 1;
        done.of = slices.size();
        report_slice_built(done);
        if (CtrlC::pressed())
            input_error(cmd, "stopped after " + done.slice + "; run the same command again to resume");
    }
}

template <SlicedGame G>
SliceCounts count_slice(const SliceOf<G>& slice, const retro::Table& table, retro::TableSet<G>& tables) {
    SliceCounts out{SliceIndex<G>::name(slice), table.size(), table.file_bytes(), {}};
    std::array<SliceCounts::Side, 2> sides{};
    std::array<bool, 2> seen{};
    for_each_position<G>(slice, table, [&](std::uint64_t i, const G& g, retro::Code stored) {
        const auto side = std::size_t(g.side_to_move());
        seen[side] = true;
        const auto code = retro::is_stored(g) ? std::optional(stored) : tables.code({slice, i});
        if (!code) throw retro::TableError("a table that " + out.slice + " needs is missing");
        const retro::Value v = retro::decode(*code);
        auto& s = sides[side];
        if (v.result == Outcome::Win) {
            ++s.won;
            s.longest_win = std::max(s.longest_win, v.plies);
        } else if (v.result == Outcome::Loss) {
            ++s.lost;
            s.longest_loss = std::max(s.longest_loss, v.plies);
        } else {
            ++s.drawn;
        }
    });
    for (std::size_t side = 0; side < 2; ++side) {
        if (!seen[side]) continue;
        sides[side].name = describe::side_name<G>(int(side)) + " to move";
        out.sides.push_back(sides[side]);
    }
    return out;
}

template <SlicedGame G>
void egtb_info(const CLI::App& cmd, const EgtbOptions& o, retro::TableSet<G>& tables) {
    std::vector<SliceOf<G>> slices;
    if (!o.target.empty()) {
        const auto slice = SliceIndex<G>::parse(o.target);
        if (!slice) usage_error(cmd, "no slice named '" + o.target + "' in " + o.game);
        slices.push_back(*slice);
    } else {
        slices = tables.slices_present();
    }
    std::vector<SliceCounts> counts;
    for (const auto& s : slices) {
        const retro::Table* table = tables.table(s);
        if (!table)
            input_error(cmd, "no table " + tables.path(s).string() + " (build it with 'ply egtb build " + o.game +
                                 " --pieces " + std::to_string(SliceIndex<G>::pieces(s)) + "')");
        counts.push_back(count_slice<G>(s, *table, tables));
    }
    if (counts.empty()) input_error(cmd, "no tables in " + tables.folder().string());
    print_slice_counts(counts, o.json);
}

// Every stored value against one ply of minimax over its children's stored
// values; fails (exit 1) naming the first position that disagrees.
template <SlicedGame G>
void egtb_verify(const CLI::App& cmd, const EgtbOptions& o, retro::TableSet<G>& tables) {
    std::size_t checked = 0;
    for (const auto& slice : tables.slices_present()) {
        if (o.pieces > 0 && SliceIndex<G>::pieces(slice) > o.pieces) continue;
        const retro::Table& table = *tables.table(slice);
        const std::string name = SliceIndex<G>::name(slice);
        std::uint64_t positions = 0;
        for_each_position<G>(slice, table, [&](std::uint64_t, const G& g, retro::Code stored) {
            if (!retro::is_stored(g)) return;
            ++positions;
            const auto expected = tables.searched(g);
            if (!expected) input_error(cmd, name + ": a move from " + g.position() + " leads to a slice with no table");
            if (retro::encode(*expected) != stored)
                input_error(cmd, name + ": " + g.position() + " is stored as " + describe_code(stored) +
                                     " but its moves give " + describe_code(retro::encode(*expected)));
        });
        report_slice_built({name, ++checked, 0, table.size(), positions, table.file_bytes(), 0, true});
    }
    if (checked == 0) input_error(cmd, "no tables in " + tables.folder().string());
}

template <SlicedGame G>
void egtb_probe(const CLI::App& cmd, const EgtbOptions& o, retro::TableSet<G>& tables) {
    std::optional<std::string> text;
    if (!o.target.empty()) text = o.target;
    const G game = load_position<G>(cmd, text);
    ProbeAnswer a;
    a.position = game.position();
    a.board = game.render();
    if (const auto at = SliceIndex<G>::address(game)) a.slice = SliceIndex<G>::name(at->slice);
    a.value = tables.probe(game);
    if (a.value) {
        for (const auto m : retro::best_moves(tables, game)) a.best_moves.push_back(game.move_to_string(m));
        G line = game;
        for (int ply = 0; ply < a.value->plies && !is_over(line.outcome()); ++ply) {
            const auto best = retro::best_moves(tables, line);
            if (best.empty()) break;
            a.pv.push_back(line.move_to_string(best.front()));
            line.make(best.front());
        }
    }
    print_probe(a, o.json);
    if (!a.value && a.slice.empty()) input_error(cmd, "the position is in no slice of " + o.game + "'s databases");
    if (!a.value) input_error(cmd, "no table for " + a.slice + " in " + egtb_folder(o).string());
}

template <NotatedGame G>
void run_egtb(const CLI::App& cmd, const EgtbOptions& o) {
    if constexpr (!SlicedGame<G>) {
        usage_error(cmd, o.game + " has no endgame databases");
    } else {
        retro::TableSet<G> tables(egtb_folder(o), std::string(G::name));
        try {
            if (o.action == "build") egtb_build(cmd, o, tables);
            if (o.action == "verify") egtb_verify(cmd, o, tables);
            if (o.action == "info") egtb_info(cmd, o, tables);
            if (o.action == "probe") egtb_probe(cmd, o, tables);
        } catch (const retro::TableError& e) {
            input_error(cmd, e.what());
        }
    }
}

}  // namespace ply::cli
