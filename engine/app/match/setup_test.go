package match

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/plylab/plylab/engine"
	"github.com/plylab/plylab/engine/eval"
)

func TestParseSPRT(t *testing.T) {
	tests := []struct {
		in   string
		want SPRT
		err  error
	}{
		{"0,10", SPRT{Elo0: 0, Elo1: 10}, nil},
		{" -5 , 2.5 ", SPRT{Elo0: -5, Elo1: 2.5}, nil},
		{"10", SPRT{}, ErrSPRTForm},
		{"a,b", SPRT{}, ErrSPRTForm},
		{"0,Inf", SPRT{}, ErrSPRTForm},
		{"NaN,1", SPRT{}, ErrSPRTForm},
		{"10,0", SPRT{}, ErrSPRTOrder},
		{"5,5", SPRT{}, ErrSPRTOrder},
	}
	for _, tt := range tests {
		got, err := ParseSPRT(tt.in)
		if got != tt.want || !errors.Is(err, tt.err) || (tt.err == nil) != (err == nil) {
			t.Errorf("ParseSPRT(%q) = %+v, %v; want %+v, %v", tt.in, got, err, tt.want, tt.err)
		}
	}
}

func TestUCIConfigDescribe(t *testing.T) {
	tests := []struct {
		cfg  UCIConfig
		want string
	}{
		{UCIConfig{Path: "/usr/games/stockfish"}, "stockfish"},
		{UCIConfig{Path: "/usr/games/stockfish", Options: []UCIOption{{Name: "UCI_Elo", Value: "1500"}, {Name: "Skill Level", Value: "5"}}}, "stockfish UCI_Elo=1500 Skill Level=5"},
	}
	for _, tt := range tests {
		if got := tt.cfg.Describe(); got != tt.want {
			t.Errorf("Describe() = %q, want %q", got, tt.want)
		}
	}
}

func TestFindUCIEngine(t *testing.T) {
	dir := t.TempDir()
	exe := filepath.Join(dir, "engine")
	if err := os.WriteFile(exe, []byte("#!/bin/sh\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	if got, err := FindUCIEngine(exe); err != nil || got != exe {
		t.Errorf("FindUCIEngine(%q) = %q, %v; want the path itself", exe, got, err)
	}
	if _, err := FindUCIEngine(filepath.Join(dir, "missing")); err == nil {
		t.Errorf("FindUCIEngine of a missing file: no error")
	}
	if _, err := FindUCIEngine("plylab-no-such-engine"); err == nil {
		t.Errorf("FindUCIEngine of an unknown name: no error")
	}
}

func TestReadOpenings(t *testing.T) {
	const epd = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1\n"
	const pgn = "[Event \"x\"]\n\n1. d4 d5 2. c4 e6 1-0\n"
	tests := []struct {
		name, text string
		plies      int
		want       string // the first opening: its start FEN and moves
	}{
		{"a.epd", epd, 0, "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1 []"},
		{"a.PGN", pgn, 2, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 [d2d4 d7d5]"},
	}
	for _, tt := range tests {
		l, err := ReadOpenings(strings.NewReader(tt.text), tt.name, tt.plies)
		if err != nil {
			t.Fatalf("ReadOpenings(%s): %v", tt.name, err)
		}
		o, err := l.Opening(0)
		if err != nil {
			t.Fatal(err)
		}
		if got := fmt.Sprint(o.StartFEN(), " ", o.Moves); got != tt.want {
			t.Errorf("ReadOpenings(%s): start %q, want %q", tt.name, got, tt.want)
		}
	}
	if _, err := ReadOpenings(strings.NewReader(pgn), "a.epd", 2); err == nil {
		t.Errorf("a PGN read as EPD: no error")
	}
}

func TestEntrants(t *testing.T) {
	lim := Limit{Depth: 3}
	r := RandomEntrant(lim)
	if p, err := r.New(context.Background()); err != nil || r.Limit != lim {
		t.Errorf("RandomEntrant: %v, limit %v", err, r.Limit)
	} else if _, ok := p.(*RandomPlayer); !ok {
		t.Errorf("RandomEntrant plays %T, want *RandomPlayer", p)
	}
	e := EngineEntrant("me", engine.AlphaBetaOptions(), lim)
	p, err := e.New(context.Background())
	if err != nil || e.Limit != lim {
		t.Fatalf("EngineEntrant: %v, limit %v", err, e.Limit)
	}
	if ep, ok := p.(*EnginePlayer); !ok || ep.Name() != "me" {
		t.Errorf("EngineEntrant plays %T named %q, want *EnginePlayer \"me\"", p, p.Name())
	}
	u := UCIEntrant(UCIConfig{Path: filepath.Join(t.TempDir(), "no-such-engine")}, lim)
	if _, err := u.New(context.Background()); err == nil || u.Limit != lim {
		t.Errorf("UCIEntrant of a missing engine: %v, limit %v; want an error", err, u.Limit)
	}
}

func TestOpponentEngine(t *testing.T) {
	eng := engine.EngineOptions()
	eng.TTSizeMB = 2
	opp, err := engine.ParseAlgo("engine-without-null")
	if err != nil {
		t.Fatal(err)
	}
	material := eval.Material
	tests := []struct {
		kind     *eval.Kind
		wantEval eval.Kind
		wantName string
	}{
		{nil, eng.Eval, "plylab engine-without-null"},
		{&material, eval.Material, "plylab engine-without-null (material)"},
	}
	for _, tt := range tests {
		o, name := OpponentEngine(opp, eng, tt.kind)
		if o.TTSizeMB != 2 || o.Eval != tt.wantEval || name != tt.wantName || o.Enabled("null") {
			t.Errorf("OpponentEngine(kind %v) = hash %d, eval %v, %q; want 2, %v, %q, null off", tt.kind, o.TTSizeMB, o.Eval, name, tt.wantEval, tt.wantName)
		}
	}
}
