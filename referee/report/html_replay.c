/*
 * The HTML replay of one game, or a report's page of the replays of many:
 * the page shell (html_page.c) with the shared helpers (html/dom.js), the
 * replay's controls (html/replay.js), the game's grade when it has one
 * (html/grade.js) and the renderers of every game
 * family (html/dice.js, rolit.js, black_pot.js: the page picks its game's
 * by the data's "family", replay_family.h), and each replay document as
 * the data they draw from.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/json.h"
#include "base/paths.h"
#include "base/util.h"
#include "games/registry.h"
#include "html.h"
#include "html_assets.h"
#include "replay_family.h"

#define REPLAY_SCRIPT "replay.js"
#define REPLAY_STYLE "replay.css"

static const char *const replay_styles[] = {html_page_css, NULL};
static const char *const replay_scripts[] = {html_dom_js, html_grade_js, html_replay_js,
					     html_dice_js, html_rolit_js, html_black_pot_js,
					     NULL};
/* The league server's: its login, which asks for the bots' stderr that
 * its viewer may see (html/login.js). */
static const char *const league_replay_scripts[] = {html_dom_js, html_login_js,
						    html_grade_js, html_replay_js, html_dice_js,
						    html_rolit_js, html_black_pot_js, NULL};

/* Cuts `view` down to the members that are new or differ from those of
 * `last` (the view in force before it, still whole).  A game's views
 * always have the same members (what is absent is null), so none is ever
 * dropped.  Most of a view stays as it was from one move to the next, so
 * a page holds half the JSON to print and to compress; html/replay.js
 * makes each view whole again. */
static void cut_view(cJSON *view, const cJSON *last)
{
	const cJSON *at = last ? last->child : NULL;
	cJSON *m = view->child, *next;

	/* A game's views list their members in one order: each is looked for
	 * where it stood in the last view before it is looked up by name. */
	for (; m; m = next) {
		const cJSON *before = at && !strcmp(at->string, m->string) ? at
				      : json_member(last, m->string);

		next = m->next;
		at = before ? before->next : NULL;
		if (before && cJSON_Compare(before, m, true))
			cJSON_Delete(cJSON_DetachItemViaPointer(view, m));
	}
}

/* Moves member `item` of `object` to its end. */
static void move_last(cJSON *object, cJSON *item)
{
	if (item && item->next)
		cJSON_AddItemToObject(object, item->string,
				      cJSON_DetachItemViaPointer(object, item));
}

/* Makes the replay document what its page carries, in place: the family
 * of its game added, whose renderer draws it (none for a game this
 * referee does not know), each step's view cut down (cut_view) and last
 * in its step, and the steps last.  The views are cut from the last step
 * back, so that the one each is compared with is still whole: no copy
 * of the document is made. */
static void page_data(cJSON *doc)
{
	cJSON *steps = json_member(doc, "steps"), *step;
	const char *game = cJSON_GetStringValue(json_member(doc, "game"));
	const struct game_rules *rules = game ? arena_game_find(game) : NULL;
	int count = cJSON_GetArraySize(steps), k = 0;
	/* Each step's view, and the one in force before it. */
	cJSON **views = xcalloc(2 * (size_t)count + 1, sizeof *views), *last = NULL;

	if (rules)
		cJSON_AddStringToObject(doc, "family", replay_family(rules)->name);
	move_last(doc, steps);
	cJSON_ArrayForEach(step, steps) {
		views[2 * k] = json_member(step, "view");
		views[2 * k + 1] = last;
		last = views[2 * k] ? views[2 * k] : last;
		k++;
	}
	for (step = count ? steps->child->prev : NULL; k-- > 0; step = step->prev)
		if (views[2 * k]) {
			cut_view(views[2 * k], views[2 * k + 1]);
			move_last(step, views[2 * k]);
		}
	free(views);
}

/* The replay page of `doc`, its title in `title`. */
static struct html_page replay_page(cJSON *doc, char title[160])
{
	const char *name = cJSON_GetStringValue(json_member(doc, "title"));

	snprintf(title, 160, "%s replay", name ? name : "game");
	page_data(doc);
	return (struct html_page){.title = title, .styles = replay_styles,
				  .scripts = replay_scripts, .data = doc};
}

int html_write_replay(const char *path, cJSON *doc, char *err)
{
	char title[160];
	struct html_page page = replay_page(doc, title);

	return html_write(path, &page, err);
}

char *html_league_replay_text(cJSON *doc, size_t *len, char *err)
{
	char title[160];
	struct html_page page = replay_page(doc, title);

	page.scripts = league_replay_scripts;
	return html_page_text(&page, len, err);
}

char *html_replay_data(cJSON *doc)
{
	page_data(doc);
	return html_data_text(doc);
}

int html_write_replays(const char *path, const struct html_data *games, size_t count,
		       char *err)
{
	char title[160];
	struct html_page page = {.title = title, .style_file = REPLAY_STYLE,
				 .script_file = REPLAY_SCRIPT, .games = games,
				 .game_count = count};

	/* html/replay.js names the page after the game it shows. */
	snprintf(title, sizeof title, "Replays of %s to %s", count ? games[0].name : "",
		 count ? games[count - 1].name : "");
	return html_write(path, &page, err);
}

/* The parts one after the other, in a new string (each of the files
 * they come from ends with its newline). */
static char *joined(const char *const *parts, size_t *len)
{
	char *text = NULL;
	FILE *out = open_memstream(&text, len);

	for (int i = 0; out && parts[i]; i++)
		fputs(parts[i], out);
	if (out)
		fclose(out);
	return text;
}

int html_write_replay_assets(const char *folder, char *err)
{
	const char *const *lists[] = {replay_scripts, replay_styles};
	const char *names[] = {REPLAY_SCRIPT, REPLAY_STYLE};
	int rc = 0;

	for (int i = 0; i < 2 && rc == 0; i++) {
		size_t len;
		char *text = joined(lists[i], &len), *path = path_join(folder, names[i]);

		rc = text ? html_write_file(path, text, len, err)
			  : errorf(err, "out of memory for %s", path);
		free(path);
		free(text);
	}
	return rc;
}
