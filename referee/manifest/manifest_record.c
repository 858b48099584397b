/*
 * A manifest's line read as a record (manifest_record.h).
 */
#include "manifest_record.h"

#include <limits.h>
#include <string.h>

#include "base/json.h"
#include "base/util.h"
#include "games/fair.h"

/* --- the usual layout, read without a JSON parser ---------------------- */

/* The layout is manifest_records.h's, where the records are built. */

struct cursor {
	const char *p, *end;
};

static bool lit(struct cursor *c, const char *s, size_t n)
{
	if ((size_t)(c->end - c->p) < n || memcmp(c->p, s, n))
		return false;
	c->p += n;
	return true;
}
#define LIT(c, s) lit(c, s, sizeof s - 1)

/* A JSON whole number as cJSON prints one: no sign, no leading zero. */
static bool number(struct cursor *c, long *out)
{
	long n = 0;
	int digits = 0;

	while (c->p < c->end && *c->p >= '0' && *c->p <= '9' && digits < 15) {
		n = 10 * n + (*c->p++ - '0');
		digits++;
	}
	if (!digits || (digits > 1 && c->p[-digits] == '0') ||
	    (c->p < c->end && *c->p >= '0' && *c->p <= '9'))
		return false;
	*out = n;
	return true;
}

/* A string of printable ASCII without escapes (anything else is left to
 * the JSON parser). */
static bool string(struct cursor *c, const char **s, size_t *len)
{
	const char *start;

	if (!LIT(c, "\""))
		return false;
	start = c->p;
	while (c->p < c->end && *c->p != '"') {
		if (*c->p == '\\' || (unsigned char)*c->p < 0x20 ||
		    (unsigned char)*c->p >= 0x7f)
			return false;
		c->p++;
	}
	if (c->p == c->end)
		return false;
	*s = start;
	*len = (size_t)(c->p++ - start);
	return true;
}

/* `digits` characters between quotes, not looked at: the caller compares
 * or decodes them as hex, which no quote or backslash survives. */
static bool hex_string(struct cursor *c, size_t digits, const char **s)
{
	if ((size_t)(c->end - c->p) < digits + 2 || c->p[0] != '"' ||
	    c->p[digits + 1] != '"')
		return false;
	*s = c->p + 1;
	c->p += digits + 2;
	return true;
}

/* "[N,N,...]": the numbers are left in place for the caller. */
static bool number_list(struct cursor *c, const char **list, size_t *len)
{
	long n;

	if (!LIT(c, "["))
		return false;
	*list = c->p;
	do {
		if (!number(c, &n))
			return false;
	} while (LIT(c, ","));
	*len = (size_t)(c->p - *list);
	return LIT(c, "]");
}

/* "[N,N,...]" of at most RATINGS_MAX_SEATS numbers up to `max`: seats
 * or ranks. */
static bool small_numbers(struct cursor *c, long max, int *out, int *count)
{
	long n;

	if (!LIT(c, "["))
		return false;
	do {
		if (*count == RATINGS_MAX_SEATS || !number(c, &n) || n > max)
			return false;
		out[(*count)++] = (int)n;
	} while (LIT(c, ","));
	return LIT(c, "]");
}

/* A finished game's ,"forfeits":[null or "reason",...], only there when
 * some seat forfeited. */
static bool usual_forfeits(struct cursor *c, struct game_entry *r)
{
	if (!LIT(c, ",\"forfeits\":["))
		return true;
	do {
		int s = r->forfeit_count++;

		if (s == RATINGS_MAX_SEATS)
			return false;
		r->forfeit[s] = NULL;
		if (!LIT(c, "null") && !string(c, &r->forfeit[s], &r->forfeit_len[s]))
			return false;
	} while (LIT(c, ","));
	return LIT(c, "]");
}

static struct game_entry *next_entry(struct entries *e, size_t count)
{
	e->at = xgrow(e->at, count, &e->cap, sizeof *e->at);
	/* Not all of it: its lists are filled as far as their counts say. */
	e->at[count].game = 0; /* a record without one: game 0, not scheduled */
	e->at[count].seat_count = e->at[count].rank_count = 0;
	e->at[count].forfeit_count = 0;
	e->at[count].sha256 = NULL;
	e->at[count].sha256_len = 0;
	return &e->at[count];
}

/* One game of a finished record:
 * {"game":N,"seats":[...],"sha256":"H","ranks":[...]}, with "forfeits"
 * and "recovered":true when they are there. */
static bool usual_entry(struct cursor *c, struct game_entry *r)
{
	if (!LIT(c, "{\"game\":") || !number(c, &r->game) ||
	    !LIT(c, ",\"seats\":") ||
	    !small_numbers(c, USHRT_MAX, r->seat, &r->seat_count) ||
	    !LIT(c, ",\"sha256\":") || !hex_string(c, 64, &r->sha256) ||
	    !LIT(c, ",\"ranks\":") ||
	    !small_numbers(c, 99, r->rank, &r->rank_count) ||
	    !usual_forfeits(c, r))
		return false;
	r->sha256_len = 64;
	LIT(c, ",\"recovered\":true");
	return LIT(c, "}");
}

/* {"seq":N,"prev":"H","type":"T", then the members of that type, in the
 * order manifest_records.h gives. */
bool manifest_record_usual(const char *line, size_t len, struct entries *e,
		       struct record *r)
{
	struct cursor c = {line, line + len};
	long n;

	memset(r, 0, sizeof *r);
	if (!LIT(&c, "{\"seq\":") || !number(&c, &r->seq) ||
	    !LIT(&c, ",\"prev\":") || !hex_string(&c, 64, &r->prev) ||
	    !LIT(&c, ",\"type\":") || !string(&c, &r->type, &r->type_len))
		return false;
	if (r->type_len == 9 && !memcmp(r->type, "signature", 9))
		return LIT(&c, ",\"key\":") && hex_string(&c, 64, &r->key) &&
		       LIT(&c, ",\"sig\":") && hex_string(&c, 128, &r->sig) &&
		       LIT(&c, "}") && c.p == c.end;
	if (r->type_len == 7 && !memcmp(r->type, "started", 7))
		return LIT(&c, ",\"table\":") && number(&c, &n) &&
		       LIT(&c, ",\"games\":") && number_list(&c, &r->games, &r->games_len) &&
		       LIT(&c, "}") && c.p == c.end;
	if (r->type_len != 8 || memcmp(r->type, "finished", 8) ||
	    !LIT(&c, ",\"games\":["))
		return false;
	do {
		if (!usual_entry(&c, next_entry(e, r->entry_count++)))
			return false;
	} while (LIT(&c, ","));
	return LIT(&c, "]}") && c.p == c.end;
}

/* --- any other layout: the strict JSON parser ------------------------------ */

/* The string member `name` of `o` and its length, or NULL when it is
 * not a string. */
static const char *member_string(const cJSON *o, const char *name, size_t *len)
{
	const char *s = cJSON_GetStringValue(json_member(o, name));

	*len = s ? strlen(s) : 0;
	return s;
}

/* A parsed array of whole numbers from `min` to `max`, as small_numbers;
 * absent is empty. */
static bool parsed_numbers(const cJSON *list, long min, long max, int *out,
			   int *count)
{
	const cJSON *item;

	if (list && (!cJSON_IsArray(list) || cJSON_GetArraySize(list) > RATINGS_MAX_SEATS))
		return false;
	cJSON_ArrayForEach(item, list) {
		long n;

		if (!json_whole(item, min, max, &n))
			return false;
		out[(*count)++] = (int)n;
	}
	return true;
}

/* A finished game's "forfeits", as usual_forfeits() reads them; false
 * when it has the wrong form. */
static bool parsed_forfeits(const cJSON *o, struct game_entry *r)
{
	const cJSON *forfeits = cJSON_GetObjectItemCaseSensitive(o, "forfeits");
	const cJSON *item;

	if ((forfeits && !cJSON_IsArray(forfeits)) ||
	    cJSON_GetArraySize(forfeits) > RATINGS_MAX_SEATS)
		return false;
	cJSON_ArrayForEach(item, forfeits) {
		int s = r->forfeit_count++;

		if (!cJSON_IsNull(item) && !cJSON_IsString(item))
			return false;
		r->forfeit[s] = cJSON_IsString(item) ? item->valuestring : NULL;
		r->forfeit_len[s] = r->forfeit[s] ? strlen(r->forfeit[s]) : 0;
	}
	return true;
}

/* Fills r from one parsed game of a finished record; false when a member
 * has the wrong type. */
static bool parsed_entry(const cJSON *o, struct game_entry *r)
{
	if (!cJSON_IsObject(o))
		return false;
	r->sha256 = member_string(o, "sha256", &r->sha256_len);
	return json_get_int(o, "game", 0, MANIFEST_MAX_GAMES, &r->game) &&
	       parsed_numbers(cJSON_GetObjectItemCaseSensitive(o, "seats"), 0,
			      USHRT_MAX, r->seat, &r->seat_count) &&
	       parsed_numbers(cJSON_GetObjectItemCaseSensitive(o, "ranks"), 1, 99,
			      r->rank, &r->rank_count) &&
	       parsed_forfeits(o, r);
}

/* Fills r from a parsed record; false when a member has the wrong type. */
bool manifest_record_parsed(const cJSON *o, struct entries *e, struct record *r)
{
	const cJSON *games = cJSON_GetObjectItemCaseSensitive(o, "games"), *item;
	size_t prev_len = 0;

	memset(r, 0, sizeof *r);
	if (!json_get_int(o, "seq", 0, LONG_MAX, &r->seq) ||
	    !(r->type = member_string(o, "type", &r->type_len)) ||
	    (games && !cJSON_IsArray(games)))
		return false;
	/* Of another length, it is no hash: as if absent (r->prev's promise). */
	r->prev = member_string(o, "prev", &prev_len);
	if (prev_len != 2 * FAIR_HASH_BYTES)
		r->prev = NULL;
	r->games_json = games;
	if (r->type_len != 8 || memcmp(r->type, "finished", 8))
		return true;
	cJSON_ArrayForEach(item, games)
		if (!parsed_entry(item, next_entry(e, r->entry_count++)))
			return false;
	return true;
}

void manifest_record_games(const struct record *r, void (*each)(void *ctx, long game),
			   void *ctx)
{
	struct cursor c = {r->games, r->games ? r->games + r->games_len : NULL};
	const cJSON *item;
	long game;

	cJSON_ArrayForEach(item, r->games_json)
		each(ctx, json_whole(item, LONG_MIN, LONG_MAX, &game) ? game : 0);
	while (r->games && number(&c, &game)) {
		each(ctx, game);
		LIT(&c, ",");
	}
}
