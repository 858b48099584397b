/*
 * The league's verbs on the web (cmd_league_serve.c): `referee league
 * serve` and `referee league user`, called by cmd_league.c's table of verbs.
 */
#ifndef ARENA_CMD_LEAGUE_WEB_H
#define ARENA_CMD_LEAGUE_WEB_H

#include <stdbool.h>

int league_serve(int argc, char **argv);
int league_user(int argc, char **argv);

/* A bot's, a season's or a user's name: letters, digits, '-', '_' and
 * '.', up to 40, not starting with '.' or '-' (cmd_league.c). */
bool league_name_ok(const char *name);

#endif
