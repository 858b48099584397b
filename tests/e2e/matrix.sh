#!/usr/bin/env bash
# End-to-end: the composition matrix (issue 41).  An option is tested with
# the verb that writes it, and here with every verb that reads what it
# wrote: each option of tests/e2e/matrix.txt alone and in every pair (but
# those set apart) writes a tournament folder of Rolit 4x4 between three
# bots, and every reader reads it: `verify`, `ladder` in every format and
# with --provisional, `report`, `replay` of every log (text) and of one
# (HTML).  The readers agree with the manifests on the games finished and
# the games cut by a stop, with each other on whether the key is trusted
# (and with the run's own closing ladder), the report with the ladder on
# the duplicate sets cut, none marks a verified log bad, and every page
# (the report, its replay page, the HTML replay) renders in headless
# Chromium without a script error.  The options the table gives `play`
# and `sprt` write their folders the same way, read by the same readers
# (but the report, which is a tournament's), `play`'s through
# arena_env.run() too and `sprt`'s against its summary.  A cell is one
# folder: its cases are named "CELL: ..."; MATRIX_CELLS and MATRIX_JOBS
# (below) choose cells and how many run side by side.
. "$(dirname "$0")/../tools/lib.sh"

TABLE=$top_srcdir/tests/e2e/matrix.txt
HTMLTOOL="$PYTHON3 $top_srcdir/tests/tools/htmltool.py"
declare -A KIND VALUE SMALL
names=() apart=() todo=() small=()
while read -r name kind value; do
	case $name in
	'#'* | '') continue ;;
	apart) apart+=("$kind+${value%% *}") ;;
	todo) todo+=("$kind=$value") ;;
	play | sprt) SMALL[$kind:$name]=$value small+=("$kind:$name") ;;
	*) names+=("$name") KIND[$name]=$kind VALUE[$name]=$value ;;
	esac
done <"$TABLE"
for name in "${names[@]}"; do
	case ${KIND[$name]} in
	arg | file | settings | shards | stop | grow | broken) ;;
	*)
		ok 1 "matrix.txt: option '$name' has the kind '${KIND[$name]}', which matrix.sh does not know"
		done_testing ;;
	esac
done

cat >"$TMP/book.txt" <<'BOOK'
# Rolit 4x4 openings for 2 players
D2 A1
B4 C1
BOOK
"$REFEREE" keygen "$TMP/keys" >/dev/null 2>&1 || exit 99

# The TODO reason of check $2 of cell $1, if a todo line names that
# check and a pattern (bash's, with extglob) that matches the cell.
shopt -s extglob
todo_of() {
	local t pattern what reason
	for t in "${todo[@]}"; do
		pattern=${t%%=*}
		read -r what reason <<<"${t#*=}"
		# shellcheck disable=SC2053 # the pattern is a pattern
		[ "$what" = "$2" ] && [[ "$1" == $pattern ]] && { echo "$reason"; return; }
	done
}

# check CELL CHECK STATUS DESCRIPTION: a case of the cell; a failure the
# table says is known is a TAP TODO, and a pass of it says that its todo
# line may go (a pass is not always proof: some of those failures come and
# go with the moment a run is stopped).
check() {
	local reason
	reason=$(todo_of "$1" "$2")
	if [ -n "$reason" ] && [ "$3" -ne 0 ]; then
		tap_count=$((tap_count + 1))
		echo "not ok $tap_count - $1: $4 # TODO $reason"
		return "$3"
	fi
	ok "$3" "$1: $4${reason:+ (known to fail until $reason: passes here)}"
}

# trust_of FILE: "trusted" or "untrusted", as the last of FILE's lines
# that say whether a key was checked says.
trust_of() {
	local line
	line=$(grep -E 'checked against' "$1" | tail -1)
	case $line in
	*"not checked against"*) echo untrusted ;;
	*"checked against"*) echo trusted ;;
	*) echo none ;;
	esac
}

# shard_of I N: in `shard`, the options of shard I of N (none for 1).
shard_of() {
	shard=()
	[ "$2" = 1 ] || shard=(--shard "$1/$2")
}

# write_cell CELL: the run folder(s) of CELL (options joined by "+") in
# $TMP/CELL/, its shards' folders in DIRS; the run's closing ladder in
# $TMP/CELL.run.  Returns the last run's exit status.
write_cell() {
	local cell=$1 dir=$TMP/$1 opts o fields="" args=(--quiet --concurrency 2)
	local shards=1 stop="" grow=0 third i rc=0 pids=() env=() extra="" shard=()
	IFS=+ read -ra opts <<<"$cell"
	third="$CBOT $TMP"
	mkdir -p "$dir"
	for o in "${opts[@]}"; do
		[ "$o" = plain ] && continue
		case ${KIND[$o]} in
		arg) for w in ${VALUE[$o]}; do args+=("${w//@BOOK/$TMP/book.txt}"); done ;;
		file) fields+="${VALUE[$o]}, " ;;
		settings)
			mkdir -p "$dir/config/arena"
			echo "${VALUE[$o]//@KEY/$TMP/keys/referee.key}" >"$dir/config/arena/defaults"
			env+=(XDG_CONFIG_HOME="$dir/config") ;;
		shards) shards=${VALUE[$o]} ;;
		stop) stop=${VALUE[$o]} third="$PYTHON3 $ZOO/slow.py $TMP 60" ;;
		grow) grow=1 ;;
		broken)
			args+=(--skip-broken)
			extra=', {"name": "broken", "command": "sh '"$ZOO"'/crash-at-start.sh '"$TMP"'"}' ;;
		esac
	done
	# The readers as the same user: with the same settings.
	ENV=("${env[@]}")
	bots_json() {
		echo "[{\"name\": \"greedy\", \"command\": \"$top_builddir/bots/examples/rolit $TMP\"},
		  {\"name\": \"first\", \"command\": \"$top_builddir/bench/first_legal_bot $TMP\"},
		  {\"name\": \"third\", \"command\": \"$third\"}$extra$1]"
	}
	echo "{\"name\": \"m\", \"game\": \"rolit\", \"options\": {\"size\": 4}, \"games\": 2, $fields
	       \"bots\": $(bots_json "")}" >"$dir/t.json"
	DIRS=()
	for ((i = 1; i <= shards; i++)); do
		if [ "$shards" = 1 ]; then
			DIRS+=("$dir/out")
		else
			DIRS+=("$dir/shard-$i")
		fi
	done
	# Every shard at once (a Swiss's shards wait for each other's rounds).
	for ((i = 1; i <= shards; i++)); do
		shard_of "$i" "$shards"
		env "${env[@]}" timeout -k 5 120 "$REFEREE" tournament "$dir/t.json" --out "${DIRS[i - 1]}" \
			"${shard[@]}" "${args[@]}" >"$dir/run-$i.out" 2>"$dir/run-$i.err" </dev/null &
		pids+=($!)
	done
	if [ -n "$stop" ]; then
		# The first shard stopped once a game of it ended, others in
		# play, then resumed as a user would: --resume alone, the run
		# remembering the rest.
		for _ in $(seq 1200); do
			ls "${DIRS[0]}"/games/[0-9]* >/dev/null 2>&1 && break
			sleep 0.02
		done
		# The referee itself (timeout's child), as a user's kill would.
		kill -s "$stop" $(pgrep -P "${pids[0]}")
		wait "${pids[0]}"
		echo "stopped $?" >"$dir/stop"
		shard_of 1 "$shards"
		env "${env[@]}" timeout -k 5 120 "$REFEREE" tournament "$dir/t.json" --out "${DIRS[0]}" \
			"${shard[@]}" --resume --quiet \
			>"$dir/run-1.out" 2>"$dir/run-1.resumed.err" </dev/null
		rc=$?
	fi
	for ((i = 0; i < shards; i++)); do
		[ -n "$stop" ] && [ "$i" = 0 ] && continue
		wait "${pids[i]}" || rc=$?
	done
	if [ "$grow" = 1 ]; then
		echo "{\"name\": \"m\", \"game\": \"rolit\", \"options\": {\"size\": 4}, \"games\": 2, $fields
		       \"bots\": $(bots_json ", {\"name\": \"late\", \"command\": \"$CBOT $TMP\"}")}" >"$dir/t.json"
		for ((i = 1; i <= shards; i++)); do
			shard_of "$i" "$shards"
			env "${env[@]}" timeout -k 5 120 "$REFEREE" tournament "$dir/t.json" --out "${DIRS[i - 1]}" \
				"${shard[@]}" --resume --quiet \
				>"$dir/run-$i.out" 2>"$dir/run-$i.grown.err" </dev/null || rc=$?
		done
	fi
	cat "$dir"/run-*.out >"$TMP/$cell.run"
	return "$rc"
}

# write_small CELL: the folder of CELL ("play:a+b" or "sprt:a+b"): four
# games of `referee play`, or two pairs of `referee sprt`, between two
# named bots with the options of the table's lines for that verb, in
# $TMP/CELL/out (DIRS); the verb's output in $TMP/CELL.run.
write_small() {
	local cell=$1 dir=$TMP/$1 verb=${1%%:*} opts o args=() env=()
	IFS=+ read -ra opts <<<"${cell#*:}"
	mkdir -p "$dir"
	for o in "${opts[@]}"; do
		[ "$o" = plain ] && continue
		case ${SMALL[$o:$verb]} in
		settings\ *)
			mkdir -p "$dir/config/arena"
			v=${SMALL[$o:$verb]#settings }
			echo "${v//@KEY/$TMP/keys/referee.key}" >"$dir/config/arena/defaults"
			env+=(XDG_CONFIG_HOME="$dir/config") ;;
		*) for w in ${SMALL[$o:$verb]}; do args+=("${w//@BOOK/$TMP/book.txt}"); done ;;
		esac
	done
	DIRS=("$dir/out")
	if [ "$verb" = play ]; then
		args+=(--games 4)
	else
		args+=(--elo0 0 --elo1 50 --max-pairs 2 --quiet)
	fi
	ENV=("${env[@]}") ARGS=("${args[@]}")
	env "${env[@]}" timeout -k 5 120 "$REFEREE" "$verb" rolit -o size=4 "${args[@]}" \
		--out "$dir/out" "a=$CBOT $TMP" "b=$top_builddir/bench/first_legal_bot $TMP" \
		>"$TMP/$cell.run" 2>"$dir/run-1.err" </dev/null
}

# referee_as_user ARGS...: `run` of the referee as the user who wrote the
# cell: with its settings (ENV), which every verb reads.
referee_as_user() {
	run env "${ENV[@]}" "$REFEREE" "$@"
}

# read_env CELL: arena_env.run(), which plays through `referee play` with
# the cell's options and reads back its logs, has every game's result.
# (The folder it makes for them, and keeps, goes into $TMP, removed after.)
read_env() {
	run env "${ENV[@]}" TMPDIR="$TMP" ARENA_REFEREE="$REFEREE" PYTHONPATH="$top_builddir/sdk/python:$top_srcdir/sdk/python" \
		"$PYTHON3" -c 'import sys, arena_env
r = arena_env.run("rolit", sys.argv[1:3], games=4, referee_args=sys.argv[3:], size=4)
print(len(r), sum("ranks" in g for g in r))' "$CBOT $TMP" "$top_builddir/bench/first_legal_bot $TMP" \
		"${ARGS[@]}"
	check "$1" env "$([ "$RC" = 0 ] && [ "$(cat "$OUT")" = "4 4" ]; echo $?)" \
		"arena_env.run() with the options reads the result of its 4 games" || diag_run
}

# read_sprt CELL N: sprt's summary counts the N games of its folder, and
# a's wins, losses and draws as the ladder of the folder does.
read_sprt() {
	local summary ladder
	summary=$(grep -o '[0-9]* games: W-L-D [0-9]*-[0-9]*-[0-9]*' "$TMP/$1.run")
	ladder=$("$PYTHON3" -c 'import json, sys
d = {e["bot"]: e for e in json.load(open(sys.argv[1]))["ladder"]}
print("%d games: W-L-D %d-%d-%d" % (int(sys.argv[2]), d["a"]["wins"], d["a"]["losses"], d["a"]["draws"]))' \
		"$TMP/$1.json" "$2")
	check "$1" sprt "$([ "$summary" = "$ladder" ]; echo $?)" \
		"sprt's summary is the ladder's ('$summary', the ladder '$ladder')"
}

# The manifests' truth about the folders DIRS: the games finished, and
# those cut by a stop (their logs set aside).
truth() {
	local d finished=0 cut=0
	for d in "${DIRS[@]}"; do
		finished=$((finished + $(finished_games "$d/run.jsonl" | wc -l)))
		cut=$((cut + $(grep -c '"type":"aborted".*"log"' "$d/run.jsonl")))
	done
	echo "$finished $cut"
}

# read_verify CELL N: verify passes the cell's folders, N games.
read_verify() {
	local count
	referee_as_user verify "${DIRS[@]}"
	if [ "$WRITER" = tournament ]; then
		count=$(grep -o ', [0-9]* games finished' "$OUT" | awk '{ s += $2 } END { print s + 0 }')
	else
		count=$(grep -c ': ok: ' "$OUT")
	fi
	check "$1" verify "$([ "$RC" = 0 ] && [ "$count" = "$2" ]; echo $?)" \
		"verify passes, $2 games" || diag_run
	got+=" verify:$(trust_of "$OUT")"
}

# read_ladder CELL N CUT: every format of the ladder rates the N games,
# and says CUT were cut.
read_ladder() {
	referee_as_user ladder "${DIRS[@]}"
	check "$1" ladder "$([ "$RC" = 0 ] && grep -qE "^$2 games[ ;]" "$OUT"; echo $?)" \
		"ladder rates the $2 games" || diag_run
	got+=" ladder:$(trust_of "$OUT")"
	referee_as_user ladder --provisional "${DIRS[@]}"
	check "$1" provisional "$([ "$RC" = 0 ] && grep -qE "^$2 games[ ;]" "$OUT" && ! grep -q PROVISIONAL "$OUT"; echo $?)" \
		"ladder --provisional rates the same $2 games, not provisional" || diag_run
	referee_as_user ladder --format json "${DIRS[@]}"
	check "$1" json "$([ "$RC" = 0 ] && [ "$("$PYTHON3" -c 'import json, sys
d = json.load(open(sys.argv[1]))
print(d["games"], d["cut"]["games"])' "$OUT")" = "$2 $3" ]; echo $?)" \
		"ladder json: $2 games, $3 cut" || diag_run
	CUT_SETS=$("$PYTHON3" -c 'import json, sys; print(json.load(open(sys.argv[1]))["cut"]["sets"])' "$OUT")
	cp "$OUT" "$TMP/$1.json"
	referee_as_user ladder --format csv "${DIRS[@]}"
	check "$1" csv "$([ "$RC" = 0 ] &&
		[ "$(awk -F, 'NR > 1 { s += $6 } END { print s / 2 }' "$OUT")" = "$2" ]; echo $?)" \
		"ladder csv: the bots' games add up to $2" || diag_run
	referee_as_user ladder --format pgn "${DIRS[@]}"
	check "$1" pgn "$([ "$RC" = 0 ] && [ "$(grep -c '^\[Result ' "$OUT")" = "$2" ]; echo $?)" \
		"ladder pgn: $2 games" || diag_run
	for f in crosstable folders; do
		referee_as_user ladder --format "$f" "${DIRS[@]}"
		check "$1" "$f" "$RC" "ladder --format $f" || diag_run
	done
}

# read_replays CELL LOGS...: every log replays; the first as a page too.
read_replays() {
	local cell=$1 bad=0 log
	shift
	for log in "$@"; do
		referee_as_user replay "$log"
		[ "$RC" = 0 ] || { bad=$((bad + 1)); diag_run; }
	done
	check "$cell" replay "$bad" "replay shows every log ($#)"
	got+=" replay:$(trust_of "$OUT")"
	referee_as_user replay --format html -o "$TMP/$cell/replay.html" "$1"
	check "$cell" replay-html "$RC" "replay --format html" || diag_run
	echo "$TMP/$cell/replay.html" >>"$PAGES"
}

# read_report CELL N CUT: the report of each folder, from its page's
# data: its games, every log verified and with its listed hash, none
# marked bad, the cut.
read_report() {
	local d g b c t e games=0 cuts=0 bad=0 sets=0
	for d in "${DIRS[@]}"; do
		referee_as_user report "$d"
		[ "$RC" = 0 ] || { bad=$((bad + 1)); diag_run; }
		read -r g b c t e <<<"$($HTMLTOOL "$d/report/index.html" data | "$PYTHON3" -c 'import json, sys
d = json.load(sys.stdin)
m, v = d["manifest"], d["verification"]
bad = len(v["failed"]) + len(m["bad_logs"]) + (m["hashes_match"] != m["finished"]) + \
    sum(not g["verified"] for g in d["games"])
print(len(d["games"]), bad, m["cut_games"], "trusted" if v["trusted"] else "untrusted",
      m["cut_sets"])')"
		games=$((games + ${g:-0})) bad=$((bad + ${b:-1})) cuts=$((cuts + ${c:-0}))
		sets=$((sets + ${e:-0}))
		got+=" report:$(cat "$OUT" "$ERR" | trust_of /dev/stdin) report-page:${t:-none}"
		echo "$d/report/index.html" >>"$PAGES"
		find "$d/report/replays" -name '*.html' | sort | head -1 >>"$PAGES"
	done
	check "$1" report "$([ "$bad" = 0 ] && [ "$games" = "$2" ] && [ "$cuts" = "$3" ] &&
		[ "$sets" = "$CUT_SETS" ]; echo $?)" \
		"report lists the $2 games and $3 cut, every log verified and as listed, and the sets cut the ladder says ($games games, $bad bad, $cuts cut, $sets sets cut; the ladder $CUT_SETS)"
}

# read_cell CELL: every reader on the cell's folders.
read_cell() {
	local cell=$1 n cut want got="" logs
	if [ "$WRITER" = tournament ]; then
		read -r n cut <<<"$(truth)"
		want=$(trust_of "$TMP/$cell.run")
		logs=("${DIRS[0]}"/games/[0-9]*.jsonl*)
		[ "${#DIRS[@]}" = 1 ] || logs+=("${DIRS[1]}"/games/[0-9]*.jsonl*)
	else
		# Signed with the user's key (the default or the one of the
		# settings): trusted.
		logs=("${DIRS[0]}"/game-*.jsonl*)
		n=${#logs[@]} cut=0 want=trusted
	fi
	read_verify "$cell" "$n"
	read_ladder "$cell" "$n" "$cut"
	read_replays "$cell" "${logs[@]}"
	case $WRITER in
	tournament) read_report "$cell" "$n" "$cut" ;;
	play) read_env "$cell" ;;
	sprt) read_sprt "$cell" "$n" ;;
	esac
	check "$cell" trust "$([ "$(tr ' ' '\n' <<<"${got# }" | cut -d: -f2 | sort -u)" = "$want" ]; echo $?)" \
		"every reader says the key is $want, as the run did (${got# })"
}

# with_pairs PREFIX NAME...: PREFIX plain, each NAME and each pair of them
# but those set apart, a cell a line.
with_pairs() {
	local prefix=$1 i j
	shift
	echo "${prefix}plain"
	printf "$prefix%s\n" "$@"
	for ((i = 1; i <= $#; i++)); do
		for ((j = i + 1; j <= $#; j++)); do
			[[ " ${apart[*]} " == *" ${!i}+${!j} "* || " ${apart[*]} " == *" ${!j}+${!i} "* ]] ||
				echo "$prefix${!i}+${!j}"
		done
	done
}
mapfile -t cells < <(with_pairs "" "${names[@]}"
	for w in play sprt; do
		# shellcheck disable=SC2046 # names are words
		with_pairs "$w:" $(printf '%s\n' "${small[@]}" | sed -n "s/:$w\$//p")
	done)
# MATRIX_CELLS="plain compress+swiss" runs those cells alone.
[ -n "${MATRIX_CELLS:-}" ] && read -ra cells <<<"$MATRIX_CELLS"

# cell CELL: writes and reads it, its TAP lines (numbered from 1) on
# stdout, the pages it made in $TMP/CELL.pages.
cell() {
	local rc status
	tap_count=0 tap_failed=0
	# `run`'s files, the cell's own (cells run side by side).
	OUT=$TMP/$1.stdout ERR=$TMP/$1.stderr
	case $1 in
	play:* | sprt:*) WRITER=${1%%:*} write_small "$1" ;;
	*) WRITER=tournament write_cell "$1" ;;
	esac
	rc=$?
	WRITER=tournament
	[[ "$1" == *:* ]] && WRITER=${1%%:*}
	status="exit $rc"
	[ -f "$TMP/$1/stop" ] && status="$(cat "$TMP/$1/stop"), then exit $rc"
	case $status in
	"stopped 2, "* | "stopped 137, "* | exit*) ;;
	*) rc=1 ;; # not stopped by the signal: it had ended before
	esac
	check "$1" run "$rc" "the run finishes ($status)" ||
		{ grep -H '' "$TMP/$1"/run-*.err | sed 's/^/#   /' | tail -40; return; }
	read_cell "$1"
}

# The cells MATRIX_JOBS (3) at a time: most of a cell's time is its bots'
# waiting.  Their TAP lines are then numbered in the cells' order.
: >"$TMP/pages"
for cell in "${cells[@]}"; do
	while [ "$(jobs -rp | wc -l)" -ge "${MATRIX_JOBS:-3}" ]; do
		wait -n
	done
	PAGES=$TMP/$cell.pages cell "$cell" >"$TMP/$cell.tap" 2>&1 &
done
wait
for cell in "${cells[@]}"; do
	while IFS= read -r line; do
		case $line in
		"ok "* | "not ok "*)
			tap_count=$((tap_count + 1))
			[[ "$line" == "not ok"* && "$line" != *"# TODO "* ]] && tap_failed=$((tap_failed + 1))
			sed -E "s/^(not )?ok [0-9]+/\1ok $tap_count/" <<<"$line" ;;
		*) echo "$line" ;;
		esac
	done <"$TMP/$cell.tap"
	cat "$TMP/$cell.pages" 2>/dev/null >>"$TMP/pages"
done

# Every page in Chromium, 40 to a browser: a page of frames whose script
# counts each one's elements and its marks of a bad log once drawn
# (--allow-file-access-from-files lets it read them); script errors are
# the browser's console lines.
if [ -z "$BROWSER" ]; then
	ok 0 "the pages in Chromium # SKIP chromium is not installed"
	done_testing
fi
# render PART: Chromium's DOM of PART.html into PART.dom, its console
# into PART.log, and a line a page it drew (its path, elements and bad
# marks) into PART.drawn.
render() {
	timeout -k 5 120 "$BROWSER" --headless --no-sandbox --disable-gpu --disable-quic \
		--no-first-run --disable-background-networking --disable-component-update \
		--disable-sync --user-data-dir="$(mktemp -d "$TMP/chromium.XXXXXX")" \
		--allow-file-access-from-files --enable-logging=stderr --v=0 \
		--virtual-time-budget=5000 --dump-dom "$1.html" >"$1.dom" 2>"$1.log"
	$HTMLTOOL "$1.dom" text li >"$1.drawn"
}
split -l 40 "$TMP/pages" "$TMP/pages."
for part in "$TMP"/pages.*; do
	{
		echo '<!DOCTYPE html><html><body><ol id="out"></ol>'
		sed 's|.*|<iframe src="file://&"></iframe>|' "$part"
		cat <<'HTML'
<script>
window.addEventListener('load', function () {
	setTimeout(function () {
		Array.prototype.forEach.call(document.querySelectorAll('iframe'), function (f) {
			var li = document.createElement('li'), d;
			try {
				d = f.contentDocument;
				li.textContent = f.src.replace('file://', '') + ' ' +
					d.querySelectorAll('main *, header *').length + ' ' +
					d.querySelectorAll('.bad').length;
			} catch (e) { li.textContent = f.src + ' unreadable ' + e; }
			document.getElementById('out').appendChild(li);
		});
	}, 2000);
});
</script></body></html>
HTML
	} >"$part.html"
	render "$part"
	# A Chromium killed at its 120 s on a loaded machine draws nothing (a
	# part of 40 pages was lost so once, in a CI run as a normal user):
	# once more, then what it drew counts.
	if [ "$(wc -l <"$part.drawn")" -lt "$(wc -l <"$part")" ]; then
		diag "Chromium drew $(wc -l <"$part.drawn") of the $(wc -l <"$part") pages of $(basename "$part"): once more"
		render "$part"
	fi
	cat "$part.drawn" >>"$TMP/rendered"
	grep -F 'CONSOLE' "$part.log" >>"$TMP/console"
done
while read -r page; do
	cell=${page#"$TMP"/}
	cell=${cell%%/*}
	case $page in
	*/report/index.html) kind=report-page ;;
	*) kind=replay-page ;;
	esac
	read -r _ elements bad <<<"$(grep -F "$page " "$TMP/rendered")"
	errors=$(grep -cF "$page" "$TMP/console" 2>/dev/null)
	check "$cell" "$kind" "$([ "${elements:-0}" -ge 20 ] && [ "$bad" = 0 ] && [ "$errors" = 0 ]; echo $?)" \
		"${page#"$TMP/$cell/"} renders in Chromium ($elements elements, ${bad:-?} marked bad, $errors script errors)" ||
		grep -F "$page" "$TMP/console" | head -3 | sed 's/^/#   /'
done <"$TMP/pages"
assert_no_leftovers
done_testing
