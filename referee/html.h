/*
 * Writing self-contained HTML pages: the page shell with its CSS and
 * JavaScript inline (from referee/html/, embedded at build time) and the
 * data the scripts draw from, as JSON in the page.  No page loads anything
 * from the network or from another file, so a page works when mailed or
 * opened from file://.
 */
#ifndef ARENA_HTML_H
#define ARENA_HTML_H

#include <cjson/cJSON.h>
#include <stdio.h>

struct html_page {
	const char *title;
	const char *head;                /* more for <head>, or NULL */
	const char *const *styles;       /* NULL-terminated */
	const char *const *scripts;      /* NULL-terminated, in order */
	const cJSON *data;               /* read by the scripts from #data */
};

/* Writes the page to `path` through a temporary file renamed into place
 * (a page being reloaded is never seen half written), or to stdout when
 * path is NULL or "-".  -1 with err on a write error. */
int html_write(const char *path, const struct html_page *page, char *err);

/* The replay page of a replay document (replay.h). */
int html_write_replay(const char *path, const cJSON *doc, char *err);

#endif
