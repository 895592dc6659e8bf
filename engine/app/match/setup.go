package match

import (
	"context"
	"errors"
	"fmt"
	"io"
	"math"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/plylab/plylab/engine"
	"github.com/plylab/plylab/engine/app/extengine"
	"github.com/plylab/plylab/engine/eval"
)

// Setting up a match from what a user typed: the SPRT's bounds, a UCI
// engine's path and name, an openings file.

// ErrSPRTForm is ParseSPRT's error for text that is not two numbers.
var ErrSPRTForm = errors.New("SPRT bounds are not ELO0,ELO1")

// ErrSPRTOrder is ParseSPRT's error for bounds in the wrong order.
var ErrSPRTOrder = errors.New("SPRT bound ELO0 is not less than ELO1")

// ParseSPRT reads the SPRT's Elo bounds "ELO0,ELO1", e.g. "0,10"; ELO0
// must be less than ELO1.
func ParseSPRT(s string) (SPRT, error) {
	a, b, ok := strings.Cut(s, ",")
	elo0, err0 := strconv.ParseFloat(strings.TrimSpace(a), 64)
	elo1, err1 := strconv.ParseFloat(strings.TrimSpace(b), 64)
	if !ok || err0 != nil || err1 != nil || math.IsNaN(elo0) || math.IsNaN(elo1) || math.IsInf(elo0, 0) || math.IsInf(elo1, 0) {
		return SPRT{}, fmt.Errorf("%w: %q", ErrSPRTForm, s)
	}
	if elo0 >= elo1 {
		return SPRT{}, fmt.Errorf("%w: %q", ErrSPRTOrder, s)
	}
	return SPRT{Elo0: elo0, Elo1: elo1}, nil
}

// FindUCIEngine returns the executable a UCI engine spec names: a path, or
// a name looked up in PATH and then in /usr/games, where Debian installs
// engines and which is not always in PATH (extengine.Find). The error is
// exec.LookPath's for spec.
func FindUCIEngine(spec string) (string, error) { return extengine.Find(spec) }

// ReadOpenings reads openings from r, a file called name: the first plies
// moves of each game when name ends in .pgn (any case), else EPD/FEN
// lines.
func ReadOpenings(r io.Reader, name string, plies int) (*List, error) {
	if strings.EqualFold(filepath.Ext(name), ".pgn") {
		return ReadPGN(r, name, plies)
	}
	return ReadEPD(r, name)
}

// RandomEntrant is a random mover under limit (which it ignores).
func RandomEntrant(limit Limit) Entrant {
	return Entrant{New: func(context.Context) (Player, error) { return NewRandom(0), nil }, Limit: limit}
}

// EngineEntrant is plylab's engine with opts, called name ("": the
// default name), under limit: a fresh player for each worker.
func EngineEntrant(name string, opts engine.Options, limit Limit) Entrant {
	return Entrant{New: func(context.Context) (Player, error) { return NewEngine(name, opts), nil }, Limit: limit}
}

// UCIEntrant is the external engine cfg under limit: each worker starts
// its own process.
func UCIEntrant(cfg UCIConfig, limit Limit) Entrant {
	return Entrant{New: func(ctx context.Context) (Player, error) { return StartUCI(ctx, cfg) }, Limit: limit}
}

// OpponentEngine derives a plylab opponent's options and name from its
// own options opp and the engine's eng: the opponent gets the engine's
// hash size, and its evaluation kind is evalKind when not nil. Its name
// says the evaluation when it differs from the engine's, e.g. "plylab
// engine-without-null (material)".
func OpponentEngine(opp, eng engine.Options, evalKind *eval.Kind) (engine.Options, string) {
	opp.TTSizeMB = eng.TTSizeMB
	if evalKind != nil {
		opp.Eval = *evalKind
	}
	name := "plylab " + opp.Name
	if opp.Eval != eng.Eval {
		name += " (" + opp.Eval.String() + ")"
	}
	return opp, name
}
