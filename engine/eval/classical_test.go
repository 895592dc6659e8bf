package eval

import (
	"testing"

	"github.com/plylab/plylab/engine/board"
)

// naiveFeatures recounts every classical feature the slow way: square by
// square, walking rays by hand, with no bitboard tricks. It shares no code
// with Extract, so the two agreeing on many positions is good evidence
// that both count what the comments say.
func naiveFeatures(b *board.Board) Features {
	var f Features
	at := func(file, rank int) board.Piece {
		if file < 0 || file > 7 || rank < 0 || rank > 7 {
			return board.NoPiece
		}
		return b.PieceAt(board.Square(rank*8 + file))
	}
	is := func(p board.Piece, c board.Color, t board.PieceType) bool {
		return p != board.NoPiece && p.Color() == c && p.Type() == t
	}
	forward := func(c board.Color) int {
		if c == board.White {
			return 1
		}
		return -1
	}
	// attackedByPawn: does a pawn of color c attack (file, rank)?
	attackedByPawn := func(c board.Color, file, rank int) bool {
		r := rank - forward(c)
		return is(at(file-1, r), c, board.Pawn) || is(at(file+1, r), c, board.Pawn)
	}
	abs := func(x int) int { return max(x, -x) }
	dist := func(f1, r1, f2, r2 int) int { return max(abs(f1-f2), abs(r1-r2)) }
	for c := board.White; c <= board.Black; c++ {
		them := c.Other()
		sign := int16(1)
		if c == board.Black {
			sign = -1
		}
		ek := b.KingSquare(them)
		ok := b.KingSquare(c)
		inZone := func(file, rank int) bool { return dist(file, rank, ek.File(), ek.Rank()) <= 1 }
		units := 0 // king attack units: 2 per knight or bishop attack, 3 per rook's, 5 per queen's
		for s := 0; s < 64; s++ {
			p := b.PieceAt(board.Square(s))
			if p == board.NoPiece || p.Color() != c {
				continue
			}
			file, rank := s&7, s>>3
			t := p.Type()
			var targets [][2]int
			switch t {
			case board.Knight:
				for _, d := range [][2]int{{1, 2}, {2, 1}, {2, -1}, {1, -2}, {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}} {
					if ff, rr := file+d[0], rank+d[1]; ff >= 0 && ff < 8 && rr >= 0 && rr < 8 {
						targets = append(targets, [2]int{ff, rr})
					}
				}
			case board.Bishop, board.Rook, board.Queen:
				var dirs [][2]int
				if t != board.Rook {
					dirs = append(dirs, [][2]int{{1, 1}, {1, -1}, {-1, 1}, {-1, -1}}...)
				}
				if t != board.Bishop {
					dirs = append(dirs, [][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}}...)
				}
				for _, d := range dirs {
					for ff, rr := file+d[0], rank+d[1]; ff >= 0 && ff < 8 && rr >= 0 && rr < 8; ff, rr = ff+d[0], rr+d[1] {
						targets = append(targets, [2]int{ff, rr})
						if at(ff, rr) != board.NoPiece {
							break
						}
					}
				}
			}
			if t >= board.Knight && t <= board.Queen {
				i := Feature(t - board.Knight)
				for _, sq := range targets {
					q := at(sq[0], sq[1])
					if (q == board.NoPiece || q.Color() != c) && !attackedByPawn(them, sq[0], sq[1]) {
						f[FMobilityKnight+i] += sign
					}
					if inZone(sq[0], sq[1]) {
						f[FKingZoneKnight+i] += sign
						units += [4]int{2, 2, 3, 5}[i]
					}
					if q != board.NoPiece && q.Color() == them {
						if (t == board.Knight || t == board.Bishop) && (q.Type() == board.Rook || q.Type() == board.Queen) {
							f[FThreatByMinor] += sign
						}
						if t == board.Rook && q.Type() == board.Queen {
							f[FThreatByRook] += sign
						}
					}
				}
			}
			if t == board.Rook {
				own, any := false, false
				for rr := 0; rr < 8; rr++ {
					if q := at(file, rr); q != board.NoPiece && q.Type() == board.Pawn {
						any = true
						own = own || q.Color() == c
					}
				}
				if !any {
					f[FRookOpenFile] += sign
				} else if !own {
					f[FRookHalfOpenFile] += sign
				}
			}
			if t != board.Pawn {
				continue
			}
			// Threats by this pawn.
			for _, df := range []int{-1, 1} {
				q := at(file+df, rank+forward(c))
				if q != board.NoPiece && q.Color() == them && q.Type() != board.Pawn && q.Type() != board.King {
					f[FThreatByPawn] += sign
				}
			}
			ownAhead, enemyAhead, neighbours, neighboursBehindOrLevel := false, false, false, false
			for rr := 0; rr < 8; rr++ {
				ahead := (rr-rank)*forward(c) > 0
				for df := -1; df <= 1; df++ {
					q := at(file+df, rr)
					if df == 0 && ahead && is(q, c, board.Pawn) {
						ownAhead = true
					}
					if ahead && is(q, them, board.Pawn) {
						enemyAhead = true
					}
					if df != 0 && is(q, c, board.Pawn) {
						neighbours = true
						if !ahead {
							neighboursBehindOrLevel = true
						}
					}
				}
			}
			if ownAhead {
				f[FDoubledPawn] += sign
			}
			stopFile, stopRank := file, rank+forward(c)
			if !neighbours {
				f[FIsolatedPawn] += sign
			} else if !neighboursBehindOrLevel && attackedByPawn(them, stopFile, stopRank) {
				f[FBackwardPawn] += sign
			}
			if attackedByPawn(c, file, rank) {
				f[FSupportedPawn] += sign
			}
			if !enemyAhead && !ownAhead {
				rel := rank
				if c == board.Black {
					rel = 7 - rank
				}
				f[FPassedRank2+Feature(rel-1)] += sign
				f[FPassedKingDistance] += sign * int16(dist(ek.File(), ek.Rank(), stopFile, stopRank)-dist(ok.File(), ok.Rank(), stopFile, stopRank))
				enemyPieces, pathClear := false, true
				for q := 0; q < 64; q++ {
					pq := b.PieceAt(board.Square(q))
					if pq != board.NoPiece && pq.Color() == them && pq.Type() != board.Pawn && pq.Type() != board.King {
						enemyPieces = true
					}
					if pq != board.NoPiece && q&7 == file && ((q>>3)-rank)*forward(c) > 0 {
						pathClear = false
					}
				}
				if !enemyPieces && pathClear {
					promoRank := 7
					if c == board.Black {
						promoRank = 0
					}
					moves := 7 - rel
					if rel == 1 {
						moves--
					}
					reach := dist(ek.File(), ek.Rank(), file, promoRank)
					if b.Side() == them {
						reach--
					}
					if moves < reach {
						f[FUnstoppablePasser] += sign
					}
				}
			}
		}
		// King shelter.
		for df := -1; df <= 1; df++ {
			ff := ok.File() + df
			if ff < 0 || ff > 7 {
				continue
			}
			has := false
			for rr := 0; rr < 8; rr++ {
				if is(at(ff, rr), c, board.Pawn) {
					has = true
				}
			}
			if !has {
				f[FKingOpenFile] += sign
				continue
			}
			for d := 1; d <= 2; d++ {
				if is(at(ff, ok.Rank()+d*forward(c)), c, board.Pawn) {
					f[FPawnShield] += sign
				}
			}
		}
		bishops := 0
		for s := 0; s < 64; s++ {
			if is(b.PieceAt(board.Square(s)), c, board.Bishop) {
				bishops++
			}
		}
		if bishops >= 2 {
			f[FBishopPair] += sign
		}
		capped := min(units, 48)
		f[FKingDanger] += sign * int16(capped*capped/16)
	}
	if b.Side() == board.White {
		f[FTempo] = 1
	} else {
		f[FTempo] = -1
	}
	return f
}

// classicalPositions adds positions built to show each term to the shared
// test positions.
var classicalPositions = append(append([]string{}, testPositions...),
	"4k3/8/8/3p4/8/3P4/3P4/4K3 w - - 0 1",                      // doubled pawns against a passer
	"4k3/8/8/8/2p5/8/1P1P4/4K3 w - - 0 1",                      // isolated pawns around a passer
	"4k3/8/8/3p4/1P6/2P5/8/4K3 w - - 0 1",                      // a backward pawn on c3
	"4k3/8/3p4/8/2P1P3/8/8/4K3 w - - 0 1",                      // d6 backward: c5/e5 would be attacked
	"6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1",                     // rook on an open file, intact shelters
	"6k1/6pp/8/8/8/8/6PP/5RK1 w - - 0 1",                       // rook on a half-open file, f-file open next to both kings
	"r3k3/8/8/8/8/2n5/1P6/4K2R w - - 0 1",                      // pawn attacks nothing, knight attacks nothing
	"4k3/8/2n5/1P6/8/8/8/R3K3 w - - 0 1",                       // threat by pawn on c6
	"4k3/8/8/3q4/8/4N3/8/3RK3 w - - 0 1",                       // knight and rook attack the queen
	"4k3/8/8/8/8/8/8/2B1KB2 w - - 0 1",                         // bishop pair
	"8/8/8/8/6k1/8/P7/K7 w - - 0 1",                            // the pawn outruns the king
	"8/8/8/8/1k6/8/P7/K7 w - - 0 1",                            // the king catches the pawn
	"8/P7/8/8/8/8/k7/7K b - - 0 1",                             // a 7th-rank passer, black to move
	"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1", // tempo for Black
)

// TestClassicalReference checks Extract against the naive recount, and the
// classical score against PeSTO plus the weighted naive features, on every
// test position and its mirror image.
func TestClassicalReference(t *testing.T) {
	for _, fen := range classicalPositions {
		for _, fe := range []string{fen, mirrorFEN(fen)} {
			b := mustFEN(t, fe)
			var got Features
			Extract(b, AllTerms, &got)
			want := naiveFeatures(b)
			for i := range got {
				if got[i] != want[i] {
					t.Errorf("%q: %v = %d, naive recount %d", fe, Feature(i), got[i], want[i])
				}
			}
			mg, eg := classicalSums(b)
			for i, n := range want {
				mg += int(n) * int(DefaultWeights[i][0])
				eg += int(n) * int(DefaultWeights[i][1])
			}
			eg = eg * Scale(b, eg) / ScaleNormal
			white := (mg*Phase(b) + eg*(24-Phase(b))) / 24
			if br := Explain(b, Classical); br.White != white {
				t.Errorf("%q: Explain(classical).White = %d, recomputed %d", fe, br.White, white)
			}
		}
	}
}

// TestClassicalFeatures pins exact feature counts on positions built to
// show one term each (White's count minus Black's).
func TestClassicalFeatures(t *testing.T) {
	for _, tc := range []struct {
		fen  string
		want map[Feature]int16
	}{
		{"4k3/8/8/3p4/8/3P4/3P4/4K3 w - - 0 1", map[Feature]int16{
			FDoubledPawn: 1, FIsolatedPawn: 2 - 1, FPassedRank5: 0, FSupportedPawn: 0}},
		{"4k3/8/3p4/8/2P1P3/8/8/4K3 w - - 0 1", map[Feature]int16{
			FBackwardPawn: 0, FIsolatedPawn: 2 - 1, FPassedRank4: 0}},
		// c3 stands behind its only neighbour b4 and d5 guards c4: backward.
		{"4k3/8/8/3p4/1P6/2P5/8/4K3 w - - 0 1", map[Feature]int16{
			FBackwardPawn: 1, FIsolatedPawn: -1, FPassedRank4: 1, FSupportedPawn: 1}},
		{"4k3/8/2n5/1P6/8/8/8/R3K3 w - - 0 1", map[Feature]int16{
			FThreatByPawn: 1, FRookOpenFile: 1, FPassedRank5: 1}},
		{"4k3/8/8/3q4/8/4N3/8/3RK3 w - - 0 1", map[Feature]int16{
			FThreatByMinor: 1, FThreatByRook: 1, FRookOpenFile: 1}},
		{"4k3/8/8/8/8/8/8/2B1KB2 w - - 0 1", map[Feature]int16{
			FBishopPair: 1, FMobilityBishop: 14, FKingZoneBishop: 0}},
		{"8/8/8/8/6k1/8/P7/K7 w - - 0 1", map[Feature]int16{
			FUnstoppablePasser: 1, FPassedRank2: 1, FIsolatedPawn: 1}},
		// One file closer, the king catches the pawn (a2-a4, a5, a6, a7 and
		// Kb7): the rule of the square.
		{"8/8/8/8/5k2/8/P7/K7 w - - 0 1", map[Feature]int16{
			FUnstoppablePasser: 0, FPassedRank2: 1}},
		// With Black to move the same king is one move closer.
		{"8/8/8/8/6k1/8/P7/K7 b - - 0 1", map[Feature]int16{
			FUnstoppablePasser: 0, FPassedRank2: 1}},
		{"8/8/8/8/1k6/8/P7/K7 w - - 0 1", map[Feature]int16{
			FUnstoppablePasser: 0, FPassedRank2: 1}},
		{"6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1", map[Feature]int16{
			FPawnShield: 0, FKingOpenFile: 0, FRookOpenFile: 1, FMobilityRook: 12}},
		// The rook on e8 attacks f8 and g8, the queen f7 (through e6):
		// 3·2 + 5·1 = 11 attack units, 11² / 16 = 7 king danger.
		{"4R1k1/5ppp/8/3Q4/8/8/5PPP/6K1 b - - 0 1", map[Feature]int16{
			FKingZoneRook: 2, FKingZoneQueen: 1, FKingDanger: 7}},
		// A rook on a8 bears on no square around the king on g1: no danger.
		{"r5k1/5ppp/8/8/8/8/5PPP/6K1 w - - 0 1", map[Feature]int16{FKingDanger: 0, FKingZoneRook: 0}},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1", map[Feature]int16{
			FTempo: -1, FMobilityKnight: 0}},
	} {
		b := mustFEN(t, tc.fen)
		var f Features
		Extract(b, AllTerms, &f)
		for feat, want := range tc.want {
			if f[feat] != want {
				t.Errorf("%q: %v = %d, want %d", tc.fen, feat, f[feat], want)
			}
		}
	}
}

// TestTermsSwitchOff checks that a term switched off contributes nothing
// and leaves the others alone.
func TestTermsSwitchOff(t *testing.T) {
	b := mustFEN(t, testPositions[6])
	var all Features
	Extract(b, AllTerms, &all)
	for _, term := range TermList() {
		var f Features
		Extract(b, AllTerms&^term, &f)
		for i := range f {
			want := all[i]
			if Feature(i).Term() == term {
				want = 0
			}
			if f[i] != want {
				t.Errorf("without %s: %v = %d, want %d", term.Name(), Feature(i), f[i], want)
			}
		}
	}
}

// TestScale checks the drawish endings the scaling term recognises.
func TestScale(t *testing.T) {
	for _, tc := range []struct {
		fen  string
		eg   int
		want int
	}{
		{"8/8/4kb2/8/3PK3/8/8/3B4 w - - 0 50", 100, ScaleNormal / 2}, // opposite bishops: d1 light, f6 dark
		{"8/8/4kb2/8/3PK3/8/8/2B5 w - - 0 50", 100, ScaleNormal},     // same colour: c1 and f6 both dark
		{"8/8/4k3/8/2r5/8/3NK3/8 b - - 0 60", -150, ScaleNormal / 8}, // rook against knight
		{"8/8/4k3/8/q7/8/3RK3/8 b - - 0 60", -400, ScaleNormal},      // queen against rook wins
		{"8/8/4k3/8/8/8/3BK3/8 w - - 0 60", 300, 0},                  // a lone bishop
		{"8/8/4k3/8/8/8/2NNK3/8 w - - 0 60", 600, 0},                 // two knights
		{"8/8/4k3/8/8/8/2BNK3/8 w - - 0 60", 600, ScaleNormal},       // bishop and knight mate
		{"8/8/4k3/8/3p4/8/2NNK3/8 w - - 0 60", 600, ScaleNormal},     // two knights against a pawn
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1", 0, ScaleNormal},
	} {
		if got := Scale(mustFEN(t, tc.fen), tc.eg); got != tc.want {
			t.Errorf("Scale(%q, %d) = %d, want %d", tc.fen, tc.eg, got, tc.want)
		}
	}
}

// TestKingDanger checks the attack units and the capped square.
func TestKingDanger(t *testing.T) {
	for _, tc := range []struct {
		knight, bishop, rook, queen int16
		units                       int
		danger                      int16
	}{
		{0, 0, 0, 0, 0, 0},
		{1, 0, 0, 0, 2, 0},
		{1, 1, 0, 0, 4, 1},
		{0, 0, 2, 1, 11, 7},
		{2, 1, 2, 3, 27, 45},
		{0, 0, 0, 9, 45, 126},
		{3, 3, 3, 9, 66, 144},
	} {
		u := kingAttackUnits(tc.knight, tc.bishop, tc.rook, tc.queen)
		if d := kingDanger(u); u != tc.units || d != tc.danger {
			t.Errorf("attacks N%d B%d R%d Q%d: units %d, danger %d; want %d, %d", tc.knight, tc.bishop, tc.rook, tc.queen, u, d, tc.units, tc.danger)
		}
	}
}

// classicalSums is the slow form of the classical evaluation's piece-
// square part: PeSTO's sums plus DefaultSquares' corrections, each piece
// looked up by SquareIndex, White's minus Black's.
func classicalSums(b *board.Board) (mg, eg int) {
	mg, eg = pestoSums(b)
	for c := board.White; c <= board.Black; c++ {
		sign := 1
		if c == board.Black {
			sign = -1
		}
		for t := board.Pawn; t <= board.King; t++ {
			for bb := b.Pieces(c, t); bb != 0; {
				d := DefaultSquares[t][SquareIndex(c, bb.PopLSB())]
				mg += sign * int(d[0])
				eg += sign * int(d[1])
			}
		}
	}
	return mg, eg
}
