/*
 * The pages' CSS and JavaScript, each a NUL-terminated string made at
 * build time from the file of the same name in referee/report/html/ (by
 * referee/report/html/embed.sh, into html_assets.c, which is not tracked).
 */
#ifndef ARENA_HTML_ASSETS_H
#define ARENA_HTML_ASSETS_H

extern const char html_page_css[];
extern const char html_dom_js[];
extern const char html_replay_js[];
extern const char html_dice_js[];
extern const char html_rolit_js[];
extern const char html_black_pot_js[];
extern const char html_report_js[];
extern const char html_league_js[];
extern const char html_login_js[];
extern const char html_grade_js[];

#endif
