/*
 * The league's verbs on the web (cmd_league_serve.c): `referee league
 * serve` and `referee league user`, called by cmd_league.c's table of verbs.
 */
#ifndef ARENA_CMD_LEAGUE_WEB_H
#define ARENA_CMD_LEAGUE_WEB_H

int league_serve(int argc, char **argv);
int league_user(int argc, char **argv);

#endif
