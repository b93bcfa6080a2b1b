// The engine's UCI options, each declared once as a row (name, type,
// default, range, what it sets): the `uci` answer lists the rows, and
// `setoption` checks a value against its row before the row sets it.
#pragma once

#include <functional>
#include <string>
#include <vector>

namespace ply::uci {

enum class OptionType { Check, Spin, Button, String };

struct Option {
    std::string name;
    OptionType type = OptionType::Button;
    std::string default_value;  // as `uci` prints it; none for a button
    int min = 0, max = 0;       // spin
    // What a checked value sets: a check's true or false, a spin's number,
    // a string's text; a button's is called with nothing.
    std::function<void(bool)> set_check;
    std::function<void(int)> set_spin;
    std::function<void(const std::string&)> set_string;
    std::function<void()> press;
};

Option check_option(std::string name, bool default_value, std::function<void(bool)> set);
Option spin_option(std::string name, int default_value, int min, int max, std::function<void(int)> set);
Option button_option(std::string name, std::function<void()> press);
Option string_option(std::string name, std::string default_value, std::function<void(const std::string&)> set);

// The `option name ...` lines of the `uci` answer, in the table's order.
std::string option_lines(const std::vector<Option>& table);

// `setoption name <name> value <value>`: the row named `name` (in any case)
// sets `value` if its type allows it; else the `info string` line to say
// (empty when all went well).
std::string set_option(const std::vector<Option>& table, const std::string& name, const std::string& value);

}  // namespace ply::uci
