#!/usr/bin/env bash
# Every path of the repository that a comment or a document names exists:
# a path that begins with one of the tree's top folders (games/, referee/,
# docs/, tests/, ...) in a comment of the code (C, JavaScript, shell,
# Python, Makefile.am) or anywhere in a document (*.md, the manual pages),
# and every relative link of a document, from the document's folder.  A
# path stands if it is a file or a folder of the tree, a module named
# without its suffix (referee/base/util: referee/base/util.c), or a file the build
# makes; a placeholder (NAME, GAME, X, ...) names no path.  The
# allow-list below is what a run makes, not the tree.  It reads the
# files git lists, so it skips in a source folder that is no git checkout
# of its own (a tarball holds part of the tree: make distcheck).
. "$(dirname "$0")/../tools/lib.sh"
export LC_ALL=C

# What runs make, not the tree: a tournament folder's logs and the logs a
# stop set aside (out/games/000001.jsonl, games/aborted/), "games/s" (games
# a second), a tournament's folder by default (tournaments/out/demo/),
# `make fuzz`'s folder, the QEMU guest's cache and the tables the learning
# examples write (docs/ENVIRONMENT.md); and what examples make up: a
# user's own bot, a bot's folder that an example error message says is
# missing, a user's own copy of a tournament file.
ALLOWED='games/*.jsonl games/aborted games/aborted/* games/s
tournaments/out/* tests/fuzz/build tests/fuzz/build/* tests/vm-cache tests/vm-cache/* bots/examples/learned-bolo5.json bots/examples/learned-rolit.json
bots/mybot.* bots/x.py bots/new tournaments/bob tournaments/my.json'
TOP='games|values|referee|sdk|bots|tournaments|tests|docs|bench|m4|build-aux|\.ci'

# comments ROOT FILE...: "FILE:LINE:TEXT" for each line of a comment of
# each FILE (under ROOT) that is code, and for each line of a document.
comments() {
	local root=$1 f kind
	shift
	for f in "$@"; do
		case $f in
		*.md | docs/*.[0-9]) kind=doc ;;
		*.c | *.h | *.mjs | *.js) kind=c ;;
		*) kind='hash' ;;
		esac
		awk -v f="$f" -v kind="$kind" '
			function out(t) { print f ":" FNR ":" t }
			kind == "doc" { out($0); next }
			kind == "hash" && /^[ \t]*"""/ { doc = !doc; out($0); next }
			kind == "hash" { if (doc || /^[ \t]*#/) out($0)
					 else if (match($0, / #/)) out(substr($0, RSTART)); next }
			{ line = $0; text = ""
			  while (line != "") {
				if (inside) {
					if (i = index(line, "*/")) { text = text substr(line, 1, i - 1); inside = 0; line = substr(line, i + 2) }
					else { text = text line; line = "" }
				} else if (i = index(line, "/*")) { inside = 1; line = substr(line, i + 2) }
				else { if (line ~ /^[ \t]*\/\//) text = text line; line = "" }
			  }
			  if (text != "") out(text) }' "$root/$f"
	done
}

# named ROOT FILE...: "FILE:LINE: PATH" for every path the comments of
# each FILE name (from ROOT), and each relative link of a document
# resolved from its folder.
named() {
	comments "$@" | perl -ne '
		my ($f, $l, $t) = split /:/, $_, 3;
		while ($t =~ m~(?<![\w./\$-])((?:'"$TOP"')/[\w./+-]*+)(?![*\$%{<\[(])~g) {
			my $p = $1; $p =~ s/[.,-]+$//; print "$f:$l: $p\n";
		}
		next unless $f =~ /\.md$/;
		while ($t =~ m{\]\(([^)#\s]+)(?:#[^)]*)?\)}g) {
			my $p = $1; next if $p =~ m{^[a-z]+:};
			(my $d = $f) =~ s{[^/]*$}{}; $p = "$d$p";
			1 while $p =~ s{(^|/)(?!\.\./)[^/]+/\.\./}{$1};
			$p =~ s{/$}{}; print "$f:$l: $p\n";
		}'
}

# missing LIST NAMED: the lines of NAMED whose path is none of LIST's
# files or folders, no module or built file, no placeholder and not
# allowed.
missing() {
	local list=$1 named=$2 f l p a
	local -A have=()
	while IFS= read -r p; do
		have[$p]=1
		while [[ $p == */* ]]; do
			p=${p%/*}
			have[$p]=1
		done
	done <"$list"
	while IFS=: read -r f l p; do
		p=${p# }
		# a path that goes into a folder and back out is read without
		# the detour: a build out of the source folder makes the built
		# file but not the folder of the detour
		while [[ $p =~ ^(.*/)?[^/.][^/]*/\.\./(.*)$ ]]; do
			p=${BASH_REMATCH[1]}${BASH_REMATCH[2]}
		done
		# a folder is named with or without its last slash
		[ -n "${have[${p%/}]}${have[$p.c]}${have[$p.h]}" ] && continue
		[[ /$p/ =~ [/_.-](NAME|GAME|TABLE|VERB|X|N|K|NNNNNN)[/_.-] ]] && continue
		[ -n "$top_builddir" ] && [ -e "$top_builddir/$p" ] && continue
		for a in $ALLOWED; do
			# shellcheck disable=SC2053 # the allow-list is of globs
			[[ $p == $a ]] && continue 2
		done
		echo "$f:$l: $p"
	done <"$named"
}

# The check itself, on a tree made for it: a comment that names a file
# there and one that does not, a document's link that leads to a file
# and one that leads nowhere, a placeholder and an allowed output.
tree=$TMP/tree
mkdir -p "$tree/games" "$tree/docs/games"
printf 'int x;\n' >"$tree/games/here.c"
printf '/* see games/here.c,\n * and games/gone.c */\nchar *s = "games/code.c";\n' \
	>"$tree/games/a.c"
printf '# games/here.c and bench/gone.sh\necho games/code.sh\n' >"$tree/games/b.sh"
printf '[a](../../games/here.c), [b](../gone.md), [c](https://x.org/y)\n%s\n' \
	'`docs/games/NAME.md`, `games/000002.jsonl`, games/here' \
	>"$tree/docs/games/c.md"
(cd "$tree" && find . -type f | sed 's|^\./||' | sort) >"$TMP/tree.list"
top_builddir='' named "$tree" games/a.c games/b.sh docs/games/c.md >"$TMP/tree.named"
expect_eq "$(wc -l <"$TMP/tree.named")" 9 "the made-up tree's named paths are read"
expect_eq "$(top_builddir='' missing "$TMP/tree.list" "$TMP/tree.named")" \
"games/a.c:2: games/gone.c
games/b.sh:1: bench/gone.sh
docs/games/c.md:1: docs/gone.md" \
	"a missing path in a comment, a script and a link is caught; code is not read"

if [ "$(git -C "$top_srcdir" rev-parse --show-toplevel 2>/dev/null)" != \
	"$(cd "$top_srcdir" && pwd -P)" ]; then
	ok 0 "the paths of the tree # SKIP $top_srcdir is no git checkout: its files are not all there"
	done_testing
	exit 0
fi
git -C "$top_srcdir" ls-files >"$TMP/list"
grep -E '\.(c|h|mjs|js|sh|py|md)$|^Makefile\.am$|^docs/[^/]*\.[0-9]$|^\.ci/run$|^install-packages$' \
	"$TMP/list" | grep -vE '^tests/(fixtures|fuzz/corpus|fuzz/crashers)/' >"$TMP/scan"
mapfile -t scan <"$TMP/scan"
named "$top_srcdir" "${scan[@]}" >"$TMP/named"
expect_lt 500 "$(wc -l <"$TMP/named")" \
	"the paths named in ${#scan[@]} files of the tree are read"
missing "$TMP/list" "$TMP/named" >"$TMP/missing"
expect_eq "$(wc -l <"$TMP/missing")" 0 "every path they name exists"
sed 's/^/#   /' "$TMP/missing"

done_testing
