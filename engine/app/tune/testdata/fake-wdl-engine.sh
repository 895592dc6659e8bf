#!/bin/sh
# A stand-in UCI engine for the labeller's tests: every search reports
# win 600, draw 300, loss 100 per mille for the side to move (an expected
# score of 0.75), after a bound line and a second variation the labeller
# must skip. With the argument "nowdl" it reports no wdl at all.
while read -r line; do
	case "$line" in
	uci) echo "id name fake-wdl"; echo "uciok" ;;
	isready) echo "readyok" ;;
	go*)
		if [ "$1" = nowdl ]; then
			echo "info depth 1 score cp 10 nodes 1 pv e2e4"
		else
			echo "info depth 1 multipv 1 score cp 900 lowerbound wdl 1000 0 0 nodes 1 pv e2e4"
			echo "info depth 1 multipv 2 score cp -900 wdl 0 0 1000 nodes 1 pv d2d4"
			echo "info depth 1 multipv 1 score cp 10 wdl 600 300 100 nodes 1 pv e2e4"
		fi
		echo "bestmove e2e4" ;;
	quit) exit 0 ;;
	esac
done
