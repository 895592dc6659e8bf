package play

import (
	"io"

	"github.com/plylab/plylab/engine/app/game"
	"github.com/plylab/plylab/engine/board"
	"github.com/plylab/plylab/engine/kit/param"
	"github.com/plylab/plylab/engine/kit/pgn"
)

// Loaded is a saved game to continue.
type Loaded struct {
	From     string     // the file it came from, for messages
	StartFEN string     // its first position
	Moves    []string   // its moves in UCI notation
	Tags     []game.Tag // its PGN tags
}

// ReadGame reads the first game of PGN text; path names the file in
// errors, which are one line, package param's (the parameter Load).
func ReadGame(r io.Reader, path string) (*Loaded, error) {
	sc := pgn.NewScanner(r)
	if !sc.Scan() {
		if err := sc.Err(); err != nil {
			return nil, param.Errorf("{Load}: %s is not a readable PGN game: %v", path, err)
		}
		return nil, param.Errorf("{Load}: no game found in %s; a PGN game starts with tag lines such as [Event \"...\"]", path)
	}
	g := sc.Next()
	l := &Loaded{From: path, StartFEN: g.Positions()[0].String()}
	if _, err := board.FromFEN(l.StartFEN); err != nil {
		return nil, param.Errorf("{Load}: %s starts from a position plylab cannot play: %v", path, err)
	}
	for _, m := range g.Moves() {
		l.Moves = append(l.Moves, m.String())
	}
	for _, tp := range g.TagPairs() {
		l.Tags = append(l.Tags, game.Tag{Name: tp.Key, Value: tp.Value})
	}
	return l, nil
}
