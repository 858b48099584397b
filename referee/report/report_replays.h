/*
 * The replay pages of a report and the games list's entries
 * (report_replays.c): made on every core, and only for logs that are new
 * or changed since the last build.
 */
#ifndef ARENA_REPORT_REPLAYS_H
#define ARENA_REPORT_REPLAYS_H

#include <cjson/cJSON.h>
#include <stddef.h>

#include "report_warn.h"

struct report_log {
	const char *path; /* the file */
	const char *log;  /* as the games list names it: games/NAME.jsonl */
	const char *base; /* NAME: the page of replays that starts with it
			   * is replays/NAME.html */
};

/* Writes the replays of the logs, a hundred to a page, OUT/replays/NAME.html
 * named after the page's first log (and the replay.js and replay.css they
 * share), and into lines[i] (an array of count NULLs) log i's {"sha256",
 * "entry", "key"}: "entry" is the games list's ("log", "replay" when its
 * replay was written: "replays/NAME.html#game=BASE", "verified", "error"
 * when not,
 * "game_id", "game", "players", "result", "moves", "forfeits": [{"seat",
 * "reason", "last_words" when the bot said anything: its last stderr
 * line or info, cut}]) and "key" the key that signed it, when it verified.  A page
 * or a replay that cannot be written is told to `warn` and left out.  -1
 * with err when a worker could not be started or failed. */
int report_replays(const char *out, const struct report_log *logs, size_t count,
		   const unsigned char *trusted_key, report_warn_fn *warn,
		   cJSON **lines, char *err);

#endif
