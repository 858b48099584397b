/*
 * One line of a manifest read as a record (manifest_read.c's reader takes
 * it from there): the usual layout, as manifest_records.h writes it, by a
 * scanner of its own, fast for the finished records that are nearly all
 * of a long tournament's lines; any other layout by the JSON parser.
 */
#ifndef ARENA_MANIFEST_RECORD_H
#define ARENA_MANIFEST_RECORD_H

#include <cjson/cJSON.h>
#include <stdbool.h>
#include <stddef.h>

#include "base/ratings_types.h"

/* The most games a manifest's schedule may hold. */
#define MANIFEST_MAX_GAMES 100000000L

/* One game of a finished record, as either parser found it; strings
 * point into the line or into the parsed JSON and are not NUL-terminated. */
struct game_entry {
	long game;               /* 0 when absent */
	int seat_count, rank_count;
	int seat[RATINGS_MAX_SEATS];   /* index into the header's "bots" */
	int rank[RATINGS_MAX_SEATS];
	int forfeit_count;
	const char *forfeit[RATINGS_MAX_SEATS]; /* NULL: none */
	size_t forfeit_len[RATINGS_MAX_SEATS];
	const char *sha256;
	size_t sha256_len;
};

/* One record, likewise. */
struct record {
	long seq;
	const char *prev;        /* 64 hex digits, or NULL */
	const char *type;
	size_t type_len;
	const char *key, *sig;
	/* A started record's game numbers: the text between the brackets,
	 * checked, or the parsed array. */
	const char *games;
	size_t games_len;
	const cJSON *games_json;
	/* A finished record's games, in the reader's `entries`. */
	size_t entry_count;
};

/* The room for a finished record's games, grown as needed. */
struct entries {
	struct game_entry *at;
	size_t cap;
};

/* Fills r (its finished games in e) from a line of the usual layout:
 * false when the line is of another, whatever it holds. */
bool manifest_record_usual(const char *line, size_t len, struct entries *e,
			   struct record *r);

/* Fills r (likewise) from a parsed record; false when a member has the
 * wrong type. */
bool manifest_record_parsed(const cJSON *o, struct entries *e, struct record *r);

/* Each game number of a started or skipped record's "games" in turn (a
 * parsed one that is no whole number as 0). */
void manifest_record_games(const struct record *r, void (*each)(void *ctx, long game),
			   void *ctx);

#endif
