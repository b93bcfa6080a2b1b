#include <ply/uci/options.hpp>

#include <algorithm>
#include <utility>

#include <ply/core/error.hpp>
#include <ply/core/text.hpp>
#include <ply/tools/protocol_text.hpp>

namespace ply::uci {

namespace {

Option row(std::string name, OptionType type, std::string default_value) {
    Option o;
    o.name = std::move(name);
    o.type = type;
    o.default_value = std::move(default_value);
    return o;
}

}  // namespace

Option check_option(std::string name, bool default_value, std::function<void(bool)> set) {
    Option o = row(std::move(name), OptionType::Check, default_value ? "true" : "false");
    o.set_check = std::move(set);
    return o;
}

Option spin_option(std::string name, int default_value, int min, int max, std::function<void(int)> set) {
    Option o = row(std::move(name), OptionType::Spin, std::to_string(default_value));
    o.min = min;
    o.max = max;
    o.set_spin = std::move(set);
    return o;
}

Option button_option(std::string name, std::function<void()> press) {
    Option o = row(std::move(name), OptionType::Button, "");
    o.press = std::move(press);
    return o;
}

Option string_option(std::string name, std::string default_value, std::function<void(const std::string&)> set) {
    Option o = row(std::move(name), OptionType::String, std::move(default_value));
    o.set_string = std::move(set);
    return o;
}

std::string option_lines(const std::vector<Option>& table) {
    static constexpr const char* kTypeNames[] = {"check", "spin", "button", "string"};
    std::string out;
    for (const Option& o : table) {
        out += "option name " + o.name + " type " + kTypeNames[static_cast<int>(o.type)];
        if (o.type != OptionType::Button) out += " default " + o.default_value;
        if (o.type == OptionType::Spin) out += " min " + std::to_string(o.min) + " max " + std::to_string(o.max);
        out += "\n";
    }
    return out;
}

std::string set_option(const std::vector<Option>& table, const std::string& name, const std::string& value) {
    const std::string key = lower(name);
    const auto row = std::find_if(table.begin(), table.end(), [&](const Option& o) { return lower(o.name) == key; });
    if (row == table.end()) return "info string unknown option: " + clip(name);
    switch (row->type) {
        case OptionType::Check: {
            const std::string v = lower(value);
            if (v != "true" && v != "false")
                return "info string error: " + clip(name) + " takes true or false, not '" + clip(value) + "'";
            row->set_check(v == "true");
            break;
        }
        case OptionType::Spin: {
            const auto n = parse_integer(value, row->min, row->max);
            if (!n)
                return "info string error: " + clip(name) + " takes a number from " + std::to_string(row->min) +
                       " to " + std::to_string(row->max) + ", not '" + clip(value) + "'";
            row->set_spin(static_cast<int>(*n));
            break;
        }
        case OptionType::Button:
            row->press();
            break;
        case OptionType::String:
            row->set_string(value);
            break;
    }
    return {};
}

}  // namespace ply::uci
