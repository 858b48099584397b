/*
 * A league's folder (docs/LEAGUE.md, "The folder"): every path in it is
 * built here, and league.json is written and read here (the register:
 * league_register.h).
 *
 *   DIR/league.json          what the league plays: {"format":
 *                            "arena-league/1","game":G,"options":{...},
 *                            "players":N,"id":H}, written once by init
 *                            (the id: 32 random bytes in hex, fixed at
 *                            init; a league made before revision 6 of
 *                            the scheme has none)
 *   DIR/register.jsonl       the bots, one line each as added or retired:
 *                            {"type":"add","name":N,"hash":H,"command":C,
 *                            "dir":D,"workdir":W,"readable":[...],
 *                            "files":[...]} ("owner":U: a user's upload),
 *                            {"type":"retire","name":N} and
 *                            {"type":"season","name":N,"first_run":R},
 *                            chained and signed (league_register.h)
 *   DIR/seasons/NAME/ladder.{txt,json,csv}  season NAME's ladder (every
 *                            version), frozen when the next season began
 *   DIR/runs/NNNNNN/         one `league run`: run.jsonl and its signed
 *                            logs game-NNNNNN.jsonl (docs/LOGS.md, "A
 *                            play or sprt folder"; its verb is "league")
 *   DIR/stderr/NAME-vK.stderr  version K of bot NAME's stderr
 *   DIR/league.db            the index (league_db.h)
 *   DIR/run.lock, DIR/referee.pub  as in a tournament's folder
 */
#ifndef ARENA_LEAGUE_FOLDER_H
#define ARENA_LEAGUE_FOLDER_H

#include <cjson/cJSON.h>
#include <sqlite3.h>
#include <sys/types.h>

#include "games/game.h"
#include "league/league_db.h"

#define LEAGUE_FILE "league.json"
#define LEAGUE_REGISTER "register.jsonl"
#define LEAGUE_RUNS "runs"
#define LEAGUE_ID_BYTES 32

/* What DIR/league.json says. */
struct league_info {
	const struct game_rules *rules;
	cJSON *options;        /* resolved */
	int players;
	char id[65];           /* 64 hex digits, "" for an older league */
};

/* Whether `name` may name a bot, a season or a user: letters, digits,
 * '-', '_' and '.', up to 40, not starting with '.' or '-'. */
bool league_name_ok(const char *name);

/* Whether `dir` holds a league.json. */
bool league_folder_is(const char *dir);

/* Makes the league's folder (new, or empty) and its league.json, with a
 * new id (in info->id): 0, or -1 with err. */
int league_folder_init(const char *dir, struct league_info *info, char *err);

/* Reads DIR/league.json: 0, or -1 with err. */
int league_folder_read(const char *dir, struct league_info *info, char *err);
void league_info_free(struct league_info *info);

/* Opens the league in `dir`: its league.json read into info and its
 * index into *db: 0, or -1 with err (info then freed). */
int league_open(const char *dir, struct league_info *info, sqlite3 **db, char *err);

/* Adds version `v`'s fields, as the register's line of it has them
 * ("name", "number", "hash", "command", "dir", "workdir" if any,
 * "readable"), to the object `j`. */
void league_version_fields(cJSON *j, const struct league_version *v);
/* The other way: such an object's fields into `v`, its strings borrowed
 * from `j`, v->readable new (free it); whether they were all there. */
bool league_version_read(const cJSON *j, struct league_version *v);

/* The JSON object in the file `path`: new, or NULL with why in err;
 * *read (when not NULL) says whether the file could be read at all
 * (errno then says why not). */
cJSON *league_json_read(const char *path, bool *read, char *err);

/* `text` and a newline written to the file `path`, opened with `flags`
 * (O_EXCL: a new file; O_TRUNC) and `mode`, on disk: 0, or -1 with
 * errno. */
int league_file_write(const char *path, int flags, mode_t mode, const char *text);

/* DIR/NAME written whole with the JSON line of `j` (through DIR/.NAME.tmp,
 * so that a reader sees the old file or the new): 0, or -1 with err. */
int league_json_write(const char *dir, const char *name, const cJSON *j, char *err);

/* DIR/runs/NNNNNN, and the number after the highest run folder there. */
char *league_run_dir(const char *dir, long run);
long league_next_run(const char *dir);

/* Calls fn(run, DIR/runs/NNNNNN, ctx) for each run folder there, in
 * order, until one returns nonzero: that, or 0. */
int league_runs_each(const char *dir, int (*fn)(long run, const char *run_dir, void *ctx),
		     void *ctx);

/* The stderr file of version `v`'s processes that writer `writer` (from
 * 1) starts: DIR/stderr/NAME-vK.stderr for the first, NAME-vK.W.stderr
 * for writer W after it.  Writers that play at once append to files of
 * their own, so that each game's marks and lines stay together (a
 * section runs from one game's mark to the next). */
char *league_stderr_path(const char *dir, const struct league_version *v, int writer);

#endif
