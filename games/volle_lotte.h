/*
 * Volle Lotte's entry points besides arena_volle_lotte_rules (registry.h): a
 * seam for the rule-case tests, which need known cards as arena_dice_game_load()
 * (dice.h) gives them known dice, and the count of Stop cards.
 */
#ifndef ARENA_VOLLE_LOTTE_H
#define ARENA_VOLLE_LOTTE_H

/* The deck and its Stop cards (docs/games/volle-lotte.md rule 3.1), for the
 * replay that counts the cards drawn from the view's "cards_left" and "deck".
 */
#define VOLLE_LOTTE_CARDS 56
#define VOLLE_LOTTE_STOPS 10

/* The kinds of card, in the order of rule 3.1 and of the view's "deck"
 * (stop, fireworks, bonus-200 ... bonus-600, double, plus-minus,
 * straight, clover): a kind's name ("bonus-300"; NULL for a kind out of
 * range), how many of the 56 cards are of that kind (0 out of range), and
 * the kind named `name` (-1 for none).  The one list of the deck: the
 * values' solver and expect-bot read it here. */
#define VOLLE_LOTTE_KINDS 11
const char *arena_volle_lotte_card_name(int kind);
int arena_volle_lotte_card_copies(int kind);
int arena_volle_lotte_card_kind(const char *name);

/* Puts cards named as in the view ("stop", "bonus-300", ...) on top of the
 * deck of a volle-lotte state, cards[0] drawn first, by swapping them with
 * cards still in the deck; aborts when the deck holds no such card. */
void arena_volle_lotte_stack(void *state, const char *const *cards, int n);

#endif
