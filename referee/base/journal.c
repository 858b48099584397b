/*
 * Writing game logs; see journal.h.
 */
#include "journal.h"

#include <errno.h>
#include <fcntl.h>
#include <libdeflate.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "files.h"
#include "games/support.h"
#include "json.h"
#include "util.h"

/* Records are gathered and written together: at most every
 * JOURNAL_FLUSH_NS, or when JOURNAL_FLUSH_BYTES are waiting, and at the
 * end.  One write(2) per record cost a fast game more than its moves. */
#define JOURNAL_FLUSH_NS (50 * 1000000LL)
#define JOURNAL_FLUSH_BYTES (64 * 1024)
/* A compressed log gathers more before it writes: each write is a gzip
 * member of its own, and a member compresses better the more it holds. */
#define JOURNAL_GZIP_FLUSH_BYTES (1024 * 1024)
/* libdeflate's level 6: a log of text shrinks about as much as at 9, in
 * a third of the time. */
#define JOURNAL_GZIP_LEVEL 6

struct journal {
	int fd;
	char *path;
	struct chain_end chain;
	char *pending;          /* lines not yet written */
	size_t pending_len, pending_cap;
	int64_t flushed_ns;
	struct libdeflate_compressor *gzip; /* NULL: written as it is */
	off_t size;             /* bytes written, all of whole lines */
	bool failed;            /* a write failed: nothing more is written */
};

/* The journal of the file open at `fd`, its lines so far `size` bytes. */
static struct journal *journal_new(int fd, const char *path, off_t size,
				   const struct chain_end *chain)
{
	struct journal *journal = xcalloc(1, sizeof *journal);

	journal->fd = fd;
	journal->path = xstrdup(path);
	journal->size = size;
	journal->chain = *chain;
	return journal;
}

struct journal *journal_create(const char *path, char *err)
{
	int fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0644);

	if (fd < 0) {
		errorf(err, "cannot create log '%s': %s%s", path, strerror(errno),
		       errno == EEXIST ? " (logs are never overwritten)" : "");
		return NULL;
	}
	return journal_new(fd, path, 0, &(struct chain_end){0});
}

struct journal *journal_adopt(const char *path, char *err)
{
	int fd = open(path, O_WRONLY | O_NOFOLLOW | O_CLOEXEC);
	struct stat st;

	if (fd < 0) {
		errorf(err, "cannot write log '%s': %s", path, strerror(errno));
		return NULL;
	}
	if (fstat(fd, &st) || !S_ISREG(st.st_mode) || st.st_size) {
		errorf(err, "cannot write log '%s': it is no longer the empty file "
		       "made for it (logs are never overwritten)", path);
		close(fd);
		return NULL;
	}
	return journal_new(fd, path, 0, &(struct chain_end){0});
}

struct journal *journal_reopen(const char *path, size_t keep, const struct chain_end *chain,
			       char *err)
{
	int fd = open(path, O_WRONLY | O_CLOEXEC);

	if (fd < 0 || ftruncate(fd, (off_t)keep) ||
	    lseek(fd, 0, SEEK_END) != (off_t)keep) {
		errorf(err, "cannot continue '%s': %s", path, strerror(errno));
		if (fd >= 0)
			close(fd);
		return NULL;
	}
	return journal_new(fd, path, (off_t)keep, chain);
}

void journal_compress(struct journal *journal)
{
	/* It fails only when out of memory, as xmalloc aborts. */
	if (!journal->gzip)
		journal->gzip = arena_games_checked(
			libdeflate_alloc_compressor(JOURNAL_GZIP_LEVEL));
}

/* Writes `len` bytes at `buf` as they are, or as one gzip member, and
 * counts them in journal->size. */
static int write_lines(struct journal *journal, const char *buf, size_t len)
{
	size_t bound, packed_len;
	char *packed;
	int rc;

	if (!journal->gzip) {
		rc = files_write_all(journal->fd, buf, len);
		journal->size += rc ? 0 : (off_t)len;
		return rc;
	}
	bound = libdeflate_gzip_compress_bound(journal->gzip, len);
	packed = xmalloc(bound);
	packed_len = libdeflate_gzip_compress(journal->gzip, buf, len, packed, bound);
	rc = packed_len ? files_write_all(journal->fd, packed, packed_len) : -1;
	journal->size += rc ? 0 : (off_t)packed_len;
	free(packed);
	return rc;
}

/* Writes the lines gathered so far.  A write that fails (a full disk)
 * is taken back to the last whole line, and the journal writes nothing
 * more: its chain has moved past the lines lost, and what came after
 * them (the records written once a dropped game's log had made room)
 * would follow a torn line. */
int journal_flush(struct journal *journal, char *err)
{
	int rc = 0, saved;

	if (journal->failed)
		return errorf(err, "cannot write log '%s': an earlier write to it "
			      "failed", journal->path);
	if (journal->pending_len &&
	    write_lines(journal, journal->pending, journal->pending_len)) {
		saved = errno;
		rc = errorf(err, "cannot write log '%s': %s", journal->path,
			    strerror(saved));
		journal->failed = true;
		if (ftruncate(journal->fd, journal->size) == 0)
			lseek(journal->fd, journal->size, SEEK_SET);
	}
	journal->pending_len = 0;
	journal->flushed_ns = now_ns();
	return rc;
}

int journal_append(struct journal *journal, cJSON *record, char *err)
{
	size_t len;
	char *line = chain_next(&journal->chain, record, &len);
	int rc = 0;

	if (journal->pending_len + len + 1 > journal->pending_cap) {
		journal->pending_cap = 2 * (journal->pending_len + len + 1);
		journal->pending = xrealloc(journal->pending, journal->pending_cap);
	}
	memcpy(journal->pending + journal->pending_len, line, len + 1);
	journal->pending_len += len + 1;
	/* A compressed log too at least every JOURNAL_FLUSH_NS, a member a
	 * write: what a stop cuts keeps every line written before it
	 * (docs/FAIRNESS-LEAGUE.md, item 24), as a plain log does. */
	if (journal->pending_len >= (journal->gzip ? JOURNAL_GZIP_FLUSH_BYTES
						   : JOURNAL_FLUSH_BYTES) ||
	    now_ns() - journal->flushed_ns >= JOURNAL_FLUSH_NS)
		rc = journal_flush(journal, err);
	free(line);
	return rc;
}

int journal_sync(struct journal *journal, char *err)
{
	int rc = journal_flush(journal, err);

	if (!rc && fdatasync(journal->fd))
		rc = errorf(err, "cannot write log '%s': %s", journal->path, strerror(errno));
	return rc;
}

int journal_seal(struct journal *journal, const struct referee_key *key,
		 const unsigned char id[FAIR_GAME_ID_BYTES], char *err)
{
	struct chain_owner owner = {CHAIN_LOG_TAG, id, FAIR_GAME_ID_BYTES};

	return journal_append(journal, chain_signature(&owner, &journal->chain, key), err) ||
	       journal_flush(journal, err) ? -1 : 0;
}

int journal_sign(struct journal *journal, const struct referee_key *key,
		 const unsigned char id[FAIR_GAME_ID_BYTES], char *err)
{
	int rc = journal_seal(journal, key, id, err);

	if (close(journal->fd) && !rc)
		rc = errorf(err, "cannot close log '%s': %s", journal->path,
			    strerror(errno));
	journal->fd = -1;
	return rc;
}

void journal_free(struct journal *journal)
{
	char err[ERR_LEN];

	if (!journal)
		return;
	if (journal->fd >= 0) {
		journal_flush(journal, err); /* what was recorded is kept, even unsigned */
		close(journal->fd);
	}
	libdeflate_free_compressor(journal->gzip);
	free(journal->pending);
	free(journal->path);
	free(journal);
}
