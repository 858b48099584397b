/*
 * win-bot's tables, solved at build time by bots/win_table.c into
 * win_tables.c, for the model of win_policy.h with the cap WIN_CAP: bolo
 * and bolo5 to win_tables_target, the arrays of struct win_policy.
 */
#ifndef BOTS_WIN_TABLES_H
#define BOTS_WIN_TABLES_H

extern const long win_tables_target;
extern const double win_tables_bolo_play[], win_tables_bolo_final[],
	win_tables_bolo_sudden[];
extern const double win_tables_bolo5_play[];

#endif
