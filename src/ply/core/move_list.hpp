// A fixed-capacity list of moves: lives on the stack, never allocates.
#pragma once

#include <algorithm>
#include <cassert>
#include <cstddef>
#include <cstdint>

#include <ply/core/uninitialized_array.hpp>

namespace ply {

template <class Move, std::size_t Capacity>
class MoveList {
public:
    static constexpr std::size_t capacity = Capacity;

    MoveList() = default;
    // Copies only the moves in the list: the rest of the storage is never set.
    MoveList(const MoveList& other) : size_(other.size_) { std::copy_n(other.moves_.data(), size_, moves_.data()); }
    MoveList& operator=(const MoveList& other) {
        if (this != &other) {
            size_ = other.size_;
            std::copy_n(other.moves_.data(), size_, moves_.data());
        }
        return *this;
    }

    void push_back(const Move& m) {
        assert(size_ < Capacity);
        moves_[size_++] = m;
    }
    // Appends m if `keep`, without a branch (a test of the board's bits
    // is a coin toss the processor cannot predict): the slot past the end
    // is written either way, so the list must have room for m.
    void push_back_if(const Move& m, bool keep) {
        assert(size_ < Capacity);
        moves_[size_] = m;
        size_ += keep;
    }
    void clear() { size_ = 0; }
    // Shrinks the list, or takes in moves written through begin().
    void resize(std::size_t n) {
        assert(n <= Capacity);
        size_ = static_cast<std::uint32_t>(n);
    }

    [[nodiscard]] std::size_t size() const { return size_; }
    [[nodiscard]] bool empty() const { return size_ == 0; }
    [[nodiscard]] bool contains(const Move& m) const {
        for (std::size_t i = 0; i < size_; ++i)
            if (moves_[i] == m) return true;
        return false;
    }

    Move& operator[](std::size_t i) { return moves_[i]; }
    const Move& operator[](std::size_t i) const { return moves_[i]; }
    Move* begin() { return moves_.data(); }
    Move* end() { return moves_.data() + size_; }
    const Move* begin() const { return moves_.data(); }
    const Move* end() const { return moves_.data() + size_; }

private:
    ScratchArray<Move, Capacity> moves_;  // the first size_ are set
    std::uint32_t size_ = 0;
};

}  // namespace ply
