/*
 * The league's verbs in files of their own, called by cmd_league.c's
 * table of verbs: `referee league serve` and `referee league user`
 * (cmd_league_serve.c).
 */
#ifndef ARENA_CMD_LEAGUE_H
#define ARENA_CMD_LEAGUE_H

int league_serve(int argc, char **argv);
int league_user(int argc, char **argv);

#endif
