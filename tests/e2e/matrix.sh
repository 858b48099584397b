#!/usr/bin/env bash
# End-to-end: the composition matrix (issue 41).  An option is tested with
# the verb that writes it, and here with every verb that reads what it
# wrote: each option of tests/e2e/matrix.txt alone and in every pair (but
# those set apart) writes a tournament folder of Rolit 4x4 between three
# bots, and every reader reads it: `verify`, `ladder` in every format and
# with --provisional, `report`, `replay` of every log (text) and of one
# (HTML).  The readers agree with the manifests on the games finished and
# the games cut by a stop, with each other on whether the key is trusted
# (and with the run's own closing ladder), none marks a verified log bad,
# and every page (the report, its replay page, the HTML replay) renders in
# headless Chromium without a script error.  A cell is one folder: its
# cases are named "CELL: ...".
. "$(dirname "$0")/../tools/lib.sh"

TABLE=$top_srcdir/tests/e2e/matrix.txt
HTMLTOOL="$PYTHON3 $top_srcdir/tests/tools/htmltool.py"
declare -A KIND VALUE
names=() apart=() todo=()
while read -r name kind value; do
	case $name in
	'#'* | '') continue ;;
	apart) apart+=("$kind+${value%% *}") ;;
	todo) todo+=("$kind=$value") ;;
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
			>"$dir/run-1.out" 2>"$dir/run-1.err" </dev/null
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
				>"$dir/run-$i.out" 2>"$dir/run-$i.err" </dev/null || rc=$?
		done
	fi
	cat "$dir"/run-*.out >"$TMP/$cell.run"
	return "$rc"
}

# The manifests' truth about the folders DIRS: the games finished, and
# those cut by a stop (their logs set aside).
truth() {
	local d finished=0 cut=0
	for d in "${DIRS[@]}"; do
		finished=$((finished + $(finished_games "$d/manifest.jsonl" | wc -l)))
		cut=$((cut + $(grep -c '"type":"aborted"' "$d/manifest.jsonl")))
	done
	echo "$finished $cut"
}

# read_cell CELL: every reader on the cell's folders.
read_cell() {
	local cell=$1 n cut d want got log
	read -r n cut <<<"$(truth)"
	want=$(trust_of "$TMP/$cell.run")
	run "$REFEREE" verify "${DIRS[@]}"
	check "$cell" verify "$([ "$RC" = 0 ] &&
		[ "$(grep -o ', [0-9]* games finished' "$OUT" | awk '{ s += $2 } END { print s + 0 }')" = "$n" ]
		echo $?)" "verify passes, $n games finished" || diag_run
	got="verify:$(trust_of "$OUT")"
	run "$REFEREE" ladder "${DIRS[@]}"
	check "$cell" ladder "$([ "$RC" = 0 ] && grep -qE "^$n games[ ;]" "$OUT"; echo $?)" \
		"ladder rates the $n games" || diag_run
	got+=" ladder:$(trust_of "$OUT")"
	run "$REFEREE" ladder --provisional "${DIRS[@]}"
	check "$cell" provisional "$([ "$RC" = 0 ] && grep -qE "^$n games[ ;]" "$OUT" && ! grep -q PROVISIONAL "$OUT"; echo $?)" \
		"ladder --provisional rates the same $n games, not provisional" || diag_run
	run "$REFEREE" ladder --format json "${DIRS[@]}"
	check "$cell" json "$([ "$RC" = 0 ] && [ "$("$PYTHON3" -c 'import json, sys
d = json.load(open(sys.argv[1]))
print(d["games"], d["cut"]["games"])' "$OUT")" = "$n $cut" ]; echo $?)" \
		"ladder json: $n games, $cut cut" || diag_run
	run "$REFEREE" ladder --format csv "${DIRS[@]}"
	check "$cell" csv "$([ "$RC" = 0 ] &&
		[ "$(awk -F, 'NR > 1 { s += $6 } END { print s / 2 }' "$OUT")" = "$n" ]; echo $?)" \
		"ladder csv: the bots' games add up to $n" || diag_run
	run "$REFEREE" ladder --format pgn "${DIRS[@]}"
	check "$cell" pgn "$([ "$RC" = 0 ] && [ "$(grep -c '^\[Result ' "$OUT")" = "$n" ]; echo $?)" \
		"ladder pgn: $n games" || diag_run
	for f in crosstable folders; do
		run "$REFEREE" ladder --format "$f" "${DIRS[@]}"
		check "$cell" "$f" "$RC" "ladder --format $f" || diag_run
	done
	# Every log replays; the first as a page too.
	local bad=0 first=""
	for d in "${DIRS[@]}"; do
		for log in "$d"/games/[0-9]*.jsonl*; do
			[ -n "$first" ] || first=$log
			run "$REFEREE" replay "$log"
			[ "$RC" = 0 ] || { bad=$((bad + 1)); diag_run; }
		done
	done
	check "$cell" replay "$bad" "replay shows every log"
	got+=" replay:$(trust_of "$OUT")"
	run "$REFEREE" replay --format html -o "$TMP/$cell/replay.html" "$first"
	check "$cell" replay-html "$RC" "replay --format html" || diag_run
	# The report of each folder, from its page's data: its games, every
	# log verified and with its listed hash, none marked bad, the cut.
	local games=0 cuts=0
	bad=0
	for d in "${DIRS[@]}"; do
		run "$REFEREE" report "$d"
		[ "$RC" = 0 ] || { bad=$((bad + 1)); diag_run; }
		read -r g b c t <<<"$($HTMLTOOL "$d/report/index.html" data | "$PYTHON3" -c 'import json, sys
d = json.load(sys.stdin)
m, v = d["manifest"], d["verification"]
bad = len(v["failed"]) + len(m["bad_logs"]) + (m["hashes_match"] != m["finished"]) + \
    sum(not g["verified"] for g in d["games"])
print(len(d["games"]), bad, m["cut_games"], "trusted" if v["trusted"] else "untrusted")')"
		games=$((games + ${g:-0})) bad=$((bad + ${b:-1})) cuts=$((cuts + ${c:-0}))
		got+=" report:$(cat "$OUT" "$ERR" | trust_of /dev/stdin) report-page:${t:-none}"
		echo "$d/report/index.html" >>"$PAGES"
		find "$d/report/replays" -name '*.html' | sort | head -1 >>"$PAGES"
	done
	echo "$TMP/$cell/replay.html" >>"$PAGES"
	check "$cell" report "$([ "$bad" = 0 ] && [ "$games" = "$n" ] && [ "$cuts" = "$cut" ]; echo $?)" \
		"report lists the $n games and $cut cut, every log verified and as listed ($games games, $bad bad, $cuts cut)"
	check "$cell" trust "$([ "$(tr ' ' '\n' <<<"$got" | cut -d: -f2 | sort -u)" = "$want" ]; echo $?)" \
		"every reader says the key is $want, as the run did ($got)"
}

cells=(plain)
for ((i = 0; i < ${#names[@]}; i++)); do
	cells+=("${names[i]}")
done
for ((i = 0; i < ${#names[@]}; i++)); do
	for ((j = i + 1; j < ${#names[@]}; j++)); do
		pair="${names[i]}+${names[j]}"
		[[ " ${apart[*]} " == *" $pair "* || " ${apart[*]} " == *" ${names[j]}+${names[i]} "* ]] ||
			cells+=("$pair")
	done
done
# MATRIX_CELLS="plain compress+swiss" runs those cells alone.
[ -n "${MATRIX_CELLS:-}" ] && read -ra cells <<<"$MATRIX_CELLS"

# cell CELL: writes and reads it, its TAP lines (numbered from 1) on
# stdout, the pages it made in $TMP/CELL.pages.
cell() {
	local rc status
	tap_count=0 tap_failed=0
	# `run`'s files, the cell's own (cells run side by side).
	OUT=$TMP/$1.stdout ERR=$TMP/$1.stderr
	write_cell "$1"
	rc=$?
	status="exit $rc"
	[ -f "$TMP/$1/stop" ] && status="$(cat "$TMP/$1/stop"), then exit $rc"
	case $status in
	"stopped 2, "* | "stopped 137, "* | exit*) ;;
	*) rc=1 ;; # not stopped by the signal: it had ended before
	esac
	check "$1" run "$rc" "the run finishes ($status)" ||
		{ sed 's/^/#   /' "$TMP/$1"/run-*.err | head -20; return; }
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
	timeout -k 5 120 "$BROWSER" --headless --no-sandbox --disable-gpu --disable-quic \
		--no-first-run --disable-background-networking --disable-component-update \
		--disable-sync --user-data-dir="$(mktemp -d "$TMP/chromium.XXXXXX")" \
		--allow-file-access-from-files --enable-logging=stderr --v=0 \
		--virtual-time-budget=5000 --dump-dom "$part.html" >"$part.dom" 2>"$part.log"
	$HTMLTOOL "$part.dom" text li >>"$TMP/rendered"
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
