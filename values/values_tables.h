/*
 * The tables of win_policy.h built into the library, solved at build time
 * by values/win_table.c into values_tables.c, for the model's cap
 * WIN_CAP: bolo and bolo5 to values_tables_target, the arrays of struct
 * win_policy.  values.h reads them, and win-bot plays from them.
 */
#ifndef VALUES_VALUES_TABLES_H
#define VALUES_VALUES_TABLES_H

extern const long values_tables_target;
extern const double values_tables_bolo_play[], values_tables_bolo_final[],
	values_tables_bolo_sudden[];
extern const double values_tables_bolo5_play[];

#endif
