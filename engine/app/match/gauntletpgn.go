package match

import (
	"bufio"
	_ "embed"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
)

// A gauntlet's results are its PGN files: the table is rebuilt from them
// without replaying a game. Only the tags are read (White, Black, Result,
// TimeControl, Termination, Date); a game counts for plylab against the
// list's engine that plays the other side, recognized by name. Games of
// the Stockfish UCI_Elo ladder (a player named with UCI_Elo=N) count on
// Stockfish's scale, anchored at N.

// GauntletTally is plylab's results against one opponent at one time
// control.
type GauntletTally struct {
	// Engine is the gauntlet list's key of the opponent; "" for a rung of
	// the Stockfish ladder, whose UCIElo is then set.
	Engine string `json:"engine,omitempty"`
	UCIElo int    `json:"uci_elo,omitempty"`
	// Opponent and Player are the opponent's and plylab's names in the
	// games (the first seen).
	Opponent string `json:"opponent"`
	Player   string `json:"player"`
	TC       string `json:"tc"` // the PGN TimeControl tag, e.g. "10+0.1"
	Wins     int    `json:"wins"`
	Draws    int    `json:"draws"`
	Losses   int    `json:"losses"`
	// Forfeits are plylab's games lost on time, OpponentForfeits the
	// opponent's; Faults are games ended by an illegal move or a player
	// that failed (crashed, sent no move), either side.
	Forfeits         int    `json:"plylab_forfeits"`
	OpponentForfeits int    `json:"opponent_forfeits"`
	Faults           int    `json:"faults"`
	First            string `json:"first_date,omitempty"` // the games' first and last Date tags
	Last             string `json:"last_date,omitempty"`
	// The moves each side searched (those whose PGN comment gives a depth
	// and a time, as plylab's matches write them: {+0.35/8 0.120s}), and
	// their depths and milliseconds summed.
	PlylabMoves    int `json:"plylab_moves,omitempty"`
	PlylabDepths   int `json:"plylab_depth_sum,omitempty"`
	PlylabMillis   int `json:"plylab_ms,omitempty"`
	OpponentMoves  int `json:"opponent_moves,omitempty"`
	OpponentDepths int `json:"opponent_depth_sum,omitempty"`
	OpponentMillis int `json:"opponent_ms,omitempty"`
}

// MeanDepth is each side's mean depth a searched move, plylab's first
// (NaN without moves).
func (t GauntletTally) MeanDepth() (plylab, opponent float64) {
	return ratio(float64(t.PlylabDepths), t.PlylabMoves), ratio(float64(t.OpponentDepths), t.OpponentMoves)
}

// MeanSeconds is each side's mean time a searched move, plylab's first
// (NaN without moves).
func (t GauntletTally) MeanSeconds() (plylab, opponent float64) {
	return ratio(float64(t.PlylabMillis)/1000, t.PlylabMoves), ratio(float64(t.OpponentMillis)/1000, t.OpponentMoves)
}

func ratio(sum float64, n int) float64 {
	if n == 0 {
		return math.NaN()
	}
	return sum / float64(n)
}

// WDL is the tally as plylab's wins, draws and losses.
func (t GauntletTally) WDL() WDL { return WDL{W: t.Wins, D: t.Draws, L: t.Losses} }

// GauntletResults is a gauntlet's results: the tallies and what made
// them.
type GauntletResults struct {
	Build    string          `json:"build,omitempty"`    // plylab's version and bench signature
	Machine  string          `json:"machine,omitempty"`  // where the games were played
	Openings string          `json:"openings,omitempty"` // which openings
	Command  string          `json:"command,omitempty"`  // the command that plays the games
	Rebuild  string          `json:"rebuild,omitempty"`  // the command that rebuilds the table from the PGN files
	Tallies  []GauntletTally `json:"tallies"`
	// Files and Games count what was read; Skipped the games not between
	// plylab and a known opponent, or unfinished.
	Files   int `json:"files,omitempty"`
	Games   int `json:"games,omitempty"`
	Skipped int `json:"skipped,omitempty"`
}

//go:embed gauntlet.json
var storedGauntlet []byte

// StoredGauntlet is the results stored in the repository
// (engine/app/match/gauntlet.json): the tallies of the PGN files of the
// gauntlet docs/strength.md reports, which are not in the repository.
func StoredGauntlet() (*GauntletResults, error) {
	var r GauntletResults
	if err := json.Unmarshal(storedGauntlet, &r); err != nil {
		return nil, fmt.Errorf("match: gauntlet.json: %w", err)
	}
	return &r, nil
}

// pgnGame is the tags of one game, and its movetext under movetextKey.
type pgnGame map[string]string

// movetextKey holds a game's movetext in a pgnGame (no tag has this name).
const movetextKey = " movetext"

// readPGNTags reads the tags of every game in r.
func readPGNTags(r io.Reader) ([]pgnGame, error) {
	var games []pgnGame
	var cur pgnGame
	inMoves := false
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64*1024), 4<<20)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if strings.HasPrefix(line, "[") && strings.HasSuffix(line, "]") {
			if cur == nil || inMoves {
				cur = pgnGame{}
				games = append(games, cur)
				inMoves = false
			}
			name, value, ok := strings.Cut(line[1:len(line)-1], " ")
			if ok {
				if v, err := strconv.Unquote(strings.TrimSpace(value)); err == nil {
					value = v
				} else {
					value = strings.Trim(strings.TrimSpace(value), `"`)
				}
				cur[name] = value
			}
			continue
		}
		if line != "" && cur != nil {
			inMoves = true
			cur[movetextKey] += line + " "
		}
	}
	return games, sc.Err()
}

// uciEloPlayer finds a Stockfish ladder rung in a player's name.
var uciEloPlayer = regexp.MustCompile(`(?i)^stockfish\b.*\bUCI_Elo=(\d+)`)

// ReadGauntletPGN reads the tallies of every .pgn file in dir (not its
// subfolders) against the engines of list and the Stockfish ladder.
func ReadGauntletPGN(dir string, list []GauntletEngine) (*GauntletResults, error) {
	paths, err := filepath.Glob(filepath.Join(dir, "*.pgn"))
	if err != nil {
		return nil, err
	}
	if _, err := os.Stat(dir); err != nil {
		return nil, err
	}
	slices.Sort(paths)
	res := &GauntletResults{}
	index := map[string]int{}
	for _, p := range paths {
		f, err := os.Open(p)
		if err != nil {
			return nil, err
		}
		games, err := readPGNTags(f)
		f.Close()
		if err != nil {
			return nil, fmt.Errorf("%s: %w", p, err)
		}
		res.Files++
		for _, g := range games {
			res.Games++
			if !tallyGame(res, index, g, list) {
				res.Skipped++
			}
		}
	}
	return res, nil
}

// opponentOf finds which side of g a known opponent plays: the engine's
// key or the UCI_Elo rung, its colour (true for White), and whether one
// was found (exactly one side).
func opponentOf(g pgnGame, list []GauntletEngine) (key string, elo int, white, ok bool) {
	find := func(name string) (string, int, bool) {
		for _, e := range list {
			if e.Plays(name) {
				return e.Key, 0, true
			}
		}
		if m := uciEloPlayer.FindStringSubmatch(name); m != nil {
			n, _ := strconv.Atoi(m[1])
			return "", n, true
		}
		return "", 0, false
	}
	wk, we, wok := find(g["White"])
	bk, be, bok := find(g["Black"])
	switch {
	case wok && !bok:
		return wk, we, true, true
	case bok && !wok:
		return bk, be, false, true
	}
	return "", 0, false, false
}

// tallyGame adds g to res; false when it is not a finished game of
// plylab against a known opponent.
func tallyGame(res *GauntletResults, index map[string]int, g pgnGame, list []GauntletEngine) bool {
	key, elo, oppWhite, ok := opponentOf(g, list)
	result := g["Result"]
	if !ok || (result != "1-0" && result != "0-1" && result != "1/2-1/2") {
		return false
	}
	opponent, player := g["White"], g["Black"]
	if !oppWhite {
		opponent, player = player, opponent
	}
	tc := g["TimeControl"]
	id := fmt.Sprintf("%s|%d|%s", key, elo, tc)
	i, seen := index[id]
	if !seen {
		i = len(res.Tallies)
		index[id] = i
		res.Tallies = append(res.Tallies, GauntletTally{Engine: key, UCIElo: elo, Opponent: opponent, Player: player, TC: tc})
	}
	t := &res.Tallies[i]
	whiteWon := result == "1-0"
	plylabWon := (result == "1-0" && !oppWhite) || (result == "0-1" && oppWhite)
	switch {
	case result == "1/2-1/2":
		t.Draws++
	case plylabWon:
		t.Wins++
	default:
		t.Losses++
	}
	switch g["Termination"] {
	case "time forfeit":
		if result != "1/2-1/2" {
			loserWhite := !whiteWon
			if loserWhite == oppWhite {
				t.OpponentForfeits++
			} else {
				t.Forfeits++
			}
		}
	case "abandoned", "rules infraction":
		t.Faults++
	}
	searched(t, g, oppWhite)
	if d := g["Date"]; d != "" && d != "????.??.??" {
		d = strings.ReplaceAll(d, ".", "-")
		if t.First == "" || d < t.First {
			t.First = d
		}
		if d > t.Last {
			t.Last = d
		}
	}
	return true
}

// moveComment is a searched move's comment as plylab's matches write it:
// an optional score and depth, then the time ("+0.35/8 0.120s",
// "-M3/12 0.050s", "0.010s").
var moveComment = regexp.MustCompile(`^(?:[+-](?:\d+\.\d+|M\d+)/(\d+) )?(\d+(?:\.\d+)?)s$`)

// searched adds the depths and times of g's searched moves to t: the
// i-th comment of the movetext is the i-th move's (a comment each, as
// plylab writes them), and the side to move alternates from the start
// position's.
func searched(t *GauntletTally, g pgnGame, oppWhite bool) {
	text := g[movetextKey]
	if text == "" {
		return
	}
	whiteFirst := true
	if f := strings.Fields(g["FEN"]); len(f) > 1 && f[1] == "b" {
		whiteFirst = false
	}
	for i, c := range commentRe.FindAllStringSubmatch(text, -1) {
		m := moveComment.FindStringSubmatch(strings.Join(strings.Fields(c[1]), " "))
		if m == nil || m[1] == "" {
			continue // a book move, the game's end, or no depth given
		}
		depth, _ := strconv.Atoi(m[1])
		secs, _ := strconv.ParseFloat(m[2], 64)
		ms := int(math.Round(secs * 1000))
		white := (i%2 == 0) == whiteFirst
		if white == oppWhite {
			t.OpponentMoves++
			t.OpponentDepths += depth
			t.OpponentMillis += ms
		} else {
			t.PlylabMoves++
			t.PlylabDepths += depth
			t.PlylabMillis += ms
		}
	}
}

// commentRe finds the brace comments of a movetext.
var commentRe = regexp.MustCompile(`\{([^}]*)\}`)
