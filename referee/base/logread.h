/*
 * Reading a log back: every line as its exact bytes (the hash chain is
 * over them), as strictly parsed JSON and with its "type".  Loading
 * checks nothing: for a game log verify.h does, with the form of its
 * numbers checked here (logread_integers_ok).  A manifest has its own
 * reader, manifest_read.h, for every verb that reads one.  A log written
 * compressed (journal_compress: gzip members) is read as the same lines.
 */
#ifndef ARENA_LOGREAD_H
#define ARENA_LOGREAD_H

#include <cjson/cJSON.h>
#include <stdbool.h>
#include <stddef.h>

#include "files.h"
#include "region.h"

/* Logs larger than this are refused rather than read into memory. */
#define LOGREAD_MAX_BYTES ((size_t)256 << 20)

struct log_line {
	const char *bytes; /* into the file's buffer; no newline, no NUL */
	size_t len;
	cJSON *json;       /* NULL when the line is not a strict JSON object;
			    * it lives in the log's region: read it only */
	const char *type;  /* its "type" string, or NULL */
	bool plain_numbers; /* every number is written with digits alone */
	char error[160];   /* why json is NULL */
};

struct game_log {
	char *path;
	char *buffer;
	size_t size;          /* the file's bytes in buffer */
	struct log_line *lines;
	struct region region; /* every line's JSON */
	size_t count;
	bool ends_mid_line; /* the last line has no newline, or the last
			     * gzip member is cut short (a cut log) */
	bool compressed;    /* the file is gzip members */
	/* The SHA-256 of the file's bytes as stored, compressed or not:
	 * the hash a manifest lists for its log (never the lines'). */
	char sha256[FILES_SHA256_HEX];
	bool corrupt;       /* after the lines held, gzip data that do not
			     * read (a damaged file, or one cut short) */
};

/* Reads the file; -1 with err when it cannot be read at all, the log
 * then left empty. An empty file is a log of no lines that still holds
 * memory: logread_free() after either return. */
int logread_load(const char *path, struct game_log *log, char *err);
/* Frees a loaded log, or does nothing to an empty one. */
void logread_free(struct game_log *log);

/* A log made of `size` bytes of plain lines (`lines`, a malloc'd buffer
 * it takes), as read from the file at `path` whose SHA-256 was `sha256`:
 * for lines picked from a log elsewhere (verify_pool.h's digest). */
void logread_from_lines(const char *path, char *lines, size_t size,
			const char sha256[FILES_SHA256_HEX], struct game_log *log);

/* The lines of the log at `path` as far as they read cheaply, with their
 * bytes in *len (not NUL-terminated): a plain log's whole file, a
 * compressed log's first gzip member (a game's first records at least:
 * members hold 1 MiB of lines or a whole game); NULL when the file cannot
 * be read.  For a look at its first records without parsing them all. */
char *logread_head(const char *path, size_t *len);

/* The lines of the log at `path` as text, NUL-terminated, their bytes
 * in *len: a plain log's file, a compressed log's members unpacked as
 * far as they read; NULL with err when the file cannot be read.  For a
 * reader that wants the lines, not the file (the server's GET of a log). */
char *logread_text(const char *path, size_t *len, char *err);

/* The first line of the log at `path`, compressed or not, parsed (as
 * cJSON_Parse does: a reader of headers that checks nothing), or NULL. */
cJSON *logread_header(const char *path);

/* The first line from line `from` on whose "type" is `type`, or
 * log->count when none is. */
size_t logread_find(const struct game_log *log, size_t from, const char *type);

/* Member `name` of line i as a string, or NULL. */
const char *logread_string(const struct game_log *log, size_t i,
			   const char *name);

/* Every number of a log is written as the referee writes it: a number
 * with an integer value without a fraction or an exponent ("1", never
 * "1.0" or "1e0"), and outside an action (which quotes what a bot sent)
 * every number has an integer value.  Returns true, or false with the
 * problem in `why` (naming the member). */
bool logread_integers_ok(const struct log_line *line, char *why, size_t len);

/* The ranks of the log's last "result" record, into ranks[0..max-1]: how
 * many there are, or -1 when there is none. */
int logread_ranks(const struct game_log *log, int *ranks, int max);

#endif
