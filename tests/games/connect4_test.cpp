// Connect Four against independent truths: a naive grid implementation of
// the rules, John Tromp's published position counts, Pons' benchmark files.
#include <ply/games/connect4/connect4.hpp>

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <fstream>
#include <map>
#include <optional>
#include <random>
#include <sstream>
#include <string>
#include <unordered_set>
#include <utility>
#include <vector>

#include <ply/core/error.hpp>
#include <ply/search/solve/exhaustive.hpp>
#include "support/generic_game_suite.hpp"

namespace ply::testing {

using connect4::Connect4;

template <>
struct GameSamples<Connect4> {
    static std::vector<Connect4> starts() {
        return {Connect4{},
                Connect4::from_position("4453"),
                Connect4::from_position("9x5:"),
                Connect4::from_position("6x7:3344"),
                Connect4::from_position("8x7:"),
                Connect4::from_position("4x4:"),
                Connect4::from_position("12x4:ab"),
                Connect4::from_position("1x8:")};
    }
    static int playouts() { return 40; }
    static int max_plies() { return 64; }
};

INSTANTIATE_TYPED_TEST_SUITE_P(Connect4, GenericGame, ::testing::Types<Connect4>);

namespace {

// The rules, written the slow and obvious way.
struct NaiveBoard {
    int w, h;
    std::vector<std::vector<int>> cell;  // [col][row]: 0 empty, 1 first player, 2 second
    std::vector<int> heights;
    int moves = 0;
    NaiveBoard(int width, int height)
        : w(width),
          h(height),
          cell(static_cast<std::size_t>(width), std::vector<int>(static_cast<std::size_t>(height), 0)),
          heights(static_cast<std::size_t>(width), 0) {}

    int at(int c, int r) const {
        if (c < 0 || c >= w || r < 0 || r >= h) return -1;
        return cell[static_cast<std::size_t>(c)][static_cast<std::size_t>(r)];
    }
    // Would a stone of `player` at (c, r) make four?
    bool makes_four(int c, int r, int player) const {
        static constexpr int dirs[4][2] = {{1, 0}, {0, 1}, {1, 1}, {1, -1}};
        for (const auto& d : dirs) {
            int n = 1;
            for (int s : {1, -1})
                for (int k = 1; at(c + s * k * d[0], r + s * k * d[1]) == player; ++k) ++n;
            if (n >= 4) return true;
        }
        return false;
    }
    int player_to_move() const { return moves % 2 + 1; }
    bool wins_now(int c) const { return makes_four(c, heights[static_cast<std::size_t>(c)], player_to_move()); }
    bool play(int c) {  // returns whether it made four
        const bool won = wins_now(c);
        cell[static_cast<std::size_t>(c)][static_cast<std::size_t>(heights[static_cast<std::size_t>(c)]++)] =
            player_to_move();
        ++moves;
        return won;
    }
};

std::string error_of(std::string_view position) {
    try {
        (void)Connect4::from_position(position);
    } catch (const ParseError& e) {
        return e.what();
    }
    return "accepted";
}

// Tromp's table: (width, height) -> number of positions.
std::map<std::pair<int, int>, long long> tromp_counts() {
    std::ifstream in(PLY_DATA_DIR "/connect4/tromp_position_counts.txt");
    EXPECT_TRUE(in) << "cannot read tromp_position_counts.txt";
    std::map<std::pair<int, int>, long long> counts;
    std::string line;
    while (std::getline(in, line)) {
        if (line.empty() || line[0] == '#' || line.rfind("height", 0) == 0) continue;
        std::istringstream fields(line);
        int height = 0;
        fields >> height;
        long long n = 0;
        for (int width = 1; fields >> n; ++width) counts[{width, height}] = n;
    }
    return counts;
}

// Distinct positions reachable from g (play stops at a win), by key; their
// hashes too when asked.
// The board as text, read cell by cell, and as its mirror image would read.
std::pair<std::string, std::string> board_and_mirror(const Connect4& g) {
    std::string board, mirror;
    for (int col = 0; col < g.width(); ++col)
        for (int row = 0; row < g.height(); ++row) {
            board += g.at(col, row);
            mirror += g.at(g.width() - 1 - col, row);
        }
    return {board, mirror};
}

void count_positions(Connect4& g, std::unordered_set<std::uint64_t>& seen,
                     std::unordered_set<std::uint64_t>* hashes = nullptr,
                     std::unordered_set<std::string>* mirror_classes = nullptr) {
    if (!seen.insert(g.key()).second) return;
    if (hashes) hashes->insert(g.hash());
    if (mirror_classes) {
        const auto [board, mirror] = board_and_mirror(g);
        mirror_classes->insert(std::min(board, mirror));
    }
    MoveListOf<Connect4> moves;
    g.generate_moves(moves);
    for (const auto m : moves) {
        g.make(m);
        count_positions(g, seen, hashes, mirror_classes);
        g.unmake(m);
    }
}

}  // namespace

TEST(Connect4, StartPosition) {
    const Connect4 g;
    EXPECT_EQ(g.width(), 7);
    EXPECT_EQ(g.height(), 6);
    EXPECT_EQ(g.moves_played(), 0);
    EXPECT_EQ(g.position(), "");
    EXPECT_EQ(Connect4::name, "connect4");
    MoveListOf<Connect4> moves;
    g.generate_moves(moves);
    const std::vector<int> centre_out = {3, 2, 4, 1, 5, 0, 6};
    EXPECT_EQ(std::vector<int>(moves.begin(), moves.end()), centre_out);
    EXPECT_EQ(Connect4::from_position("start").position(), "");
    EXPECT_EQ(Connect4::from_position("  4453 ").position(), "4453");
    EXPECT_EQ(Connect4::from_position("4453").sequence(), "4453");
}

TEST(Connect4, ParseErrorsNameTheMove) {
    EXPECT_EQ(error_of("4453x"), "connect4: move 5 ('x', character 5): not a column (columns are 1-7)");
    EXPECT_EQ(error_of("448"), "connect4: move 3 ('8', character 3): column 8 is off the board (columns 1-7)");
    EXPECT_EQ(error_of("40"), "connect4: move 2 ('0', character 2): not a column (columns are 1-7)");
    EXPECT_EQ(error_of("4444444"), "connect4: move 7 ('4', character 7): column 4 is full");
    EXPECT_EQ(error_of("12121213"),
              "connect4: move 8 ('3', character 8): the game is already over, the first player won with move 7");
    EXPECT_EQ(error_of("1122334"), "accepted");  // a won position itself is fine
    EXPECT_EQ(error_of("9x5:9"), "accepted");
    EXPECT_NE(error_of("10x6:").find("unsupported board size 10x6"), std::string::npos);
    EXPECT_NE(error_of("9y5:").find("bad size prefix '9y5:'"), std::string::npos);
    EXPECT_NE(error_of("x5:").find("bad size prefix"), std::string::npos);
    EXPECT_NE(error_of("0x5:").find("unsupported board size 0x5"), std::string::npos);
    EXPECT_EQ(error_of("6x7:7"), "connect4: move 1 ('7', character 1): column 7 is off the board (columns 1-6)");
    EXPECT_THROW(Connect4(9, 7), ParseError);  // 9 * 8 = 72 bits
}

TEST(Connect4, MoveNotation) {
    Connect4 g = Connect4::from_position("444444");
    EXPECT_EQ(g.parse_move("1"), 0);
    EXPECT_EQ(g.parse_move(" 7 "), 6);
    EXPECT_EQ(g.move_to_string(3), "4");
    for (const char* bad : {"", "0", "8", "44", "a", "x", "-1"})
        EXPECT_THROW((void)g.parse_move(bad), ParseError) << bad;
    try {
        (void)g.parse_move("4");
        FAIL();
    } catch (const ParseError& e) {
        EXPECT_EQ(std::string(e.what()), "'4': column 4 is full");
    }
    const Connect4 wide = Connect4::from_position("12x4:");
    EXPECT_EQ(wide.parse_move("10"), 9);
    EXPECT_EQ(wide.parse_move("a"), 9);
    EXPECT_EQ(wide.parse_move("C"), 11);
    EXPECT_EQ(wide.move_to_string(11), "c");
    EXPECT_THROW((void)wide.parse_move("13"), ParseError);
    EXPECT_THROW((void)Connect4::from_position("1122334").parse_move("5"), ParseError);  // over
}

// Each line: (sequence, the winning line's direction). The last move wins.
TEST(Connect4, WinsInEveryDirection) {
    const std::vector<std::pair<std::string, std::string>> wins = {
        {"1122334", "horizontal, bottom left"},
        {"7766554", "horizontal, bottom right"},
        {"545552423253442365733367441262", "horizontal, top row"},
        {"1212121", "vertical, left edge"},
        {"17277172717", "vertical, right edge up to the top"},
        {"12432347344", "diagonal / from the bottom-left corner"},
        {"573246776667276574455", "diagonal / into the top-right corner"},
        {"46745465465", "diagonal \\ from the bottom-right corner"},
        {"12172271112447441323323", "diagonal \\ from the top-left corner"},
    };
    for (const auto& [seq, what] : wins) {
        SCOPED_TRACE(seq + " (" + what + ")");
        Connect4 g = Connect4::from_position(seq.substr(0, seq.size() - 1));
        ASSERT_EQ(g.outcome(), Outcome::Ongoing);
        const int last = seq.back() - '1';
        EXPECT_TRUE(g.is_winning_move(last));
        EXPECT_TRUE(g.can_win_next());
        g.make(last);
        EXPECT_EQ(g.outcome(), Outcome::Loss);
        EXPECT_TRUE(g.is_won());
        MoveListOf<Connect4> moves;
        g.generate_moves(moves);
        EXPECT_TRUE(moves.empty());
        EXPECT_EQ(Connect4::from_position(seq).outcome(), Outcome::Loss);
        g.unmake(last);
        EXPECT_EQ(g.outcome(), Outcome::Ongoing);
        EXPECT_EQ(g.position(), seq.substr(0, seq.size() - 1));
    }
}

// Bits that are adjacent across a column boundary must not form a line: the
// first player holds column 1 rows 4-6 and column 2 row 1, which are bits
// 3, 4, 5 and 7 of the board (bit 6 is the always-empty guard).
TEST(Connect4, NoLinesWrapAroundColumns) {
    const Connect4 g = Connect4::from_position("21516117171");
    EXPECT_EQ(g.at(0, 5), 'X');
    EXPECT_EQ(g.at(1, 0), 'X');
    EXPECT_EQ(g.outcome(), Outcome::Ongoing);
    // A full board without a four (found by random play, checked by the naive rules).
    const std::string draw = "442761225377252342545563474175371666631311";
    NaiveBoard naive(7, 6);
    bool naive_won = false;
    for (const char c : draw) naive_won = naive.play(c - '1') || naive_won;
    ASSERT_FALSE(naive_won);
    const Connect4 full = Connect4::from_position(draw);
    EXPECT_EQ(full.outcome(), Outcome::Draw);
    EXPECT_EQ(full.moves_played(), 42);
    MoveListOf<Connect4> moves;
    full.generate_moves(moves);
    EXPECT_TRUE(moves.empty());
    EXPECT_EQ(error_of(draw + "1"), "connect4: move 43 ('1', character 43): column 1 is full");
}

// Random games on many board sizes, move by move against the naive rules.
TEST(Connect4, AgreesWithNaiveRulesInRandomGames) {
    std::mt19937_64 rng(42);
    const std::vector<std::pair<int, int>> sizes = {{7, 6},  {4, 4},  {9, 5},  {6, 7}, {8, 7}, {5, 4},
                                                    {4, 12}, {16, 3}, {12, 4}, {1, 8}, {3, 3}, {2, 20}};
    for (const auto& [w, h] : sizes) {
        SCOPED_TRACE(std::to_string(w) + "x" + std::to_string(h));
        for (int game = 0; game < 300; ++game) {
            Connect4 g(w, h);
            NaiveBoard naive(w, h);
            bool won = false;
            while (true) {
                MoveListOf<Connect4> moves;
                g.generate_moves(moves);
                const bool full = naive.moves == w * h;
                ASSERT_EQ(g.outcome(), won ? Outcome::Loss : full ? Outcome::Draw : Outcome::Ongoing) << g.position();
                ASSERT_EQ(moves.empty(), won || full);
                ASSERT_LE(std::abs(g.evaluate()), 1000);
                if (moves.empty()) break;
                // Every playable column, its win flag, and the threat bitboards.
                int playable = 0;
                std::uint64_t threats = 0, opp_threats = 0;
                for (int c = 0; c < w; ++c) {
                    const bool open = naive.heights[static_cast<std::size_t>(c)] < h;
                    ASSERT_EQ(g.can_play(c), open);
                    if (!open) continue;
                    ++playable;
                    ASSERT_EQ(g.is_winning_move(c), naive.wins_now(c)) << g.position() << " col " << c + 1;
                    for (int r = naive.heights[static_cast<std::size_t>(c)]; r < h; ++r) {
                        const std::uint64_t bit = std::uint64_t{1} << (c * (h + 1) + r);
                        if (naive.makes_four(c, r, naive.player_to_move())) threats |= bit;
                        if (naive.makes_four(c, r, 3 - naive.player_to_move())) opp_threats |= bit;
                    }
                }
                ASSERT_EQ(g.winning_cells(), threats) << g.position();
                ASSERT_EQ(g.opponent_winning_cells(), opp_threats) << g.position();
                ASSERT_EQ(moves.size(), static_cast<std::size_t>(playable));
                const int c = moves[std::uniform_int_distribution<std::size_t>(0, moves.size() - 1)(rng)];
                ASSERT_LT(g.move_key(c), Connect4::move_key_count);
                g.make(c);
                won = naive.play(c);
                for (int col = 0; col < w; ++col)
                    for (int row = 0; row < h; ++row) ASSERT_EQ(g.at(col, row), ".XO"[naive.at(col, row)]);
            }
            ASSERT_EQ(Connect4::from_position(g.position()).key(), g.key());
        }
    }
}

TEST(Connect4, PositionCountsMatchTromp) {
    const auto counts = tromp_counts();
    ASSERT_EQ(counts.at({7, 6}), 4531985219092LL);  // the file was read right
    ASSERT_EQ(counts.at({4, 4}), 161029);
    int checked = 0;
    for (const auto& [size, expected] : counts) {
        const auto [w, h] = size;
        if (expected > 250000 || !Connect4::valid_size(w, h)) continue;
        SCOPED_TRACE(std::to_string(w) + "x" + std::to_string(h));
        Connect4 g(w, h);
        std::unordered_set<std::uint64_t> seen;
        seen.reserve(static_cast<std::size_t>(expected) * 2);
        count_positions(g, seen);
        EXPECT_EQ(static_cast<long long>(seen.size()), expected);
        ++checked;
    }
    EXPECT_GE(checked, 30);
}

TEST(Connect4, OtherSizes) {
    Connect4 g = Connect4::from_position("9x5:5567");
    EXPECT_EQ(g.width(), 9);
    EXPECT_EQ(g.height(), 5);
    EXPECT_EQ(g.position(), "9x5:5567");
    EXPECT_EQ(g.sequence(), "5567");
    EXPECT_EQ(g.render(),
              "| . . . . . . . . . |\n"
              "| . . . . . . . . . |\n"
              "| . . . . . . . . . |\n"
              "| . . . . O . . . . |\n"
              "| . . . . X X O . . |\n"
              "+-------------------+\n"
              "  1 2 3 4 5 6 7 8 9\n");
    const Connect4 tall = Connect4::from_position("6x7:111111");
    EXPECT_EQ(tall.height(), 7);
    EXPECT_TRUE(tall.can_play(0));
    EXPECT_EQ(Connect4::from_position("7x6:44").position(), "44");  // the default size has no prefix
    // The largest board: 8 x 7 uses all 64 bits.
    Connect4 big(8, 7);
    for (int i = 0; i < 7; ++i) big.make(7);
    EXPECT_FALSE(big.can_play(7));
    EXPECT_EQ(big.outcome(), Outcome::Ongoing);
    EXPECT_EQ(big.position(), "8x7:8888888");
}

TEST(Connect4, ReadsPonsBenchmarkPositions) {
    std::ifstream in(PLY_DATA_DIR "/connect4/Test_L3_R1");
    ASSERT_TRUE(in);
    std::string seq;
    int score = 0, lines = 0;
    while (in >> seq >> score) {
        const Connect4 g = Connect4::from_position(seq);
        EXPECT_EQ(g.moves_played(), static_cast<int>(seq.size()));
        EXPECT_EQ(g.outcome(), Outcome::Ongoing) << seq;
        EXPECT_EQ(g.position(), seq);
        ++lines;
    }
    EXPECT_EQ(lines, 1000);
}

TEST(Connect4, NonLosingMoves) {
    // X: column 7 rows 1-3; O: columns 1-3 of the bottom row. X to move.
    Connect4 g = Connect4::from_position("717273");
    EXPECT_TRUE(g.is_winning_move(6));
    EXPECT_FALSE(g.is_winning_move(3));
    g.make(4);  // X ignores both threats; O can now win in column 4.
    EXPECT_TRUE(g.can_win_next());
    g.unmake(4);
    g.make(3);  // X blocks column 4; O's only move that does not lose is column 7.
    EXPECT_FALSE(g.can_win_next());
    EXPECT_EQ(g.possible_non_losing_moves(), std::uint64_t{1} << (6 * 7 + 3));
    EXPECT_EQ(g.column_of(g.possible_non_losing_moves()), 6);
}

TEST(Connect4, TheFollowUpStrategyKeepsEachSideToItsCells) {
    // Random positions, then the mover plays at random and the opponent by
    // the strategy follow_up() assumes, to the full board (wins ignored):
    // the mover's stones land only in its cells, the opponent's sure cells
    // all become its own.
    std::mt19937_64 rng(5);
    int followed = 0;
    for (const auto& [w, h] : std::vector<std::pair<int, int>>{{7, 6}, {6, 5}, {5, 4}, {4, 5}, {9, 5}}) {
        for (int game = 0; game < 300; ++game) {
            Connect4 g(w, h);
            const auto random_open_column = [&] {
                int c = static_cast<int>(rng() % static_cast<std::uint64_t>(w));
                while (!g.can_play(c)) c = (c + 1) % w;
                return c;
            };
            for (int p = static_cast<int>(rng() % static_cast<std::uint64_t>(w * h)); p > 0; --p)
                g.make(random_open_column());
            const auto f = g.follow_up();
            ASSERT_EQ(f.has_value(), g.max_plies_left() % 2 == 0) << g.position();
            if (!f) continue;
            ++followed;
            const auto empty_in = [&](int c) {
                return g.can_play(c) ? h - (static_cast<int>(g.move_key(c)) - c * (h + 1)) : 0;
            };
            std::uint64_t mover = 0, opponent = 0;
            while (g.max_plies_left() > 0) {
                const int c = random_open_column();
                mover |= std::uint64_t{1} << g.move_key(c);
                g.make(c);
                // The same column if its empty cells are now odd in number,
                // otherwise another column whose empty cells are.
                int reply = c;
                if (empty_in(c) % 2 == 0) {
                    std::vector<int> odd;
                    for (int o = 0; o < w; ++o)
                        if (empty_in(o) % 2) odd.push_back(o);
                    ASSERT_FALSE(odd.empty()) << g.position();
                    reply = odd[rng() % odd.size()];
                }
                opponent |= std::uint64_t{1} << g.move_key(reply);
                g.make(reply);
            }
            const std::uint64_t cells = mover | opponent;  // the cells empty at the start
            ASSERT_EQ(mover & ~f->mover_at_most, 0u) << g.position();
            ASSERT_EQ(f->opponent_sure & cells & ~opponent, 0u) << g.position();
        }
    }
    EXPECT_GT(followed, 500);
}

namespace {

// Random positions of boards with even and odd heights and cell counts,
// with at most `most_empty` empty cells, none of them over.
template <class Visit>
void for_random_positions(std::uint64_t seed, int most_empty, int per_size, Visit visit) {
    std::mt19937_64 rng(seed);
    for (const auto& [w, h] :
         std::vector<std::pair<int, int>>{{4, 4}, {5, 4}, {5, 3}, {4, 5}, {6, 4}, {5, 5}, {7, 6}}) {
        for (int game = 0; game < per_size; ++game) {
            Connect4 g(w, h);
            const int fewest = std::max(0, w * h - most_empty);
            const int plies = fewest + static_cast<int>(rng() % static_cast<std::uint64_t>(w * h - fewest));
            for (int p = 0; p < plies && !is_over(g.outcome()); ++p) {
                MoveListOf<Connect4> moves;
                g.generate_moves(moves);
                g.make(moves[rng() % moves.size()]);
            }
            if (!is_over(g.outcome())) visit(g);
        }
    }
}

// Does the set of cells `cells` (bits as move_key numbers them: a column
// of height h takes h + 1 bits) hold four in a row? Cell by cell, for the
// test's own check.
bool holds_four(const Connect4& g, std::uint64_t cells) {
    const auto at = [&](int c, int r) {
        return c >= 0 && c < g.width() && r >= 0 && r < g.height() && (cells >> (c * (g.height() + 1) + r) & 1) != 0;
    };
    for (int c = 0; c < g.width(); ++c)
        for (int r = 0; r < g.height(); ++r)
            for (const auto& [dc, dr] : std::vector<std::pair<int, int>>{{1, 0}, {0, 1}, {1, 1}, {1, -1}})
                if (at(c, r) && at(c + dc, r + dr) && at(c + 2 * dc, r + 2 * dr) && at(c + 3 * dc, r + 3 * dr))
                    return true;
    return false;
}

}  // namespace

TEST(Connect4, ProvenBoundsHoldAgainstTheSolver) {
    // Wherever the game proves a bound, the exact value lies on its side.
    // At most 16 empty cells: the solver's trees stay small.
    int draws_at_best = 0, losses = 0, draws_at_least = 0, wins = 0;
    int beaten_below = 0;  // losses although the mover's cells hold a four
    for_random_positions(11, 16, 2000, [&](const Connect4& g) {
        const auto upper = g.proven_upper_bound();
        const auto lower = g.proven_lower_bound();
        if (!upper && !lower) return;
        const Score value = solve::exhaustive(g, 14).score;
        if (upper) {
            ASSERT_LE(value, *upper) << g.position();
            ++(*upper == 0 ? draws_at_best : losses);
            beaten_below += holds_four(g, g.follow_up()->mover_at_most);
        }
        if (lower) {
            ASSERT_GE(value, *lower) << g.position();
            ++(*lower == 0 ? draws_at_least : wins);
        }
    });
    // Every kind occurs: the test reaches each.
    EXPECT_GT(draws_at_best, 400);
    EXPECT_GT(losses, 40);
    EXPECT_GT(draws_at_least, 400);
    EXPECT_GT(wins, 40);
    EXPECT_GT(beaten_below, 10);
}

TEST(Connect4, TheLowerBoundIsTheBestChildsUpperBound) {
    // The lower bound reads the children's follow-up cells off the parent's
    // bitboards: it must agree with playing each child and asking it.
    int bounded = 0;
    for_random_positions(13, 64, 3000, [&](const Connect4& g) {
        ASSERT_FALSE(g.proven_lower_bound() && g.proven_upper_bound()) << "one parity each";
        std::optional<Score> best;
        MoveListOf<Connect4> moves;
        g.generate_moves(moves);
        for (const auto m : moves) {
            Connect4 child = g;
            child.make(m);
            if (const auto b = child.proven_upper_bound()) {
                const Score mine = -score_from_tt(*b, 1);  // one ply further from here
                best = best ? std::max(*best, mine) : mine;
            }
        }
        ASSERT_EQ(g.proven_lower_bound(), best) << g.position();
        bounded += best.has_value();
    });
    EXPECT_GT(bounded, 1000);
}

TEST(Connect4, HashIsUniqueAndMoveKeysDistinct) {
    Connect4 g(4, 4);
    std::unordered_set<std::uint64_t> keys, hashes;
    std::unordered_set<std::string> mirror_classes;
    count_positions(g, keys, &hashes, &mirror_classes);
    EXPECT_EQ(keys.size(), 161029u);
    // The hash is symmetric: one per position and its mirror image, no fewer.
    EXPECT_EQ(hashes.size(), mirror_classes.size());
    EXPECT_LT(mirror_classes.size(), 161029u);
    Connect4 h = Connect4::from_position("4444");
    MoveListOf<Connect4> moves;
    h.generate_moves(moves);
    std::unordered_set<std::size_t> move_keys;
    for (const auto m : moves) move_keys.insert(h.move_key(m));
    EXPECT_EQ(move_keys.size(), moves.size());
    EXPECT_EQ(h.move_key(3), static_cast<std::size_t>(3 * 7 + 4));
    EXPECT_NE(Connect4::from_position("44").hash(), Connect4::from_position("4").hash());
}

TEST(Connect4, MirrorImagesShareTheHash) {
    std::mt19937_64 rng(7);
    for (const auto& [w, h] : std::vector<std::pair<int, int>>{{7, 6}, {6, 5}, {9, 5}}) {
        for (int game = 0; game < 50; ++game) {
            Connect4 g(w, h), m(w, h);
            for (int p = 0; p < w * h && !is_over(g.outcome()); ++p) {
                MoveListOf<Connect4> moves;
                g.generate_moves(moves);
                const int col = moves[rng() % moves.size()];
                ASSERT_EQ(g.mirror_move(col), w - 1 - col);
                g.make(col);
                m.make(w - 1 - col);  // the same game reflected
                ASSERT_EQ(g.hash(), m.hash()) << g.position() << " / " << m.position();
                const auto [board, mirror] = board_and_mirror(g);
                // One of the two reads the board mirrored, unless it is symmetric.
                if (board != mirror) {
                    ASSERT_NE(g.hash_mirrored(), m.hash_mirrored()) << g.position();
                }
                ASSERT_EQ(g.mirror_key(), m.key());
            }
        }
    }
}

}  // namespace ply::testing
