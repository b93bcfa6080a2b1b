// Room for N values that is never written until they are: a default-
// constructed std::array of a type with a default member initializer (a
// chess Move is 0) is filled on every construction, and a node of the
// search builds a few kilobytes of such buffers that it then overwrites.
#pragma once

#include <array>
#include <cstddef>
#include <new>
#include <type_traits>

namespace ply {

// Types that come into being in raw bytes without a constructor run.
template <class T>
inline constexpr bool kLivesInRawBytes = std::is_trivially_copyable_v<T>&& std::is_trivially_destructible_v<T>;

template <class T, std::size_t N>
class UninitializedArray {
    static_assert(kLivesInRawBytes<T>);

public:
    UninitializedArray() {}  // NOLINT: leaving the bytes alone is the point
    UninitializedArray(const UninitializedArray&) = delete;
    UninitializedArray& operator=(const UninitializedArray&) = delete;

    T* data() { return std::launder(reinterpret_cast<T*>(bytes_)); }
    const T* data() const { return std::launder(reinterpret_cast<const T*>(bytes_)); }
    T& operator[](std::size_t i) { return data()[i]; }
    const T& operator[](std::size_t i) const { return data()[i]; }
    static constexpr std::size_t size() { return N; }

private:
    alignas(T) std::byte bytes_[sizeof(T) * N];
};

// Scratch room for values written before they are read: uninitialized where
// the type allows it (any game's move may be a class of its own).
template <class T, std::size_t N>
using ScratchArray = std::conditional_t<kLivesInRawBytes<T>, UninitializedArray<T, N>, std::array<T, N>>;

}  // namespace ply
