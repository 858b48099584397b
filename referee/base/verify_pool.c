/*
 * Many logs verified on several processes (see verify_pool.h).  Workers
 * are forked after the list is known; each takes the next index from a
 * counter in shared memory (so a slow log never holds up a whole slice),
 * checks that log and writes one record (index, status, text, the log's
 * digest) to its own pipe.  The parent keeps each outcome until every
 * earlier one has been reported, so the output is in the order of the
 * arguments whatever the order of completion.
 */
#include "verify_pool.h"
#include "games/game.h"
#include "keys.h"
#include "game_figures.h"
#include "logread.h"
#include "util.h"
#include "verify.h"
#include "verify_sets.h"

#include <errno.h>
#include <fcntl.h>
#include <malloc.h>
#include <poll.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/wait.h>
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

struct worker {
	pid_t pid;
	int fd;                 /* read end of its pipe; -1 once at EOF */
	char *buf;
	size_t len, cap;
};

struct pending {
	char *text;             /* NULL until the outcome is in */
	enum verify_status status;
	struct digest digest;   /* bytes NULL: none */
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
 * header, the commitment and the result, and what verify_sets.h reads of
 * a set's game. */
static bool in_digest(const struct log_line *line, size_t i, bool of_set)
{
	const char *type = line->type;

	return !i || (type && (!strcmp(type, "commit") || !strcmp(type, "result") ||
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

/* A worker process: verifies the logs it claims, then exits. */
static void __attribute__((noreturn))
worker_main(char *const *paths, size_t count, const unsigned char *key,
	    unsigned flags, atomic_size_t *next, int fd)
{
	FILE *out = fdopen(fd, "w");
	static char text[TEXT_MAX];
	size_t i;

	if (!out)
		_exit(3);
	while ((i = atomic_fetch_add(next, 1)) < count) {
		struct record_header h = { .index = i };
		struct digest digest = {0};

		h.status = verify_one(paths[i], key, flags, text, &digest);
		h.length = (uint32_t)strlen(text);
		h.digest_length = digest.len;
		write_all(out, &h, sizeof h);
		write_all(out, text, h.length);
		if (digest.len)  /* none for a log that could not be read */
			write_all(out, digest.bytes, digest.len);
		free(digest.bytes);
	}
	_exit(fflush(out) == 0 ? 0 : 3);
}

/* Moves the complete records in w->buf into `pending`. */
static void take_records(struct worker *w, struct pending *pending,
			 size_t count)
{
	size_t at = 0;

	while (w->len - at >= sizeof(struct record_header)) {
		struct record_header h;
		const char *text = w->buf + at + sizeof h;

		memcpy(&h, w->buf + at, sizeof h);
		if (w->len - at - sizeof h < h.length + h.digest_length)
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
	}
	memmove(w->buf, w->buf + at, w->len - at);
	w->len -= at;
}

/* Reads what one worker has written; false at its end of file. */
static bool drain(struct worker *w, struct pending *pending, size_t count)
{
	ssize_t n;

	if (w->cap - w->len < 65536) {
		w->cap = w->cap ? 2 * w->cap : 131072;
		w->buf = xrealloc(w->buf, w->cap);
	}
	n = read(w->fd, w->buf + w->len, w->cap - w->len);
	if (n < 0 && errno == EINTR)
		return true;
	if (n <= 0)
		return false;
	w->len += (size_t)n;
	take_records(w, pending, count);
	return true;
}

static int start_workers(struct worker *workers, int jobs, char *const *paths,
			 size_t count, const unsigned char *key, unsigned flags,
			 atomic_size_t *next, char *err)
{
	fflush(NULL);  /* nothing buffered may be written twice */
	for (int j = 0; j < jobs; j++) {
		int fds[2];

		if (pipe2(fds, O_CLOEXEC) < 0)
			return errorf(err, "cannot create a pipe: %s",
				      strerror(errno));
		workers[j].pid = fork();
		if (workers[j].pid == 0) {
			close(fds[0]);
			for (int k = 0; k < j; k++)
				close(workers[k].fd);
			worker_main(paths, count, key, flags, next, fds[1]);
		}
		close(fds[1]);
		workers[j].fd = fds[0];
		if (workers[j].pid < 0) {
			close(fds[0]);
			workers[j].fd = -1;
			return errorf(err, "cannot start a verification "
				      "process: %s", strerror(errno));
		}
	}
	return 0;
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

/* Reads every worker to its end, reporting outcomes in order; returns
 * how many were reported. */
static size_t collect(struct worker *workers, int jobs, char *const *paths,
		      size_t count, struct pending *pending,
		      verify_report_fn *report, void *ctx)
{
	struct pollfd *fds = xcalloc((size_t)jobs, sizeof *fds);
	size_t reported = 0;
	int open_count = jobs;

	while (open_count > 0) {
		for (int j = 0; j < jobs; j++)
			fds[j] = (struct pollfd){ .fd = workers[j].fd,
						  .events = POLLIN };
		if (poll(fds, (nfds_t)jobs, -1) < 0) {
			if (errno == EINTR)
				continue;
			break;
		}
		for (int j = 0; j < jobs; j++) {
			if (!fds[j].revents || drain(&workers[j], pending, count))
				continue;
			close(workers[j].fd);
			workers[j].fd = -1;
			open_count--;
		}
		while (reported < count && pending[reported].text) {
			deliver(report, ctx, reported, paths[reported],
				pending[reported].status, pending[reported].text,
				pending[reported].digest);
			free(pending[reported].text);
			pending[reported].text = (char *)"";  /* done */
			reported++;
		}
	}
	free(fds);
	return reported;
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
	struct worker *workers;
	struct pending *pending;
	atomic_size_t *next;
	size_t reported = 0;
	int rc;

	if ((size_t)jobs > count)
		jobs = (int)count;
	/* Each log takes memory of about its size and gives it back: kept
	 * by malloc rather than returned to the kernel, it is not faulted in
	 * again for the next log (a few brk calls and faults a log). */
	mallopt(M_TRIM_THRESHOLD, VERIFY_POOL_KEEP_BYTES);
	if (jobs <= 1)
		return run_here(paths, count, trusted_key, flags, report, ctx);
	next = mmap(NULL, sizeof *next, PROT_READ | PROT_WRITE,
		    MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	if (next == MAP_FAILED)
		return errorf(err, "cannot share memory with the verification "
			      "processes: %s", strerror(errno));
	atomic_init(next, 0);
	workers = xcalloc((size_t)jobs, sizeof *workers);
	for (int j = 0; j < jobs; j++)
		workers[j] = (struct worker){ .pid = -1, .fd = -1 };
	pending = xcalloc(count, sizeof *pending);
	rc = start_workers(workers, jobs, paths, count, trusted_key, flags,
			   next, err);
	if (rc == 0)
		reported = collect(workers, jobs, paths, count, pending, report, ctx);
	for (int j = 0; j < jobs; j++) {
		if (workers[j].fd >= 0)
			close(workers[j].fd);
		if (workers[j].pid > 0)
			while (waitpid(workers[j].pid, NULL, 0) < 0 &&
			       errno == EINTR)
				;
		free(workers[j].buf);
	}
	if (rc == 0 && reported < count)
		rc = errorf(err, "a verification process died before "
			    "checking %s", paths[reported]);
	for (size_t i = reported; i < count; i++) {
		free(pending[i].text);
		free(pending[i].digest.bytes);
	}
	free(pending);
	free(workers);
	munmap(next, sizeof *next);
	return rc;
}
