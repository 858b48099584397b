/*
 * A tournament's progress line; see progress.h.
 */
#include "progress.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>

#include "util.h"

/* A line every this many seconds when stderr is not a terminal. */
#define PROGRESS_EVERY_NS (5 * 1000000000LL)

void progress_init(struct progress *p, char **names, int bots, bool tty,
		   bool quiet)
{
	*p = (struct progress){
		.names = names, .bots = bots, .tty = tty, .quiet = quiet,
	};
	p->points = xcalloc((size_t)bots, sizeof *p->points);
	p->played = xcalloc((size_t)bots, sizeof *p->played);
}

void progress_start(struct progress *p, long total, long done)
{
	p->total = total;
	p->done = done;
	p->started_ns = p->printed_ns = now_ns();
}

static double share(const struct progress *p, int b)
{
	return p->played[b] ? p->points[b] / (double)p->played[b] : -1;
}

/* Writes the status: done/total, rate, ETA, forfeits, the top three. */
static void show(struct progress *p)
{
	double secs = (double)(now_ns() - p->started_ns) / 1e9;
	double rate = secs > 0 ? (double)p->done_here / secs : 0;
	int top[3] = {-1, -1, -1}, len;
	char line[512];
	struct winsize ws;

	/* The best three by share, ties to the lower bot number. */
	for (int k = 0; k < 3; k++)
		for (int b = 0; b < p->bots; b++) {
			bool taken = (k > 0 && top[0] == b) || (k > 1 && top[1] == b);

			if (p->played[b] && !taken &&
			    (top[k] < 0 || share(p, b) > share(p, top[k])))
				top[k] = b;
		}
	len = snprintf(line, sizeof line, "%ld/%ld games, %.1f/s", p->done,
		       p->total, rate);
	if (p->done < p->total && rate > 0)
		len += snprintf(line + len, sizeof line - (size_t)len, ", ETA %.0fs",
				(double)(p->total - p->done) / rate);
	len += snprintf(line + len, sizeof line - (size_t)len, ", %ld forfeit%s",
			p->forfeits, p->forfeits == 1 ? "" : "s");
	for (int k = 0; k < 3 && top[k] >= 0 && (size_t)len < sizeof line; k++)
		len += snprintf(line + len, sizeof line - (size_t)len, "%s%s %.0f%%",
				k ? ", " : "; top: ", p->names[top[k]],
				100 * share(p, top[k]));
	/* A status line that wrapped could not be rewritten in place. */
	if (p->tty && ioctl(STDERR_FILENO, TIOCGWINSZ, &ws) == 0 && ws.ws_col > 1 &&
	    strlen(line) >= ws.ws_col)
		line[ws.ws_col - 1] = '\0';
	fprintf(stderr, p->tty ? "\r%s\033[K" : "%s\n", line);
	fflush(stderr);
	p->printed_ns = now_ns();
}

void progress_game(struct progress *p, const int *bot, const int *rank,
		   int players, int forfeits, bool earlier)
{
	for (int s = 0; s < players; s++) {
		p->points[bot[s]] += players > 1
			? (double)(players - rank[s]) / (players - 1) : 1;
		p->played[bot[s]]++;
	}
	p->forfeits += forfeits;
	if (earlier)
		return;
	p->done++;
	p->done_here++;
	if (!p->quiet && (p->tty || now_ns() - p->printed_ns >= PROGRESS_EVERY_NS))
		show(p);
}

void progress_finish(struct progress *p)
{
	if (p->quiet || !p->done_here)
		return;
	show(p);
	if (p->tty)
		fputc('\n', stderr);
}

void progress_free(struct progress *p)
{
	free(p->points);
	free(p->played);
}
