package nnue

import (
	"bytes"
	"errors"
	"fmt"
	"hash/crc32"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/plylab/plylab/engine/board"
)

// randomNet returns a network of hidden size h with random weights in the
// ranges a trained network can have.
func randomNet(h int, seed uint64) *Network {
	rng := rand.New(rand.NewPCG(seed, 1))
	n := New(h, 4)
	for i := range n.W1 {
		n.W1[i] = int16(rng.IntN(2*505+1) - 505)
	}
	for i := range n.B1 {
		n.B1[i] = int16(rng.IntN(2001) - 1000)
	}
	for i := range n.W2 {
		n.W2[i] = int16(rng.IntN(255) - 127)
	}
	for i := range n.B2 {
		n.B2[i] = int32(rng.IntN(200001) - 100000)
	}
	n.About = "random test network"
	return n
}

func mustFEN(t testing.TB, fen string) *board.Board {
	t.Helper()
	b, err := board.FromFEN(fen)
	if err != nil {
		t.Fatalf("%s: %v", fen, err)
	}
	return b
}

func TestFeature(t *testing.T) {
	for _, c := range []struct {
		persp board.Color
		piece board.Piece
		sq    board.Square
		want  int
	}{
		{board.White, board.MakePiece(board.White, board.Pawn), board.A1, 0},
		{board.White, board.MakePiece(board.White, board.King), board.H8, 5*64 + 63},
		{board.White, board.MakePiece(board.Black, board.Pawn), board.Square(28), 6*64 + 28},
		{board.Black, board.MakePiece(board.Black, board.Pawn), board.Square(36), 0*64 + 28}, // e5 flipped is e4
		{board.Black, board.MakePiece(board.White, board.Queen), board.D1, (6+4)*64 + 59},
	} {
		if got := Feature(c.persp, c.piece, c.sq); got != c.want {
			t.Errorf("Feature(%v, %v, %v) = %d, want %d", c.persp, c.piece, c.sq, got, c.want)
		}
	}
}

var recordFENs = []string{
	board.StartFEN,
	"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
	"8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 b - - 12 57",
	"4k3/8/8/8/8/8/8/4K3 w - - 99 300",
	"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 70000",
}

func TestRecordRoundTrip(t *testing.T) {
	for i, fen := range recordFENs {
		b := mustFEN(t, fen)
		score, result := 37*i-50, Result(i%3)
		r := Pack(b, score, result)
		if err := r.Check(); err != nil {
			t.Fatalf("%s: %v", fen, err)
		}
		if r.Score() != score || r.Result() != result || r.Side() != b.Side() {
			t.Errorf("%s: score %d result %v side %v, want %d %v %v", fen, r.Score(), r.Result(), r.Side(), score, result, b.Side())
		}
		back, err := r.Board()
		if err != nil {
			t.Fatalf("%s: %v", fen, err)
		}
		// Castling and en passant are not kept; the fullmove number
		// saturates at 65535.
		want := strings.Fields(fen)
		want[2], want[3] = "-", "-"
		if want[5] == "70000" {
			want[5] = "65535"
		}
		if got := back.FEN(); got != strings.Join(want, " ") {
			t.Errorf("round trip of %s gave %s", fen, got)
		}
	}
	if r := Pack(board.New(), 99999, Draw); r.Score() != 32767 {
		got := r.Score()
		t.Errorf("score 99999 stored as %d, want 32767 (saturated)", got)
	}
	// -32768 is never written but can be read from a foreign file: it reads
	// as -32767, the score Pack would store, so it survives a repack.
	r := Pack(board.New(), 0, Draw)
	r[24], r[25] = 0x00, 0x80
	if got := r.Score(); got != -32767 {
		t.Errorf("stored -32768 reads as %d, want -32767", got)
	}
}

func TestRecordCheckErrors(t *testing.T) {
	good := Pack(board.New(), 0, Draw)
	for _, c := range []struct {
		name string
		edit func(r *Record)
		want string
	}{
		{"bad result", func(r *Record) { r[26] = 3 }, "result 3"},
		{"bad side", func(r *Record) { r[27] = 2 }, "side 2"},
		{"bad piece code", func(r *Record) { r[8] = 0x0c }, "piece code 12"},
		{"no black king", func(r *Record) { r[8+28/2] = r[8+28/2]&0xf0 | 10 }, "0 black kings"}, // e8, the 29th piece: a black queen
		{"33 squares", func(r *Record) {
			r[0], r[1], r[2], r[3], r[4], r[5], r[6], r[7] = 255, 255, 255, 255, 255, 255, 255, 255
		}, "64 occupied squares"},
	} {
		r := good
		c.edit(&r)
		err := r.Check()
		if err == nil || !errors.Is(err, ErrBadRecord) || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: Check() = %v, want an ErrBadRecord saying %q", c.name, err, c.want)
		}
		if _, err := r.Board(); err == nil {
			t.Errorf("%s: Board() accepted a bad record", c.name)
		}
	}
}

func TestReadRecords(t *testing.T) {
	var buf bytes.Buffer
	for _, fen := range recordFENs {
		r := Pack(mustFEN(t, fen), 1, WhiteWins)
		buf.Write(r[:])
	}
	recs, err := ReadRecords(bytes.NewReader(buf.Bytes()))
	if err != nil || len(recs) != len(recordFENs) {
		t.Fatalf("ReadRecords: %d records, %v; want %d, nil", len(recs), err, len(recordFENs))
	}
	recs, err = ReadRecords(bytes.NewReader(buf.Bytes()[:buf.Len()-5]))
	if len(recs) != len(recordFENs)-1 || !errors.Is(err, ErrBadRecord) || !strings.Contains(err.Error(), "27 bytes into record 5") {
		t.Errorf("truncated: %d records, %v; want %d and an error at record 5", len(recs), err, len(recordFENs)-1)
	}
}

func TestNetworkFileRoundTrip(t *testing.T) {
	n := randomNet(32, 7)
	var buf bytes.Buffer
	if err := n.Write(&buf); err != nil {
		t.Fatal(err)
	}
	if want := 8 + 24 + 2*(768*32+32+4*64) + 4*4 + 4 + len(n.About) + 4; buf.Len() != want {
		t.Errorf("file is %d bytes, want %d", buf.Len(), want)
	}
	back, err := Read(bytes.NewReader(buf.Bytes()))
	if err != nil {
		t.Fatal(err)
	}
	if back.Hidden != n.Hidden || back.Buckets != n.Buckets || fmt.Sprint(back.B2) != fmt.Sprint(n.B2) || back.About != n.About ||
		!equal(back.W1, n.W1) || !equal(back.B1, n.B1) || !equal(back.W2, n.W2) {
		t.Error("the network read back differs from the one written")
	}
}

func equal(a, b []int16) bool { return bytes.Equal(int16Bytes(a), int16Bytes(b)) }

func int16Bytes(v []int16) []byte {
	out := make([]byte, 0, 2*len(v))
	for _, x := range v {
		out = append(out, byte(x), byte(uint16(x)>>8))
	}
	return out
}

func TestNetworkFileErrors(t *testing.T) {
	var buf bytes.Buffer
	if err := randomNet(16, 3).Write(&buf); err != nil {
		t.Fatal(err)
	}
	good := buf.Bytes()
	// rewrite patches the file and fixes its checksum, so the check
	// behind it is reached.
	rewrite := func(f func(b []byte) []byte) []byte {
		b := f(append([]byte(nil), good[:len(good)-4]...))
		var out bytes.Buffer
		out.Write(b)
		sum := crc(b)
		out.Write([]byte{byte(sum), byte(sum >> 8), byte(sum >> 16), byte(sum >> 24)})
		return out.Bytes()
	}
	for _, c := range []struct {
		name string
		data []byte
		want string
	}{
		{"empty", nil, "does not start with"},
		{"another format", []byte("PK\x03\x04 a zip file, say, long enough"), "does not start with"},
		{"truncated", good[:len(good)-100], "checksum mismatch"},
		{"flipped bit", func() []byte { b := append([]byte(nil), good...); b[500] ^= 1; return b }(), "checksum mismatch"},
		{"version 2", rewrite(func(b []byte) []byte { b[8] = 2; return b }), "version 2"},
		{"hidden 17", rewrite(func(b []byte) []byte { b[12] = 17; return b }), "hidden size 17"},
		{"17 buckets", rewrite(func(b []byte) []byte { b[16] = 17; return b }), "17 output buckets"},
		{"other QA", rewrite(func(b []byte) []byte { b[20] = 127; return b }), "scales QA 127"},
		{"weights cut", rewrite(func(b []byte) []byte { return b[:1000] }), "weights end early"},
		{"big output weight", rewrite(func(b []byte) []byte {
			off := 32 + 2*(768*16+16)
			b[off], b[off+1] = 200, 0
			return b
		}), "output weight 0 is 200"},
		{"bad description length", rewrite(func(b []byte) []byte { return append(b, 'x') }), "description length"},
	} {
		_, err := Parse(c.data)
		if err == nil || !errors.Is(err, ErrFormat) || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: Parse() = %v, want an ErrFormat saying %q", c.name, err, c.want)
		}
	}
}

// kernelLevels are the kernel levels this machine runs, from the
// portable code to the widest vectors.
func kernelLevels() []int {
	var lv []int
	for l := levelGo; l <= kernelLevel; l++ {
		lv = append(lv, l)
	}
	return lv
}

// levelName names kernel level l.
func levelName(l int) string { return [...]string{"go", "avx2", "avx512"}[l] }

// withKernels runs f at every kernel level this machine has: the portable
// code, and each set of vector kernels.
func withKernels(t *testing.T, f func(t *testing.T)) {
	saved := kernelLevel
	defer func() { kernelLevel = saved }()
	for _, l := range kernelLevels() {
		kernelLevel = l
		t.Run(levelName(l), f)
	}
}

// TestKernelsAgree checks every vector kernel level against the portable
// code on random vectors of several lengths (multiples of 16 that are and
// are not multiples of 32, so the AVX2 fallback of an AVX-512 machine is
// exercised too), and the output kernel at the largest sums it allows.
func TestKernelsAgree(t *testing.T) {
	if kernelLevel == levelGo {
		t.Skip("no vector kernels on this machine")
	}
	saved := kernelLevel
	defer func() { kernelLevel = saved }()
	rng := rand.New(rand.NewPCG(5, 5))
	vec := func(n, lo, hi int) []int16 {
		v := make([]int16, n)
		for i := range v {
			v[i] = int16(lo + rng.IntN(hi-lo+1))
		}
		return v
	}
	for _, level := range kernelLevels()[1:] {
		kernelLevel = level
		for _, n := range []int{16, 32, 48, 256, 1024, 1040, 2048} {
			src, a1, a2, s1, s2 := vec(n, -32768, 32767), vec(n, -32768, 32767), vec(n, -500, 500), vec(n, -500, 500), vec(n, -32768, 32767)
			for _, k := range []struct {
				name       string
				fast, slow func(dst []int16)
			}{
				{"addRow", func(d []int16) { copy(d, src); addRow(d, a1) }, func(d []int16) { copy(d, src); addRowGo(d, a1) }},
				{"addSub", func(d []int16) { addSub(d, src, a1, s1) }, func(d []int16) { addSubGo(d, src, a1, s1) }},
				{"addSubSub", func(d []int16) { addSubSub(d, src, a1, s1, s2) }, func(d []int16) { addSubSubGo(d, src, a1, s1, s2) }},
				{"addAddSubSub", func(d []int16) { addAddSubSub(d, src, a1, a2, s1, s2) }, func(d []int16) { addAddSubSubGo(d, src, a1, a2, s1, s2) }},
			} {
				got, want := make([]int16, n), make([]int16, n)
				k.fast(got)
				k.slow(want)
				if !equal(got, want) {
					t.Errorf("%s, %s, n = %d: vector and Go differ", levelName(level), k.name, n)
				}
			}
			acc, w := vec(n, -1000, 1000), vec(n, -127, 127)
			if got, want := screluDot(acc, w), screluDotGo(acc, w); got != want {
				t.Errorf("%s, screluDot, n = %d: vector %d, Go %d", levelName(level), n, got, want)
			}
			// The largest sums: every activation at QA, every weight ±127.
			full, top := vec(n, 255, 400), vec(n, 127, 127)
			if got, want := screluDot(full, top), int64(n)*255*255*127; got != want {
				t.Errorf("%s, screluDot at its bound, n = %d: %d, want %d", levelName(level), n, got, want)
			}
			if got, want := screluDot(full, vec(n, -127, -127)), -int64(n)*255*255*127; got != want {
				t.Errorf("%s, screluDot at its negative bound, n = %d: %d, want %d", levelName(level), n, got, want)
			}
		}
	}
}

// TestStateMatchesRefresh plays random lines (with take-backs and null
// moves, as a search does) and checks that the incremental evaluation
// always equals the evaluation from scratch.
func TestStateMatchesRefresh(t *testing.T) {
	withKernels(t, func(t *testing.T) {
		for _, net := range []*Network{randomNet(32, 11), randomNet(256, 12)} {
			st := NewState(net)
			rng := rand.New(rand.NewPCG(42, uint64(net.Hidden)))
			checked := 0
			for _, fen := range append(recordFENs[:3], "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "8/P6k/8/3pP3/8/8/6Kp/8 w - d6 0 1") {
				b := mustFEN(t, fen)
				var ml board.MoveList
				for step := 0; step < 400; step++ {
					b.GenerateMoves(&ml)
					switch r := rng.IntN(10); {
					case ml.N == 0 || (r < 3 && b.Ply() > 0):
						if b.Ply() == 0 {
							step = 400
							continue
						}
						b.Unmake()
					case r == 3 && !b.InCheck():
						b.MakeNull()
					default:
						b.Make(ml.Moves[rng.IntN(ml.N)])
					}
					if rng.IntN(3) > 0 { // lazily: not every position is evaluated
						if got, want := st.Evaluate(b), net.Evaluate(b); got != want {
							t.Fatalf("hidden %d, %s after %d moves: incremental %d, from scratch %d", net.Hidden, b.FEN(), b.Ply(), got, want)
						}
						checked++
					}
				}
			}
			if checked < 1000 {
				t.Errorf("only %d positions checked", checked)
			}
		}
	})
}

// TestStateUpdate: Update after every move made (as the textbook searches
// do) keeps the accumulators of each position on the line ready, so a
// position is evaluated from its parent's with no computation from
// scratch, and the score is the network's.
func TestStateUpdate(t *testing.T) {
	net := randomNet(32, 13)
	st := NewState(net)
	b := mustFEN(t, "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1")
	rng := rand.New(rand.NewPCG(7, 7))
	var ml board.MoveList
	st.Update(b)
	for step := 0; step < 200; step++ {
		b.GenerateMoves(&ml)
		if ml.N == 0 || (b.Ply() > 0 && rng.IntN(3) == 0) {
			if b.Ply() == 0 {
				break
			}
			b.Unmake()
			continue
		}
		b.Make(ml.Moves[rng.IntN(ml.N)])
		st.Update(b)
		p := b.Ply()
		if !st.valid[p] || st.keys[p] != b.Hash() || !st.valid[p-1] || st.keys[p-1] != b.KeyAt(p-1) {
			t.Fatalf("after move %d (%s) the accumulators of the position or its parent are not ready", p, b.FEN())
		}
		if got, want := st.Evaluate(b), net.Evaluate(b); got != want {
			t.Fatalf("%s: incremental %d, from scratch %d", b.FEN(), got, want)
		}
	}
}

// mirror returns b's position with colours swapped and the board flipped
// vertically: the same position for the other side.
func mirror(t *testing.T, b *board.Board) *board.Board {
	f := strings.Fields(b.FEN())
	ranks := strings.Split(f[0], "/")
	for i, j := 0, len(ranks)-1; i < j; i, j = i+1, j-1 {
		ranks[i], ranks[j] = ranks[j], ranks[i]
	}
	swap := func(s string) string {
		return strings.Map(func(r rune) rune {
			switch {
			case r >= 'a' && r <= 'z':
				return r - 'a' + 'A'
			case r >= 'A' && r <= 'Z':
				return r - 'A' + 'a'
			}
			return r
		}, s)
	}
	side := "w"
	if f[1] == "w" {
		side = "b"
	}
	return mustFEN(t, swap(strings.Join(ranks, "/"))+" "+side+" - - "+f[4]+" "+f[5])
}

func TestSymmetry(t *testing.T) {
	net := randomNet(64, 9)
	for _, fen := range recordFENs {
		b := mustFEN(t, fen)
		m := mirror(t, b)
		if a, c := net.Evaluate(b), net.Evaluate(m); a != c {
			t.Errorf("%s scores %d, its mirror %s scores %d", fen, a, m.FEN(), c)
		}
		if a, c := Default().Evaluate(b), Default().Evaluate(m); a != c {
			t.Errorf("built-in network: %s scores %d, its mirror %s scores %d", fen, a, m.FEN(), c)
		}
	}
}

func TestBucket(t *testing.T) {
	for _, c := range []struct{ pieces, buckets, want int }{
		{32, 8, 7}, {2, 8, 0}, {5, 8, 0}, {6, 8, 1}, {17, 8, 3}, {18, 8, 4}, {29, 8, 6}, {30, 8, 7},
		{32, 1, 0}, {2, 1, 0}, {33, 8, 7}, {0, 8, 0},
	} {
		if got := Bucket(c.pieces, c.buckets); got != c.want {
			t.Errorf("Bucket(%d, %d) = %d, want %d", c.pieces, c.buckets, got, c.want)
		}
	}
}

func TestDefaultNetwork(t *testing.T) {
	n := Default()
	if n.Hidden%16 != 0 || n.About == "" {
		t.Errorf("built-in network: hidden %d, about %q", n.Hidden, n.About)
	}
	// A side with an extra queen is better, seen from either side.
	up := mustFEN(t, "4k3/8/8/8/8/8/8/3QK3 w - - 0 1")
	if v := n.Evaluate(up); v < 300 {
		t.Errorf("a queen up scores %d", v)
	}
	down := mustFEN(t, "4k3/8/8/8/8/8/8/3QK3 b - - 0 1")
	if v := n.Evaluate(down); v > -300 {
		t.Errorf("a queen down scores %d", v)
	}
}

func crc(b []byte) uint32 { return crc32.ChecksumIEEE(b) }
