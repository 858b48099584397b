/*
 * Writing HTML pages: the page shell with its CSS and JavaScript (from
 * referee/report/html/, embedded at build time) either inline or as files next
 * to the page, and the data the scripts draw from, compressed in the page.
 * No page loads anything from the network, and every file a page loads
 * is named relative to it, so a site works when copied or opened from
 * file://; a page with everything inline works alone, mailed.
 */
#ifndef ARENA_HTML_H
#define ARENA_HTML_H

#include <cjson/cJSON.h>
#include <stdio.h>

/* One game's data on a page of many: `text` is html_data_text()'s. */
struct html_data {
	const char *name;
	const char *text;
};

struct html_page {
	const char *title;
	const char *head;                /* more for <head>, or NULL */
	const char *const *styles;       /* inline, NULL-terminated; or NULL */
	const char *const *scripts;      /* inline, in order, NULL-terminated;
					  * or NULL */
	const char *style_file;          /* a style sheet to link, or NULL */
	const char *script_file;         /* a script to load, or NULL */
	const cJSON *data;               /* read by the scripts (arena.data), or
					  * NULL */
	const struct html_data *games;   /* the games of a page of replays */
	size_t game_count;
};

/* Writes the page to `path` through a temporary file renamed into place
 * (a page being reloaded is never seen half written), or to stdout when
 * path is NULL or "-".  -1 with err on a write error. */
int html_write(const char *path, const struct html_page *page, char *err);

/* The page in a new string of *len bytes, or NULL with err. */
char *html_page_text(const struct html_page *page, size_t *len, char *err);

/* `data` as a page carries it (compressed, in base64), in a new string,
 * or NULL when it cannot be compressed. */
char *html_data_text(const cJSON *data);

/* Writes `text` to `path` (through a temporary file) unless the file
 * holds it already, so that an unchanged file keeps its time and inode.
 * -1 with err on a read or write error. */
int html_write_file(const char *path, const char *text, size_t len, char *err);

/* The replay page of a replay document (replay.h), with everything
 * inline: it works alone.  The document becomes the page's data in place
 * (html_replay_data): read nothing of the steps' views after. */
int html_write_replay(const char *path, cJSON *doc, char *err);

/* The same page as the league's server shows it: with its login
 * (html/login.js), which asks for the bots' stderr lines its viewer may
 * see and adds them. */
char *html_league_replay_text(cJSON *doc, size_t *len, char *err);

/* A replay document (replay.h) as a page of replays carries it
 * (html_data_text), or NULL.  The document is made into the page's data
 * in place (each step's view cut down to what changed): read nothing of
 * the steps' views after. */
char *html_replay_data(cJSON *doc);

/* A report's page of the replays of `count` games (html/replay.js shows
 * the one #game=NAME names, else the first): it loads its scripts and
 * style from replay.js and replay.css in its own folder
 * (html_write_replay_assets), and leaves the file alone when it holds
 * the page already (report_replays.c says why a page holds many). */
int html_write_replays(const char *path, const struct html_data *games, size_t count,
		       char *err);

/* Writes FOLDER/replay.js and FOLDER/replay.css, what the pages of
 * replays load, unless they hold it already. */
int html_write_replay_assets(const char *folder, char *err);

#endif
