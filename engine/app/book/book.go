// Package book reads, writes and builds Polyglot opening books, the
// de-facto standard format for chess opening books (".bin" files made by
// PolyGlot, Scid, cutechess and many engines, e.g. Debian's gnuchess-book).
//
// A book is a list of 16-byte big-endian records (key, move, weight,
// learn) sorted by key. The key is a Zobrist hash of the position with a
// fixed, published set of random numbers (see Key), so any program can
// look up any book; the move is packed in 16 bits (see EncodeMove); the
// weight says how often to play the move relative to the others of the
// same position. plylab's engine uses a book for its first moves, the way
// RAM-Z and most engines of its kind do, and `plylab book` shows and
// builds books.
//
// Format reference: "PolyGlot opening book format" (Michel Van den Bergh),
// hgm.nubati.net/book_format.html.
package book

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"sort"

	"github.com/plylab/plylab/engine/board"
	"github.com/plylab/plylab/engine/kit/textfmt"
)

// RecordSize is the size in bytes of one book record.
const RecordSize = 16

// ErrMalformed is wrapped by the errors of Open and Load when the data is
// not a Polyglot book (wrong size, records out of order).
var ErrMalformed = errors.New("not a Polyglot opening book")

// Record is one book record as stored.
type Record struct {
	Key    uint64 // Polyglot key of the position (see Key)
	Move   uint16 // the move in Polyglot's encoding (see EncodeMove)
	Weight uint16 // relative frequency; 0 means "never play"
	Learn  uint32 // learning data, unused by plylab (kept when writing)
}

// Book is an opening book in memory: records sorted by key.
type Book struct {
	records []Record
}

// New returns a book of the given records, sorted by key and, within a
// key, by weight (highest first), as Polyglot writes them.
func New(records []Record) *Book {
	rs := append([]Record(nil), records...)
	sort.SliceStable(rs, func(i, j int) bool {
		if rs[i].Key != rs[j].Key {
			return rs[i].Key < rs[j].Key
		}
		return rs[i].Weight > rs[j].Weight
	})
	return &Book{records: rs}
}

// Open reads the book file at path. The whole file is read (a large book
// is a few megabytes) and checked: its size must be a multiple of 16 and
// its records sorted by key, since lookups are binary searches.
func Open(path string) (*Book, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	bk, err := parse(data)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return bk, nil
}

// Load reads a book from r, with the checks of Open.
func Load(r io.Reader) (*Book, error) {
	data, err := io.ReadAll(r)
	if err != nil {
		return nil, err
	}
	return parse(data)
}

func parse(data []byte) (*Book, error) {
	if len(data)%RecordSize != 0 {
		return nil, fmt.Errorf("%w: its size, %d bytes, is not a multiple of %d", ErrMalformed, len(data), RecordSize)
	}
	rs := make([]Record, len(data)/RecordSize)
	for i := range rs {
		p := data[i*RecordSize:]
		rs[i] = Record{
			Key:    binary.BigEndian.Uint64(p[0:8]),
			Move:   binary.BigEndian.Uint16(p[8:10]),
			Weight: binary.BigEndian.Uint16(p[10:12]),
			Learn:  binary.BigEndian.Uint32(p[12:16]),
		}
		if i > 0 && rs[i].Key < rs[i-1].Key {
			return nil, fmt.Errorf("%w: records are not sorted by key (record %d has a smaller key than record %d)", ErrMalformed, i+1, i)
		}
	}
	return &Book{records: rs}, nil
}

// Write writes the book in Polyglot format: 16 bytes per record, big-endian.
func (bk *Book) Write(w io.Writer) error {
	buf := make([]byte, RecordSize*len(bk.records))
	for i, r := range bk.records {
		p := buf[i*RecordSize:]
		binary.BigEndian.PutUint64(p[0:8], r.Key)
		binary.BigEndian.PutUint16(p[8:10], r.Move)
		binary.BigEndian.PutUint16(p[10:12], r.Weight)
		binary.BigEndian.PutUint32(p[12:16], r.Learn)
	}
	_, err := io.Copy(w, bytes.NewReader(buf))
	return err
}

// Records returns all records in file order.
func (bk *Book) Records() []Record { return append([]Record(nil), bk.records...) }

// Len returns the number of records.
func (bk *Book) Len() int { return len(bk.records) }

// Positions returns the number of distinct keys (positions) in the book.
func (bk *Book) Positions() int {
	n := 0
	for i, r := range bk.records {
		if i == 0 || r.Key != bk.records[i-1].Key {
			n++
		}
	}
	return n
}

// Lookup returns the records stored under key, in file order.
func (bk *Book) Lookup(key uint64) []Record {
	i := sort.Search(len(bk.records), func(i int) bool { return bk.records[i].Key >= key })
	j := i
	for j < len(bk.records) && bk.records[j].Key == key {
		j++
	}
	return bk.records[i:j]
}

// Entry is a book move of a position.
type Entry struct {
	Move   board.Move
	UCI    string // e.g. "e1g1" (the board's notation, not the stored e1h1)
	SAN    string // e.g. "O-O"
	Weight uint16
	Learn  uint32
}

// Entries returns the book moves of b's position, highest weight first
// (ties in file order). Only legal moves are returned: a record whose move
// is not legal here (a corrupt record or a key collision) is skipped. A
// move stored twice is listed once, with the weights added (capped at
// 65535).
func (bk *Book) Entries(b *board.Board) []Entry { return bk.entries(b, true) }

// entries is Entries, with SAN only when withSAN: SAN goes through
// notnil/chess and costs far more than the lookup, and Pick and Best
// do not need it.
func (bk *Book) entries(b *board.Board, withSAN bool) []Entry {
	recs := bk.Lookup(Key(b))
	var out []Entry
	index := map[board.Move]int{}
	for _, r := range recs {
		m, ok := DecodeMove(b, r.Move)
		if !ok {
			continue
		}
		if i, dup := index[m]; dup {
			out[i].Weight = uint16(min(int(out[i].Weight)+int(r.Weight), 65535))
			continue
		}
		index[m] = len(out)
		e := Entry{Move: m, UCI: m.String(), Weight: r.Weight, Learn: r.Learn}
		if withSAN {
			e.SAN = b.SAN(m)
		}
		out = append(out, e)
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].Weight > out[j].Weight })
	return out
}

// Pick chooses a book move for b at random, each move with probability
// proportional to its weight (moves of weight 0 are never chosen). With a
// seeded rng the choice is reproducible. It reports false when the
// position has no playable book move.
func (bk *Book) Pick(b *board.Board, rng *rand.Rand) (board.Move, bool) {
	entries := bk.entries(b, false)
	total := 0
	for _, e := range entries {
		total += int(e.Weight)
	}
	if total == 0 {
		return board.NoMove, false
	}
	n := rng.IntN(total)
	for _, e := range entries {
		if n < int(e.Weight) {
			return e.Move, true
		}
		n -= int(e.Weight)
	}
	return board.NoMove, false // not reached
}

// Best returns the book move of b with the highest weight (the first in
// file order on a tie), or false when the position has no book move of
// positive weight.
func (bk *Book) Best(b *board.Board) (board.Move, bool) {
	entries := bk.entries(b, false)
	if len(entries) == 0 || entries[0].Weight == 0 {
		return board.NoMove, false
	}
	return entries[0].Move, true
}

// TotalWeight is the sum of the entries' weights.
func TotalWeight(entries []Entry) int {
	total := 0
	for _, en := range entries {
		total += int(en.Weight)
	}
	return total
}

// Percent is e's share of total weight in percent: the chance that a
// player picking among the entries at random by weight plays it (0 when
// total is 0).
func (e Entry) Percent(total int) float64 {
	if total <= 0 {
		return 0
	}
	return 100 * float64(e.Weight) / float64(total)
}

// Listing is what a book knows of one position: its key, its moves (most
// played first, as Entries gives them) and their total weight.
type Listing struct {
	Key     uint64
	Entries []Entry
	Total   int
}

// List returns what bk knows of the position b.
func (bk *Book) List(b *board.Board) Listing {
	entries := bk.Entries(b)
	return Listing{Key: Key(b), Entries: entries, Total: TotalWeight(entries)}
}

// Summary says how many moves the listing has and their total weight, or
// that the position is not in the book.
func (l Listing) Summary() string {
	if len(l.Entries) == 0 {
		return "no book moves for this position: it is not in the book"
	}
	return fmt.Sprintf("%d moves, total weight %s", len(l.Entries), textfmt.Thousands(l.Total))
}
