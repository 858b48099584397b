/*
 * The league's verbs in files of their own, called by cmd_league.c's
 * table of verbs: `referee league serve` and `referee league user`
 * (cmd_league_serve.c), `referee league run` and `play-task`
 * (cmd_league_run.c).
 */
#ifndef ARENA_CMD_LEAGUE_H
#define ARENA_CMD_LEAGUE_H

int league_serve(int argc, char **argv);
int league_user(int argc, char **argv);
int league_run(int argc, char **argv);
int league_play_task(int argc, char **argv);

#endif
