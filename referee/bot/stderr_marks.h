/*
 * The referee's marks in a bot's stderr file, written once here for the
 * places that deal with them: the match writes them (match_game.c,
 * through bot.c), and stderr_read.c tells them from the bot's lines for
 * a forfeit's excerpt (excerpt.c) and the replay's words
 * (report/replay_words.c).  Each is a line of its own.
 *
 * Every line the referee writes there starts with the byte
 * STDERR_REFEREE, which a bot cannot write: the referee keeps each of
 * those bytes of the bot's as STDERR_SUBSTITUTE.  So a line that says
 * "=== arena: game ..." without it is the bot's own words, and no bot can
 * claim a game or seat by writing a mark (docs/LOGS.md, "A bot's stderr
 * file").  A file the referee opens starts with such a line
 * (STDERR_MARK_FILE), so that a file of this kind is told from one
 * written before the referee marked its lines, whose unmarked marks are
 * read as the referee's up to its first marked line.
 */
#ifndef ARENA_STDERR_MARKS_H
#define ARENA_STDERR_MARKS_H

/* ASCII's record separator, first on each line of the referee's. */
#define STDERR_REFEREE '\x1e'
/* ASCII's substitute, which the bot's own STDERR_REFEREE bytes become. */
#define STDERR_SUBSTITUTE '\x1a'

/* As a game starts: its number, game_id, the bot's seat and the game
 * ("=== arena: game 3 (game_id 9f...), seat 1, rolit ==="). */
#define STDERR_MARK_GAME "=== arena: game "
#define STDERR_MARK_GAME_FORMAT STDERR_MARK_GAME "%lu (game_id %s), seat %d, %s ==="
/* Before each of the bot's turns: the step about to be played (from 1). */
#define STDERR_MARK_MOVE "=== arena: move "
#define STDERR_MARK_MOVE_FORMAT STDERR_MARK_MOVE "%d ==="
/* As the game ends, before the end message. */
#define STDERR_MARK_END "=== arena: end ==="
/* First in a file the referee opens, when it does not start with a line
 * of the referee's (a new file, or one written before they were marked). */
#define STDERR_MARK_FILE "=== arena: each line of the referee's starts with the record separator ==="

#endif
