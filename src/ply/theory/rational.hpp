// Exact fractions for checking what a floating-point solver found: 64-bit
// numerator and denominator, every operation checked for overflow (it throws
// RationalOverflow, and the caller falls back to decimals rather than
// report a wrong fraction).
#pragma once

#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <numeric>
#include <optional>
#include <stdexcept>
#include <string>

namespace ply::theory {

// 128 bits for products of two 64-bit numbers (GCC and Clang; -Wpedantic
// wants the extension named).
__extension__ typedef __int128 Wide;

class RationalOverflow : public std::overflow_error {
public:
    RationalOverflow() : std::overflow_error("a fraction outgrew 64 bits") {}
};

class Rational {
public:
    constexpr Rational() = default;
    Rational(std::int64_t n, std::int64_t d = 1) : num_(n), den_(d) {  // NOLINT: integers convert
        if (d == 0) throw std::domain_error("a fraction with denominator 0");
        normalise();
    }

    std::int64_t num() const { return num_; }
    std::int64_t den() const { return den_; }
    double to_double() const { return static_cast<double>(num_) / static_cast<double>(den_); }
    // "1/3", "-2", "0".
    std::string to_string() const {
        return den_ == 1 ? std::to_string(num_) : std::to_string(num_) + "/" + std::to_string(den_);
    }

    friend Rational operator+(const Rational& a, const Rational& b) {
        const Wide n = static_cast<Wide>(a.num_) * b.den_ + static_cast<Wide>(b.num_) * a.den_;
        return from_wide(n, static_cast<Wide>(a.den_) * b.den_);
    }
    friend Rational operator-(const Rational& a, const Rational& b) { return a + Rational(-b.num_, b.den_); }
    friend Rational operator*(const Rational& a, const Rational& b) {
        return from_wide(static_cast<Wide>(a.num_) * b.num_, static_cast<Wide>(a.den_) * b.den_);
    }
    Rational& operator+=(const Rational& b) { return *this = *this + b; }
    friend bool operator==(const Rational& a, const Rational& b) = default;
    friend bool operator<(const Rational& a, const Rational& b) {
        return static_cast<Wide>(a.num_) * b.den_ < static_cast<Wide>(b.num_) * a.den_;
    }
    friend bool operator>(const Rational& a, const Rational& b) { return b < a; }
    friend bool operator<=(const Rational& a, const Rational& b) { return !(b < a); }
    friend bool operator>=(const Rational& a, const Rational& b) { return !(a < b); }

private:
    static Rational from_wide(Wide n, Wide d) {
        Wide a = n < 0 ? -n : n, b = d;
        while (b != 0) {  // std::gcd does not take __int128 in strict mode
            const Wide t = a % b;
            a = b;
            b = t;
        }
        if (a > 1) n /= a, d /= a;
        constexpr Wide kMax = INT64_MAX;
        if (n > kMax || n < -kMax || d > kMax) throw RationalOverflow();
        return Rational(static_cast<std::int64_t>(n), static_cast<std::int64_t>(d));
    }
    void normalise() {
        if (den_ < 0) num_ = -num_, den_ = -den_;
        const std::int64_t g = std::gcd(num_, den_);
        if (g > 1) num_ /= g, den_ /= g;
    }

    std::int64_t num_ = 0;
    std::int64_t den_ = 1;
};

// The fraction with the smallest denominator (at most max_den) within
// `tolerance` (relative) of `x`, found by continued fractions; with the
// default 0 it must round to `x` itself: 0.1 gives 1/10, 1.0/3 gives 1/3.
// None when no such fraction exists (pi, 1e-30).
inline std::optional<Rational> exact_fraction(double x, std::int64_t max_den = 1'000'000, double tolerance = 0) {
    if (!std::isfinite(x) || std::fabs(x) > 1e15) return std::nullopt;
    // Convergents h/k of x's continued fraction, stopped at the first that
    // reproduces x or when the denominator bound is passed.
    std::int64_t h0 = 0, h1 = 1, k0 = 1, k1 = 0;
    double rest = x;
    for (int step = 0; step < 64; ++step) {
        const double a = std::floor(rest);
        if (std::fabs(a) > 1e15) return std::nullopt;
        const auto ai = static_cast<std::int64_t>(a);
        const Wide h = static_cast<Wide>(ai) * h1 + h0, k = static_cast<Wide>(ai) * k1 + k0;
        if (k > max_den || h > INT64_MAX || h < -INT64_MAX) return std::nullopt;
        h0 = h1, k0 = k1;
        h1 = static_cast<std::int64_t>(h), k1 = static_cast<std::int64_t>(k);
        const double approx = static_cast<double>(h1) / static_cast<double>(k1);
        if (approx == x || std::fabs(approx - x) <= tolerance * std::fmax(1.0, std::fabs(x))) return Rational(h1, k1);
        const double frac = rest - a;
        if (frac == 0) return std::nullopt;
        rest = 1 / frac;
    }
    return std::nullopt;
}

}  // namespace ply::theory
