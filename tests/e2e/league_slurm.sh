#!/usr/bin/env bash
# End-to-end: `referee league run --engine slurm` (docs/LEAGUE-SLURM.md) on a one-node Slurm cluster started as tests/e2e/slurm.sh
# starts it (tests/tools/slurm_cluster.sh): batches of tasks played by job
# arrays into the league's folder, every log checked before it counts; the
# games counted, the folder verified, the index rebuilt to the same ladder;
# a log changed in a batch refused and not counted, another set played in
# its place; kill -9 of the run mid-batch losing no finished game; a run's
# folder bounded by --run-games; a league resting, its trickle's sets
# arrays of one, until a bot added brings full batches back; and the errors (no sbatch, a bad --engine).  The cases on the cluster skip
# without root or without Slurm's packages; the errors run everywhere.
. "$(dirname "$0")/../tools/lib.sh"

L=$TMP/league
for b in a b c; do
	mkdir "$TMP/$b"
	cp "$CBOT" "$TMP/$b/bot"
done
"$REFEREE" league init "$L" --game rolit -o size=6 >/dev/null
for b in a b c; do
	"$REFEREE" league add "$L" "$b" "$TMP/$b/bot" "$TMP" >/dev/null
done
# The ladder's bytes and its games.
ladder() { "$REFEREE" league ladder "$L" --versions --format json; }
games() { ladder | "$PYTHON3" -c 'import json, sys; print(json.load(sys.stdin)["games"])'; }

# --- the errors, anywhere ------------------------------------------------------
expect_exit 2 "$REFEREE" league run "$L" --engine cloud
expect_eq "$(head -1 "$ERR")" "referee league: --engine takes local or slurm, not 'cloud'" "--engine cloud: refused"
mkdir "$TMP/nobin"
for p in sh timeout; do ln -s "$(command -v $p)" "$TMP/nobin/$p"; done
PATH=$TMP/nobin expect_exit 2 "$REFEREE" league run "$L" --engine slurm --games 4
expect_eq "$(head -1 "$ERR")" "referee league: --engine slurm needs Slurm's sbatch, squeue and scancel in PATH, and sbatch is not there: install Slurm's client commands (Debian: slurm-client) or play with --engine local" \
	"--engine slurm without sbatch: refused, saying what to install"
expect_eq "$(games)" 0 "... and nothing played"
# play-task, an array's element, given what no run wrote.
TASK=(league play-task --no-sandbox --no-limits --trusted-bots)
expect_exit 2 "$REFEREE" "${TASK[@]}" "$L" "$TMP/none.json" 0
expect_contains "$ERR" "referee league: cannot read '$TMP/none.json': No such file or directory" \
	"play-task: a batch file that is not there"
echo '{"format":"arena-league-batch/1"}' >"$TMP/junk.json"
expect_exit 2 "$REFEREE" "${TASK[@]}" "$L" "$TMP/junk.json" 0
expect_contains "$ERR" "referee league: $TMP/junk.json: not a league's batch file" "play-task: a file that is no batch"
expect_exit 2 "$REFEREE" "${TASK[@]}" "$L" "$TMP/junk.json"
expect_contains "$ERR" "referee league: play-task takes a league's folder, a batch file and a task's index" \
	"play-task without its index"
expect_eq "$(find "$L" -name 'game-*' | wc -l)" 0 "... and no game written"

. "$top_srcdir/tests/tools/slurm_cluster.sh"
slurm_cluster_needs || {
	ok 0 "the league on a one-node Slurm cluster # SKIP $SLURM_SKIP"
	done_testing
}
slurm_cluster_start
RUN_LIMIT=300

# --- a run on the cluster --------------------------------------------------------
# The tasks' sets of each of the run's batch files, "2+2 1 1 ...".
batches() { for f in "$1"/batch-*.json; do
	"$PYTHON3" -c 'import json, sys; print("+".join(str(t["sets"]) for t in json.load(open(sys.argv[1]))["tasks"]))' "$f"
done | tr '\n' ' '; }
expect_exit 0 "$REFEREE" league run "$L" --engine slurm --games 12 --concurrency 3 --batch 2
expect_eq "$(games)" 12 "the 12 games counted"
# A version not yet measured plays one task of one set until it is (its
# replies' wall time: docs/LEAGUE.md, "The policy", 6), then tasks of 2.
expect_eq "$(batches "$L"/runs/000001)" "1+1+1 2+1 " "in two batches: 3 tasks of one set, then of 2 and 1"
expect_eq "$(ls "$L"/runs/000001/game-*.jsonl | wc -l)" 12 "the 12 logs in the run's folder"
expect_exit 0 "$REFEREE" verify "$L"
expect_eq "$(league_verified)" "$L: ok: a league of rolit, N runs, N logs in N sets, every log verified, and its index league.db as its register and its runs' logs give it" \
	"verify of the league played on Slurm"
ladder >"$TMP/before.json"
expect_exit 0 "$REFEREE" league rebuild "$L"
expect_eq "$(ladder | cmp - "$TMP/before.json" && echo same)" same "rebuild: the same ladder to the byte"

# --- a log changed in a batch: refused, not counted, another set in its place ------
# An sbatch in front of Slurm's whose elements run through tamper.sh, which
# makes element 0 of the first array change a byte of its task's first log
# once the element has played it.
mkdir "$TMP/tbin"
cat >"$TMP/tamper.sh" <<SH
#!/usr/bin/env bash
"\$@"
rc=\$?
batch=\${@: -2:1}
if [ "\${@: -1}" = 0 ] && mkdir "$TMP/tampered" 2>/dev/null; then
	first=\$("$PYTHON3" -c 'import json, sys; print(json.load(open(sys.argv[1]))["tasks"][0]["first"])' "\$batch")
	log="\$(dirname "\$batch")/\$(printf 'game-%06d.jsonl' "\$first")"
	gzip -dcf "\$log" | sed '2s/,/, /' >"\$log.changed" && mv "\$log.changed" "\$log"
fi
exit \$rc
SH
cat >"$TMP/tbin/sbatch" <<SH
#!/usr/bin/env bash
args=()
for a in "\$@"; do
	case \$a in --wrap=exec\ *) a="--wrap=exec bash $TMP/tamper.sh \${a#--wrap=exec }" ;; esac
	args+=("\$a")
done
exec "$(command -v sbatch)" "\${args[@]}"
SH
chmod +x "$TMP/tbin/sbatch"
PATH=$TMP/tbin:$PATH expect_exit 0 "$REFEREE" league run "$L" --engine slurm --games 8 --concurrency 2 --batch 2
expect_eq "$(grep -c 'refused' "$ERR")" 1 "a changed log: one set refused" || diag_run
grep -qE "^referee league: run 000002: the set of games 1 to 2 is refused, not counted, and another is played in its place: game 1: $L/runs/000002/game-000001.jsonl: it does not verify: line [0-9]+: " "$ERR"
ok $? "... saying which set, which log and why" || diag_run
expect_eq "$(games)" 20 "another set played in its place: 8 games counted, not 6"
expect_eq "$(ls "$L"/runs/000002/game-*.jsonl | wc -l)" 8 "the changed set's logs removed"
expect_eq "$(grep -c '"type":"dropped","games":\[1,2\]' "$L/runs/000002/run.jsonl")" 1 "run.jsonl lists the refused set as dropped"
expect_exit 0 "$REFEREE" verify "$L"
expect_eq "$(league_verified)" "$L: ok: a league of rolit, N runs, N logs in N sets, every log verified, and its index league.db as its register and its runs' logs give it" \
	"verify after a refused set: whole"
# The refused set counts for each version its signed started record seats
# (docs/FAIRNESS-LEAGUE.md, item 25), by run and by version, as a cut set.
seated=$("$PYTHON3" -c 'import json, sys
r = [r for r in map(json.loads, open(sys.argv[1])) if r["type"] == "started" and 1 in r["games"]][0]
print(", ".join("%s v%d: 1" % (s["name"], s["version"]) for s in sorted(r["seats"], key=lambda s: s["name"])))' \
	"$L/runs/000002/run.jsonl")
refused="no set cut by a stop; 1 set refused by a run's check (run 2: 1; $seated)"
dropped="1 set dropped uncounted, its logs removed (refused: 1)"
expect_contains "$OUT" "; $refused; $dropped; its register: " "verify: the refused set counted for the versions it seated ($seated)"
# (The run's own index holds no task row of a set it dropped, a cache that
# no check reads: its status says the dropped sets once the index is made
# again, below.)
expect_exit 0 "$REFEREE" league status "$L"
expect_eq "$(grep '^cut: ' "$OUT")" "cut: $refused" "league status: the same count"
cut_column() { ladder | "$PYTHON3" -c 'import json, sys
print(", ".join("%s v%d: %d" % (r["name"], r["version"], r["cut"]) for r in sorted(json.load(sys.stdin)["ladder"], key=lambda r: r["name"]) if r["cut"]))'; }
expect_eq "$(cut_column)" "$seated" "the ladder's cut column: 1 for each version the refused set seated"
# Emptied from league.db, the refused set is found out as the cut ones are.
"$PYTHON3" -c 'import sqlite3, sys
db = sqlite3.connect(sys.argv[1])
db.execute("DELETE FROM cut WHERE kind = ?", ("refused",))
db.commit()' "$L/league.db"
expect_exit 1 "$REFEREE" verify "$L"
expect_contains "$OUT" "$L/league.db: FAILED: the set from game 1 of run 000002, refused, is listed so in its run.jsonl, not in it with the versions its started record seats" \
	"verify: an index that lost its refused set"
expect_exit 0 "$REFEREE" league status "$L"
expect_contains "$ERR" "$L/league.db does not agree with the league's signed records: the set from game 1 of run 000002, refused, is listed so in its run.jsonl, not in it with the versions its started record seats: made again" \
	"league status: found out, the index made again"
expect_eq "$(grep '^cut: ' "$OUT")" "cut: $refused; $dropped" "... and the refused set counted again"

# --- kill -9 of the run mid-batch: the next run cancels the array, checks what
# it played (a log changed since refused), counts the rest and goes on ------------
"$REFEREE" league run "$L" --engine slurm --games 400 --concurrency 2 --batch 20 >/dev/null 2>&1 &
R3=$L/runs/000003
# The logs are gzip-compressed (league run's default): read as their lines.
signed() { [ -f "$1" ] && gzip -dcf "$1" 2>/dev/null | tail -1 | grep -q '"type":"signature"'; }
for _ in $(seq 1200); do
	signed "$R3/game-000002.jsonl" && break
	sleep 0.1
done
# The run stopped (SIGSTOP) while its array plays on: a set whose logs
# are signed after that is one it has not listed finished, as a set
# played while a killed run could not look is.  (A set listed before
# the stop is the run's: changed after, it is a changed log, not this
# case.)
pkill -STOP -f "league run $L"
unlisted_set() { # the first game of a set signed in R3 that run.jsonl does not list finished
	local g listed
	listed=$(grep -o '"type":"finished","game":[0-9]*' "$R3/run.jsonl" | sed 's/.*://')
	for g in $(ls "$R3" | sed -n 's/^game-0*\([0-9]*\)\.jsonl$/\1/p' | sort -n); do
		[ $((g % 2)) -eq 1 ] && ! grep -qx "$g" <<<"$listed" || continue
		signed "$R3/$(printf 'game-%06d.jsonl' "$g")" &&
			signed "$R3/$(printf 'game-%06d.jsonl' $((g + 1)))" && { echo "$g"; return; }
	done
}
for _ in $(seq 1200); do
	first=$(unlisted_set)
	[ -n "$first" ] && break
	sleep 0.1
done
kill_run "league run $L"
wait
ok "$([ -n "$first" ]; echo $?)" "the array played a set the run had not listed before it was killed"
one=$(printf 'game-%06d.jsonl' "$first")
two=$(printf 'game-%06d.jsonl' $((first + 1)))
gzip -dcf "$R3/$one" | sed '2s/,/, /' >"$TMP/changed" && cp "$TMP/changed" "$R3/$one"
expect_exit 0 "$REFEREE" league run "$L" --engine slurm --games 4 --concurrency 2
grep -qE "^referee league: $R3: the set of games $first to $((first + 1)) is refused, not counted: game $first: $R3/$one: it does not verify: line [0-9]+: " "$ERR"
ok $? "the next run refuses the set changed after kill -9" || diag_run
expect_eq "$(squeue -h | wc -l)" 0 "the killed run's array was cancelled"
expect_eq "$(tail -1 "$R3/run.jsonl" | grep -c '"type":"signature"')" 1 "the killed run closed and signed"
expect_eq "$(ls "$R3/$one" "$R3/$two" 2>/dev/null | wc -l)" 0 "... the refused set's logs removed"
expect_exit 0 "$REFEREE" verify "$L"
expect_eq "$(league_verified)" "$L: ok: a league of rolit, N runs, N logs in N sets, every log verified, and its index league.db as its register and its runs' logs give it" \
	"verify after kill -9 and the next run: whole"
expect_eq "$(ls "$L"/runs/*/game-*.jsonl | wc -l)" "$(games)" "the index holds every log of the folder"
expect_lt 23 "$(games)" "the killed run's finished sets counted, and the next run's 4 games"
ladder >"$TMP/before.json"
expect_exit 0 "$REFEREE" league rebuild "$L"
expect_eq "$(ladder | cmp - "$TMP/before.json" && echo same)" same "rebuild after kill -9: the same ladder to the byte"

# --- SIGTERM mid-batch: the array cancelled, what it finished counted ----------------
"$REFEREE" league run "$L" --engine slurm --for 300s --concurrency 2 --batch 20 >/dev/null 2>"$TMP/term.err" &
term=$!
for _ in $(seq 1200); do
	signed "$L/runs/000005/game-000002.jsonl" && break
	sleep 0.1
done
kill -TERM "$term"
wait "$term"
expect_eq "$?" 1 "SIGTERM: the run stops with status 1"
expect_eq "$(cat "$TMP/term.err")" "referee league: stopped by SIGTERM; every finished game is kept, and the next run goes on" \
	"SIGTERM: said"
expect_eq "$(squeue -h | wc -l)" 0 "SIGTERM: the array was cancelled"
expect_eq "$(tail -1 "$L/runs/000005/run.jsonl" | grep -c '"type":"signature"')" 1 "SIGTERM: run.jsonl signed"
expect_lt 0 "$(grep -c '"type":"finished"' "$L/runs/000005/run.jsonl")" "SIGTERM: the sets the array finished counted"
expect_exit 0 "$REFEREE" verify "$L"
expect_eq "$(league_verified)" "$L: ok: a league of rolit, N runs, N logs in N sets, every log verified, and its index league.db as its register and its runs' logs give it" \
	"verify after SIGTERM: whole"

# --- --run-games: a run's folder holds at most N logs, the next run goes on -----------
expect_exit 0 "$REFEREE" league run "$L" --engine slurm --games 8 --run-games 4 --concurrency 2 --batch 1
expect_eq "$(for r in 6 7; do ls "$L/runs/00000$r" | grep -c '^game-'; done | tr '\n' ' ')" "4 4 " \
	"--run-games 4 on Slurm: 8 games in two runs' folders of 4 logs"
expect_eq "$(test -e "$L/runs/000008" || echo none)" none "... and no third"

# --- a league that rests: the trickle's sets as arrays of one set ----------------
# Under +/- 400 Elo the three random bots are settled from the run's
# start (docs/LEAGUE.md, "Rest"): a set every 2 s, each its own array.
"$REFEREE" league run "$L" --engine slurm --for 120s --concurrency 2 --batch 2 \
	--rest-interval 400 --trickle 30 >/dev/null 2>"$TMP/rest.err" &
rest=$!
R8=$L/runs/000008
for _ in $(seq 600); do
	[ "$(ls "$R8"/batch-*.json 2>/dev/null | wc -l)" -ge 3 ] && break
	sleep 0.1
done
expect_eq "$("$PYTHON3" -c 'import json, sys; d = json.load(open(sys.argv[1])); print(d["resting"], d["interval"], d["trickle"])' "$L/pace.json")" \
	"True 400 30" "resting on Slurm: pace.json says so"
expect_eq "$(batches "$R8" | cut -d' ' -f1-3)" "1 1 1" "... and each of its arrays is one task of one set" || diag_run
expect_eq "$(ls "$R8" | grep '^slurm-' | grep -vc '_0\.out$')" 0 "... its arrays' only elements, 0"
# A bot added: the run ends, and the next seats it at full speed.
mkdir "$TMP/d" && cp "$CBOT" "$TMP/d/bot"
"$REFEREE" league add "$L" d "$TMP/d/bot" "$TMP" >/dev/null
for _ in $(seq 600); do
	[ -e "$L/runs/000009/batch-000001.json" ] && break
	sleep 0.1
done
# The other task's sets depend on whether the trickle's sets measured its
# versions before the run ended; the new bot's task is one set whatever.
expect_eq "$("$PYTHON3" -c 'import json, sys
tasks = json.load(open(sys.argv[1]))["tasks"]
print(len(tasks), [t["sets"] for t in tasks if "d" in [s["name"] for s in t["seats"]]])' \
	"$L/runs/000009/batch-000001.json")" "2 [1]" \
	"a bot added: full batches again, in a new run (the new bot's first task one set)" || diag_run
kill -TERM "$rest"
wait "$rest"
expect_eq "$?" 1 "SIGTERM: the resting run stops" || diag "$(cat "$TMP/rest.err")"
expect_eq "$([ -e "$L/pace.json" ]; echo $?)" 1 "... pace.json removed at its end"
expect_eq "$(squeue -h | wc -l)" 0 "... its array cancelled"
expect_exit 0 "$REFEREE" verify "$L"
expect_eq "$(league_verified)" "$L: ok: a league of rolit, N runs, N logs in N sets, every log verified, and its index league.db as its register and its runs' logs give it" \
	"verify after a rest on Slurm: whole"

slurm_cluster_stop
assert_no_leftovers "nothing of the cluster or of the bots is left running"
done_testing
