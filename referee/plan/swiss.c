/*
 * Swiss pairings; see swiss.h.  The rounds are replayed from the first:
 * each one paired from the standings so far (scores, who met whom, each
 * bot's seats), then its results added from its games' ranks, until a
 * round whose games have not all finished.
 */
#include "swiss.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "base/util.h"

/* Search steps before repeats are allowed: a field of hundreds of bots
 * pairs in far fewer when a pairing without repeats exists. */
#define SEARCH_BUDGET 100000L

/* What the rounds so far left. */
struct standings {
	int n;
	int *score;       /* half points */
	bool *met;        /* [a * n + b] */
	int *balance;     /* first seats minus second seats */
	int *last, *before_last; /* +1 first, -1 second, 0 none */
	int *byes;
	const bool *absent; /* the field's */
};

/* A search for one round's pairs. */
struct search {
	const struct standings *s;
	bool repeats;     /* may pair bots that met */
	long budget;
	int (*pairs)[2];  /* found so far, higher ranked first */
	int count;
};

static void standings_init(struct standings *s, int n, const bool *absent)
{
	s->n = n;
	s->absent = absent;
	s->score = xcalloc((size_t)n, sizeof *s->score);
	s->met = xcalloc((size_t)n * (size_t)n, sizeof *s->met);
	s->balance = xcalloc((size_t)n, sizeof *s->balance);
	s->last = xcalloc((size_t)n, sizeof *s->last);
	s->before_last = xcalloc((size_t)n, sizeof *s->before_last);
	s->byes = xcalloc((size_t)n, sizeof *s->byes);
}

static void standings_free(struct standings *s)
{
	free(s->score);
	free(s->met);
	free(s->balance);
	free(s->last);
	free(s->before_last);
	free(s->byes);
}

/* The bots by score, then pairing number; `skip` and those absent left
 * out. */
static int rank_order(const struct standings *s, int skip, int *order)
{
	int count = 0;

	for (int b = 0; b < s->n; b++)
		if (b != skip && !(s->absent && s->absent[b]))
			order[count++] = b;
	/* Insertion sort: stable, and fields are small. */
	for (int i = 1; i < count; i++) {
		int b = order[i], j = i;

		while (j > 0 && s->score[order[j - 1]] < s->score[b]) {
			order[j] = order[j - 1];
			j--;
		}
		order[j] = b;
	}
	return count;
}

static bool may_meet(const struct search *x, int a, int b)
{
	return x->repeats || !x->s->met[a * x->s->n + b];
}

/* Pairs the bots of `list` (in rank order), its first first: with the
 * bot half its score group below, then the rest of the lower half, then
 * the upper half from the bottom, then the groups below in order.  With
 * repeats allowed, bots not met before are tried first. */
static bool search_pairs(struct search *x, const int *list, int len)
{
	const struct standings *s = x->s;
	int *rest, group = 1, top = list[0];

	if (len == 0)
		return true;
	if (--x->budget < 0)
		return false;
	while (group < len && s->score[list[group]] == s->score[top])
		group++;
	rest = xmalloc((size_t)len * sizeof *rest);
	for (int pass = 0; pass < 1 + x->repeats; pass++)
		for (int k = 1; k < len; k++) {
			/* The k-th choice, as a position in list. */
			int half = group / 2, c;

			if (group < 2)
				c = k;
			else if (k <= group - half)
				c = half + k - 1;
			else if (k < group)
				c = group - k;
			else
				c = k;
			if (x->repeats && (pass == 0) == s->met[top * s->n + list[c]])
				continue;
			if (!may_meet(x, top, list[c]))
				continue;
			for (int i = 1, m = 0; i < len; i++)
				if (i != c)
					rest[m++] = list[i];
			x->pairs[x->count][0] = top;
			x->pairs[x->count++][1] = list[c];
			if (search_pairs(x, rest, len - 2)) {
				free(rest);
				return true;
			}
			x->count--;
			if (x->budget < 0)
				break;
		}
	free(rest);
	return false;
}

/* How much bot b needs to sit first (> 0) or second (< 0): 3 for a seat
 * balance of two or the same seat twice running, 2 for a balance of one,
 * 1 to alternate, 0 before its first pairing. */
static int seat_need(const struct standings *s, int b)
{
	int sign = s->balance[b] ? -s->balance[b] / abs(s->balance[b]) : -s->last[b];

	if (abs(s->balance[b]) >= 2 || (s->last[b] && s->last[b] == s->before_last[b]))
		return 3 * sign;
	return (s->balance[b] ? 2 : 1) * sign;
}

/* Orders pair p (higher ranked bot first) by seats, on board `board`. */
static void seat_pair(const struct standings *s, int *p, int board)
{
	int a = seat_need(s, p[0]), b = seat_need(s, p[1]);
	bool swap;

	if (!a && !b)
		swap = board % 2;
	else if ((a > 0) != (b > 0) && a && b)
		swap = a < 0;
	else if (!a || !b)
		swap = (a ? a : -b) < 0;
	else
		swap = abs(b) > abs(a) ? b > 0 : a < 0;
	if (swap) {
		int t = p[0];

		p[0] = p[1];
		p[1] = t;
	}
}

/* The bots but `bye` paired as x says (without repeats, or with), within
 * what is left of its budget: true with their pairs. */
static bool search_round(struct search *x, int bye, int *list)
{
	int len = rank_order(x->s, bye, list);

	x->count = 0;
	return search_pairs(x, list, len);
}

/* One round's pairs and bye from the standings.  The bye of an odd field
 * goes to the lowest ranked of the bots with the fewest byes (none, while
 * a bot has had none) whose absence leaves a pairing without repeats,
 * else to the lowest of them; those searches share one budget, so that a field where
 * repeats cannot be avoided costs no more than one.  Past it, repeats
 * are allowed, those not met first. */
static void pair_round(const struct standings *s, int (*pairs)[2], int *bye)
{
	struct search x = {.s = s, .budget = SEARCH_BUDGET, .pairs = pairs};
	int *list = xmalloc(2 * (size_t)s->n * sizeof *list), fallback = -1, fewest = INT_MAX;
	int n = rank_order(s, -1, list);  /* the bots there */
	bool found = false;

	*bye = -1;
	for (int i = 0; i < n; i++)
		fewest = s->byes[list[i]] < fewest ? s->byes[list[i]] : fewest;
	for (int i = n - 1; n % 2 && i >= 0 && !found; i--) {
		if (s->byes[list[i]] > fewest)
			continue;
		if (fallback < 0)
			fallback = list[i];
		if ((found = search_round(&x, list[i], list + s->n)))
			*bye = list[i];
	}
	if (n % 2 && !found)
		*bye = fallback;
	if (n % 2 == 0)
		found = search_round(&x, -1, list + s->n);
	if (!found) {
		x = (struct search){.s = s, .repeats = true, .budget = SEARCH_BUDGET,
				    .pairs = pairs};
		search_round(&x, *bye, list + s->n);
	}
	for (int i = 0; i < n / 2; i++)
		seat_pair(s, pairs[i], i);
	for (int i = n / 2; i < s->n / 2; i++)
		pairs[i][0] = pairs[i][1] = -1;
	free(list);
}

bool swiss_board_empty(const struct swiss_field *field, int board)
{
	int there = 0;

	for (int b = 0; field->absent && b < field->bots; b++)
		there += !field->absent[b];
	return field->absent && board >= there / 2;
}

void swiss_seating(const int pair[2], int g, int seating[2])
{
	seating[0] = pair[g % 2];
	seating[1] = pair[1 - g % 2];
}

long swiss_game_number(const struct swiss_field *field, int round, int board,
		       int g)
{
	return ((long)round * (field->bots / 2) + board) * field->games + g + 1;
}

/* Adds the results of round `round`: false when a game of it has not
 * finished (nothing is added then). */
static bool add_round(const struct swiss_field *f, struct standings *s,
		      struct swiss_plan *plan, int round,
		      swiss_ranks_fn *ranks, void *ctx)
{
	int *points = xcalloc((size_t)plan->boards, sizeof *points);
	bool whole = true;

	for (int i = 0; i < plan->boards && whole; i++)
		for (int g = 0; g < f->games && whole && !swiss_board_empty(f, i); g++) {
			int r[2];

			whole = ranks(ctx, swiss_game_number(f, round, i, g), r);
			/* The first seated bot's game points, doubled. */
			if (whole)
				points[i] += (r[g % 2] <= r[1 - g % 2]) + (r[g % 2] < r[1 - g % 2]);
		}
	for (int i = 0; i < plan->boards && whole; i++) {
		const int *p = plan->pairs[round * plan->boards + i];
		int diff = points[i] - f->games;

		if (p[0] < 0)
			continue;
		plan->outcome[round * plan->boards + i] = diff > 0 ? 2 : diff == 0;
		s->score[p[0]] += diff > 0 ? 2 : diff == 0;
		s->score[p[1]] += diff < 0 ? 2 : diff == 0;
		s->met[p[0] * s->n + p[1]] = s->met[p[1] * s->n + p[0]] = true;
		for (int k = 0; k < 2; k++) {
			s->balance[p[k]] += k ? -1 : 1;
			s->before_last[p[k]] = s->last[p[k]];
			s->last[p[k]] = k ? -1 : 1;
		}
	}
	if (whole && plan->bye[round] >= 0) {
		s->score[plan->bye[round]] += 2;
		s->byes[plan->bye[round]]++;
	}
	free(points);
	return whole;
}

void swiss_plan(const struct swiss_field *field, swiss_ranks_fn *ranks,
		void *ctx, struct swiss_plan *plan)
{
	struct standings s;
	int n = field->bots;

	memset(plan, 0, sizeof *plan);
	plan->boards = n / 2;
	plan->pairs = xcalloc((size_t)field->rounds * (size_t)plan->boards + 1,
			      sizeof *plan->pairs);
	plan->bye = xcalloc((size_t)field->rounds, sizeof *plan->bye);
	plan->buchholz = xcalloc((size_t)n, sizeof *plan->buchholz);
	plan->outcome = xmalloc(((size_t)field->rounds * (size_t)plan->boards + 1) *
				sizeof *plan->outcome);
	for (int i = 0; i < field->rounds * plan->boards; i++)
		plan->outcome[i] = -1;
	standings_init(&s, n, field->absent);
	for (int r = 0; r < field->rounds; r++) {
		pair_round(&s, plan->pairs + r * plan->boards, &plan->bye[r]);
		plan->paired++;
		if (!add_round(field, &s, plan, r, ranks, ctx))
			break;
	}
	for (int a = 0; a < n; a++)
		for (int b = 0; b < n; b++)
			plan->buchholz[a] += s.met[a * n + b] ? s.score[b] : 0;
	plan->score = s.score;
	s.score = NULL;
	standings_free(&s);
}

void swiss_plan_free(struct swiss_plan *plan)
{
	free(plan->pairs);
	free(plan->bye);
	free(plan->score);
	free(plan->buchholz);
	free(plan->outcome);
	memset(plan, 0, sizeof *plan);
}
