/*
 * A bot's stderr file read back line by line; see stderr_read.h.
 */
#include "stderr_read.h"

#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/util.h"
#include "stderr_marks.h"

struct stderr_reader {
	int fd;
	long at, to;   /* the next byte's offset, the range's end (-1: none) */
	bool marked;
	size_t pos, len;
	char buf[65536];
};

struct stderr_reader *stderr_read_open(const char *path, long from, long to, bool marked)
{
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	struct stderr_reader *r;

	if (fd < 0)
		return NULL;
	r = xmalloc(sizeof *r);
	*r = (struct stderr_reader){.fd = fd, .at = from, .to = to, .marked = marked};
	return r;
}

/* Reads the next bytes of the range into the empty buffer: false at its end. */
static bool refill(struct stderr_reader *r)
{
	size_t want = sizeof r->buf;
	ssize_t n;

	if (r->to >= 0 && (long)want > r->to - r->at)
		want = r->to > r->at ? (size_t)(r->to - r->at) : 0;
	n = want ? pread(r->fd, r->buf, want, r->at) : 0;
	r->pos = 0;
	r->len = n > 0 ? (size_t)n : 0;
	return r->len > 0;
}

/* What the line is: a line of the referee's starts with its byte; in a
 * file before its first such line, a mark without it is the referee's
 * too (an older referee's), after it the bot's words. */
static void classify(struct stderr_reader *r, struct stderr_line *line)
{
	bool referee = line->text[0] == STDERR_REFEREE;
	int n;

	line->kind = STDERR_BOT;
	if (referee) {
		memmove(line->text, line->text + 1, strlen(line->text));
		line->length--;
		r->marked = true;
		line->kind = STDERR_REFEREE_NOTE;
	} else if (r->marked) {
		return;
	}
	if (!strncmp(line->text, STDERR_MARK_GAME, strlen(STDERR_MARK_GAME)))
		line->kind = STDERR_GAME;
	else if (sscanf(line->text, STDERR_MARK_MOVE_FORMAT, &n) == 1 && n > 0)
		line->kind = STDERR_MOVE, line->move = n;
	else if (!strcmp(line->text, STDERR_MARK_END))
		line->kind = STDERR_END;
}

bool stderr_read_next(struct stderr_reader *r, struct stderr_line *line)
{
	size_t kept = 0;

	line->at = r->at;
	line->length = 0;
	line->whole = false;
	while (!line->whole && (r->pos < r->len || refill(r))) {
		char *start = r->buf + r->pos, *nl = memchr(start, '\n', r->len - r->pos);
		size_t n = nl ? (size_t)(nl - start) : r->len - r->pos;
		size_t k = n < STDERR_LINE_BYTES - kept ? n : STDERR_LINE_BYTES - kept;

		memcpy(line->text + kept, start, k);
		kept += k;
		line->length += n;
		line->whole = nl != NULL;
		r->pos += n + line->whole;
		r->at += (long)(n + line->whole);
	}
	if (r->at == line->at)
		return false;
	line->text[kept] = '\0';
	line->next = r->at;
	classify(r, line);
	return true;
}

bool stderr_read_marked(const struct stderr_reader *r)
{
	return r->marked;
}

void stderr_read_close(struct stderr_reader *r)
{
	if (!r)
		return;
	close(r->fd);
	free(r);
}
