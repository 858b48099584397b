#!/usr/bin/env bash
# The documents stay reference text a reader can hold: no document of docs/
# (docs/*.md, docs/*/*.md, the manual pages docs/*.1 and docs/*.3) is
# over 800 lines (what is dated goes to bench/README.md, a second subject
# to a document of its own), and every
# citation of a document's section, `docs/X.md, "Section"` (also `X.md),
# "Section"`, `X.md's "Section"` and `X.md ("Section")`, across lines of
# a comment), names a section that is there: a heading of that document,
# or the part of one before its first ":", "," or " (", or a paragraph's
# bold lead (`**Section.**`).  It reads the files git lists but itself,
# whose made-up citations are its cases (skipping outside a git checkout,
# as tests/e2e/paths.sh does).
. "$(dirname "$0")/../tools/lib.sh"
export LC_ALL=C
MAX_LINES=800

# long ROOT DOC...: "DOC: N lines" for each DOC over MAX_LINES lines.
long() {
	local root=$1 doc n
	shift
	for doc in "$@"; do
		n=$(wc -l <"$root/$doc")
		[ "$n" -gt "$MAX_LINES" ] && echo "$doc: $n lines"
	done
	return 0
}

# uncited ROOT FILE...: "FILE: DOC, "SECTION": why" for each citation in
# each FILE (from ROOT) of a document or a section that is not there.
uncited() {
	perl -e '
	use strict; use warnings;
	my $root = shift;
	my %sections;
	sub sections {
		my $doc = shift;
		return $sections{$doc} if $sections{$doc};
		my %s;
		local $/ = "\n";
		open my $fh, "<", "$root/$doc" or return $sections{$doc} = {};
		while (<$fh>) {
			next unless /^#{1,6}\s+(.*?)\s*$/ or /^\s*(?:[-*]\s+)?\*\*(.+?)\*\*/;
			(my $h = $1) =~ s/[.:]$//;
			$s{$h} = 1;
			$s{$h} = 1 while $h =~ s/^(.*)(?::|,| \().*$/$1/ && $h ne "";
		}
		return $sections{$doc} = \%s;
	}
	for my $f (@ARGV) {
		open my $fh, "<", "$root/$f" or next;
		local $/;
		my $t = <$fh>;
		# A citation may go on over the next line of a comment.
		$t =~ s/\n[ \t]*(?:\*(?!\*)|#+|\/\/)?[ \t]*/ /g;
		(my $dir = $f) =~ s{[^/]*$}{};
		while ($t =~ m{((?:[\w.-]+/)*[A-Z][\w-]*\.md)(?:\]\([^)\s]*\))?\)?(?:,|\x27s)?\s+\(?"([A-Z`][^"]{0,79})"}g) {
			my ($doc, $sec) = ($1, $2);
			my ($path) = grep { -f "$root/$_" } ("$dir$doc", $doc, "docs/$doc");
			if (!defined $path) { print "$f: $doc, \"$sec\": no such document\n"; next }
			print "$f: $doc, \"$sec\": no such section in $path\n"
				unless sections($path)->{$sec};
		}
	}' "$@"
}

# The checks themselves, on a tree made for them: a document one line
# over, one at the bound, and citations of sections there and not there.
tree=$TMP/tree
mkdir -p "$tree/docs/games" "$tree/src"
seq 801 >"$tree/docs/LONG.md"
seq 800 >"$tree/docs/games/AT.md"
printf '%s\n' '# Doc' '## The verbs: what each does' '### Rest' \
	'- **Files a folder.** text' >"$tree/docs/B.md"
printf '%s\n' '/* see docs/B.md, "The verbs", docs/B.md, "Gone" and' \
	' * docs/B.md, "The' ' * verbs: what each does"; docs/NONE.md, "Rest" */' \
	'# B.md'"'"'s "Rest", docs/B.md ("Files a folder"), docs/B.md, "the verbs"' \
	>"$tree/src/a.c"
printf '%s\n' 'See [B.md](B.md), "Rest" and [B.md](B.md), "Resting".' \
	>"$tree/docs/c.md"
expect_eq "$(long "$tree" docs/LONG.md docs/games/AT.md)" "docs/LONG.md: 801 lines" \
	"a document of 801 lines is caught, one of 800 is not"
expect_eq "$(uncited "$tree" src/a.c docs/c.md)" \
'src/a.c: docs/B.md, "Gone": no such section in docs/B.md
src/a.c: docs/NONE.md, "Rest": no such document
docs/c.md: B.md, "Resting": no such section in docs/B.md' \
	"a citation of a missing section or document is caught, over two lines of a comment too"

# The tree's own documents.
mapfile -t docs < <(cd "$top_srcdir" && ls docs/*.md docs/*/*.md docs/*.[0-9])
long "$top_srcdir" "${docs[@]}" >"$TMP/long"
expect_eq "$(wc -l <"$TMP/long")" 0 "none of the ${#docs[@]} documents of docs/ is over $MAX_LINES lines"
sed 's/^/#   /' "$TMP/long"

if [ "$(git -C "$top_srcdir" rev-parse --show-toplevel 2>/dev/null)" != \
	"$(cd "$top_srcdir" && pwd -P)" ]; then
	ok 0 "the citations of the tree # SKIP $top_srcdir is no git checkout: its files are not all there"
	done_testing
fi
git -C "$top_srcdir" ls-files |
	grep -E '\.(c|h|mjs|js|sh|py|md|html)$|^Makefile\.am$|^docs/[^/]*\.[0-9]$' |
	grep -vE '^tests/(fixtures|fuzz/corpus|fuzz/crashers)/|^tests/e2e/docs_size\.sh$' >"$TMP/scan"
mapfile -t scan <"$TMP/scan"
uncited "$top_srcdir" "${scan[@]}" >"$TMP/uncited"
expect_eq "$(wc -l <"$TMP/uncited")" 0 \
	"every section that ${#scan[@]} files of the tree cite as docs/X.md, \"Section\" is there"
sed 's/^/#   /' "$TMP/uncited"

done_testing
