/*
 * Dice scoring (docs/games/bolo.md rule 1.2, bolo5.md 2.2 and
 * volle-lotte.md 3.2): the value of a set of dice set aside, the distinct
 * sets a roll offers, and the thresholds for banking.  Pure and JSON-free:
 * the referee, the C SDK and the JavaScript SDK's WebAssembly build of the
 * rules (sdk/js/rules_wasm.c) all score with these functions.
 */
#ifndef ARENA_DICE_SCORE_H
#define ARENA_DICE_SCORE_H

#include <stdbool.h>

#define DICE_FACES 6
#define DICE_MAX 7		/* the most dice any of the games rolls */
#define DICE_MAX_SETS 128	/* distinct sub-multisets of 7 dice, at most 2^7 */

/* Whose scoring rules: rule 1.2 of docs/games/bolo.md, 2.2 of bolo5.md and
 * 3.2 of volle-lotte.md. */
enum dice_rules { DICE_BOLO, DICE_BOLO5, DICE_VOLLE_LOTTE };

/* A multiset of faces: count[f] dice show f (f = 1..6, count[0] unused). */
struct dice_set {
	int count[DICE_FACES + 1];
	int dice;
	long points;
};

/* The value of the set `count` split into scoring groups the best way, or
 * -1 when no split makes every die of it score. */
long arena_dice_game_value(enum dice_rules rules, const int count[DICE_FACES + 1]);
/* The distinct non-empty sets of the roll `count` in which every die
 * scores, with their values, fewest dice first, then in the order of
 * their sorted faces ([1,1,5] before [1,5,5]); returns how many (at most
 * DICE_MAX_SETS). */
int arena_dice_game_sets(enum dice_rules rules, const int count[DICE_FACES + 1],
	      struct dice_set *sets);
/* The distinct non-empty sets of one die per face, of faces that the roll
 * `count` shows and `taken` lacks (Volle Lotte's Straight card), worth 0,
 * in the order of arena_dice_game_sets(); returns how many. */
int arena_dice_game_new_faces(const int count[DICE_FACES + 1],
		   const int taken[DICE_FACES + 1], struct dice_set *sets);
/* count[f] = how many of faces[0..n-1] show f. */
void arena_dice_game_count(const int *faces, int n, int count[DICE_FACES + 1]);
/* Whether some die of `count`, taken on its own or in a group of those
 * dice, would score under the rules. */
bool arena_dice_game_scores(enum dice_rules rules, const int count[DICE_FACES + 1]);
/* The least turn total that a player with banked score `score`, who has
 * banked before (`opened`) or not, may bank (docs/games/bolo.md rule 1.5,
 * bolo5.md rule 2.4); 0 when the rules have no such limit. */
long arena_dice_game_threshold(enum dice_rules rules, bool opened, long score);
/* Bolo5's rule 2.3 (docs/games/bolo5.md): after dice are set aside, the
 * player must roll again, not bank, when no die was left behind (all of
 * them are rolled) or when the dice left behind, behind[], would score on
 * their own. */
bool arena_dice_game_must_roll(const int behind[DICE_FACES + 1]);

#endif
