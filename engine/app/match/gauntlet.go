package match

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"github.com/plylab/plylab/engine/kit/param"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/plylab/plylab/engine"
	"github.com/plylab/plylab/engine/app/extengine"
)

// A gauntlet: plylab's engine against each of a list of external engines
// whose ratings are published, one match each, every game written to a
// PGN file per engine and time control; the rating is then fitted to the
// games (FitRating) with the opponents' published ratings held fixed.

// The protocols of GauntletEngine.Protocol.
const (
	ProtocolUCI  = "uci"
	ProtocolCECP = "cecp"
)

// PublishedRating is an engine's rating on a public rating list, with
// where it was read. Elo 0 means that no figure was found: the engine is
// played and reported but is no anchor of the fit.
type PublishedRating struct {
	Elo   float64 `json:"elo"`
	List  string  `json:"list"`  // e.g. "CCRL 40/15"
	Entry string  `json:"entry"` // the list's entry the figure belongs to
	Date  string  `json:"date"`  // the list's date, "" when the source gives none
	// Source is where the figure was read; Note says how the entry differs
	// from the engine played (another version, another list).
	Source string `json:"source"`
	Note   string `json:"note,omitempty"`
}

// Anchored reports whether the rating is a figure.
func (r PublishedRating) Anchored() bool { return r.Elo > 0 }

// GauntletEngine is an external engine of a gauntlet.
type GauntletEngine struct {
	Key      string      `json:"key"`     // short name: PGN file names, --engines
	Name     string      `json:"name"`    // its name and version, as it announces itself
	Package  string      `json:"package"` // the Debian package that installs it
	Command  string      `json:"command"` // the executable (Find looks in PATH and /usr/games)
	Args     []string    `json:"args,omitempty"`
	Protocol string      `json:"protocol"` // ProtocolUCI or ProtocolCECP
	Options  []UCIOption `json:"options,omitempty"`
	// MemoryMB is a CECP engine's hash size ("memory N").
	MemoryMB int             `json:"memory_mb,omitempty"`
	Rating   PublishedRating `json:"rating"`
}

// Player is the engine's name in games: its Name and how it is set up,
// e.g. "Glaurung 2.2 (Threads=1, OwnBook=false, Ponder=false, Hash=16)",
// as `plylab match` names a UCI engine.
func (g GauntletEngine) Player() string {
	var parts []string
	for _, o := range g.Options {
		parts = append(parts, o.String())
	}
	if len(g.Args) > 0 {
		parts = append(parts, strings.Join(g.Args, " "))
	}
	if g.MemoryMB > 0 {
		parts = append(parts, fmt.Sprintf("memory=%d", g.MemoryMB))
	}
	if len(parts) == 0 {
		return g.Name
	}
	return g.Name + " (" + strings.Join(parts, ", ") + ")"
}

// Plays reports whether a player name in a game is this engine's: its
// Name alone or followed by its set-up in parentheses.
func (g GauntletEngine) Plays(player string) bool {
	return player == g.Name || strings.HasPrefix(player, g.Name+" (")
}

// Where the built-in list's published ratings come from.
const (
	haVocREADME   = "the haVoc engine's README and scripts/testing/README.md (github.com/mjglatzmaier/haVoc), quoting the CCRL list of 7 August 2026 with 1,396 games (±13) behind the entry"
	haVocPhalanx  = "the haVoc engine's scripts/testing/README.md (github.com/mjglatzmaier/haVoc), quoting CCRL 40/40 \"all engines\" with 887 games (±17) behind the entry; its README dates the list to 7 August 2026"
	surveyCCRL    = "docs/research/evaluation-path.md of github.com/danielgentile22/chess-engine, its reference [31]: the CCRL 40/15 list computed 2026-09-10 (www.computerchess.org.uk/ccrl/4040/), ±9"
	wikipediaGNU  = "Wikipedia, \"GNU Chess\" (section Features): \"rated at 2661 Elo points on CCRL's 40-moves-in-2-minutes list\""
	notFoundTitle = "no published figure found"
)

// BuiltinGauntlet is the built-in list: the UCI and CECP engines Debian
// packages that bracket plylab, set up as the gauntlet plays them (one
// thread, no own book, no pondering, 16 MB of hash as plylab has), with
// the published ratings found for them. See docs/strength.md for how the
// figures were found and what each one's caveat means.
func BuiltinGauntlet() []GauntletEngine {
	opt := func(kv ...string) []UCIOption {
		var out []UCIOption
		for i := 0; i+1 < len(kv); i += 2 {
			out = append(out, UCIOption{Name: kv[i], Value: kv[i+1]})
		}
		return out
	}
	return []GauntletEngine{
		{Key: "ethereal", Name: "Ethereal 12.00", Package: "ethereal-chess", Command: "ethereal-chess", Protocol: ProtocolUCI,
			Options: opt("Threads", "1", "Hash", "16"),
			Rating: PublishedRating{Elo: 3377, List: "CCRL 40/15", Entry: "Ethereal 12.75", Date: "2026-09-10", Source: surveyCCRL,
				Note: "no figure for 12.00 was found; 12.75 is its successor (October 2020), the last Ethereal without a network, and should rate higher than 12.00"}},
		{Key: "toga2", Name: "Toga II 3.0", Package: "toga2", Command: "toga2", Protocol: ProtocolUCI,
			Options: opt("OwnBook", "false", "Hash", "16"),
			Rating:  PublishedRating{List: "-", Entry: "-", Source: notFoundTitle, Note: "no published rating of Toga II 3.0 was found in the sources searched: played, reported, not an anchor"}},
		{Key: "glaurung", Name: "Glaurung 2.2", Package: "glaurung", Command: "glaurung", Protocol: ProtocolUCI,
			Options: opt("Threads", "1", "OwnBook", "false", "Ponder", "false", "Hash", "16"),
			Rating:  PublishedRating{Elo: 2793, List: "CCRL 40/15", Entry: "Glaurung 2.2 64-bit", Date: "2026-08-07", Source: haVocREADME}},
		{Key: "gnuchess", Name: "GNU Chess 6.2.7", Package: "gnuchess", Command: "gnuchess", Args: []string{"--uci"}, Protocol: ProtocolUCI,
			Options: opt("OwnBook", "false", "Hash", "16"),
			Rating: PublishedRating{Elo: 2661, List: "CCRL 40/2", Entry: "GNU Chess 6.2.5", Source: wikipediaGNU,
				Note: "6.2.5, not 6.2.7 (two releases later), on CCRL's 40 moves in 2 minutes list, not 40/15; the article gives no date"}},
		{Key: "phalanx", Name: "Phalanx XXV", Package: "phalanx", Command: "phalanx", Args: []string{"-l", "-", "-b", "-"}, Protocol: ProtocolCECP,
			MemoryMB: 16,
			Rating: PublishedRating{Elo: 2521, List: "CCRL 40/15", Entry: "Phalanx XXIV", Date: "2026-08-07", Source: haVocPhalanx,
				Note: "no figure for XXV was found; XXIV is its predecessor (December 2014; XXV May 2016)"}},
	}
}

// ErrUnknownEngine is SelectGauntlet's error for a key not in the list.
var ErrUnknownEngine = errors.New("no such engine in the gauntlet list")

// SelectGauntlet returns the engines of list named by keys, in the order
// given; no keys means the whole list.
func SelectGauntlet(list []GauntletEngine, keys []string) ([]GauntletEngine, error) {
	if len(keys) == 0 {
		return list, nil
	}
	var out []GauntletEngine
	for _, k := range keys {
		i := slices.IndexFunc(list, func(g GauntletEngine) bool { return strings.EqualFold(g.Key, k) })
		if i < 0 {
			var names []string
			for _, g := range list {
				names = append(names, g.Key)
			}
			return nil, fmt.Errorf("%w: %q (the list has %s)", ErrUnknownEngine, k, strings.Join(names, ", "))
		}
		out = append(out, list[i])
	}
	return out, nil
}

// ReadGauntletFile reads a gauntlet list: a JSON array of engines in
// GauntletEngine's fields (key, name, command, args, protocol "uci" or
// "cecp", options as [{"Name": ..., "Value": ...}], memory_mb, rating
// with elo, list, entry, date, source and note). Every engine needs a
// key, a name and a command, keys are unique, and the protocol is uci
// (the default) or cecp.
func ReadGauntletFile(r io.Reader) ([]GauntletEngine, error) {
	var list []GauntletEngine
	dec := json.NewDecoder(r)
	dec.DisallowUnknownFields()
	if err := dec.Decode(&list); err != nil {
		return nil, fmt.Errorf("not a JSON list of engines: %w", err)
	}
	if len(list) == 0 {
		return nil, errors.New("the list has no engine")
	}
	seen := map[string]bool{}
	for i := range list {
		g := &list[i]
		if g.Protocol == "" {
			g.Protocol = ProtocolUCI
		}
		switch {
		case g.Key == "" || g.Name == "" || g.Command == "":
			return nil, fmt.Errorf("engine %d: key, name and command are required", i+1)
		case g.Protocol != ProtocolUCI && g.Protocol != ProtocolCECP:
			return nil, fmt.Errorf("engine %s: protocol %q is not uci or cecp", g.Key, g.Protocol)
		case seen[strings.ToLower(g.Key)]:
			return nil, fmt.Errorf("engine %s: the key is used twice", g.Key)
		case g.Rating.Elo < 0:
			return nil, fmt.Errorf("engine %s: rating %v is negative", g.Key, g.Rating.Elo)
		}
		seen[strings.ToLower(g.Key)] = true
	}
	return list, nil
}

// IdentityError is the error for an engine that announces another name
// than the list gives it: its published rating would not be its own.
type IdentityError struct {
	Key, Want, Got string
}

// Error says which engine and what it announced.
func (e *IdentityError) Error() string {
	return fmt.Sprintf("engine %s announces itself as %q, not %q; its published rating is for %s", e.Key, e.Got, e.Want, e.Want)
}

// Entrant is the engine under limit: each worker starts its own process,
// checked to announce itself by the engine's Name. A missing executable
// is an error here, before any game.
func (g GauntletEngine) Entrant(limit Limit) (Entrant, error) {
	path, err := extengine.Find(g.Command)
	if err != nil {
		return Entrant{}, fmt.Errorf("engine %s: %w (install it with 'apt-get install %s')", g.Key, err, g.Package)
	}
	check := func(p Player, id string) (Player, error) {
		if !strings.EqualFold(strings.TrimSpace(id), g.Name) {
			p.Close()
			return nil, &IdentityError{Key: g.Key, Want: g.Name, Got: id}
		}
		return p, nil
	}
	if g.Protocol == ProtocolCECP {
		cfg := CECPConfig{Path: path, Args: g.Args, Options: g.Options, MemoryMB: g.MemoryMB, Name: g.Player()}
		return Entrant{New: func(ctx context.Context) (Player, error) {
			p, err := StartCECP(ctx, cfg)
			if err != nil {
				return nil, err
			}
			return check(p, p.e.Feature("myname"))
		}, Limit: limit}, nil
	}
	cfg := UCIConfig{Path: path, Args: g.Args, Options: g.Options, Name: g.Player()}
	return Entrant{New: func(ctx context.Context) (Player, error) {
		p, err := StartUCI(ctx, cfg)
		if err != nil {
			return nil, err
		}
		return check(p, p.e.ID())
	}, Limit: limit}, nil
}

// Gauntlet is a gauntlet to play: plylab's engine against each engine in
// turn.
type Gauntlet struct {
	Engines []GauntletEngine
	Games   int            // games against each engine, 1 to MaxGames
	Engine  engine.Options // plylab's engine
	Limit   Limit          // both players' limit (a clock)
	// Openings, Seed, TimeMargin and Workers are as in Setup.
	Openings   OpeningSource
	Seed       uint64
	TimeMargin time.Duration
	Workers    int
	// Dir is the folder of the PGN files, one per engine and time
	// control: KEY-TC.pgn, e.g. glaurung-10+0.1.pgn.
	Dir string
}

// PGNFile is the file g writes the games against e to.
func (g *Gauntlet) PGNFile(e GauntletEngine) string {
	return filepath.Join(g.Dir, e.Key+"-"+limitFileName(g.Limit)+".pgn")
}

// limitFileName is l as part of a file name: the clock ("10+0.1",
// "40per60"), or the limit without spaces ("depth2").
func limitFileName(l Limit) string {
	s := l.PGN()
	if l.Clock == nil {
		s = l.String()
	}
	return strings.NewReplacer("/", "per", " ", "", ",", "_").Replace(s)
}

// ErrPGNExists is the error for a gauntlet whose PGN file is already
// there: the games in it would be lost.
var ErrPGNExists = errors.New("the PGN file exists")

// GauntletMatch is the result of one match of a gauntlet.
type GauntletMatch struct {
	Engine GauntletEngine
	Result *Result
	PGN    string
}

// Check checks the gauntlet before any game: the numbers' ranges, the
// limit (a CECP engine takes no node limit: extengine.ErrUnsupported),
// every engine's executable and that no PGN file would be overwritten.
func (g *Gauntlet) Check() error {
	if g.Games < 1 || g.Games > MaxGames {
		return &param.RangeError{Param: "Games", Got: int64(g.Games), Min: 1, Max: MaxGames}
	}
	if g.Workers < 1 || g.Workers > MaxWorkers {
		return &param.RangeError{Param: "Workers", Got: int64(g.Workers), Min: 1, Max: MaxWorkers}
	}
	if g.Limit.IsZero() {
		return errors.New("a gauntlet needs a limit (a clock such as 10+0.1)")
	}
	if len(g.Engines) == 0 {
		return errors.New("a gauntlet needs at least one engine")
	}
	for _, e := range g.Engines {
		if e.Protocol == ProtocolCECP && g.Limit.Nodes > 0 {
			return fmt.Errorf("engine %s speaks CECP, which has no node limit: %w; give it a clock or a depth", e.Key, extengine.ErrUnsupported)
		}
		if _, err := e.Entrant(g.Limit); err != nil {
			return err
		}
		if _, err := os.Stat(g.PGNFile(e)); err == nil {
			return fmt.Errorf("%w: %s", ErrPGNExists, g.PGNFile(e))
		}
	}
	return nil
}

// Run plays the gauntlet, engine after engine, each match's games
// written to its PGN file as they finish and reported to onGame (if not
// nil). When ctx ends it returns the matches so far, the last one
// Interrupted. An engine that cannot be started ends the gauntlet with
// its error.
func (g *Gauntlet) Run(ctx context.Context, onGame func(e GauntletEngine, game *Game, r *Result)) ([]GauntletMatch, error) {
	if err := g.Check(); err != nil {
		return nil, err
	}
	if err := os.MkdirAll(g.Dir, 0o755); err != nil {
		return nil, err
	}
	var out []GauntletMatch
	for _, e := range g.Engines {
		openings, err := g.Openings.Open(g.Seed)
		if err != nil {
			return out, err
		}
		opp, err := e.Entrant(g.Limit)
		if err != nil {
			return out, err
		}
		p := &Plan{
			EngineName:   fmt.Sprintf("plylab %s (%s)", g.Engine.Name, g.Limit),
			OpponentName: fmt.Sprintf("%s (%s)", e.Player(), g.Limit),
			Openings:     openings.Describe(),
			PGNPath:      g.PGNFile(e),
		}
		p.Config = Config{Engine: EngineEntrant("", g.Engine, g.Limit), Opponent: opp, Games: g.Games, Openings: openings,
			Workers: g.Workers, Seed: g.Seed, TimeMargin: g.TimeMargin,
			Event: "plylab gauntlet: " + p.EngineName + " vs " + p.OpponentName}
		res, err := p.Run(ctx, func(game *Game, r *Result) {
			if onGame != nil {
				onGame(e, game, r)
			}
		})
		if res != nil {
			out = append(out, GauntletMatch{Engine: e, Result: res, PGN: p.PGNPath})
		}
		if err != nil {
			return out, err
		}
		if res.Interrupted {
			return out, nil
		}
	}
	return out, nil
}
