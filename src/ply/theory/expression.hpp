// f(w, z) as a person types it, for continuous games: numbers, the
// variables w and z, + - * / ^ (power, right-associative, above unary
// minus: -w^2 is -(w^2)), parentheses, and sin cos exp log abs sqrt.
// Evaluated with its gradient by forward differentiation (dual numbers).
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace ply::theory {

// An expression quoted in a message: clipped (ply::clip) and on one line,
// since a newline or an escape sequence in it would break the message.
std::string shown(std::string_view text);

struct ValueAndGradient {
    double f = 0, dw = 0, dz = 0;
};

class Expression {
public:
    // Throws ParseError: "expected ')' at character 7 of 'sin(w'".
    static Expression parse(std::string_view text);

    double operator()(double w, double z) const;
    ValueAndGradient gradient(double w, double z) const;
    const std::string& text() const { return text_; }
    std::size_t size() const { return nodes_.size(); }  // the cost of an evaluation

    enum class Op { Number, W, Z, Add, Sub, Mul, Div, Pow, Neg, Sin, Cos, Exp, Log, Abs, Sqrt };
    struct Node {
        Op op = Op::Number;
        double value = 0;
        int a = -1, b = -1;  // operands, indices into nodes_
    };

private:
    template <class Number>
    Number eval(int at, const Number& w, const Number& z) const;

    std::string text_;
    std::vector<Node> nodes_;
    int root_ = -1;
    friend class ExpressionParser;
};

}  // namespace ply::theory
