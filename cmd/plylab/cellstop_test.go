//go:build !js

package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"regexp"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/plylab/plylab/lessons/notebook"
	"github.com/plylab/plylab/lessons/sandbox"
)

// cpuTime is the CPU this process has used, user and system.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// expensiveCells are the most expensive commands a cell may run: every
// command of sandbox.Cells with the arguments that make it work longest
// (TestCellsStopOnTime checks that each allowed command is here). stops
// says whether it must meet the time limit of a second; the others end on
// their own well before it.
var expensiveCells = []struct {
	command string
	stops   bool
}{
	{"perft --fen 'rnb1kbnr/pppp1ppp/8/4p3/5P1q/8/PPPPP1PP/RNBQKBNR w KQkq - 1 3' --depth 9 --force", true},
	{"perft --position kiwipete --depth 7 --force --reference", true},
	{"perft --suite perft --depth 6 --force", true},
	{"bench --depth 64 --hash 64", true},
	{"compare --position kiwipete --depth 1-12 --algo minimax,alphabeta,engine --force", true},
	{"compare --suite wac --depth 1-8 --algo alphabeta --force", true},
	{"scores --position kiwipete --algo minimax --depth 8 --force --hash 64", true},
	{"search --position kiwipete --depth 64 --multipv 256 --hash 64 --stats", true},
	{"search --suite wac --depth 64", true},
	{"tune --epochs 100000 --squares --holdout 2", true},
	{"tree --position kiwipete --algo minimax --depth 12 --max-nodes 20000", true},
	{"tree --position kiwipete --algo alphabeta --depth 12 --max-nodes 20000 --side-by-side minimax", true},
	{"reproduce", true},
	{"eval --suite wac --id WAC.001 --eval classical", false},
	{"positions list", false},
	{"positions show --suite wac --id WAC.300", false},
	{"positions reference paper-mate2 zugzwang zugzwang-kp", false},
	{"techniques --elo", false},
	{"nnue show", false},
	{"play --levels", false},
	{"version", false},
}

// TestCellsStopOnTime runs every expensive cell under a time limit of one
// second: each must end within half a second of it, say how long it really
// ran, and leave nothing running (the CPU the process used while it ran
// and for a second after stays near one core's second).
func TestCellsStopOnTime(t *testing.T) {
	if testing.Short() {
		t.Skip("runs a dozen one-second cells; skipped with -short")
	}
	listed := map[string]bool{}
	for _, c := range expensiveCells {
		f := append(strings.Fields(c.command), "")
		listed[f[0]], listed[f[0]+" "+f[1]] = true, true
	}
	for _, c := range sandbox.Cells.Commands {
		if !listed[c.Path] {
			t.Errorf("a cell may run %q, which expensiveCells does not try", c.Path)
		}
	}
	_, ts, token := newNotebook(t, func(c *notebook.Config) {
		c.TimeLimit, c.NodeBudget, c.MaxConcurrent = time.Second, 1<<62, 1
	})
	for _, c := range expensiveCells {
		t.Run(strings.Fields(c.command)[0], func(t *testing.T) {
			cpu0, wall0 := cpuTime(), time.Now()
			_, r := apiRun(t, ts.Client(), ts.URL, token, "plylab "+c.command)
			wall := time.Since(wall0)
			time.Sleep(time.Second)
			cpu := cpuTime() - cpu0
			t.Logf("%v wall, %v CPU; %+v", wall.Round(time.Millisecond), cpu.Round(time.Millisecond), r.Error)
			switch {
			case !c.stops && r.Error != nil:
				t.Errorf("%s: %+v, want no error", c.command, r.Error)
			case c.stops && (r.Error == nil || r.Error.Code != "time_limit"):
				t.Errorf("%s: error %+v, want time_limit\n%s", c.command, r.Error, r.Output)
			case c.stops && !ranFor.MatchString(r.Error.Message):
				t.Errorf("%s: %q does not say how long the cell ran", c.command, r.Error.Message)
			}
			if wall > 1500*time.Millisecond {
				t.Errorf("%s ran %v, more than half a second past its limit of 1s", c.command, wall)
			}
			if cpu > 2500*time.Millisecond {
				t.Errorf("%s used %v of CPU by a second after its answer: something kept running", c.command, cpu)
			}
		})
	}
}

// ranFor is how a stopped cell's message says how long it ran.
var ranFor = regexp.MustCompile(`after [0-9.]+ ?(s|ms)\b`)

// TestCellsStopOnStopAndDisconnect: the slowest cells end within half a
// second of Stop and of a closed connection, and use no CPU after.
func TestCellsStopOnStopAndDisconnect(t *testing.T) {
	if testing.Short() {
		t.Skip("runs long cells and stops them; skipped with -short")
	}
	_, ts, token := newNotebook(t, func(c *notebook.Config) {
		c.TimeLimit, c.NodeBudget, c.MaxConcurrent = time.Minute, 1<<62, 1
	})
	for i, cmd := range []string{
		"perft --fen 'rnb1kbnr/pppp1ppp/8/4p3/5P1q/8/PPPPP1PP/RNBQKBNR w KQkq - 1 3' --depth 9 --force",
		"compare --position kiwipete --depth 1-12 --algo minimax --force",
		"tune --epochs 100000 --squares",
	} {
		for _, how := range []string{"stop", "disconnect"} {
			t.Run(how+"/"+strings.Fields(cmd)[0], func(t *testing.T) {
				id := fmt.Sprintf("stoptest-%d-%s", i, how)
				ctx, cancel := context.WithCancel(context.Background())
				defer cancel()
				body, _ := json.Marshal(map[string]string{"command": "plylab " + cmd, "id": id})
				req, _ := http.NewRequestWithContext(ctx, "POST", ts.URL+"/api/stream?token="+token, bytes.NewReader(body))
				resp, err := ts.Client().Do(req)
				if err != nil {
					t.Fatal(err)
				}
				defer resp.Body.Close()
				time.Sleep(400 * time.Millisecond)
				cpu0, wall0 := cpuTime(), time.Now()
				if how == "stop" {
					r := secPost(t, ts, token, "/api/stop", map[string]string{"id": id})
					if !strings.Contains(r.body, `"stopped":true`) {
						t.Fatalf("stop: %s", r.body)
					}
					evs := readStream(t, resp.Body)
					res, _ := evs[len(evs)-1]["result"].(map[string]any)
					e, _ := res["error"].(map[string]any)
					if msg, _ := e["message"].(string); e["code"] != "stopped" || !ranFor.MatchString(msg) {
						t.Errorf("after Stop: %v", e)
					}
					if wall := time.Since(wall0); wall > 500*time.Millisecond {
						t.Errorf("the cell answered %v after Stop", wall)
					}
				} else {
					cancel()
				}
				time.Sleep(time.Second)
				if cpu := cpuTime() - cpu0; cpu > 600*time.Millisecond {
					t.Errorf("%s used %v of CPU in the second after it was stopped (%s)", cmd, cpu, how)
				}
			})
		}
	}
}
