package cliapp

import (
	"testing"

	"github.com/urfave/cli/v2"
)

func TestCommandLine(t *testing.T) {
	tests := []struct {
		args []string
		want string
	}{
		{nil, "plylab tune"},
		{[]string{"--epochs", "300", "--pgn", "a.pgn", "--pgn", "b.pgn", "-o", "w.go", "--format", "csv"}, "plylab tune --pgn a.pgn --pgn b.pgn --epochs 300"},
		{[]string{"--no-weights", "--rate", "0.5"}, "plylab tune --rate 0.5 --no-weights"},
		{[]string{"--no-weights=false", "--from", "zero"}, "plylab tune --from zero"},
	}
	for _, tt := range tests {
		var got string
		app := &cli.App{Name: "plylab", Commands: []*cli.Command{{
			Name: "tune",
			Flags: []cli.Flag{
				&cli.StringSliceFlag{Name: "pgn"},
				&cli.IntFlag{Name: "epochs", Value: 200},
				&cli.Float64Flag{Name: "rate", Value: 1},
				&cli.StringFlag{Name: "from", Value: "default"},
				&cli.StringFlag{Name: "output", Aliases: []string{"o"}},
				&cli.BoolFlag{Name: "no-weights"},
				&cli.StringFlag{Name: "format", Value: "table"},
			},
			Action: func(c *cli.Context) error { got = CommandLine(c, "output", "format"); return nil },
		}}}
		if err := app.Run(append([]string{"plylab", "tune"}, tt.args...)); err != nil {
			t.Fatal(err)
		}
		if got != tt.want {
			t.Errorf("%q: %q, want %q", tt.args, got, tt.want)
		}
	}
}
