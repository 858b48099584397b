/*
 * The grade of a game (grade.h): the log replayed through verify_log's
 * hooks, each seat's chance to win followed from record to record.  At
 * each decision the values of the legal actions are taken before it is
 * made (the next record is the action played, the state already past
 * it): the loss is the best value less the played one, for the seat
 * that decided, and what the played action gave each other seat against
 * the best is theirs ("others").  What chance did between two decisions
 * (dice, cards, an opening's moves) is one chance event, its luck for a
 * seat the chance after it less the chance before (the played action's
 * value, the mean over the draws).  So every change of a seat's chance is
 * a loss of its own, the others' doing or luck, and the identity of
 * docs/ANALYSIS.md holds by construction: what it measures is that the
 * values agree with one another.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "base/action_words.h"
#include "base/json.h"
#include "base/paths.h"
#include "base/util.h"
#include "base/verify.h"
#include "games/dice.h"
#include "games/registry.h"
#include "grade.h"
#include "grade_values.h"
#include "values/estimate.h"

#define GRADE_KEPT 4		/* the values of so many games kept open */
/* The actions a shown grade lists at a decision, best first (a page's
 * what-ifs): a bound on a page of Volle Lotte's hundreds. */
#define GRADE_LISTED 12

enum grade_marks { MARK_BEST, MARK_GOOD, MARK_INACCURACY, MARK_MISTAKE,
		   MARK_BLUNDER, MARKS };

static const char *const grade_marks[MARKS] = {
	"best", "good", "inaccuracy", "mistake", "blunder",
};

struct grade_kept {
	char *key;		/* game, players and options, as the header has them */
	struct grade_values *values;
};

struct grade {
	char *cache;
	unsigned how;		/* grade_new()'s */
	struct grade_kept kept[GRADE_KEPT];
	int next;
};

/* What the log's header told: its game's rules, options and seats. */
struct grade_header {
	const struct game_rules *rules;
	const cJSON *options;
	int players;
	bool shown;		/* GRADE_SHOWN: a decision's actions listed */
};

/* What chance did since the last record, the next chance event's: rolls,
 * the dice drawn; draws, the other draws (cards, an opening's);
 * openings, the moves drawn. */
struct grade_drawn {
	cJSON *rolls, *draws, *openings;
};

/* How far the replay has gone: each seat's chance now, the actions and
 * which records were met. */
struct grade_progress {
	double now[GAME_MAX_SEATS];	/* each seat's chance to win now */
	int move;		/* actions so far */
	int applied;		/* of them, applied (play->step) */
	bool began, have_result;
};

/* Each seat's totals: its chance at the start and in the result, what
 * changed it between (docs/ANALYSIS.md's identity), its decisions. */
struct grade_totals {
	double start[GAME_MAX_SEATS], result[GAME_MAX_SEATS];
	double luck[GAME_MAX_SEATS], error[GAME_MAX_SEATS];
	double others[GAME_MAX_SEATS];	/* what the others' decisions gave */
	/* What estimates gave apart from those (docs/ANALYSIS.md,
	 * "Estimated values"): 0 with exact values, but for rounding. */
	double drift[GAME_MAX_SEATS];
	int decisions[GAME_MAX_SEATS], forced[GAME_MAX_SEATS];
	int marks[GAME_MAX_SEATS][MARKS];
};

/* The decision waiting, its legal actions valued. */
struct grade_decision {
	struct grade_choice pending[GAME_MAX_MOVES];
	double here[GAME_MAX_SEATS];	/* the decision's position's value */
	int choices, best, seat;	/* seat -1: none */
	/* Outside the dice games, the decision's legal actions as legal()
	 * writes them and its state, to find the action played by. */
	cJSON *legal;
	void *before, *scratch[2];
};

/* One game being graded: verify_log's hooks' context. */
struct grade_game {
	const struct game_log *log;	/* its records' types, read once */
	struct grade_values *values;
	struct grade_header header;
	cJSON *moves;		/* the document's moves and chance events */
	struct grade_drawn drawn;
	struct grade_progress progress;
	struct grade_totals totals;
	struct grade_decision decision;
	char why[ERR_LEN];	/* set: the grade failed */
};

static enum grade_marks grade_mark_of(double loss)
{
	if (loss <= GRADE_ROUNDING)
		return MARK_BEST;
	if (loss < GRADE_INACCURACY)
		return MARK_GOOD;
	if (loss < GRADE_MISTAKE)
		return MARK_INACCURACY;
	return loss < GRADE_BLUNDER ? MARK_MISTAKE : MARK_BLUNDER;
}

static void grade_seats(const struct grade_game *gg, cJSON *object,
			const char *name, const double *seats)
{
	cJSON_AddItemToObject(object, name,
			      cJSON_CreateDoubleArray(seats,
						      gg->header.players));
}

/* The result of the game as it stands (over, forfeits ranked last as
 * the match ranks them): the winners share 1, as in the estimates. */
static void grade_result(struct grade_game *gg, const struct game_play *play,
			 double out[GAME_MAX_SEATS])
{
	struct game_result r;

	game_play_result(play, &r);
	estimate_shares(&r, gg->header.players, out);
}

/* The playouts' key of the decision after action `move` (estimates). */
static uint64_t grade_key(int move)
{
	return (uint64_t)move * 0x9e3779b97f4a7c15u + 1;
}

/* The decision's state, kept to word its actions (action_words.h), and
 * outside the dice games its legal actions, to find the action played
 * among them. */
static void grade_keep_decision(struct grade_game *gg, const void *state)
{
	const struct game_rules *rules = gg->header.rules;
	struct grade_decision *d = &gg->decision;

	if (rules->family != GAME_FAMILY_DICE) {
		cJSON_Delete(d->legal);
		d->legal = rules->legal(state);
	}
	if (!d->before) {
		d->before = xmalloc(rules->state_size);
		d->scratch[0] = xmalloc(rules->state_size);
		d->scratch[1] = xmalloc(rules->state_size);
	}
	memcpy(d->before, state, rules->state_size);
}

/* Each seat's chance after the record just played into `after`, and the
 * decision that waits there, if any, with its actions valued. */
static void grade_position(struct grade_game *gg, const struct game_play *play,
			   double after[GAME_MAX_SEATS])
{
	struct grade_decision *d = &gg->decision;

	d->seat = game_play_to_move(play);
	if (d->seat < 0) {
		grade_result(gg, play, after);
		return;
	}
	d->choices = grade_values_actions(gg->values, play->state,
					  grade_key(gg->progress.move),
					  d->pending, d->here);
	d->best = 0;
	for (int i = 1; i < d->choices; i++)
		if (d->pending[i].chance[d->seat] >
		    d->pending[d->best].chance[d->seat])
			d->best = i;
	memcpy(after, d->here, sizeof gg->progress.now);
	grade_keep_decision(gg, play->state);
}

/* Moves what chance did since the last event into a new event. */
static void grade_event_draws(struct grade_game *gg, cJSON *event)
{
	cJSON **drawn[] = {&gg->drawn.rolls, &gg->drawn.draws, &gg->drawn.openings};
	const char *const names[] = {"roll", "draw", "opening"};

	for (int i = 0; i < 3; i++)
		if (cJSON_GetArraySize(*drawn[i])) {
			cJSON_AddItemToObject(event, names[i], *drawn[i]);
			*drawn[i] = cJSON_CreateArray();
		}
}

/* After a record: what was drawn in it, as a chance event. */
static void grade_settle(struct grade_game *gg, const struct game_play *play)
{
	double after[GAME_MAX_SEATS] = {0}, luck[GAME_MAX_SEATS] = {0};

	grade_position(gg, play, after);
	if (!cJSON_GetArraySize(gg->drawn.rolls) &&
	    !cJSON_GetArraySize(gg->drawn.draws) &&
	    !cJSON_GetArraySize(gg->drawn.openings)) {
		/* nothing drawn: the estimates' noise */
		for (int s = 0; s < gg->header.players; s++)
			gg->totals.drift[s] += after[s] - gg->progress.now[s];
	} else {
		cJSON *event = cJSON_CreateObject();

		for (int s = 0; s < gg->header.players; s++) {
			luck[s] = after[s] - gg->progress.now[s];
			gg->totals.luck[s] += luck[s];
		}
		cJSON_AddNumberToObject(event, "move", gg->progress.move);
		grade_event_draws(gg, event);
		grade_seats(gg, event, "luck", luck);
		grade_seats(gg, event, "chance", after);
		cJSON_AddItemToArray(gg->moves, event);
	}
	memcpy(gg->progress.now, after, sizeof after);
}

static void grade_begin(struct grade_game *gg, const struct game_play *play)
{
	cJSON *draw = gg->drawn.draws->child;
	const char *first = cJSON_GetStringValue(json_member(gg->header.options,
							     "first"));

	if (!play->state)
		return;		/* fewer than two seats: no play */
	gg->progress.began = true;
	/* Who starts is known at the start: no luck of the game's.  It is
	 * the game's first draw where it is drawn (game_play_begin()). */
	if (draw && first && !strcmp(first, "random"))
		cJSON_Delete(cJSON_DetachItemViaPointer(gg->drawn.draws, draw));
	grade_values_start(gg->values, play, gg->header.options, grade_key(0),
			   gg->totals.start);
	memcpy(gg->progress.now, gg->totals.start, sizeof gg->progress.now);
	grade_settle(gg, play);
}

/* The index in gg->decision.pending of the dice game's action played, or
 * -1. */
static int grade_played_dice(const struct grade_game *gg, const void *state,
			     const cJSON *action)
{
	int id = arena_dice_game_action_id(state, action);

	for (int i = 0; i < gg->decision.choices && id >= 0; i++)
		if (gg->decision.pending[i].move == id)
			return i;
	return -1;
}

/* The index of the action that leaves the decision's state as `action`
 * leaves it, the same draws made: an action written otherwise than
 * legal() writes it (a Black-Pot expression in another order), or -1. */
static int grade_played_as(struct grade_game *gg, const cJSON *action)
{
	static const unsigned char key[32];
	const struct game_rules *rules = gg->header.rules;
	struct grade_decision *d = &gg->decision;
	size_t size = rules->state_size;
	int seat = rules->to_move(d->before);
	char err[GAME_ERR_LEN];
	struct draws draws;

	memcpy(d->scratch[0], d->before, size);
	arena_draws_init(&draws, key, NULL, NULL);
	arena_draws_turn(&draws, seat);
	if (rules->apply(d->scratch[0], action, &draws, err))
		return -1;
	for (int i = 0; i < d->choices; i++) {
		memcpy(d->scratch[1], d->before, size);
		arena_draws_init(&draws, key, NULL, NULL);
		arena_draws_turn(&draws, seat);
		rules->apply_move(d->scratch[1], d->pending[i].move, &draws);
		if (!memcmp(d->scratch[0], d->scratch[1], size))
			return i;
	}
	return -1;
}

/* The index in gg->decision.pending of the action played, or -1. */
static int grade_played(struct grade_game *gg, const void *state,
			const cJSON *action)
{
	if (gg->header.rules->family == GAME_FAMILY_DICE)
		return grade_played_dice(gg, state, action);
	for (int i = 0; i < gg->decision.choices; i++)
		if (cJSON_Compare(cJSON_GetArrayItem(gg->decision.legal, i),
				  action, true))
			return i;
	return grade_played_as(gg, action);
}

/* The decision's legal action `i` (of pending), as a bot writes it. */
static cJSON *grade_choice_json(const struct grade_game *gg, int i)
{
	const struct grade_decision *d = &gg->decision;

	if (gg->header.rules->family == GAME_FAMILY_DICE)
		return arena_dice_game_action_json(d->before, d->pending[i].move);
	return cJSON_Duplicate(cJSON_GetArrayItem(d->legal, i), true);
}

/* Counts a decision of `seat` that lost `loss` in the seat's sums. */
static void grade_count(struct grade_game *gg, int seat, double loss,
			bool forced)
{
	gg->totals.error[seat] += loss;
	if (forced) {
		gg->totals.forced[seat]++;
		return;
	}
	gg->totals.decisions[seat]++;
	gg->totals.marks[seat][grade_mark_of(loss)]++;
}

/* What the action played (`played`, of gg->decision.pending) gave each
 * other seat against the best action, and the best action against the
 * position's value (its drift: the best action's lead on the playouts'
 * rule). */
static void grade_others(struct grade_game *gg, const struct grade_choice *played)
{
	const struct grade_decision *d = &gg->decision;
	const struct grade_choice *best = &d->pending[d->best];

	for (int t = 0; t < gg->header.players; t++) {
		if (t != d->seat)
			gg->totals.others[t] += played->chance[t] -
						best->chance[t];
		gg->totals.drift[t] += best->chance[t] - d->here[t];
	}
}

/* An opening's move, drawn by the referee: chance, worth the mean of the
 * legal actions it was drawn among (the position's value, but for an
 * estimate's drift). */
static void grade_opening(struct grade_game *gg, const cJSON *action)
{
	const struct grade_decision *d = &gg->decision;
	double *now = gg->progress.now;

	memset(now, 0, sizeof gg->progress.now);
	for (int i = 0; i < d->choices; i++)
		for (int s = 0; s < gg->header.players; s++)
			now[s] += d->pending[i].chance[s] / d->choices;
	for (int s = 0; s < gg->header.players; s++)
		gg->totals.drift[s] += now[s] - d->here[s];
	cJSON_AddItemToArray(gg->drawn.openings, cJSON_Duplicate(action, true));
}

/* The decision's legal actions, best first, at most GRADE_LISTED, each
 * as a bot writes it, in words and with its value, into m's "actions";
 * how many more it has into "actions_left". */
static void grade_listed(const struct grade_game *gg, cJSON *m, const cJSON *view)
{
	const struct grade_decision *d = &gg->decision;
	cJSON *list = cJSON_AddArrayToObject(m, "actions");
	bool listed[GAME_MAX_MOVES] = {false};
	int n = d->choices < GRADE_LISTED ? d->choices : GRADE_LISTED;

	for (int k = 0, top = -1; k < n; k++, top = -1) {
		cJSON *a = cJSON_CreateObject(), *action;
		char *words;

		for (int i = 0; i < d->choices; i++)
			if (!listed[i] && (top < 0 || d->pending[i].chance[d->seat] >
						      d->pending[top].chance[d->seat]))
				top = i;
		listed[top] = true;
		action = grade_choice_json(gg, top);
		words = action_words(gg->header.rules, action, view);
		cJSON_AddItemToObject(a, "action", action);
		cJSON_AddStringToObject(a, "words", words);
		cJSON_AddNumberToObject(a, "value", d->pending[top].chance[d->seat]);
		cJSON_AddItemToArray(list, a);
		free(words);
	}
	if (d->choices > n)
		cJSON_AddNumberToObject(m, "actions_left", d->choices - n);
}

/* The decision's played and best actions in words, from the position
 * before it (action_words.h), and for a grade shown, its actions when it
 * was no forced one. */
static void grade_words(const struct grade_game *gg, cJSON *m, bool forced)
{
	const struct game_rules *rules = gg->header.rules;
	cJSON *view = rules->view(gg->decision.before, gg->decision.seat);
	char *played = action_words(rules, json_member(m, "played"), view);
	char *best = action_words(rules, json_member(m, "best"), view);

	cJSON_AddStringToObject(m, "played_words", played);
	cJSON_AddStringToObject(m, "best_words", best);
	if (gg->header.shown && !forced)
		grade_listed(gg, m, view);
	free(played);
	free(best);
	cJSON_Delete(view);
}

/* A decision: its grade into the moves, its loss into the seat's sums. */
static void grade_decision(struct grade_game *gg, const cJSON *action, int i)
{
	const struct grade_decision *d = &gg->decision;
	const struct grade_choice *best = &d->pending[d->best];
	double top = best->chance[d->seat], low = top;
	double loss = top - d->pending[i].chance[d->seat];
	cJSON *m = cJSON_CreateObject();
	bool forced;

	for (int k = 0; k < d->choices; k++)
		low = fmin(low, d->pending[k].chance[d->seat]);
	/* one action, or all worth the same: nothing to decide */
	forced = top - low <= GRADE_ROUNDING;
	cJSON_AddNumberToObject(m, "move", gg->progress.move);
	cJSON_AddNumberToObject(m, "seat", d->seat);
	cJSON_AddItemToObject(m, "played", cJSON_Duplicate(action, true));
	cJSON_AddItemToObject(m, "best", grade_choice_json(gg, d->best));
	grade_words(gg, m, forced);
	cJSON_AddNumberToObject(m, "value", d->pending[i].chance[d->seat]);
	cJSON_AddNumberToObject(m, "best_value", top);
	cJSON_AddNumberToObject(m, "loss", loss);
	cJSON_AddStringToObject(m, "mark", grade_marks[grade_mark_of(loss)]);
	cJSON_AddBoolToObject(m, "forced", forced);
	if (best->exact && !grade_values_exact(gg->values))
		cJSON_AddTrueToObject(m, "exact");	/* a solved end */
	cJSON_AddItemToArray(gg->moves, m);
	grade_count(gg, d->seat, loss, forced);
	grade_others(gg, &d->pending[i]);
	memcpy(gg->progress.now, d->pending[i].chance, sizeof gg->progress.now);
}

static void grade_action(struct grade_game *gg, const cJSON *record,
			 const struct game_play *play)
{
	const cJSON *action = json_member(record, "action");
	int i;

	gg->progress.move++;
	if (play->step == gg->progress.applied)
		return;		/* illegal, not played: its forfeit follows */
	gg->progress.applied = play->step;
	i = gg->decision.seat >= 0 ? grade_played(gg, play->state, action) : -1;
	if (i < 0) {
		snprintf(gg->why, sizeof gg->why, "move %d: the action played has "
			 "no value", gg->progress.move);
		return;
	}
	if (cJSON_IsTrue(json_member(record, "opening")))
		grade_opening(gg, action);
	else
		grade_decision(gg, action, i);
	grade_settle(gg, play);
}

/* A seat leaves: what it had is its loss, what the others gain theirs. */
static void grade_forfeit(struct grade_game *gg, const cJSON *record,
			  const struct game_play *play)
{
	long seat;
	double after[GAME_MAX_SEATS] = {0};
	cJSON *m;

	if (!gg->progress.began ||
	    !json_whole(json_member(record, "seat"), 0, gg->header.players - 1, &seat))
		return;
	grade_position(gg, play, after);
	m = cJSON_CreateObject();
	cJSON_AddNumberToObject(m, "move", gg->progress.move);
	cJSON_AddNumberToObject(m, "seat", (double)seat);
	cJSON_AddItemToObject(m, "forfeit", cJSON_Duplicate(
		json_member(record, "reason"), true));
	cJSON_AddNumberToObject(m, "loss",
				gg->progress.now[seat] - after[seat]);
	cJSON_AddStringToObject(m, "mark", "forfeit");
	cJSON_AddItemToArray(gg->moves, m);
	for (int s = 0; s < gg->header.players; s++)
		if (s == seat)
			gg->totals.error[s] += gg->progress.now[s] - after[s];
		else
			gg->totals.others[s] += after[s] - gg->progress.now[s];
	memcpy(gg->progress.now, after, sizeof after);
}

/* A draw record: the dice into the rolls, another draw into the draws. */
static void grade_draw(struct grade_game *gg, const cJSON *record)
{
	const char *kind = cJSON_GetStringValue(json_member(record, "kind"));
	cJSON *draw;

	if (kind && !strcmp(kind, "dice")) {
		cJSON_AddItemToArray(gg->drawn.rolls, cJSON_Duplicate(
			json_member(record, "faces"), true));
		return;
	}
	draw = cJSON_Duplicate(record, true);
	cJSON_DeleteItemFromObjectCaseSensitive(draw, "seq");
	cJSON_DeleteItemFromObjectCaseSensitive(draw, "prev");
	cJSON_DeleteItemFromObjectCaseSensitive(draw, "type");
	cJSON_AddItemToArray(gg->drawn.draws, draw);
}

static void grade_record(void *ctx, size_t line, const cJSON *record,
			 const struct game_play *play)
{
	struct grade_game *gg = ctx;
	const char *type = gg->log->lines[line].type;

	if (!type || gg->why[0])
		return;
	if (!strcmp(type, "draw"))
		grade_draw(gg, record);
	else if (!strcmp(type, "begin"))
		grade_begin(gg, play);
	else if (!strcmp(type, "action"))
		grade_action(gg, record, play);
	else if (!strcmp(type, "forfeit"))
		grade_forfeit(gg, record, play);
	else if (!strcmp(type, "result") && play) {
		grade_result(gg, play, gg->totals.result);
		gg->progress.have_result = true;
	}
}

/* The seats' sums, the adjusted scores and the identity, into doc. */
static void grade_sums(const struct grade_game *gg, cJSON *doc)
{
	const struct grade_totals *t = &gg->totals;
	cJSON *seats = cJSON_AddArrayToObject(doc, "seats");
	double adjusted[GAME_MAX_SEATS], residual = 0;

	for (int s = 0; s < gg->header.players; s++) {
		cJSON *seat = cJSON_CreateObject(), *marks;
		double said = t->luck[s] - t->error[s] + t->others[s] +
			      t->drift[s];

		adjusted[s] = t->result[s] - t->luck[s];
		residual = fmax(residual,
				fabs(t->result[s] - t->start[s] - said));
		cJSON_AddNumberToObject(seat, "luck", t->luck[s]);
		cJSON_AddNumberToObject(seat, "error", t->error[s]);
		cJSON_AddNumberToObject(seat, "others", t->others[s]);
		if (!grade_values_exact(gg->values))
			cJSON_AddNumberToObject(seat, "drift", t->drift[s]);
		cJSON_AddNumberToObject(seat, "decisions", t->decisions[s]);
		cJSON_AddNumberToObject(seat, "forced", t->forced[s]);
		marks = cJSON_AddObjectToObject(seat, "marks");
		for (int m = MARK_GOOD; m < MARKS; m++)
			cJSON_AddNumberToObject(marks, grade_marks[m],
						t->marks[s][m]);
		cJSON_AddItemToArray(seats, seat);
	}
	grade_seats(gg, doc, "adjusted", adjusted);
	cJSON_AddNumberToObject(doc, "identity", residual);
}

struct grade *grade_new(const char *cache, unsigned how)
{
	struct grade *g = xcalloc(1, sizeof *g);

	/* Without one, the user's cache of tables (made when tables are first
	 * written there): another target's tables are solved once a user,
	 * not once a process.  NULL when the environment names no home. */
	g->cache = cache ? xstrdup(cache) : path_xdg("XDG_CACHE_HOME", ".cache",
						     "arena/values");
	g->how = how;
	return g;
}

void grade_free(struct grade *g)
{
	if (!g)
		return;
	for (int i = 0; i < GRADE_KEPT; i++) {
		free(g->kept[i].key);
		grade_values_close(g->kept[i].values);
	}
	free(g->cache);
	free(g);
}

/* The values of `game` (NULL: none named) with `options` for `players`,
 * as a log's header names them, kept for the next logs; NULL with why in
 * `why` (VALUES_ERR_LEN bytes) when it has none. */
static struct grade_values *grade_values(struct grade *g, const char *game,
					 const cJSON *options, int players, char *why)
{
	/* A header is read before its log verifies: it may have no options. */
	char *options_text = options ? json_print_line(options) : NULL;
	char *key = xasprintf("%s %d %s", game ? game : "", players,
			      options_text ? options_text : "-");
	struct grade_kept *k;

	free(options_text);
	for (int i = 0; i < GRADE_KEPT; i++)
		if (g->kept[i].key && !strcmp(g->kept[i].key, key)) {
			free(key);
			return g->kept[i].values;
		}
	k = &g->kept[g->next];
	g->next = (g->next + 1) % GRADE_KEPT;
	free(k->key);
	grade_values_close(k->values);
	k->key = key;
	k->values = grade_values_open(game ? game : "?", options, players,
				      g->cache, g->how & GRADE_ESTIMATES, why);
	if (!k->values) {	/* said again for each log of such a game */
		free(k->key);
		k->key = NULL;
	}
	return k->values;
}

/* The document of a game graded whole. */
static cJSON *grade_document(struct grade_game *gg, const struct grade *g,
			     const struct game_log *log, const cJSON *header)
{
	cJSON *doc = cJSON_CreateObject(), *names, *player;

	if (!(g->how & GRADE_SHOWN))
		cJSON_AddStringToObject(doc, "log", log->path);
	cJSON_AddItemToObject(doc, "game", cJSON_Duplicate(
		json_member(header, "game"), true));
	names = cJSON_AddArrayToObject(doc, "players");
	cJSON_ArrayForEach(player, json_member(header, "players"))
		cJSON_AddItemToArray(names, cJSON_Duplicate(
			json_member(player, "name"), true));
	cJSON_AddBoolToObject(doc, "exact", grade_values_exact(gg->values));
	cJSON_AddStringToObject(doc, "how", grade_values_how(gg->values));
	grade_seats(gg, doc, "start", gg->totals.start);
	grade_seats(gg, doc, "result", gg->totals.result);
	grade_sums(gg, doc);
	cJSON_AddItemToObject(doc, "moves", gg->moves);
	gg->moves = NULL;
	return doc;
}

static void grade_game_free(struct grade_game *gg)
{
	cJSON_Delete(gg->moves);
	cJSON_Delete(gg->drawn.rolls);
	cJSON_Delete(gg->drawn.draws);
	cJSON_Delete(gg->drawn.openings);
	cJSON_Delete(gg->decision.legal);
	free(gg->decision.before);
	free(gg->decision.scratch[0]);
	free(gg->decision.scratch[1]);
	free(gg);
}

/* The log's header record, or NULL when its first line is none. */
static const cJSON *grade_header(const struct game_log *log)
{
	const char *type = log->count ? log->lines[0].type : NULL;

	return type && !strcmp(type, "header") ? log->lines[0].json : NULL;
}

/* grade_log() of a log read. */
static enum grade_status grade_read(struct grade *g, const struct game_log *log,
				    cJSON **doc, char *err)
{
	const cJSON *header = grade_header(log);
	const char *game = cJSON_GetStringValue(json_member(header, "game"));
	struct verify_hooks hooks = {.on_record = grade_record,
				     .unsigned_ok = true, .what_if_ok = (g->how & GRADE_WHAT_IFS) != 0};
	struct verify_summary summary;
	struct grade_game *gg;
	char why[ERR_LEN], no[VALUES_ERR_LEN];
	enum grade_status status = GRADE_OK;

	*doc = NULL;
	if (!header) {
		errorf(err, "%s is not a game log: its first line is not a "
		       "header record", log->path);
		return GRADE_UNVERIFIED;
	}
	gg = xcalloc(1, sizeof *gg);
	gg->log = log;
	gg->header.players = cJSON_GetArraySize(json_member(header, "players"));
	gg->header.options = json_member(header, "options");
	gg->values = grade_values(g, game, gg->header.options, gg->header.players, no);
	if (!gg->values) {
		free(gg);
		errorf(err, "%s: %s", log->path, no);
		return GRADE_NO_VALUES;
	}
	gg->header.rules = arena_game_find(game);
	gg->header.shown = (g->how & GRADE_SHOWN) != 0;
	gg->moves = cJSON_CreateArray();
	gg->drawn.rolls = cJSON_CreateArray();
	gg->drawn.draws = cJSON_CreateArray();
	gg->drawn.openings = cJSON_CreateArray();
	gg->decision.seat = -1;
	hooks.ctx = gg;
	if (verify_log(log, NULL, &hooks, &summary, why)) {
		errorf(err, "%s does not verify: %s", log->path, why);
		status = GRADE_UNVERIFIED;
	} else if (gg->why[0] || !gg->progress.have_result) {
		errorf(err, "%s cannot be graded: %s", log->path,
		       gg->why[0] ? gg->why : "it has no result");
		status = GRADE_UNVERIFIED;
	} else {
		if (!gg->progress.began) /* no play: nothing changed the result */
			memcpy(gg->totals.start, gg->totals.result,
			       sizeof gg->totals.start);
		*doc = grade_document(gg, g, log, header);
	}
	grade_game_free(gg);
	return status;
}

/* The document of a game not graded for anyone to see: why (`err`)
 * without the log's path it begins with ("no exact values for ...",
 * "the log does not verify: ..."). */
static cJSON *not_graded(const char *path, const char *err)
{
	cJSON *o = cJSON_CreateObject();
	size_t len = strlen(path);
	char *why;

	if (!strncmp(err, path, len))
		err += len;
	why = !strncmp(err, ": ", 2) ? xstrdup(err + 2) : xasprintf("the log%s", err);
	cJSON_AddFalseToObject(o, "exact");
	cJSON_AddStringToObject(o, "why", why);
	free(why);
	return o;
}

enum grade_status grade_log(struct grade *g, const char *path, const struct game_log *log,
			    cJSON **doc, char *err)
{
	struct game_log read;
	enum grade_status status;

	*doc = NULL;
	if (!log && logread_load(path, &read, err))
		return GRADE_UNVERIFIED;
	status = grade_read(g, log ? log : &read, doc, err);
	if (status != GRADE_OK && g->how & GRADE_SHOWN)
		*doc = not_graded((log ? log : &read)->path, err);
	if (!log)
		logread_free(&read);
	return status;
}

enum grade_status grade_ready(struct grade *g, const char *game,
			      const cJSON *options, int players, char *err)
{
	char no[VALUES_ERR_LEN];

	if (grade_values(g, game, options, players, no))
		return GRADE_OK;
	errorf(err, "%s", no);
	return GRADE_NO_VALUES;
}

double grade_seat(const cJSON *doc, const char *member, int seat)
{
	return cJSON_GetNumberValue(cJSON_GetArrayItem(json_member(doc, member), seat));
}
