/*
 * The league's verbs in files of their own, called by cmd_league.c's
 * table of verbs: `referee league serve` and `referee league user`
 * (cmd_league_serve.c), `referee league run` and `play-task`
 * (cmd_league_run.c), `referee league quota` (cmd_league_quota.c).
 */
#ifndef ARENA_CMD_LEAGUE_H
#define ARENA_CMD_LEAGUE_H

#include <sqlite3.h>

int league_serve(int argc, char **argv);
int league_user(int argc, char **argv);
int league_run(int argc, char **argv);
int league_play_task(int argc, char **argv);
int league_quota(int argc, char **argv);

/* `league status`'s line of the quotas and what the uploads hold. */
void league_quota_status(const char *dir, sqlite3 *db);

#endif
