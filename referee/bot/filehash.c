/*
 * Files' hashes remembered; see filehash.h.  An open-addressed table
 * keyed by device and inode, emptied whole when it fills, behind a lock
 * (any thread may start a game).
 */
#include "filehash.h"

#include <pthread.h>
#include <stdbool.h>
#include <stdint.h>
#include <string.h>
#include <time.h>

#include "base/util.h"

/* Slots; at most three quarters used: a folder's 4096 files and a few
 * bots' more. */
#define FILEHASH_SLOTS 16384
/* How long before the hash a file must have last changed to be
 * remembered: more than a tick of the clock the kernel stamps files with
 * (a jiffy, 10 ms at most), and a filesystem's whole-second stamps. */
#define FILEHASH_SETTLED_NS 2000000000LL

struct known {
	dev_t dev;
	ino_t ino;
	off_t size;
	struct timespec mtime, ctime;
	bool used;
	char hex[FILES_SHA256_HEX];
};

static struct known *table;
static size_t filled;
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;

static int64_t ns_of(const struct timespec *t)
{
	return (int64_t)t->tv_sec * 1000000000LL + t->tv_nsec;
}

/* What identifies the content of `st`'s file, its hash not yet said. */
static struct known known_of(const struct stat *st)
{
	return (struct known){ .dev = st->st_dev, .ino = st->st_ino, .size = st->st_size,
			       .mtime = st->st_mtim, .ctime = st->st_ctim, .used = true };
}

static bool same_file(const struct known *k, const struct stat *st)
{
	return k->dev == st->st_dev && k->ino == st->st_ino && k->size == st->st_size &&
	       ns_of(&k->mtime) == ns_of(&st->st_mtim) && ns_of(&k->ctime) == ns_of(&st->st_ctim);
}

/* The slot of the file `st` names (its device and inode), used or the
 * free one where it would go.  Under the lock, with the table made. */
static struct known *slot(const struct stat *st)
{
	uint64_t h = ((uint64_t)st->st_dev * 0x9e3779b97f4a7c15ULL) ^ (uint64_t)st->st_ino;
	size_t i = (size_t)((h * 0xff51afd7ed558ccdULL) >> 32) % FILEHASH_SLOTS;

	while (table[i].used && (table[i].dev != st->st_dev || table[i].ino != st->st_ino))
		i = (i + 1) % FILEHASH_SLOTS;
	return &table[i];
}

/* Whether the remembered hash of `st`'s file is still its hash: copied to
 * `hex` when it is. */
static bool recall(const struct stat *st, char hex[FILES_SHA256_HEX])
{
	bool found;

	pthread_mutex_lock(&lock);
	found = table && same_file(slot(st), st);
	if (found)
		memcpy(hex, slot(st)->hex, FILES_SHA256_HEX);
	pthread_mutex_unlock(&lock);
	return found;
}

static void remember(const struct stat *st, const char hex[FILES_SHA256_HEX])
{
	struct known *k;

	pthread_mutex_lock(&lock);
	if (!table)
		table = xcalloc(FILEHASH_SLOTS, sizeof *table);
	if (filled >= FILEHASH_SLOTS / 4 * 3) {
		memset(table, 0, FILEHASH_SLOTS * sizeof *table);
		filled = 0;
	}
	k = slot(st);
	filled += !k->used;
	*k = known_of(st);
	memcpy(k->hex, hex, FILES_SHA256_HEX);
	pthread_mutex_unlock(&lock);
}

int filehash_fd(int fd, const struct stat *st, char hex[FILES_SHA256_HEX])
{
	struct known then = known_of(st);
	struct timespec before;
	struct stat after;

	if (recall(st, hex))
		return 0;
	clock_gettime(CLOCK_REALTIME, &before);
	if (files_sha256_fd(fd, hex))
		return -1;
	/* Remembered only when nothing changed it while it was read, and its
	 * last change is older than a tick: a write from now on moves its
	 * change time. */
	if (!fstat(fd, &after) && same_file(&then, &after) &&
	    ns_of(&st->st_ctim) < ns_of(&before) - FILEHASH_SETTLED_NS)
		remember(st, hex);
	return 0;
}
