// A CheckerBoard engine library that misbehaves, for the arena's tests: it
// answers the commands a host sends first, then moves the piece on square 1
// to square 5 (never legal at the start: 5 holds Black's man and 1 is
// Black's). Built a second time without getmove (PLY_FAKE_NO_GETMOVE).
#include <cstring>

struct coor {
    int x, y;
};
struct CBmove {
    int jumps, newpiece, oldpiece;
    coor from, to, path[12], del[12];
    int delpiece[12];
};

extern "C" __attribute__((visibility("default"))) int enginecommand(char str[256], char reply[1024]) {
    if (std::strcmp(str, "get gametype") == 0) return std::strcpy(reply, "21"), 1;
    if (std::strcmp(str, "name") == 0) return std::strcpy(reply, "fake"), 1;
    std::strcpy(reply, "?");
    return 0;
}

#ifndef PLY_FAKE_NO_GETMOVE
extern "C" __attribute__((visibility("default"))) int getmove(int[8][8], int color, double, char str[1024], int*, int,
                                                              int, CBmove* move) {
    *move = CBmove{};
    move->from = {6, 0};  // square 1
    move->to = {7, 1};    // square 5
    move->oldpiece = move->newpiece = color | 4;
    std::strcpy(str, "a move from nowhere");
    return 3;
}
#endif
