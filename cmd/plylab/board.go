package main

import "github.com/plylab/plylab/cmd/internal/boardtext"

// The board drawing lives in cmd/internal/boardtext; these names are
// what the commands (positions show, play) call it by.
const (
	sgrLightSquare = boardtext.LightSquare
	sgrDarkSquare  = boardtext.DarkSquare
)

var drawBoard = boardtext.Draw
