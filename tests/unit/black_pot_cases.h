/*
 * The rule-case interpreter of Black-Pot (check_black_pot.c): runs the
 * cases of tests/cases/black-pot.txt through the rules table, the move
 * arithmetic and the test seam of games/black_pot.h.  The format is
 * described at the top of that table.
 */
#ifndef ARENA_BLACK_POT_CASES_H
#define ARENA_BLACK_POT_CASES_H

/* How many cases the table holds (1 when it cannot be read, so that the
 * one test says why). */
int black_pot_cases_count(void);
/* Runs the index-th case (from 0), failing the current Check test. */
void black_pot_cases_run(int index);

#endif
