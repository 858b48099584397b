/*
 * The league server's pages (web_pages.h): the report's page shell
 * (report/html.h) with its style and the shared scripts, its data saying
 * which page it is and which game the league plays.
 */
#include <cjson/cJSON.h>
#include <stdlib.h>

#include "base/util.h"
#include "games/game.h"
#include "league/league_folder.h"
#include "report/html.h"
#include "report/html_assets.h"
#include "web/web_pages.h"

/* The league's game, its options and players as the pages show them,
 * added to `data` as "league"; the title names the game (its own string,
 * freed by the caller). */
static char *add_league(cJSON *data, const char *dir)
{
	struct league_info info;
	char err[ERR_LEN], *title;
	cJSON *league;

	if (league_folder_read(dir, &info, err))
		return xstrdup("League");
	league = cJSON_AddObjectToObject(data, "league");
	cJSON_AddStringToObject(league, "game", info.rules->name);
	cJSON_AddItemToObject(league, "options", cJSON_Duplicate(info.options, true));
	cJSON_AddNumberToObject(league, "players", info.players);
	title = xasprintf("League of %s", info.rules->name);
	league_info_free(&info);
	return title;
}

char *web_page(const char *dir, const char *name, const char *bot)
{
	static const char *const styles[] = {html_page_css, NULL};
	static const char *const scripts[] = {html_dom_js, html_login_js, html_league_js, NULL};
	struct html_page page = {.styles = styles, .scripts = scripts};
	cJSON *data = cJSON_CreateObject();
	char err[ERR_LEN], *text = NULL, *title;
	size_t len;

	cJSON_AddStringToObject(data, "page", name);
	if (bot)
		cJSON_AddStringToObject(data, "name", bot);
	page.title = title = add_league(data, dir);
	page.data = data;
	text = html_page_text(&page, &len, err);
	cJSON_Delete(data);
	free(title);
	return text;
}
