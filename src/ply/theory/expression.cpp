#include <ply/theory/expression.hpp>

#include <cctype>
#include <charconv>
#include <cmath>

#include <ply/core/error.hpp>

namespace ply::theory {

std::string shown(std::string_view text) {
    std::string out = clip(text);
    for (char& c : out)
        if (static_cast<unsigned char>(c) < 0x20 || c == 0x7f) c = ' ';
    return out;
}

namespace {

// A number with its derivatives in w and z.
struct Dual {
    double v = 0, dw = 0, dz = 0;
};

Dual chain(const Dual& a, double value, double slope) { return {value, slope * a.dw, slope * a.dz}; }
Dual operator+(const Dual& a, const Dual& b) { return {a.v + b.v, a.dw + b.dw, a.dz + b.dz}; }
Dual operator-(const Dual& a, const Dual& b) { return {a.v - b.v, a.dw - b.dw, a.dz - b.dz}; }
Dual operator*(const Dual& a, const Dual& b) { return {a.v * b.v, a.dw * b.v + a.v * b.dw, a.dz * b.v + a.v * b.dz}; }
Dual operator/(const Dual& a, const Dual& b) {
    const double q = a.v / b.v;
    return {q, (a.dw - q * b.dw) / b.v, (a.dz - q * b.dz) / b.v};
}
Dual power(const Dual& a, const Dual& b) {
    const double p = std::pow(a.v, b.v);
    if (b.dw == 0 && b.dz == 0) return chain(a, p, b.v == 0 ? 0 : b.v * std::pow(a.v, b.v - 1));
    const double log_a = std::log(a.v);  // a variable exponent needs a > 0
    return {p, p * (b.dw * log_a + b.v * a.dw / a.v), p * (b.dz * log_a + b.v * a.dz / a.v)};
}

double power(double a, double b) { return std::pow(a, b); }

// The functions, on numbers and (by the chain rule) on dual numbers.
double function_of(Expression::Op op, double x) {
    using Op = Expression::Op;
    switch (op) {
        case Op::Sin:
            return std::sin(x);
        case Op::Cos:
            return std::cos(x);
        case Op::Exp:
            return std::exp(x);
        case Op::Log:
            return std::log(x);
        case Op::Abs:
            return std::fabs(x);
        default:
            return std::sqrt(x);
    }
}

double slope_of(Expression::Op op, double x) {
    using Op = Expression::Op;
    switch (op) {
        case Op::Sin:
            return std::cos(x);
        case Op::Cos:
            return -std::sin(x);
        case Op::Exp:
            return std::exp(x);
        case Op::Log:
            return 1 / x;
        case Op::Abs:
            return x < 0 ? -1.0 : 1.0;
        default:
            return 0.5 / std::sqrt(x);
    }
}

Dual function_of(Expression::Op op, const Dual& x) { return chain(x, function_of(op, x.v), slope_of(op, x.v)); }

constexpr int kMaxNesting = 64;
constexpr std::size_t kMaxLength = 2000;

}  // namespace

class ExpressionParser {
public:
    explicit ExpressionParser(std::string_view text) : text_(text) {}

    Expression run() {
        if (text_.size() > kMaxLength) fail("is longer than " + std::to_string(kMaxLength) + " characters");
        Expression e;
        nodes_ = &e.nodes_;
        e.root_ = sum();
        skip_space();
        if (at_ < text_.size()) fail("unexpected '" + shown(text_.substr(at_, 1)) + "'");
        e.text_ = std::string(text_);
        return e;
    }

private:
    using Op = Expression::Op;

    [[noreturn]] void fail(const std::string& what) const {
        const std::string where = at_ < text_.size() ? " at character " + std::to_string(at_ + 1) : " at the end";
        throw ParseError("the expression '" + shown(text_) + "' " + what + where);
    }
    void skip_space() {
        while (at_ < text_.size() && std::isspace(static_cast<unsigned char>(text_[at_]))) ++at_;
    }
    bool take(char c) {
        skip_space();
        if (at_ < text_.size() && text_[at_] == c) return ++at_, true;
        return false;
    }
    int add(Op op, int a = -1, int b = -1, double value = 0) {
        nodes_->push_back({op, value, a, b});
        return static_cast<int>(nodes_->size()) - 1;
    }

    int sum() {
        int left = product();
        for (;;) {
            if (take('+'))
                left = add(Op::Add, left, product());
            else if (take('-'))
                left = add(Op::Sub, left, product());
            else
                return left;
        }
    }
    int product() {
        int left = unary();
        for (;;) {
            if (take('*'))
                left = add(Op::Mul, left, unary());
            else if (take('/'))
                left = add(Op::Div, left, unary());
            else
                return left;
        }
    }
    int unary() {
        if (++depth_ > kMaxNesting) fail("nests deeper than " + std::to_string(kMaxNesting) + " levels");
        int out = 0;
        if (take('-'))
            out = add(Op::Neg, unary());
        else if (take('+'))
            out = unary();
        else {
            out = primary();
            if (take('^')) out = add(Op::Pow, out, unary());
        }
        --depth_;
        return out;
    }
    int primary() {
        skip_space();
        if (at_ >= text_.size()) fail("is incomplete");
        const char c = text_[at_];
        if (c == '(') {
            ++at_;
            const int inner = sum();
            if (!take(')')) fail("expected ')'");
            return inner;
        }
        if (std::isdigit(static_cast<unsigned char>(c)) || c == '.') return number();
        if (std::isalpha(static_cast<unsigned char>(c))) return name();
        fail("unexpected '" + shown(std::string_view(&c, 1)) + "'");
    }
    int number() {
        double v = 0;
        const auto [end, error] = std::from_chars(text_.data() + at_, text_.data() + text_.size(), v);
        if (error != std::errc() || !std::isfinite(v)) fail("has a bad number");
        at_ = static_cast<std::size_t>(end - text_.data());
        return add(Op::Number, -1, -1, v);
    }
    int name() {
        const std::size_t start = at_;
        while (at_ < text_.size() && std::isalnum(static_cast<unsigned char>(text_[at_]))) ++at_;
        const std::string_view word = text_.substr(start, at_ - start);
        if (word == "w") return add(Op::W);
        if (word == "z") return add(Op::Z);
        static constexpr std::pair<std::string_view, Op> kFunctions[] = {{"sin", Op::Sin}, {"cos", Op::Cos},
                                                                         {"exp", Op::Exp}, {"log", Op::Log},
                                                                         {"abs", Op::Abs}, {"sqrt", Op::Sqrt}};
        for (const auto& [fname, op] : kFunctions)
            if (word == fname) {
                if (!take('(')) fail("expected '(' after " + std::string(fname));
                const int arg = sum();
                if (!take(')')) fail("expected ')'");
                return add(op, arg);
            }
        at_ = start;
        fail("names '" + shown(word) + "' (the variables are w and z; functions sin cos exp log abs sqrt)");
    }

    std::string_view text_;
    std::size_t at_ = 0;
    int depth_ = 0;
    std::vector<Expression::Node>* nodes_ = nullptr;
};

Expression Expression::parse(std::string_view text) { return ExpressionParser(text).run(); }

template <class Number>
Number Expression::eval(int at, const Number& w, const Number& z) const {
    const Node& n = nodes_[static_cast<std::size_t>(at)];
    auto a = [&] { return eval(n.a, w, z); };
    auto b = [&] { return eval(n.b, w, z); };
    switch (n.op) {
        case Op::Number:
            return Number{n.value};
        case Op::W:
            return w;
        case Op::Z:
            return z;
        case Op::Add:
            return a() + b();
        case Op::Sub:
            return a() - b();
        case Op::Mul:
            return a() * b();
        case Op::Div:
            return a() / b();
        case Op::Pow:
            return power(a(), b());
        case Op::Neg:
            return Number{} - a();
        default:
            return function_of(n.op, a());
    }
}

double Expression::operator()(double w, double z) const { return eval(root_, w, z); }

ValueAndGradient Expression::gradient(double w, double z) const {
    const Dual d = eval(root_, Dual{w, 1, 0}, Dual{z, 0, 1});
    return {d.v, d.dw, d.dz};
}

}  // namespace ply::theory
