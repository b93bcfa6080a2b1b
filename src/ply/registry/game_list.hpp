// A compile-time list of game types, and the ways front ends walk it.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <type_traits>

#include <ply/core/describe.hpp>
#include <ply/core/game.hpp>

// Marks a line of a game list (builtin_games.hpp); the build counts these
// lines to compile each game's front-end code in a translation unit of its own.
#define PLY_GAME(...) __VA_ARGS__

namespace ply::registry {

template <NotatedGame... Gs>
struct GameList {
    static_assert((described<Gs>() && ...));  // each game's description.hpp included
    static constexpr std::size_t size = sizeof...(Gs);

    // Calls f(std::type_identity<G>{}) for every game, in order.
    template <class F>
    static void for_each(F&& f) {
        (f(std::type_identity<Gs>{}), ...);
    }

    // Calls f(std::type_identity<G>{}) for the game called `name`; false if none is.
    template <class F>
    static bool with(std::string_view name, F&& f) {
        return ((Gs::name == name ? (f(std::type_identity<Gs>{}), true) : false) || ...);
    }

    // "tictactoe, connect4, ...", for messages and --help.
    static std::string names() {
        std::string out;
        ((out += (out.empty() ? "" : ", ") + std::string(Gs::name)), ...);
        return out;
    }
};

// The first game G of a list with Pred<G>::value (void if none): the game a
// protocol is compiled for (uci.cpp, xboard.cpp).
template <template <class> class Pred, class List>
struct FirstWhere {
    using type = void;
};
template <template <class> class Pred, class G, class... Gs>
struct FirstWhere<Pred, GameList<G, Gs...>> {
    using type = std::conditional_t<Pred<G>::value, G, typename FirstWhere<Pred, GameList<Gs...>>::type>;
};

// The I-th game of a list.
template <std::size_t I, class List>
struct GameAt;
template <std::size_t I, class G, class... Gs>
struct GameAt<I, GameList<G, Gs...>> : GameAt<I - 1, GameList<Gs...>> {};
template <class G, class... Gs>
struct GameAt<0, GameList<G, Gs...>> {
    using type = G;
};

}  // namespace ply::registry
