/*
 * Writing HTML pages: the page shell with its CSS and JavaScript (from
 * referee/html/, embedded at build time) either inline or as files next
 * to the page, and the data the scripts draw from, compressed in the page.
 * No page loads anything from the network, and every file a page loads
 * is named relative to it, so a site works when copied or opened from
 * file://; a page with everything inline works alone, mailed.
 */
#ifndef ARENA_HTML_H
#define ARENA_HTML_H

#include <cjson/cJSON.h>
#include <stdbool.h>
#include <stdio.h>

struct html_page {
	const char *title;
	const char *head;                /* more for <head>, or NULL */
	const char *const *styles;       /* inline, NULL-terminated; or NULL */
	const char *const *scripts;      /* inline, in order, NULL-terminated;
					  * or NULL */
	const char *style_file;          /* a style sheet to link, or NULL */
	const char *script_file;         /* a script to load, or NULL */
	const cJSON *data;               /* read by the scripts (arena.data) */
};

/* Writes the page to `path` through a temporary file renamed into place
 * (a page being reloaded is never seen half written), or to stdout when
 * path is NULL or "-".  -1 with err on a write error. */
int html_write(const char *path, const struct html_page *page, char *err);

/* Writes `text` to `path` (through a temporary file) unless the file
 * holds it already, so that an unchanged file keeps its time and inode.
 * -1 with err on a read or write error. */
int html_write_file(const char *path, const char *text, size_t len, char *err);

/* The replay page of a replay document (replay.h), which it makes into
 * the page's data in place (each step's view cut down to what changed):
 * read nothing of the steps' views after.  With `shared`, the page loads
 * its scripts and style from replay.js and replay.css in its own folder
 * (html_write_replay_assets), so that the thousands of replays of a
 * report share one copy; else everything is inline. */
int html_write_replay(const char *path, cJSON *doc, bool shared, char *err);

/* Writes FOLDER/replay.js and FOLDER/replay.css, what the replay pages
 * written with `shared` load, unless they hold it already. */
int html_write_replay_assets(const char *folder, char *err);

#endif
