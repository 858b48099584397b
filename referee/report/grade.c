/*
 * The grade of a game (grade.h): the log replayed through verify_log's
 * hooks, each seat's chance to win followed from record to record.  At
 * each decision the values of the legal actions are taken before it is
 * made (the next record is the action played, the state already past
 * it): the loss is the best value less the played one, for the seat
 * that decided.  What the dice did between two decisions is one chance
 * event, its luck for a seat the chance after it less the chance before
 * (the played action's value, the mean over the rolls).  So every change
 * of a seat's chance is a loss of its own, one of the other seat's or
 * luck, and the identity of docs/ANALYSIS.md holds by construction: what
 * it measures is that the values agree with one another.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "base/json.h"
#include "base/paths.h"
#include "base/util.h"
#include "base/verify.h"
#include "games/dice.h"
#include "grade.h"
#include "values/values.h"

#define GRADE_KEPT 4		/* the values of so many games kept open */

enum grade_marks { MARK_BEST, MARK_GOOD, MARK_INACCURACY, MARK_MISTAKE,
		   MARK_BLUNDER, MARKS };

static const char *const grade_marks[MARKS] = {
	"best", "good", "inaccuracy", "mistake", "blunder",
};

struct grade_kept {
	char *key;		/* game and options, as the header has them */
	struct values *values;
};

struct grade {
	char *cache;
	struct grade_kept kept[GRADE_KEPT];
	int next;
};

/* One game being graded: verify_log's hooks' context. */
struct grade_game {
	struct values *values;
	cJSON *moves, *rolls;	/* rolls: the dice drawn since the last record */
	double now[VALUES_SEATS];	/* each seat's chance to win now */
	double start[VALUES_SEATS], result[VALUES_SEATS];
	double luck[VALUES_SEATS], error[VALUES_SEATS];
	int decisions[VALUES_SEATS], forced[VALUES_SEATS];
	int marks[VALUES_SEATS][MARKS];
	struct values_action pending[GAME_MAX_MOVES];
	int choices, best, seat;	/* the decision waiting; seat -1: none */
	int move;		/* actions so far */
	int applied;		/* of them, applied (play->step) */
	bool began, have_result;
	char why[ERR_LEN];	/* set: the grade failed */
};

const char *grade_mark(double loss)
{
	if (loss <= GRADE_ROUNDING)
		return grade_marks[MARK_BEST];
	if (loss < GRADE_INACCURACY)
		return grade_marks[MARK_GOOD];
	if (loss < GRADE_MISTAKE)
		return grade_marks[MARK_INACCURACY];
	return grade_marks[loss < GRADE_BLUNDER ? MARK_MISTAKE : MARK_BLUNDER];
}

static void grade_pair(cJSON *object, const char *name,
		       const double pair[VALUES_SEATS])
{
	cJSON_AddItemToObject(object, name,
			      cJSON_CreateDoubleArray(pair, VALUES_SEATS));
}

/* The result of the game as it stands (over): 1, a half each, or 0. */
static void grade_result(const struct game_play *play, double out[VALUES_SEATS])
{
	struct game_result r;

	game_play_result(play, &r);
	out[0] = r.rank[0] == r.rank[1] ? 0.5 : r.rank[0] < r.rank[1];
	out[1] = 1 - out[0];
}

/* Each seat's chance after the record just played into `after`, and the
 * decision that waits there, if any, with its actions valued. */
static void grade_position(struct grade_game *gg, const struct game_play *play,
			   double after[VALUES_SEATS])
{
	gg->seat = game_play_to_move(play);
	if (gg->seat < 0) {
		grade_result(play, after);
		return;
	}
	gg->choices = values_actions(gg->values, play->state, gg->pending);
	gg->best = 0;
	for (int i = 1; i < gg->choices; i++)
		if (gg->pending[i].value > gg->pending[gg->best].value)
			gg->best = i;
	after[gg->seat] = gg->pending[gg->best].value;
	after[1 - gg->seat] = 1 - after[gg->seat];
}

/* After a record: what the dice drawn in it did, as a chance event. */
static void grade_settle(struct grade_game *gg, const struct game_play *play)
{
	double after[VALUES_SEATS], luck[VALUES_SEATS];

	grade_position(gg, play, after);
	if (cJSON_GetArraySize(gg->rolls)) {
		cJSON *event = cJSON_CreateObject();

		for (int s = 0; s < VALUES_SEATS; s++) {
			luck[s] = after[s] - gg->now[s];
			gg->luck[s] += luck[s];
		}
		cJSON_AddNumberToObject(event, "move", gg->move);
		cJSON_AddItemToObject(event, "roll", gg->rolls);
		grade_pair(event, "luck", luck);
		grade_pair(event, "chance", after);
		cJSON_AddItemToArray(gg->moves, event);
		gg->rolls = cJSON_CreateArray();
	}
	memcpy(gg->now, after, sizeof after);
}

static void grade_begin(struct grade_game *gg, const struct game_play *play)
{
	if (!play->state)
		return;		/* fewer than two seats: no play */
	gg->began = true;
	values_start(gg->values, play->first_seat, gg->start);
	memcpy(gg->now, gg->start, sizeof gg->now);
	grade_settle(gg, play);
}

/* The index in gg->pending of the action played, or -1. */
static int grade_played(const struct grade_game *gg, const void *state,
			const cJSON *action)
{
	int count[DICE_FACES + 1] = {0}, id;
	const cJSON *face;

	if (cJSON_IsString(action)) {
		for (int i = 0; i < gg->choices; i++) {
			cJSON *word;
			bool same;

			if (!gg->pending[i].chance)
				continue;
			word = arena_dice_game_action_json(state, gg->pending[i].move);
			same = !strcmp(cJSON_GetStringValue(word), action->valuestring);
			cJSON_Delete(word);
			if (same)
				return i;
		}
		return -1;
	}
	cJSON_ArrayForEach(face, json_member(action, "keep"))
		if (cJSON_IsNumber(face) && face->valueint >= 1 &&
		    face->valueint <= DICE_FACES)
			count[face->valueint]++;
	id = arena_dice_keep_id(count);
	for (int i = 0; i < gg->choices; i++)
		if (!gg->pending[i].chance && gg->pending[i].move == id)
			return i;
	return -1;
}

/* Counts a decision of `seat` that lost `loss` in the seat's sums. */
static void grade_count(struct grade_game *gg, int seat, double loss,
			bool forced)
{
	gg->error[seat] += loss;
	if (forced) {
		gg->forced[seat]++;
		return;
	}
	gg->decisions[seat]++;
	for (int m = 0; m < MARKS; m++)
		if (!strcmp(grade_mark(loss), grade_marks[m]))
			gg->marks[seat][m]++;
}

static void grade_action(struct grade_game *gg, const cJSON *record,
			 const struct game_play *play)
{
	const cJSON *action = json_member(record, "action");
	const struct values_action *best = &gg->pending[gg->best];
	double loss, low = best->value;
	cJSON *m;
	bool forced;
	int i;

	gg->move++;
	if (play->step == gg->applied)
		return;		/* illegal, not played: its forfeit follows */
	gg->applied = play->step;
	i = gg->seat >= 0 ? grade_played(gg, play->state, action) : -1;
	if (i < 0) {
		snprintf(gg->why, sizeof gg->why, "move %d: the action played has "
			 "no value", gg->move);
		return;
	}
	m = cJSON_CreateObject();
	for (int k = 0; k < gg->choices; k++)
		low = fmin(low, gg->pending[k].value);
	loss = best->value - gg->pending[i].value;
	/* one action, or all worth the same: nothing to decide */
	forced = best->value - low <= GRADE_ROUNDING;
	cJSON_AddNumberToObject(m, "move", gg->move);
	cJSON_AddNumberToObject(m, "seat", gg->seat);
	cJSON_AddItemToObject(m, "played", cJSON_Duplicate(action, true));
	cJSON_AddItemToObject(m, "best", arena_dice_game_action_json(
		play->state, best->move));
	cJSON_AddNumberToObject(m, "value", gg->pending[i].value);
	cJSON_AddNumberToObject(m, "best_value", best->value);
	cJSON_AddNumberToObject(m, "loss", loss);
	cJSON_AddStringToObject(m, "mark", grade_mark(loss));
	cJSON_AddBoolToObject(m, "forced", forced);
	cJSON_AddItemToArray(gg->moves, m);
	grade_count(gg, gg->seat, loss, forced);
	gg->now[gg->seat] = gg->pending[i].value;
	gg->now[1 - gg->seat] = 1 - gg->now[gg->seat];
	grade_settle(gg, play);
}

/* A seat leaves: what it had is its loss (the game is over with two). */
static void grade_forfeit(struct grade_game *gg, const cJSON *record,
			  const struct game_play *play)
{
	long seat;
	double after[VALUES_SEATS];
	cJSON *m;

	if (!gg->began || !json_get_int(record, "seat", 0, VALUES_SEATS - 1, &seat))
		return;
	grade_position(gg, play, after);
	m = cJSON_CreateObject();
	cJSON_AddNumberToObject(m, "move", gg->move);
	cJSON_AddNumberToObject(m, "seat", (double)seat);
	cJSON_AddItemToObject(m, "forfeit", cJSON_Duplicate(
		json_member(record, "reason"), true));
	cJSON_AddNumberToObject(m, "loss", gg->now[seat] - after[seat]);
	cJSON_AddStringToObject(m, "mark", "forfeit");
	cJSON_AddItemToArray(gg->moves, m);
	gg->error[seat] += gg->now[seat] - after[seat];
	memcpy(gg->now, after, sizeof after);
}

static void grade_record(void *ctx, size_t line, const cJSON *record,
			 const struct game_play *play)
{
	struct grade_game *gg = ctx;
	const char *type = cJSON_GetStringValue(json_member(record, "type"));
	const char *kind = cJSON_GetStringValue(json_member(record, "kind"));

	(void)line;
	if (!type || gg->why[0])
		return;
	if (!strcmp(type, "draw") && kind && !strcmp(kind, "dice"))
		cJSON_AddItemToArray(gg->rolls, cJSON_Duplicate(
			json_member(record, "faces"), true));
	else if (!strcmp(type, "begin"))
		grade_begin(gg, play);
	else if (!strcmp(type, "action"))
		grade_action(gg, record, play);
	else if (!strcmp(type, "forfeit"))
		grade_forfeit(gg, record, play);
	else if (!strcmp(type, "result") && play) {
		grade_result(play, gg->result);
		gg->have_result = true;
	}
}

/* The seats' sums, the adjusted scores and the identity, into doc. */
static void grade_sums(const struct grade_game *gg, cJSON *doc)
{
	cJSON *seats = cJSON_AddArrayToObject(doc, "seats");
	double adjusted[VALUES_SEATS], residual = 0;

	for (int s = 0; s < VALUES_SEATS; s++) {
		cJSON *seat = cJSON_CreateObject(), *marks;
		double said = gg->luck[s] - gg->error[s] + gg->error[1 - s];

		adjusted[s] = gg->result[s] - gg->luck[s];
		residual = fmax(residual,
				fabs(gg->result[s] - gg->start[s] - said));
		cJSON_AddNumberToObject(seat, "luck", gg->luck[s]);
		cJSON_AddNumberToObject(seat, "error", gg->error[s]);
		cJSON_AddNumberToObject(seat, "decisions", gg->decisions[s]);
		cJSON_AddNumberToObject(seat, "forced", gg->forced[s]);
		marks = cJSON_AddObjectToObject(seat, "marks");
		for (int m = MARK_GOOD; m < MARKS; m++)
			cJSON_AddNumberToObject(marks, grade_marks[m],
						gg->marks[s][m]);
		cJSON_AddItemToArray(seats, seat);
	}
	grade_pair(doc, "adjusted", adjusted);
	cJSON_AddNumberToObject(doc, "identity", residual);
}

/* The user's cache of tables ($XDG_CACHE_HOME/arena/values, else
 * ~/.cache/arena/values; made when tables are first written there):
 * another target's tables are solved once a user, not once a process.
 * NULL when the environment names no home. */
static char *user_cache(void)
{
	return path_xdg("XDG_CACHE_HOME", ".cache", "arena/values");
}

struct grade *grade_new(const char *cache)
{
	struct grade *g = xcalloc(1, sizeof *g);

	g->cache = cache ? xstrdup(cache) : user_cache();
	return g;
}

void grade_free(struct grade *g)
{
	if (!g)
		return;
	for (int i = 0; i < GRADE_KEPT; i++) {
		free(g->kept[i].key);
		values_close(g->kept[i].values);
	}
	free(g->cache);
	free(g);
}

/* The values of the header's game and options, kept for the next logs;
 * NULL with why in `why` (VALUES_ERR_LEN bytes) when it has none. */
static struct values *grade_values(struct grade *g, const cJSON *header,
				   char *why)
{
	const char *game = cJSON_GetStringValue(json_member(header, "game"));
	const cJSON *options = json_member(header, "options");
	/* A header is read before its log verifies: it may have no options. */
	char *options_text = options ? json_print_line(options) : NULL;
	char *key = xasprintf("%s %s", game ? game : "",
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
	values_close(k->values);
	k->key = key;
	k->values = values_open(game ? game : "?", options,
				cJSON_GetArraySize(json_member(header, "players")),
				g->cache, why);
	if (!k->values) {	/* said again for each log of such a game */
		free(k->key);
		k->key = NULL;
	}
	return k->values;
}

/* The document of a game graded whole. */
static cJSON *grade_document(struct grade_game *gg,
			     const struct game_log *log, const cJSON *header)
{
	cJSON *doc = cJSON_CreateObject(), *names, *player;

	cJSON_AddStringToObject(doc, "log", log->path);
	cJSON_AddItemToObject(doc, "game", cJSON_Duplicate(
		json_member(header, "game"), true));
	names = cJSON_AddArrayToObject(doc, "players");
	cJSON_ArrayForEach(player, json_member(header, "players"))
		cJSON_AddItemToArray(names, cJSON_Duplicate(
			json_member(player, "name"), true));
	cJSON_AddTrueToObject(doc, "exact");
	cJSON_AddStringToObject(doc, "how", values_how(gg->values));
	grade_pair(doc, "start", gg->start);
	grade_pair(doc, "result", gg->result);
	grade_sums(gg, doc);
	cJSON_AddItemToObject(doc, "moves", gg->moves);
	gg->moves = NULL;
	return doc;
}

enum grade_status grade_log(struct grade *g, const struct game_log *log,
			    cJSON **doc, char *err)
{
	const cJSON *header = log->count ? log->lines[0].json : NULL;
	const char *type = cJSON_GetStringValue(json_member(header, "type"));
	struct verify_hooks hooks = {.on_record = grade_record,
				     .unsigned_ok = true};
	struct verify_summary summary;
	struct grade_game *gg;
	char why[ERR_LEN], no[VALUES_ERR_LEN];
	enum grade_status status = GRADE_OK;

	*doc = NULL;
	if (!type || strcmp(type, "header")) {
		errorf(err, "%s is not a game log: its first line is not a "
		       "header record", log->path);
		return GRADE_UNVERIFIED;
	}
	gg = xcalloc(1, sizeof *gg);
	if (!(gg->values = grade_values(g, header, no))) {
		free(gg);
		errorf(err, "%s: %s", log->path, no);
		return GRADE_NO_VALUES;
	}
	gg->moves = cJSON_CreateArray();
	gg->rolls = cJSON_CreateArray();
	gg->seat = -1;
	hooks.ctx = gg;
	if (verify_log(log, NULL, &hooks, &summary, why)) {
		errorf(err, "%s does not verify: %s", log->path, why);
		status = GRADE_UNVERIFIED;
	} else if (gg->why[0] || !gg->have_result) {
		errorf(err, "%s cannot be graded: %s", log->path,
		       gg->why[0] ? gg->why : "it has no result");
		status = GRADE_UNVERIFIED;
	} else {
		if (!gg->began)	/* no play: nothing changed the result */
			memcpy(gg->start, gg->result, sizeof gg->start);
		*doc = grade_document(gg, log, header);
	}
	cJSON_Delete(gg->moves);
	cJSON_Delete(gg->rolls);
	free(gg);
	return status;
}

enum grade_status grade_path(struct grade *g, const char *path, cJSON **doc,
			     char *err)
{
	struct game_log log;
	enum grade_status status;

	*doc = NULL;
	if (logread_load(path, &log, err))
		return GRADE_UNVERIFIED;
	status = grade_log(g, &log, doc, err);
	logread_free(&log);
	return status;
}

enum grade_status grade_ready(struct grade *g, const char *game,
			      const cJSON *options, int players, char *err)
{
	cJSON *header = cJSON_CreateObject(), *names;
	char no[VALUES_ERR_LEN];
	bool ready;

	cJSON_AddStringToObject(header, "game", game);
	cJSON_AddItemToObject(header, "options", cJSON_Duplicate(options, true));
	names = cJSON_AddArrayToObject(header, "players");
	for (int i = 0; i < players; i++)
		cJSON_AddItemToArray(names, cJSON_CreateObject());
	ready = grade_values(g, header, no) != NULL;
	cJSON_Delete(header);
	if (!ready)
		errorf(err, "%s", no);
	return ready ? GRADE_OK : GRADE_NO_VALUES;
}

double grade_seat(const cJSON *doc, const char *member, int seat)
{
	return cJSON_GetNumberValue(cJSON_GetArrayItem(json_member(doc, member), seat));
}
