#!/usr/bin/env bash
# plylab's whole test suite: the README's test command, and what CI runs.
#
# It first installs what the tests need from outside Go, when missing:
# Stockfish (Debian package "stockfish", /usr/games/stockfish) for the
# perft and match comparisons, and Debian's Polyglot opening book
# ("gnuchess-book") for the book tests, Chromium ("chromium",
# /usr/bin/chromium) for the notebook's browser tests (on the server and on
# the static site, which runs plylab compiled to WebAssembly), PolyGlot
# ("polyglot", /usr/games/polyglot), a GUI-side adapter that ponders with
# the UCI engine the way GUIs do, and Phalanx ("phalanx",
# /usr/games/phalanx), an xboard-protocol engine for the CECP client's and
# the gauntlet's smoke tests (two games at depth 2, about a second), and
# npm's axe-core for the accessibility checks of the browser tests. Then:
# gofmt, go vet, deadcode (installed at a pinned version when missing; no
# function may be unreachable), go test (TestLessons and TestDocsCheck
# check every lesson and every page of the README and docs/, Stockfish's
# stored analyses are recomputed by TestReferences).
# PLYLAB_PERFT_FULL=1 adds every depth of the 132-position perft suite.
# Then every fuzz target runs for a few seconds (PLYLAB_FUZZTIME, default
# 3s) beyond its seed corpus, which go test already ran; PLYLAB_FUZZ=0
# skips that step. A failing input is written to the package's
# testdata/fuzz/FuzzX/ directory: keep it there as a regression seed.
set -euo pipefail
cd "$(dirname "$0")"

missing=()
[ -x /usr/games/stockfish ] || missing+=(stockfish)
[ -f /usr/share/games/gnuchess/book.bin ] || missing+=(gnuchess-book)
[ -x /usr/bin/chromium ] || missing+=(chromium)
[ -x /usr/games/polyglot ] || missing+=(polyglot)
[ -x /usr/games/phalanx ] || missing+=(phalanx)
if [ ${#missing[@]} -gt 0 ]; then
	echo "test.sh: installing ${missing[*]} (Debian packages)"
	sudo=""
	[ "$(id -u)" = 0 ] || sudo="sudo"
	$sudo apt-get update -qq
	DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${missing[@]}" >/dev/null
fi

# axe-core (npm), the accessibility rules the browser tests check pages
# against: installed outside the repository, in the user's cache.
axe_dir="${XDG_CACHE_HOME:-$HOME/.cache}/plylab/axe"
export PLYLAB_AXE="$axe_dir/node_modules/axe-core/axe.min.js"
if [ ! -f "$PLYLAB_AXE" ]; then
	echo "test.sh: installing axe-core 4.10.3 (npm) into $axe_dir"
	mkdir -p "$axe_dir"
	(cd "$axe_dir" && npm install --no-save --no-audit --no-fund --silent axe-core@4.10.3 >/dev/null)
fi

echo "test.sh: gofmt"
unformatted=$(gofmt -l $(git ls-files '*.go' 2>/dev/null || find . -name '*.go'))
if [ -n "$unformatted" ]; then
	echo "gofmt would change: $unformatted" >&2
	exit 1
fi
echo "test.sh: go vet"
go vet ./...
# the class site's engine (lesson export --format site) is plylab for WebAssembly
GOOS=js GOARCH=wasm go vet ./...
# deadcode (golang.org/x/tools) lists the functions nothing reaches, tests
# included: there must be none. Installed at a pinned version when missing.
echo "test.sh: deadcode"
deadcode=$(command -v deadcode || true)
if [ -z "$deadcode" ]; then
	echo "test.sh: installing deadcode (golang.org/x/tools v0.52.0)"
	GOFLAGS= go install golang.org/x/tools/cmd/deadcode@v0.52.0
	deadcode="$(go env GOPATH)/bin/deadcode"
fi
unreached=$("$deadcode" -test ./...)
if [ -n "$unreached" ]; then
	echo "deadcode: functions nothing reaches:" >&2
	echo "$unreached" >&2
	exit 1
fi
echo "test.sh: go test"
go test -count=1 -timeout 20m ./...

if [ "${PLYLAB_FUZZ:-1}" != 0 ]; then
	fuzztime=${PLYLAB_FUZZTIME:-3s}
	echo "test.sh: fuzzing each target for $fuzztime"
	start=$(date +%s)
	for pkg in $(go list ./...); do
		dir=$(go list -f '{{.Dir}}' "$pkg")
		for target in $(grep -ho '^func Fuzz[A-Za-z0-9_]*' "$dir"/*_test.go 2>/dev/null | sed 's/^func //'); do
			# -fuzzminimizetime bounds the minimizing of new inputs, which
			# would otherwise take most of a short run.
			fuzz() {
				go test -run='^$' -fuzz="^${target}\$" -fuzztime="$fuzztime" \
					-fuzzminimizetime=100x "$pkg" >/tmp/plylab-fuzz.$$ 2>&1
			}
			# Go's fuzzer (before Go 1.27, go.dev/issue/75804) can end a
			# run with "context deadline exceeded" when -fuzztime expires
			# while it stops its workers: a race in its coordinator, with
			# no failing input, more likely on a busy machine. Such a run
			# fuzzed for its whole time and found nothing, so it counts
			# as done (with a note). Any other failure, and every real
			# finding (which writes its input to testdata/fuzz), fails
			# the build.
			if ! fuzz; then
				if ! grep -q 'Failing input written' /tmp/plylab-fuzz.$$ &&
					[ "$(grep -c -- '--- FAIL' /tmp/plylab-fuzz.$$)" = 1 ] &&
					grep -A1 -- '--- FAIL' /tmp/plylab-fuzz.$$ | grep -q '^ *context deadline exceeded$'; then
					echo "  $pkg $target ok (the fuzzer's end-of-time race, no failing input)"
					continue
				fi
				cat /tmp/plylab-fuzz.$$ >&2
				rm -f /tmp/plylab-fuzz.$$
				echo "test.sh: $target in $pkg failed" >&2
				exit 1
			fi
			echo "  $pkg $target ok"
		done
	done
	rm -f /tmp/plylab-fuzz.$$
	echo "test.sh: fuzzing took $(($(date +%s) - start))s"
fi
