//go:build js

package positions

import "errors"

// The WebAssembly build of a class site does not carry the master games
// (a tenth of its download, for the tuner's cells alone): the site serves
// them beside the engine, and MasterGames reads them through
// MasterGamesFile.

// MasterGamesFile returns the master games' PGN; the WebAssembly build's
// main sets it (it fetches the site's copy). It may block.
var MasterGamesFile func() ([]byte, error)

func masterGames() ([]byte, error) {
	if MasterGamesFile == nil {
		return nil, errors.New("this build has no master games and no source for them")
	}
	return MasterGamesFile()
}
