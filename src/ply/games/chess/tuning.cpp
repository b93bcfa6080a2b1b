#include <ply/games/chess/tuning.hpp>

#include <bit>
#include <sstream>

#include <ply/core/error.hpp>
#include <ply/games/chess/default_weights.hpp>
#include <ply/games/chess/evaluate.hpp>
#include <ply/games/chess/weights_file.hpp>

namespace ply {

namespace {

constexpr std::string_view kPieceLetters = "PNBRQKpnbrqk";  // by chess::Piece
constexpr std::string_view kCastlingLetters = "KQkq";
constexpr int kMaxPieces = 32;

std::string bad_packed(const std::string& why) { return "bad packed chess position: " + why; }

std::vector<WeightPair> flat(const chess::eval::Weights& weights) {
    std::vector<WeightPair> out;
    out.reserve(chess::eval::kWeightCount);
    chess::eval::for_each_weight(weights, [&](std::string_view, auto pairs) {
        for (const auto& p : pairs) out.push_back({p.mg, p.eg});
    });
    return out;
}

chess::eval::Weights structured(const std::vector<WeightPair>& values) {
    if (values.size() != chess::eval::kWeightCount)
        throw ParseError("expected " + std::to_string(chess::eval::kWeightCount) + " chess weights, got " +
                         std::to_string(values.size()));
    chess::eval::Weights out{};
    std::size_t i = 0;
    chess::eval::for_each_weight(out, [&](std::string_view, auto pairs) {
        for (auto& p : pairs) p = {values[i][0], values[i][1]}, ++i;
    });
    return out;
}

}  // namespace

void Tuning<chess::Position>::pack(const Position& pos, std::span<std::byte, kPackedSize> out) {
    // Castling is packed as KQkq, which means other rooks in Chess960.
    if (pos.chess960()) throw ParseError("cannot pack a Chess960 position: " + pos.fen());
    std::fill(out.begin(), out.end(), std::byte{0});
    std::istringstream fen(pos.fen());
    std::string board, side, castling, ep;
    int halfmove = 0, fullmove = 1;
    fen >> board >> side >> castling >> ep >> halfmove >> fullmove;
    const std::uint64_t occupied = pos.pieces();
    if (std::popcount(occupied) > kMaxPieces) throw ParseError("cannot pack more than 32 pieces: " + pos.fen());
    for (std::size_t i = 0; i < 8; ++i) out[i] = std::byte(occupied >> (8 * i));
    int n = 0;
    for (std::uint64_t b = occupied; b; b &= b - 1, ++n) {
        const auto piece = static_cast<unsigned>(pos.piece_on(static_cast<chess::Square>(std::countr_zero(b))));
        out[8 + static_cast<std::size_t>(n / 2)] |= std::byte(piece << (n % 2 ? 4 : 0));
    }
    unsigned flags = side == "b" ? 1 : 0;
    for (const char c : castling) {
        const auto right = kCastlingLetters.find(c);
        if (c == '-') continue;
        if (right == std::string_view::npos) throw ParseError("cannot pack the castling rights of " + pos.fen());
        flags |= 2u << right;
    }
    out[24] = std::byte(flags);
    out[25] = std::byte(ep == "-" ? 64 : (ep[0] - 'a') + 8 * (ep[1] - '1'));
    out[26] = std::byte(std::min(halfmove, 255));
    out[27] = std::byte(fullmove & 0xFF);
    out[28] = std::byte((fullmove >> 8) & 0xFF);
}

chess::Position Tuning<chess::Position>::unpack(std::span<const std::byte, kPackedSize> in) {
    std::uint64_t occupied = 0;
    for (std::size_t i = 0; i < 8; ++i) occupied |= std::to_integer<std::uint64_t>(in[i]) << (8 * i);
    if (std::popcount(occupied) > kMaxPieces) throw ParseError(bad_packed("more than 32 pieces"));
    char squares[64];
    std::fill(std::begin(squares), std::end(squares), ' ');
    int n = 0;
    for (std::uint64_t b = occupied; b; b &= b - 1, ++n) {
        const unsigned piece =
            std::to_integer<unsigned>(in[8 + static_cast<std::size_t>(n / 2)] >> (n % 2 ? 4 : 0)) & 15u;
        if (piece >= 12) throw ParseError(bad_packed("piece code " + std::to_string(piece)));
        squares[std::countr_zero(b)] = kPieceLetters[piece];
    }
    std::string fen;
    for (int rank = 7; rank >= 0; --rank) {
        int empty = 0;
        for (int file = 0; file < 8; ++file) {
            const char c = squares[rank * 8 + file];
            if (c == ' ') {
                ++empty;
                continue;
            }
            if (empty) fen += static_cast<char>('0' + empty), empty = 0;
            fen += c;
        }
        if (empty) fen += static_cast<char>('0' + empty);
        if (rank) fen += '/';
    }
    const unsigned flags = std::to_integer<unsigned>(in[24]);
    const unsigned ep = std::to_integer<unsigned>(in[25]);
    if (flags >= 32 || ep > 64)
        throw ParseError(bad_packed("flags " + std::to_string(flags) + ", en passant " + std::to_string(ep)));
    fen += (flags & 1) ? " b " : " w ";
    std::string castling;
    for (std::size_t i = 0; i < 4; ++i)
        if (flags & (2u << i)) castling += kCastlingLetters[i];
    fen += castling.empty() ? "-" : castling;
    fen += ' ';
    if (ep == 64) {
        fen += '-';
    } else {
        fen += static_cast<char>('a' + ep % 8);
        fen += static_cast<char>('1' + ep / 8);
    }
    const int fullmove = std::to_integer<int>(in[27]) | std::to_integer<int>(in[28]) << 8;
    fen += ' ' + std::to_string(std::to_integer<int>(in[26])) + ' ' + std::to_string(fullmove);
    try {
        return Position::from_fen(fen);
    } catch (const ParseError& e) {
        throw ParseError(bad_packed(e.what()));
    }
}

LinearEval Tuning<chess::Position>::linear(const Position& pos) {
    using namespace chess::eval;
    Trace trace;
    evaluate_traced(pos, trace);
    LinearEval out;
    for (std::size_t i = 0; i < kWeightCount; ++i) {
        if ((i >= kDangerFirst && i < kDangerEnd) || (i >= kComplexityFirst && i < kComplexityEnd)) continue;
        const int count = trace.counts[i][chess::White] - trace.counts[i][chess::Black];
        if (count) out.counts.emplace_back(static_cast<std::uint32_t>(i), static_cast<std::int16_t>(count));
    }
    // Each king's danger on its own: the square of a sum is no sum of squares.
    for (const chess::Color king : {chess::White, chess::Black}) {
        DangerSum danger{{}, king == chess::White ? -1.0 : 1.0, kDangerMgDivisor, kDangerEgDivisor};
        for (std::size_t i = kDangerFirst; i < kDangerEnd; ++i)
            if (const auto count = trace.counts[i][king])
                danger.counts.emplace_back(static_cast<std::uint32_t>(i), count);
        if (!danger.counts.empty()) out.dangers.push_back(std::move(danger));
    }
    for (std::size_t i = kComplexityFirst; i < kComplexityEnd; ++i)
        if (const auto count = trace.counts[i][chess::White])
            out.complexity.emplace_back(static_cast<std::uint32_t>(i), count);
    out.mg_share = static_cast<double>(trace.phase) / kPhaseMax;
    out.eg_share = static_cast<double>(trace.scale) / kScaleMax * (kPhaseMax - trace.phase) / kPhaseMax;
    const Pair fixed = trace.fixed[chess::White] - trace.fixed[chess::Black];
    out.fixed_mg = fixed.mg;
    out.fixed_eg = fixed.eg;
    return out;
}

std::vector<std::string> Tuning<chess::Position>::weight_names() { return chess::eval::weight_names(); }

std::vector<WeightPair> Tuning<chess::Position>::weights() { return flat(chess::eval::weights()); }

void Tuning<chess::Position>::set_weights(const std::vector<WeightPair>& weights) {
    chess::eval::set_weights(structured(weights));
}

std::string Tuning<chess::Position>::weights_text(const std::vector<WeightPair>& weights) {
    return chess::eval::weights_text(structured(weights));
}

std::vector<WeightPair> Tuning<chess::Position>::parse_weights(std::string_view text) {
    return flat(chess::eval::parse_weights(text, chess::eval::kDefaultWeights));
}

std::string Tuning<chess::Position>::weights_cpp(const std::vector<WeightPair>& weights) {
    return chess::eval::weights_cpp(structured(weights));
}

}  // namespace ply
