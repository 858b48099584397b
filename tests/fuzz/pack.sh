#!/bin/sh
# pack.sh DIR: writes folder DIR to stdout in the container format of the
# fuzz harnesses that read a folder (fuzz.h, fuzz_write_folder): each file
# as a line "@@ PATH", PATH relative to DIR, then its content, with a
# newline added where it lacks one.  For the seeds of tests/fuzz/corpus.
set -eu
cd "$1"
find . -type f | sort | while IFS= read -r f; do
	printf '@@ %s\n' "${f#./}"
	cat "$f"
	[ -z "$(tail -c 1 "$f")" ] || echo
done
