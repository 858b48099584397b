/*
 * Volle Lotte's one entry point besides volle_lotte_rules (registry.h):
 * a seam for the rule-case tests, which need known cards as dice_load()
 * (dice.h) gives them known dice.
 */
#ifndef ARENA_VOLLE_LOTTE_H
#define ARENA_VOLLE_LOTTE_H

/* Puts cards named as in the view ("stop", "bonus-300", ...) on top of the
 * deck of a volle-lotte state, cards[0] drawn first, by swapping them with
 * cards still in the deck; aborts when the deck holds no such card. */
void volle_lotte_stack(void *state, const char *const *cards, int n);

#endif
