/*
 * win-bot's bolo5 tables, solved at build time by bots/win_table.c into
 * win_bolo5_table.c: my chance to win when my turn (mine) or the
 * opponent's (theirs) starts, for scores (a, b) * 50, at [a * cells + b]
 * with cells = target / 50.
 */
#ifndef BOTS_WIN_BOLO5_TABLE_H
#define BOTS_WIN_BOLO5_TABLE_H

extern const long win_bolo5_target;
extern const double win_bolo5_mine[], win_bolo5_theirs[];

#endif
