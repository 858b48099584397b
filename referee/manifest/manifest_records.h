/*
 * The records of a tournament's manifest (docs/TOURNAMENTS.md, "The
 * manifest"), built here and nowhere else, beside their one reader,
 * manifest_read.c.  The reader takes the records written most often
 * (started, finished, and journal.c's signature) without a JSON parser,
 * so it relies on the layout they are written in.  That layout is this,
 * and a change of it here must change manifest_read.c's read_usual() too
 * (journal_append() puts "seq" and "prev" first; cJSON prints members in
 * the order they are added, without spaces):
 *
 *   {"seq":N,"prev":"H","type":"started","table":N,"games":[N,...]}, the
 *          layout of revision 4; since revision 5 a started record has
 *          ,"commitments":["H",...] (each game's C) before its "}" and
 *          is read by the strict parser
 *   {"seq":N,"prev":"H","type":"finished","games":[GAME,...]}
 *   GAME = {"game":N,"seats":[N,...],"sha256":"H","ranks":[N,...]}, with
 *          ,"forfeits":[null or "REASON",...] before its "}" when a seat
 *          forfeited, and then ,"recovered":true when a resumed run found
 *          its log complete
 *   {"seq":N,"prev":"H","type":"signature","key":"H","sig":"H"}
 *
 * A record in any other layout reads the same through the strict parser,
 * only more slowly.  tests/unit/check_manifest_read.c holds the builders
 * to this layout, byte for byte.
 */
#ifndef ARENA_MANIFEST_RECORDS_H
#define ARENA_MANIFEST_RECORDS_H

#include <cjson/cJSON.h>
#include <stdbool.h>
#include <time.h>

#include "base/game_figures.h"

/* What the first record says of the run. */
struct manifest_header {
	const unsigned char *id;   /* FAIR_GAME_ID_BYTES; NULL: left out (a
				    * resumed run compares the rest) */
	const char *name;          /* the tournament's */
	const char *file_sha256;   /* of the tournament file, or NULL */
	const char *book_sha256;   /* of its opening book, or NULL */
	const char *book_path;     /* the book (its absolute path) */
	bool book_random;          /* its "order" is "random" */
	bool compress;             /* its logs are written compressed */
	bool skip_broken;          /* started with --skip-broken */
	const char *game;
	int players;
	long schedule_games;       /* games in the whole schedule */
	char *const *bots;         /* the bots' names, in the file's order */
	int bot_count;
	int shard_index, shard_count;
	const cJSON *file;         /* the tournament file as read */
	const char *containment;   /* contain_summary() of its bots */
	bool sandbox;              /* its bots sandboxed (and so filtered) */
};

/* A finished game, as its entry in a finished record tells it. */
struct manifest_game {
	long game;
	int players;
	const int *seats;          /* the bot at each seat: its place in
				    * the header's "bots" */
	const char *sha256;        /* of its log, in lowercase hex */
	const int *ranks;
	const unsigned char *reason; /* each seat's forfeit's number in
				      * `reasons` (0: none) */
	const struct forfeit_reasons *reasons;
	bool recovered;            /* a resumed run found its log complete */
};

/* Each record, for journal_append() (which consumes it). */
cJSON *manifest_header_record(const struct manifest_header *header);
/* The games of table `table` (from 1), each with its commitment C (hex;
 * `commitments` NULL: none, as revision 4 wrote it), before any of them
 * starts. */
cJSON *manifest_started_record(int table, const long *games, int count,
				const char (*commitments)[65]);
cJSON *manifest_finished_game(const struct manifest_game *game);
/* The record of the finished games' entries `games` (consumed). */
cJSON *manifest_finished_record(cJSON *games);
/* The games of bot `bot` that a run leaves out, and why (--skip-broken). */
cJSON *manifest_skipped_record(int bot, const char *why, const long *games,
			       int count);
/* The games of bot `bot`, left out by a skipped record, that a resumed
 * run plays: the bot passes its pre-flight now. */
cJSON *manifest_back_record(int bot, const long *games, int count);
/* A log of `game` set aside, under `log` (relative to the folder; NULL:
 * the game was started, with the commitment C, but left no log), with
 * the commitment C its started record named (hex; "": none, a log of
 * revision 4 cut before it). */
cJSON *manifest_aborted_record(long game, const char *log, const char *commitment);
cJSON *manifest_resumed_record(void);
/* A new version of bot `bot`: its whole entry in the file (copied). */
cJSON *manifest_bot_record(int bot, const cJSON *entry);
/* Bots added at the end of the file's `bots` (its array of entries),
 * from place `first_bot` on: their tables' games, numbers `first_game` on,
 * grow the schedule to `schedule_games`. */
cJSON *manifest_grown_record(const cJSON *bots, int first_bot, long first_game,
			     long schedule_games);
/* The bots' reply times since the record before (`bots`, consumed), of
 * games that ended by `at`. */
cJSON *manifest_replies_record(time_t at, cJSON *bots);
/* The run's end, with the number of games finished in it. */
cJSON *manifest_complete_record(long finished);

#endif
