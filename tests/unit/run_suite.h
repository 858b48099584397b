/*
 * Each Check program defines test_suite(); run_suite.c supplies main().
 */
#ifndef ARENA_RUN_SUITE_H
#define ARENA_RUN_SUITE_H

#include <check.h>

Suite *test_suite(void);

#endif
