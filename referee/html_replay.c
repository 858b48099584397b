/*
 * The HTML replay of one game: the page shell (html_page.c) with the
 * shared helpers (html/dom.js), the replay's controls (html/replay.js) and the one renderer of the game's
 * family (html/dice.js, rolit.js, black_pot.js), and the replay document
 * as the data they draw from.
 */
#include <stdio.h>
#include <string.h>

#include "html.h"
#include "html_assets.h"

static const char *renderer_of(const char *game)
{
	if (!strcmp(game, "rolit"))
		return html_rolit_js;
	if (!strcmp(game, "black-pot"))
		return html_black_pot_js;
	return html_dice_js;
}

int html_write_replay(const char *path, const cJSON *doc, char *err)
{
	const char *game = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(doc, "game"));
	const char *title = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(doc, "title"));
	const char *styles[] = {html_page_css, NULL};
	const char *scripts[] = {html_dom_js, html_replay_js, renderer_of(game ? game : ""),
				 NULL};
	char full_title[160];
	struct html_page page = {.title = full_title, .styles = styles,
				 .scripts = scripts, .data = doc};

	snprintf(full_title, sizeof full_title, "%s replay", title ? title : "game");
	return html_write(path, &page, err);
}
