/*
 * The referee's marks in a bot's stderr file, written once here for the
 * three places that deal with them: the match writes them (match_game.c),
 * a forfeit's excerpt skips past them (excerpt.c) and the replay's words
 * read them back (report/replay_words.c).  Each is a line of its own.
 */
#ifndef ARENA_STDERR_MARKS_H
#define ARENA_STDERR_MARKS_H

/* As a game starts: its number, game_id, the bot's seat and the game
 * ("=== arena: game 3 (game_id 9f...), seat 1, rolit ==="). */
#define STDERR_MARK_GAME "=== arena: game "
#define STDERR_MARK_GAME_FORMAT STDERR_MARK_GAME "%lu (game_id %s), seat %d, %s ==="
/* Before each of the bot's turns: the step about to be played (from 1). */
#define STDERR_MARK_MOVE "=== arena: move "
#define STDERR_MARK_MOVE_FORMAT STDERR_MARK_MOVE "%d ==="
/* As the game ends, before the end message. */
#define STDERR_MARK_END "=== arena: end ==="

#endif
