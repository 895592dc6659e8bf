//go:build !js

package positions

import _ "embed"

//go:embed data/grandswiss2019_master_games.pgn
var masterGamesPGN []byte

func masterGames() ([]byte, error) { return masterGamesPGN, nil }
