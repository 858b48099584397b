/*
 * A tournament's progress line; see progress.h.
 */
#include "progress.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>

#include "base/util.h"
#include "base/visible.h"

void status_line_show(const char *line, bool tty)
{
	char *shown = visible_text(line, VISIBLE_LINE);
	struct winsize ws;

	if (tty && ioctl(STDERR_FILENO, TIOCGWINSZ, &ws) == 0 && ws.ws_col > 1 &&
	    strlen(shown) >= ws.ws_col)
		shown[ws.ws_col - 1] = '\0';
	fprintf(stderr, tty ? "\r%s\033[K" : "%s\n", shown);
	fflush(stderr);
	free(shown);
}

void status_line_erase(bool tty)
{
	if (!tty)
		return;
	fputs("\r\033[K", stderr);
	fflush(stderr);
}

void progress_init(struct progress *p, const struct tournament_spec *spec,
		   bool tty, bool quiet)
{
	int bots = spec->bot_count;

	*p = (struct progress){.bots = bots, .tty = tty, .quiet = quiet};
	p->names = xcalloc((size_t)bots, sizeof *p->names);
	for (int b = 0; b < bots; b++)
		p->names[b] = spec->bots[b].name;
	progress_leader_init(&p->leader, spec->rules, p->names, bots);
	p->points = xcalloc((size_t)bots, sizeof *p->points);
	p->played = xcalloc((size_t)bots, sizeof *p->played);
	p->failed = xcalloc((size_t)bots, sizeof *p->failed);
	p->failed_line = xcalloc((size_t)bots, sizeof *p->failed_line);
}

/* ", N left out (--skip-broken)" when games are, else "". */
static void left_out_text(const struct progress *p, char *buf, size_t len)
{
	buf[0] = '\0';
	if (p->left_out)
		snprintf(buf, len, ", %ld left out (--skip-broken)", p->left_out);
}

void progress_start(struct progress *p, long total, long done, long left_out)
{
	char out[64];

	p->total = total;
	p->done = done;
	p->left_out = left_out;
	p->started_ns = p->printed_ns = now_ns();
	left_out_text(p, out, sizeof out);
	if (done && !p->quiet)
		visible_line(stderr, "%s: resumed: %ld of %ld games were finished, %ld to play%s",
			     p->out_dir, done, total, total - done - left_out, out);
}

void progress_set_aside(struct progress *p, long first, long last,
			char *const *names, int count)
{
	char logs[1024] = "";
	size_t len = 0;

	if (p->quiet)
		return;
	if (first == last) {
		visible_line(stderr, "%s: game %ld was cut by the stop: its log is set "
			     "aside as %s, and the game is played again", p->out_dir,
			     first, names[0]);
		return;
	}
	for (int k = 0; k < count && len < sizeof logs; k++)
		len += (size_t)snprintf(logs + len, sizeof logs - len, "%s%s",
					!k ? "" : k == count - 1 ? " and " : ", ", names[k]);
	visible_line(stderr, "%s: the duplicate set of games %ld to %ld was cut by the "
		     "stop: its log%s set aside as %s, and the whole set is dealt again",
		     p->out_dir, first, last, count > 1 ? "s are" : " is", logs);
}

static double share(const struct progress *p, int b)
{
	return p->played[b] ? p->points[b] / (double)p->played[b] : -1;
}

/* Writes the status: done/total, rate, ETA, forfeits, the top three,
 * the leader (`fit`: by ratings made now). */
static void show(struct progress *p, bool fit)
{
	double secs = (double)(now_ns() - p->started_ns) / 1e9;
	double rate = secs > 0 ? (double)p->done_here / secs : 0;
	int top[3] = {-1, -1, -1}, len;
	char line[512], leader[256], out[64];

	/* The best three by share, ties to the lower bot number. */
	for (int k = 0; k < 3; k++)
		for (int b = 0; b < p->bots; b++) {
			bool taken = (k > 0 && top[0] == b) || (k > 1 && top[1] == b);

			if (p->played[b] && !taken &&
			    (top[k] < 0 || share(p, b) > share(p, top[k])))
				top[k] = b;
		}
	left_out_text(p, out, sizeof out);
	len = snprintf(line, sizeof line, "%ld/%ld games%s, %.1f/s", p->done,
		       p->total, out, rate);
	if (p->done + p->left_out < p->total && rate > 0)
		len += snprintf(line + len, sizeof line - (size_t)len, ", ETA %.0fs",
				(double)(p->total - p->done - p->left_out) / rate);
	len += snprintf(line + len, sizeof line - (size_t)len, ", %ld forfeit%s",
			p->forfeits, p->forfeits == 1 ? "" : "s");
	for (int k = 0; k < 3 && top[k] >= 0 && (size_t)len < sizeof line; k++)
		len += snprintf(line + len, sizeof line - (size_t)len, "%s%s %.0f%%",
				k ? ", " : "; top: ", p->names[top[k]],
				100 * share(p, top[k]));
	progress_leader_update(&p->leader, fit);
	if (progress_leader_text(&p->leader, leader, sizeof leader) &&
	    (size_t)len < sizeof line)
		len += snprintf(line + len, sizeof line - (size_t)len, "; leader: %s",
				leader);
	for (int b = 0; b < p->bots && (size_t)len < sizeof line; b++)
		if (p->failed[b] >= p->start_failures)
			len += snprintf(line + len, sizeof line - (size_t)len,
					"; %s did not start %d times in a row: %s",
					p->names[b], p->failed[b], p->failed_line[b]);
	/* The names are the tournament file's: shown, never acted on. */
	status_line_show(line, p->tty);
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
	if (!p->quiet)  /* a quiet run shows no leader */
		progress_leader_add(&p->leader, bot, rank, players);
	p->forfeits += forfeits;
	if (earlier)
		return;
	p->done++;
	p->done_here++;
	if (!p->quiet && (p->tty || now_ns() - p->printed_ns >= STATUS_LINE_EVERY_NS))
		show(p, false);
}

void progress_no_start(struct progress *p, int bot, const char *line)
{
	free(p->failed_line[bot]);
	p->failed_line[bot] = xstrdup(line);
	if (++p->failed[bot] == p->start_failures && !p->quiet)
		show(p, false);
}

void progress_started(struct progress *p, int bot)
{
	p->failed[bot] = 0;
}

void progress_new_version(struct progress *p, int bot)
{
	if (!p->quiet)
		visible_line(stderr, "%s: a new version of bot '%s' plays its "
			     "games from here on", p->out_dir, p->names[bot]);
}

void progress_added(struct progress *p, int bot, long first, long last)
{
	if (!p->quiet)
		visible_line(stderr, "%s: bot '%s' joins the run: its tables add "
			     "games %ld to %ld to the schedule", p->out_dir,
			     p->names[bot], first, last);
}

void progress_back(struct progress *p, int bot, long games)
{
	if (!p->quiet)
		visible_line(stderr, "%s: %s was skipped before and now passes its "
			     "pre-flight: playing its %ld game%s", p->out_dir,
			     p->names[bot], games, games == 1 ? "" : "s");
}

void progress_finish(struct progress *p)
{
	if (p->quiet || !p->done_here)
		return;
	show(p, true);
	if (p->tty)
		fputc('\n', stderr);
}

void progress_free(struct progress *p)
{
	for (int b = 0; b < p->bots; b++)
		free(p->failed_line[b]);
	free(p->names);
	free(p->points);
	free(p->played);
	free(p->failed);
	free(p->failed_line);
	progress_leader_free(&p->leader);
}
