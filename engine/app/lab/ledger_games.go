package lab

import (
	"bytes"
	"fmt"
	"strings"

	"github.com/plylab/plylab/engine/board"
	"github.com/plylab/plylab/positions"
)

// The branching factor of real games, for the sources' "about 35 legal
// moves a position": every position of positions.MasterGames (461
// classical master games) before a move was played, read with a small SAN
// reader of its own (notnil/chess's PGN reader would take most of a second
// here).

// gameStats are the legal-move counts of the master games' positions.
type gameStats struct {
	Games     int
	Positions int    // positions before a move was played
	Moves     uint64 // their legal moves, summed
	// Perft2 sums perft(2) over every perft2Every-th position (Sampled of
	// them): the boards two plies ahead.
	Perft2  uint64
	Sampled int
}

// perft2Every thins the positions whose perft(2) is counted, to keep the
// ledger fast: one in eight.
const perft2Every = 8

// MeanMoves is the mean number of legal moves a position.
func (g gameStats) MeanMoves() float64 { return float64(g.Moves) / float64(g.Positions) }

// MeanPerft2 is the mean number of positions two plies ahead.
func (g gameStats) MeanPerft2() float64 { return float64(g.Perft2) / float64(g.Sampled) }

// readMasterGames plays through positions.MasterGames and counts.
func readMasterGames() (gameStats, error) {
	var st gameStats
	var ml board.MoveList
	pgn, err := positions.MasterGames()
	if err != nil {
		return st, err
	}
	for i, game := range splitGames(pgn) {
		b := board.New()
		for _, tok := range strings.Fields(game) {
			if skipToken(tok) {
				continue
			}
			b.GenerateMoves(&ml)
			if st.Positions%perft2Every == 0 {
				st.Perft2 += b.Perft(2)
				st.Sampled++
			}
			st.Positions++
			st.Moves += uint64(ml.N)
			m, err := matchSAN(b, ml.Slice(), tok)
			if err != nil {
				return st, fmt.Errorf("lab: master game %d: %w", i+1, err)
			}
			b.Make(m)
		}
		st.Games++
	}
	return st, nil
}

// splitGames returns the move text of each game of a PGN file without
// comments, variations or tags (the master games have none of the first
// two).
func splitGames(pgn []byte) []string {
	var games []string
	var cur strings.Builder
	for _, line := range bytes.Split(pgn, []byte("\n")) {
		line = bytes.TrimSpace(line)
		if len(line) > 0 && line[0] == '[' {
			if cur.Len() > 0 {
				games = append(games, cur.String())
				cur.Reset()
			}
			continue
		}
		cur.Write(line)
		cur.WriteByte(' ')
	}
	if strings.TrimSpace(cur.String()) != "" {
		games = append(games, cur.String())
	}
	return games
}

// skipToken reports whether a move-text token is not a move: a move
// number ("12." or "12..."), a result, or empty.
func skipToken(tok string) bool {
	switch tok {
	case "1-0", "0-1", "1/2-1/2", "*", "":
		return true
	}
	return tok[0] >= '0' && tok[0] <= '9'
}

// matchSAN finds the legal move (of moves, the legal moves of b) that a
// SAN token names: castling, or a piece letter (none for a pawn), an
// optional file and/or rank of origin, an optional "x", the target square
// and an optional "=Q"-style promotion; check marks and annotations are
// ignored. Exactly one legal move must match.
func matchSAN(b *board.Board, moves []board.Move, tok string) (board.Move, error) {
	san := strings.TrimRight(tok, "+#!?")
	found := board.NoMove
	n := 0
	switch san {
	case "O-O", "O-O-O":
		for _, m := range moves {
			if m.IsCastle() && (m.To().File() == 6) == (san == "O-O") {
				found, n = m, n+1
			}
		}
	default:
		piece := board.Pawn
		if i := strings.IndexByte("NBRQK", san[0]); i >= 0 {
			piece = board.Knight + board.PieceType(i)
			san = san[1:]
		}
		promo := board.NoPieceType
		if i := strings.IndexByte(san, '='); i >= 0 && i+1 < len(san) {
			promo = board.Knight + board.PieceType(strings.IndexByte("NBRQ", san[i+1]))
			san = san[:i]
		}
		if len(san) < 2 {
			return board.NoMove, fmt.Errorf("%q is not a move", tok)
		}
		to, ok := board.ParseSquare(san[len(san)-2:])
		if !ok {
			return board.NoMove, fmt.Errorf("%q is not a move", tok)
		}
		from := strings.ReplaceAll(san[:len(san)-2], "x", "")
		for _, m := range moves {
			if m.To() != to || b.PieceAt(m.From()).Type() != piece || m.Promotion() != promo {
				continue
			}
			if !originMatches(m.From(), from) {
				continue
			}
			found, n = m, n+1
		}
	}
	if n != 1 {
		return board.NoMove, fmt.Errorf("%q matches %d legal moves in %s", tok, n, b.FEN())
	}
	return found, nil
}

// originMatches reports whether square s fits a SAN disambiguation: a
// file letter, a rank digit, both, or nothing.
func originMatches(s board.Square, hint string) bool {
	for _, c := range hint {
		switch {
		case c >= 'a' && c <= 'h':
			if s.File() != int(c-'a') {
				return false
			}
		case c >= '1' && c <= '8':
			if s.Rank() != int(c-'1') {
				return false
			}
		}
	}
	return true
}
