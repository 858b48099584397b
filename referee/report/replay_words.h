/*
 * A bot's own words in a replay (docs/REPLAY.md, "The bot's own words"):
 * the "info" its replies carried, which the log keeps beside each action,
 * and the lines it wrote to stderr, which the bot's stderr file keeps
 * under the referee's mark of each game ("=== arena: game K (game_id ID),
 * seat S, GAME ===") and of each move it wrote during ("=== arena: move
 * N ===", then "=== arena: end ===").  An index of the stderr files at
 * hand maps each game and seat to its lines; replay_words_add() gives
 * each move of a replay its seat's lines of that move ("stderr") and each
 * forfeit the forfeiting seat's last words ("last_words": its last info
 * and its last lines, each after "[move N]", "[start]" or "[end]").  The
 * lines are the bot's own bytes: whoever prints them makes them visible
 * (visible.h).  The marks are the referee's lines alone (stderr_marks.h):
 * a bot that writes one writes words of its own, which claim no game and
 * no seat.  A game and seat that more than one section claims (a file
 * put beside the others, a file of an older referee whose bot wrote a
 * mark) gets no lines.
 */
#ifndef ARENA_REPLAY_WORDS_H
#define ARENA_REPLAY_WORDS_H

#include <cjson/cJSON.h>
#include <stdbool.h>

/* At most this many last lines of a forfeiting seat are kept. */
#define REPLAY_LAST_LINES 8
/* Of a seat's lines of one game, the first and the last that a replay
 * shows, each cut at STDERR_LINE_BYTES (bot/stderr_read.h); the lines
 * between are one line "[N lines left out]", at the move of the first of
 * them, so that a bot's million empty lines cost a replay no more than
 * its 400 (docs/REPLAY.md, "The bot's own words"). */
#define REPLAY_HEAD_LINES 200
#define REPLAY_TAIL_LINES 200

struct words_index;

struct words_index *words_index_new(void);
void words_index_free(struct words_index *x);

/* The same for every *.stderr file of folder `dir`. */
void words_index_add_folder(struct words_index *x, const char *dir);

/* Whether `x` has every seat's section of game `game_id` whole: each
 * ended by the next game's mark, not by the file's end when it was read
 * (the game may have been under way then). */
bool words_index_settled(const struct words_index *x, const char *game_id, int seats);

/* A new index of game `game_id`'s sections from what `x` had of them
 * whole and what the *.stderr files of `dir` hold after the point where
 * `x` read each (all of a file it had not read): the sections written
 * since `x` was made, at the cost of the bytes written since. */
struct words_index *words_index_newer(const struct words_index *x, const char *dir,
				      const char *game_id);

/* The stderr files of the game whose log is at `log_path`, wherever the
 * referee writes them: a tournament's DIR/stderr/ for DIR/games/LOG, a
 * league's DIR/stderr/ for DIR/runs/NNNNNN/LOG, the log's own folder
 * (play --out), and LOG.NAME.stderr (play --log). */
void words_index_add_near(struct words_index *x, const char *log_path);

/* Adds the bot's words to the replay document `doc` (replay.h): its
 * stderr lines from `x` (NULL: none), and last words at each forfeit. */
void replay_words_add(cJSON *doc, const struct words_index *x);

/* replay_words_add() with the stderr files near the log at `log_path`
 * (words_index_add_near). */
void replay_words_near(cJSON *doc, const char *log_path);

#endif
