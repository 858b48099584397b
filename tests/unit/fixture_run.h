/*
 * tests/fixtures/report-run, a finished, signed round robin of three
 * random bots at 4x4 Rolit (6 games), copied to a temporary folder for a
 * test to read or damage: the suites of the report and of the ladder's
 * gathering share it, so that both are tested on the same run.
 */
#ifndef TESTS_FIXTURE_RUN_H
#define TESTS_FIXTURE_RUN_H

/* The key that signed the fixture's manifest and logs. */
#define FIXTURE_RUN_KEY "107e6eea234fba8846238eca07de4c31dd237beb9072a9ea99b25b5eb29865d3"

/* A new temporary folder holding a copy of the run (a new string). */
char *fixture_run_copy(void);
/* Removes the folder and frees its name. */
void fixture_run_remove(char *dir);

#endif
