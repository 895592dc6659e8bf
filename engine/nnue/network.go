package nnue

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"io"

	"github.com/plylab/plylab/engine/board"
)

// The network's shape and fixed-point scales.
const (
	// NumFeatures is the number of inputs seen from one side: 2 colours ×
	// 6 piece types × 64 squares.
	NumFeatures = 768
	// QA is the fixed-point scale of the first layer: its weights and
	// biases are stored as round(w·QA), and an activation of 1.0 is QA.
	QA = 255
	// QB is the fixed-point scale of the output weights.
	QB = 64
	// Scale converts the network's output to centipawns: the network is
	// trained so that sigmoid(output) predicts the game, and output·Scale
	// is the score in centipawns (sigmoid(cp/400) is the usual
	// centipawns-to-expectation curve).
	Scale = 400
	// MaxHidden is the largest hidden layer a network file may declare.
	MaxHidden = 2048
	// MaxBuckets is the most output buckets a network file may declare.
	MaxBuckets = 16
	// WeightClip bounds every weight of a trained network (in floating
	// point, before quantization): it keeps first-layer sums of up to 32
	// pieces inside 16 bits and lets v·w of the output layer fit 16 bits
	// too (255 × 127).
	WeightClip = 1.98
)

// Network is a quantized evaluation network: 768 inputs (a piece of a
// colour on a square) seen from each side, one hidden layer of Hidden
// neurons shared by both views, and one output.
//
//	acc_white = B1 + Σ W1[f] over the features f of the position seen from White
//	acc_black = B1 + Σ W1[f] over the features seen from Black
//	out = Σ W2[k][i]·screlu(acc_us[i]) + Σ W2[k][H+i]·screlu(acc_them[i]) + B2[k]
//
// where "us" is the side to move, screlu(x) = clamp(x, 0, 1)², and k is
// the output bucket: the output layer has one set of weights per band of
// material on the board (Buckets of them, by the number of pieces), since
// what the hidden features are worth changes as pieces come off: a
// passed pawn matters more in an endgame, king safety less. The hidden
// layer is shared, so the buckets cost almost nothing to evaluate.
type Network struct {
	Hidden  int     // neurons of the hidden layer (a multiple of 16)
	Buckets int     // output buckets (1 to MaxBuckets)
	W1      []int16 // NumFeatures × Hidden: row f is W1[f·Hidden : (f+1)·Hidden], scaled by QA
	B1      []int16 // Hidden, scaled by QA
	W2      []int16 // Buckets × 2·Hidden: each bucket's side-to-move half first, scaled by QB
	B2      []int32 // Buckets, scaled by QA·QB
	// About describes where the network came from (the training command,
	// its data and seed); it is stored in the file.
	About string
}

// Feature returns the input index of piece p on square s seen from side
// persp. Seen from Black the board is flipped vertically and the colours
// swapped, so both views of a mirrored position are the same, and one set
// of weights serves both sides.
func Feature(persp board.Color, p board.Piece, s board.Square) int {
	c := 0
	if p.Color() != persp {
		c = 1
	}
	if persp == board.Black {
		s ^= 56
	}
	return (c*6+int(p.Type())-1)*64 + int(s)
}

// New returns a network of the given hidden size and number of output
// buckets with every weight zero.
func New(hidden, buckets int) *Network {
	return &Network{Hidden: hidden, Buckets: buckets, W1: make([]int16, NumFeatures*hidden), B1: make([]int16, hidden),
		W2: make([]int16, buckets*2*hidden), B2: make([]int32, buckets)}
}

// Bucket returns the output bucket of a position with pieces pieces on
// the board (kings and pawns included, 2 to 32) among buckets: equal
// bands of the piece count, the fullest board in the last.
func Bucket(pieces, buckets int) int {
	return min(max(pieces-2, 0)*buckets/31, buckets-1)
}

// row returns the first-layer weights of feature f.
func (n *Network) row(f int) []int16 { return n.W1[f*n.Hidden : (f+1)*n.Hidden] }

// Refresh computes both accumulators of b's position from scratch into
// white and black (each Hidden long).
func (n *Network) Refresh(b *board.Board, white, black []int16) {
	copy(white, n.B1)
	copy(black, n.B1)
	for occ := b.Occupied(); occ != 0; {
		s := occ.PopLSB()
		p := b.PieceAt(s)
		addRow(white, n.row(Feature(board.White, p, s)))
		addRow(black, n.row(Feature(board.Black, p, s)))
	}
}

// Output returns the score in centipawns, from the side to move's point
// of view, of the accumulators us (the side to move's) and them, for a
// position with pieces pieces on the board.
func (n *Network) Output(us, them []int16, pieces int) int {
	h := n.Hidden
	k := Bucket(pieces, n.Buckets)
	w := n.W2[k*2*h : (k+1)*2*h]
	sum := screluDot(us, w[:h]) + screluDot(them, w[h:])
	// sum is scaled by QA·QA·QB: one QA goes, then the bias is added.
	v := sum/QA + int64(n.B2[k])
	return int(v * Scale / (QA * QB))
}

// Evaluate returns the network's score of b in centipawns from the side
// to move's point of view, computed from scratch (State does the same
// move by move during a search).
func (n *Network) Evaluate(b *board.Board) int {
	var wbuf, bbuf [MaxHidden]int16 // on the stack: Evaluate does not allocate
	white, black := wbuf[:n.Hidden], bbuf[:n.Hidden]
	n.Refresh(b, white, black)
	pieces := b.Occupied().Count()
	if b.Side() == board.White {
		return n.Output(white, black, pieces)
	}
	return n.Output(black, white, pieces)
}

// The file format: a header, the weights as little-endian integers, a
// description, and a checksum.
//
//	magic "PLYLABNN", then uint32 version (1), hidden, buckets, QA, QB, Scale
//	int16 W1[768·hidden], int16 B1[hidden], int16 W2[buckets·2·hidden], int32 B2[buckets]
//	uint32 length of About, then About's bytes (UTF-8)
//	uint32 CRC-32 (IEEE) of everything before it
var magic = [8]byte{'P', 'L', 'Y', 'L', 'A', 'B', 'N', 'N'}

const fileVersion = 1

// maxOutputWeight bounds the quantized output weights: an activation
// (at most QA = 255) times a weight must fit in 16 bits, which the vector
// kernels rely on. WeightClip·QB rounds to 127.
const maxOutputWeight = 127

// maxAbout bounds the description a file may carry.
const maxAbout = 1 << 16

// ErrFormat is wrapped by every error Read returns for a file that is not
// a plylab network.
var ErrFormat = errors.New("not a plylab network file")

// Write writes the network in plylab's network file format.
func (n *Network) Write(w io.Writer) error {
	var buf bytes.Buffer
	buf.Write(magic[:])
	for _, v := range []uint32{fileVersion, uint32(n.Hidden), uint32(n.Buckets), QA, QB, Scale} {
		binary.Write(&buf, binary.LittleEndian, v)
	}
	binary.Write(&buf, binary.LittleEndian, n.W1)
	binary.Write(&buf, binary.LittleEndian, n.B1)
	binary.Write(&buf, binary.LittleEndian, n.W2)
	binary.Write(&buf, binary.LittleEndian, n.B2)
	binary.Write(&buf, binary.LittleEndian, uint32(len(n.About)))
	buf.WriteString(n.About)
	binary.Write(&buf, binary.LittleEndian, crc32.ChecksumIEEE(buf.Bytes()))
	_, err := w.Write(buf.Bytes())
	return err
}

// Read reads a network written by Write. Every way a file can be wrong
// (another format, a version or scale this build does not know, a size
// out of range, a truncated or corrupted file) is an error wrapping
// ErrFormat that says what was found.
func Read(r io.Reader) (*Network, error) {
	data, err := io.ReadAll(io.LimitReader(r, 64<<20))
	if err != nil {
		return nil, err
	}
	return Parse(data)
}

// Parse reads a network from the bytes of a network file (see Read).
func Parse(data []byte) (*Network, error) {
	if len(data) < 8+24+4 || !bytes.Equal(data[:8], magic[:]) {
		return nil, fmt.Errorf("%w: it does not start with %q", ErrFormat, magic[:])
	}
	body, sum := data[:len(data)-4], binary.LittleEndian.Uint32(data[len(data)-4:])
	if crc32.ChecksumIEEE(body) != sum {
		return nil, fmt.Errorf("%w: checksum mismatch (the file is truncated or corrupted)", ErrFormat)
	}
	rd := bytes.NewReader(body[8:])
	var hdr [6]uint32
	if err := binary.Read(rd, binary.LittleEndian, &hdr); err != nil {
		return nil, fmt.Errorf("%w: short header", ErrFormat)
	}
	version, hidden, buckets := hdr[0], hdr[1], hdr[2]
	switch {
	case version != fileVersion:
		return nil, fmt.Errorf("%w: version %d (this build reads version %d)", ErrFormat, version, fileVersion)
	case hidden == 0 || hidden > MaxHidden || hidden%16 != 0:
		return nil, fmt.Errorf("%w: hidden size %d (expected a multiple of 16 up to %d)", ErrFormat, hidden, MaxHidden)
	case buckets == 0 || buckets > MaxBuckets:
		return nil, fmt.Errorf("%w: %d output buckets (expected 1 to %d)", ErrFormat, buckets, MaxBuckets)
	case hdr[3] != QA || hdr[4] != QB || hdr[5] != Scale:
		return nil, fmt.Errorf("%w: scales QA %d, QB %d, Scale %d (this build uses %d, %d, %d)", ErrFormat, hdr[3], hdr[4], hdr[5], QA, QB, Scale)
	}
	n := New(int(hidden), int(buckets))
	for _, dst := range []any{n.W1, n.B1, n.W2, n.B2} {
		if err := binary.Read(rd, binary.LittleEndian, dst); err != nil {
			return nil, fmt.Errorf("%w: the weights end early (hidden size %d)", ErrFormat, hidden)
		}
	}
	for i, w := range n.W2 {
		if w < -maxOutputWeight || w > maxOutputWeight {
			return nil, fmt.Errorf("%w: output weight %d is %d (at most ±%d, so that a product with an activation fits 16 bits)", ErrFormat, i, w, maxOutputWeight)
		}
	}
	var about uint32
	if err := binary.Read(rd, binary.LittleEndian, &about); err != nil || about > maxAbout || int(about) != rd.Len() {
		return nil, fmt.Errorf("%w: bad description length", ErrFormat)
	}
	n.About = string(body[len(body)-int(about):])
	return n, nil
}
