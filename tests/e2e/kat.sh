#!/bin/sh
# The known-answer vectors of docs/FAIRNESS.md, recomputed by tests/tools/kat.py,
# an independent implementation in plain Python 3 (TAP on stdout).
top_srcdir=${top_srcdir:-$(cd "$(dirname "$0")/../.." && pwd)}
exec "${PYTHON3:-python3}" "$top_srcdir/tests/tools/kat.py" \
	"$top_srcdir/docs/FAIRNESS.md"
