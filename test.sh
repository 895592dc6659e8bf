#!/usr/bin/env bash
# plylab's whole test suite: the README's test command, and what CI runs.
#
# It first installs what the tests need from outside Go, when missing:
# Stockfish (Debian package "stockfish", /usr/games/stockfish) for the
# perft and match comparisons, and Debian's Polyglot opening book
# ("gnuchess-book") for the book tests, and Chromium ("chromium",
# /usr/bin/chromium) for the notebook's browser test. Then: gofmt, go vet, go test.
# PLYLAB_PERFT_FULL=1 adds every depth of the 132-position perft suite.
set -euo pipefail
cd "$(dirname "$0")"

missing=()
[ -x /usr/games/stockfish ] || missing+=(stockfish)
[ -f /usr/share/games/gnuchess/book.bin ] || missing+=(gnuchess-book)
[ -x /usr/bin/chromium ] || missing+=(chromium)
if [ ${#missing[@]} -gt 0 ]; then
	echo "test.sh: installing ${missing[*]} (Debian packages)"
	sudo=""
	[ "$(id -u)" = 0 ] || sudo="sudo"
	$sudo apt-get update -qq
	DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${missing[@]}" >/dev/null
fi

echo "test.sh: gofmt"
unformatted=$(gofmt -l $(git ls-files '*.go' 2>/dev/null || find . -name '*.go'))
if [ -n "$unformatted" ]; then
	echo "gofmt would change: $unformatted" >&2
	exit 1
fi
echo "test.sh: go vet"
go vet ./...
echo "test.sh: go test"
go test -count=1 -timeout 20m ./...
