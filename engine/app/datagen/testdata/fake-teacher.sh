#!/bin/sh
# A stand-in teacher for the labeller's tests. Its static evaluation
# ("eval") is +1.25 for White whatever the position, except "none" when
# the FEN has a black queen on d8 (as Stockfish answers in check). Its
# search ("go") reports, for the side to move, a bound and a second
# variation to skip, then 37 cp; "mate" when the FEN has a white queen on
# d1. With the argument "mute" it answers the handshake and nothing else.
fen=""
while read -r line; do
	case "$line" in
	uci) echo "id name fake-teacher"; echo "uciok" ;;
	isready) echo "readyok" ;;
	"position fen "*) fen="${line#position fen }" ;;
	eval)
		[ "$1" = mute ] && continue
		echo " NNUE network contributions (White to move)"
		case "$fen" in
		rnbqkbnr/*) echo "Final evaluation: none (in check)" ;;
		*) echo "Final evaluation       +1.25 (white side) [with scaled NNUE, hybrid, ...]" ;;
		esac ;;
	go*)
		[ "$1" = mute ] && continue
		echo "info depth 1 multipv 1 score cp 900 lowerbound nodes 1 pv e2e4"
		echo "info depth 1 multipv 2 score cp -900 nodes 1 pv d2d4"
		case "$fen" in
		*/RNBQKBNR*) echo "info depth 1 multipv 1 score mate 3 nodes 1 pv e2e4" ;;
		*) echo "info depth 1 multipv 1 score cp 37 nodes 1 pv e2e4" ;;
		esac
		echo "bestmove e2e4" ;;
	quit) exit 0 ;;
	esac
done
