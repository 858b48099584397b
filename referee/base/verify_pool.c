/*
 * Many logs verified on several processes (see verify_pool.h), a task
 * source of the house's pool (pool.h): each worker is handed a slice of
 * the list at a time (smaller as the list runs out, so that a slow log
 * never holds up a large slice), checks each log and writes one record
 * (index, status, text, the log's digest) a log.  The outcomes are kept
 * until every earlier one has been reported, so the output is in the
 * order of the arguments whatever the order of completion.
 */
#include "verify_pool.h"
#include "games/game.h"
#include "keys.h"
#include "game_figures.h"
#include "logread.h"
#include "pool.h"
#include "util.h"
#include "verify.h"
#include "verify_sets.h"

#include <malloc.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* The text of one outcome: a failure message, or the summary with a key
 * (and a line of each seat's reply times, a few kilobytes at most). */
#define TEXT_MAX (ERR_LEN + 128 + GAME_MAX_SEATS * 16384)

/* Freed memory kept for the next log rather than given back. */
#define VERIFY_POOL_KEEP_BYTES (64 << 20)

/* A record on a worker's pipe: this header, then `length` bytes of text
 * and `digest_length` bytes of digest (its SHA-256 in hex, then its lines). */
struct record_header {
	uint64_t index;
	uint32_t status;
	uint32_t length;
	uint64_t digest_length;
};

/* A log's digest (verify_pool.h) as bytes. */
struct digest {
	char *bytes;
	size_t len;
};

struct pending {
	char *text;             /* NULL until the outcome is in */
	enum verify_status status;
	struct digest digest;   /* bytes NULL: none */
};

/* A slice of the list handed to a worker: paths[first..first+count). */
struct slice {
	uint64_t first, count;
};

/* The pool's task source. */
struct run {
	char *const *paths;
	size_t count, next, reported;
	const unsigned char *key;
	unsigned flags;
	verify_report_fn *report;
	void *ctx;
	struct pending *pending;
	uint64_t *left;         /* by worker: records its slice still owes */
};

/* Each seat's reply times in `log`, after a newline at the end of text. */
static void add_replies(const struct game_log *log, int seats, char *text)
{
	struct reply_clocks times[GAME_MAX_SEATS], *seat[GAME_MAX_SEATS];
	struct forfeit_reasons reasons = {0};
	struct game_figures figures;
	size_t len = strlen(text);

	memset(times, 0, sizeof times);
	for (int s = 0; s < GAME_MAX_SEATS; s++)
		seat[s] = &times[s];
	game_figures_from_log(log, seats, &reasons, &figures, seat);
	forfeit_reasons_free(&reasons);
	for (int s = 0; s < seats && len < TEXT_MAX - 1; s++) {
		text[len++] = s ? ' ' : '\n';
		len += (size_t)reply_clocks_to_text(&times[s], text + len, TEXT_MAX - len);
	}
}

/* Whether line i of a log goes into its digest (verify_pool.h): the
 * header, the commitment, the result and the signature (its key held to
 * its run's, verify_keys.h), and what verify_sets.h reads of a set's
 * game. */
static bool in_digest(const struct log_line *line, size_t i, bool of_set)
{
	const char *type = line->type;

	return !i || (type && (!strcmp(type, "commit") || !strcmp(type, "result") ||
			       !strcmp(type, "signature") ||
			       (of_set && verify_sets_reads(type))));
}

/* The digest of a log: its SHA-256, then its lines, those that go into
 * the digest written out, the others left empty. */
static struct digest digest_of(const struct game_log *log)
{
	bool of_set = log->count &&
		      cJSON_GetObjectItemCaseSensitive(log->lines[0].json, "set");
	struct digest d = {.len = FILES_SHA256_HEX - 1};

	/* No longer than the log's own lines, each with its newline. */
	d.bytes = xmalloc(d.len + log->size + 1);
	memcpy(d.bytes, log->sha256, d.len);
	for (size_t i = 0; i < log->count; i++) {
		if (in_digest(&log->lines[i], i, of_set)) {
			memcpy(d.bytes + d.len, log->lines[i].bytes, log->lines[i].len);
			d.len += log->lines[i].len;
		}
		d.bytes[d.len++] = '\n';
	}
	return d;
}

/* Verifies the log at `path`: its status, with its outcome's text in
 * `text` and, unless VERIFY_UNREADABLE, its digest in *digest. */
static enum verify_status verify_one(const char *path,
				     const unsigned char *key, unsigned flags,
				     char *text, struct digest *digest)
{
	struct verify_hooks hooks = {
		.unsigned_ok = (flags & VERIFY_POOL_UNSIGNED) != 0,
	};
	struct verify_summary summary;
	struct game_log log;
	enum verify_status status = VERIFY_OK;
	char err[ERR_LEN];

	if (logread_load(path, &log, err)) {
		snprintf(text, TEXT_MAX, "%s", err);
		return VERIFY_UNREADABLE;
	}
	if (verify_log(&log, key, &hooks, &summary, err)) {
		snprintf(text, TEXT_MAX, "%s", err);
		status = VERIFY_FAILED;
	} else {
		char signer[VERIFY_SIGNER_LEN];

		snprintf(text, TEXT_MAX, "%s, %d players, %d actions, %s%s%s%s%s%s",
			 summary.game, summary.players, summary.actions,
			 verify_signer(signer, &summary, key != NULL),
			 summary.seeded ? "; seeded: dice were "
			 "predictable to whoever knew the seed" : "",
			 *summary.set ? "; " : "", summary.set,
			 *summary.place ? "; place: " : "", summary.place);
		if (flags & VERIFY_POOL_REPLIES)
			add_replies(&log, summary.players, text);
	}
	*digest = digest_of(&log);
	logread_free(&log);
	return status;
}

static void write_all(FILE *out, const void *data, size_t n)
{
	if (fwrite(data, 1, n, out) != n)
		_exit(3);
}

/* A worker: verifies each slice it is handed, a record a log. */
static int worker(struct pool *p, int number, int in, int out_fd)
{
	const struct run *run = p->ctx;
	FILE *out = fdopen(out_fd, "w");
	static char text[TEXT_MAX];
	struct slice slice;

	(void)number;
	while (out && read(in, &slice, sizeof slice) == (ssize_t)sizeof slice) {
		for (uint64_t i = slice.first; i < slice.first + slice.count; i++) {
			struct record_header h = {.index = i};
			struct digest digest = {0};

			h.status = verify_one(run->paths[i], run->key, run->flags,
					      text, &digest);
			h.length = (uint32_t)strlen(text);
			h.digest_length = digest.len;
			write_all(out, &h, sizeof h);
			write_all(out, text, h.length);
			if (digest.len)  /* none for a log that could not be read */
				write_all(out, digest.bytes, digest.len);
			free(digest.bytes);
		}
		if (fflush(out))
			return 3;
	}
	return out ? 0 : 3;
}

/* The pool's: the next slice, smaller as the list runs out. */
static enum pool_next next(struct pool *p, struct pool_child *c)
{
	struct run *run = p->ctx;
	size_t left = run->count - run->next, size = left / ((size_t)p->jobs * 4);
	struct slice slice = {.first = run->next,
			      .count = size < 1 ? 1 : size > 32 ? 32 : size};

	if (!left)
		return POOL_DONE;
	if (write(c->to, &slice, sizeof slice) != (ssize_t)sizeof slice)
		return POOL_DONE;  /* it died: its end is read and counted */
	run->next += slice.count;
	run->left[c->number - 1] = slice.count;
	return POOL_TASK;
}

/* Moves the complete records in c's output into `pending`: how many. */
static uint64_t take_records(struct pool_child *c, struct pending *pending,
			     size_t count)
{
	size_t at = 0;
	uint64_t taken = 0;

	while (c->len - at >= sizeof(struct record_header)) {
		struct record_header h;
		const char *text = c->buf + at + sizeof h;

		memcpy(&h, c->buf + at, sizeof h);
		if (c->len - at - sizeof h < h.length + h.digest_length)
			break;
		if (h.index < count && !pending[h.index].text) {
			struct pending *p = &pending[h.index];

			p->status = h.status;
			p->text = xmalloc(h.length + 1);
			memcpy(p->text, text, h.length);
			p->text[h.length] = '\0';
			if (h.digest_length) {
				p->digest = (struct digest){xmalloc(h.digest_length),
							    h.digest_length};
				memcpy(p->digest.bytes, text + h.length, h.digest_length);
			}
		}
		at += sizeof h + h.length + h.digest_length;
		taken++;
	}
	pool_take(c, at);
	return taken;
}

/* Reports the outcome of the log at `path`, its reply times split from
 * its text, and frees its digest. */
static void deliver(verify_report_fn *report, void *ctx, size_t index,
		    const char *path, enum verify_status status, char *text,
		    struct digest digest)
{
	char *nl = status == VERIFY_OK ? strchr(text, '\n') : NULL;
	struct verify_outcome o = {status, text, nl ? nl + 1 : NULL, NULL};
	const size_t hex = FILES_SHA256_HEX - 1;
	struct game_log log;

	if (nl)
		*nl = '\0';
	if (digest.bytes && digest.len >= hex) {
		char sha256[FILES_SHA256_HEX];

		memcpy(sha256, digest.bytes, hex);
		sha256[hex] = '\0';
		memmove(digest.bytes, digest.bytes + hex, digest.len - hex);
		logread_from_lines(path, digest.bytes, digest.len - hex, sha256, &log);
		o.digest = &log;
	} else {
		free(digest.bytes);
	}
	report(ctx, index, &o);
	if (o.digest)
		logread_free(&log);
}

/* The pool's: a worker's records, and every outcome now in order
 * reported. */
static int output(struct pool *p, struct pool_child *c, bool *done)
{
	struct run *run = p->ctx;
	uint64_t *left = &run->left[c->number - 1];
	size_t i;

	*left -= take_records(c, run->pending, run->count);
	*done = *left == 0;
	while ((i = run->reported) < run->count && run->pending[i].text) {
		deliver(run->report, run->ctx, i, run->paths[i], run->pending[i].status,
			run->pending[i].text, run->pending[i].digest);
		free(run->pending[i].text);
		run->pending[i].text = (char *)"";  /* done */
		run->reported++;
	}
	return 0;
}

static int run_here(char *const *paths, size_t count,
		    const unsigned char *key, unsigned flags,
		    verify_report_fn *report, void *ctx)
{
	static char text[TEXT_MAX];

	for (size_t i = 0; i < count; i++) {
		struct digest digest = {0};
		enum verify_status status = verify_one(paths[i], key, flags, text, &digest);

		deliver(report, ctx, i, paths[i], status, text, digest);
	}
	return 0;
}

int verify_pool_run(char *const *paths, size_t count,
		    const unsigned char *trusted_key, int jobs, unsigned flags,
		    verify_report_fn *report, void *ctx, char *err)
{
	/* A worker that died leaves its logs unreported, named below. */
	static const struct pool_ops ops = {.child = worker, .next = next,
					    .output = output};
	struct run run = {.paths = paths, .count = count, .key = trusted_key,
			  .flags = flags, .report = report, .ctx = ctx};
	struct pool pool = {.ops = &ops, .ctx = &run, .err = err};
	int rc;

	if ((size_t)jobs > count)
		jobs = (int)count;
	/* Each log takes memory of about its size and gives it back: kept
	 * by malloc rather than returned to the kernel, it is not faulted in
	 * again for the next log (a few brk calls and faults a log). */
	mallopt(M_TRIM_THRESHOLD, VERIFY_POOL_KEEP_BYTES);
	if (jobs <= 1)
		return run_here(paths, count, trusted_key, flags, report, ctx);
	pool.jobs = jobs;
	run.pending = xcalloc(count, sizeof *run.pending);
	run.left = xcalloc((size_t)jobs, sizeof *run.left);
	rc = pool_run(&pool);
	if (rc == 0 && run.reported < count)
		rc = errorf(err, "a verification process died before "
			    "checking %s", paths[run.reported]);
	for (size_t i = run.reported; i < count; i++) {
		free(run.pending[i].text);
		free(run.pending[i].digest.bytes);
	}
	free(run.pending);
	free(run.left);
	return rc;
}
