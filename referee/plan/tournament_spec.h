/*
 * A tournament as its file describes it (tournament_file.h reads one):
 * the game, its options, the bots, the format and the time control.  The
 * type alone, for the modules that schedule, check and run it, apart
 * from the reader, which calls some of them.
 */
#ifndef ARENA_TOURNAMENT_SPEC_H
#define ARENA_TOURNAMENT_SPEC_H

#include <cjson/cJSON.h>
#include <stdbool.h>

#include "base/wire.h"
#include "book.h"
#include "bot/bot.h"
#include "games/game.h"

enum tournament_format { FORMAT_ROUND_ROBIN, FORMAT_GAUNTLET, FORMAT_SWISS };

struct tournament_bot {
	char *name;
	char *command;
	char *command_dir;  /* its "workdir" (joined to the tournament file's
			       folder), else that folder: relative paths of
			       its command are relative to it */
	char *workdir;      /* its "workdir", else the folder of the script
			       or program its command names (bot_spec);
			       NULL: none, it starts in its HOME */
	char **env;         /* NAME=VALUE, NULL-terminated; never NULL */
	char **readable;    /* paths it may read in the sandbox, joined to
			       the file's folder; NULL-terminated */
	bool challenger;    /* gauntlet: every table holds a challenger */
	bool ponder;        /* not frozen while others move (bot_limits) */
};

struct tournament_spec {
	char *name;
	const struct game_rules *rules;
	cJSON *options;         /* resolved: every option, defaults filled in
				   (first: seat0 unless the file says) */
	int players;            /* seats per game */
	enum tournament_format format;
	int games;              /* games per table (one seating each): a
				   multiple of schedule_seating_count(),
				   but in a Swiss: games per pairing */
	int rounds;             /* a Swiss's rounds (swiss.h); else 0 */
	int bot_count;
	struct tournament_bot *bots;
	struct time_control time;
	struct bot_limits limits;
	unsigned char seed[32];
	bool seeded;            /* "seed" was given */
	int concurrency;        /* 0: not given */
	int openings;           /* plies drawn at the start of each game */
	struct book book;       /* "openings": {"book"}: count 0 when none */
	bool duplicate;         /* play duplicate sets (tournament_file.c) */
	bool trusted_bots;      /* duplicate sets may be played unsandboxed */
	bool compress;          /* write each game's log gzip-compressed */
	cJSON *file;            /* the file as read, which the manifest
				   records to tell what a resumed run may
				   change */
};

#endif
