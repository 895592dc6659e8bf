package main

import (
	"context"
	"os"
	"os/exec"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// findBrowser returns a Chromium or Chrome to drive: $PLYLAB_CHROMIUM,
// Debian's /usr/bin/chromium, or one on $PATH; "" when there is none.
func findBrowser() string {
	if p := os.Getenv("PLYLAB_CHROMIUM"); p != "" {
		return p
	}
	if _, err := os.Stat("/usr/bin/chromium"); err == nil {
		return "/usr/bin/chromium"
	}
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome", "google-chrome-stable"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	return ""
}

// newBrowser starts headless Chromium with a fresh profile and no network
// chatter of its own.
func newBrowser(t *testing.T) (context.Context, context.CancelFunc) {
	t.Helper()
	path := findBrowser()
	if path == "" {
		t.Skip("no Chromium found (install Debian's chromium, or set PLYLAB_CHROMIUM); ./test.sh installs it")
	}
	// A fresh profile, removed after the browser has exited (t.TempDir
	// would race with Chromium's last writes).
	profile, err := os.MkdirTemp("", "plylab-chromium-")
	if err != nil {
		t.Fatal(err)
	}
	opts := []chromedp.ExecAllocatorOption{
		chromedp.ExecPath(path),
		chromedp.UserDataDir(profile),
		chromedp.Flag("headless", true),
		chromedp.Flag("no-sandbox", true),
		chromedp.Flag("disable-gpu", true),
		chromedp.Flag("disable-quic", true),
		chromedp.Flag("no-first-run", true),
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.Flag("disable-dev-shm-usage", true),
		chromedp.WindowSize(1100, 820),
	}
	actx, cancelA := chromedp.NewExecAllocator(context.Background(), opts...)
	// cdproto may not know every event of a newer Chromium; those
	// messages are noise here.
	quiet := func(string, ...any) {}
	ctx, cancelC := chromedp.NewContext(actx, chromedp.WithErrorf(quiet), chromedp.WithLogf(quiet))
	ctx, cancelT := context.WithTimeout(ctx, 3*time.Minute)
	return ctx, func() {
		cancelT()
		cancelC()
		cancelA()
		for i := 0; i < 20 && os.RemoveAll(profile) != nil; i++ {
			time.Sleep(100 * time.Millisecond)
		}
	}
}

// TestServeBrowser drives the notebook in headless Chromium as a student
// would: open lesson 3, change a cell's depth, run it and read the node
// count from the page (it must equal the count computed in-process), then
// run a long search and press Stop.
func TestServeBrowser(t *testing.T) {
	if testing.Short() {
		t.Skip("drives a browser; skipped with -short")
	}
	ctx, cancel := newBrowser(t)
	defer cancel()
	_, ts, token := newNotebook(t, nil)

	// The first cell of lesson 3 that runs compare with alpha-beta at one
	// depth; the test moves it to another depth.
	var cell struct {
		ID      string `json:"id"`
		Command string `json:"command"`
	}
	const pick = `(() => {
	  for (const s of document.querySelectorAll("section.cell[data-cell]")) {
	    const ta = s.querySelector("textarea.cmd-edit");
	    const m = ta.value.match(/^plylab compare .*--algo \S*alphabeta\S*.*$/m);
	    if (m && / --depth \d+( |$)/.test(m[0])) {
	      const d = Number(m[0].match(/ --depth (\d+)/)[1]);
	      const cmd = m[0].replace(/ --depth \d+/, " --depth " + (d === 3 ? 2 : 3));
	      ta.value = cmd;
	      ta.dispatchEvent(new Event("input"));
	      return {id: s.id, command: cmd};
	    }
	  }
	  return {id: "", command: ""};
	})()`
	err := chromedp.Run(ctx,
		chromedp.Navigate(ts.URL+"/lesson/03-alphabeta?token="+token),
		chromedp.WaitVisible(`textarea.cmd-edit`),
		chromedp.Evaluate(pick, &cell),
	)
	if err != nil {
		t.Fatal(err)
	}
	if cell.ID == "" {
		t.Fatal("lesson 3 has no 'plylab compare --depth N --algo ...alphabeta' cell to edit")
	}
	depth := regexp.MustCompile(` --depth (\d+)`).FindStringSubmatch(cell.Command)[1]
	sel := "#" + cell.ID
	var status, output string
	err = chromedp.Run(ctx,
		chromedp.Click(sel+" button.run"),
		chromedp.Poll(`(() => { const s = document.querySelector("`+sel+` .status"); return s.classList.contains("ok") || s.classList.contains("error"); })()`, nil, chromedp.WithPollingTimeout(60*time.Second)),
		chromedp.TextContent(sel+" .status", &status),
		chromedp.TextContent(sel+" .outputs pre.out", &output),
	)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(status, "done") {
		t.Fatalf("status %q; output:\n%s", status, output)
	}
	// The page shows compare's text table: read the alpha-beta row of the
	// edited depth, as a student reads it, and the same row in-process.
	row := regexp.MustCompile(`(?m)^\s*` + depth + `\s+alphabeta\s+([\d,]+)\s`)
	m := row.FindStringSubmatch(output)
	if m == nil {
		t.Fatalf("no alpha-beta row at depth %s in the page's output:\n%s", depth, output)
	}
	onPage := m[1]
	direct := runCLI(t, strings.Fields(strings.TrimPrefix(cell.Command, "plylab "))...)
	wantOK(t, direct)
	m = row.FindStringSubmatch(direct.stdout)
	if m == nil {
		t.Fatalf("no alpha-beta row at depth %s in-process:\n%s", depth, direct.stdout)
	}
	want := m[1]
	if onPage != want {
		t.Errorf("%s: the page shows %s alpha-beta nodes at depth %s, in-process %s", cell.Command, onPage, depth, want)
	}
	t.Logf("%s: %s nodes on the page and in-process", cell.Command, onPage)
	if shot := os.Getenv("PLYLAB_SCREENSHOT"); shot != "" {
		// docs/img/notebook.png: PLYLAB_SCREENSHOT=$PWD/docs/img/notebook.png go test -run TestServeBrowser ./cmd/plylab
		var png []byte
		err := chromedp.Run(ctx,
			chromedp.Evaluate(`(() => { const c = document.querySelector("`+sel+`"); window.scrollTo(0, c.getBoundingClientRect().top + window.scrollY - 140); })()`, nil),
			chromedp.Sleep(300*time.Millisecond),
			chromedp.CaptureScreenshot(&png),
		)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(shot, png, 0o644); err != nil {
			t.Fatal(err)
		}
	}

	// A long search, stopped with the Stop button.
	var message string
	err = chromedp.Run(ctx,
		chromedp.SetValue(sel+" textarea.cmd-edit", "plylab search --position start --depth 30"),
		chromedp.Click(sel+" button.run"),
		chromedp.Poll(`document.querySelector("`+sel+` .status").classList.contains("running") && !document.querySelector("`+sel+` button.stop").disabled`, nil, chromedp.WithPollingTimeout(20*time.Second)),
		chromedp.Sleep(300*time.Millisecond),
		chromedp.Click(sel+" button.stop"),
		chromedp.Poll(`!document.querySelector("`+sel+`").classList.contains("running")`, nil, chromedp.WithPollingTimeout(20*time.Second)),
		chromedp.TextContent(sel+" .status", &status),
		chromedp.TextContent(sel+" .outputs p.error", &message),
	)
	if err != nil {
		t.Fatal(err)
	}
	if status != "stopped" || !strings.Contains(message, "you pressed Stop") {
		t.Errorf("after Stop: status %q, message %q", status, message)
	}

	// The scratch notebook loads a lesson file, and shows a broken one's
	// error with its line.
	dir := t.TempDir()
	good, bad := dir+"/mine.md", dir+"/broken.md"
	os.WriteFile(good, []byte("# Mine\n\nA note.\n\n```plylab\nplylab compare --position paper-mate2 --depth 2 --algo alphabeta\n```\n\n```plylab\nplylab positions show --position start\n```\n"), 0o644)
	os.WriteFile(bad, []byte("# Broken\n\n```plylab\nplylab frobnicate\n```\n"), 0o644)
	var cells int
	var msg, out string
	err = chromedp.Run(ctx,
		chromedp.Navigate(ts.URL+"/scratch?token="+token),
		chromedp.WaitReady(`#nb-load`, chromedp.ByID),
		chromedp.SetUploadFiles(`#nb-load`, []string{bad}, chromedp.ByID),
		chromedp.Poll(`document.getElementById("nb-message").textContent !== ""`, nil, chromedp.WithPollingTimeout(20*time.Second)),
		chromedp.TextContent(`#nb-message`, &msg, chromedp.ByID),
	)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(msg, "broken.md:4:") || !strings.Contains(msg, "not a plylab command") {
		t.Errorf("loading a broken lesson: %q", msg)
	}
	err = chromedp.Run(ctx,
		chromedp.SetUploadFiles(`#nb-load`, []string{good}, chromedp.ByID),
		chromedp.Poll(`document.getElementById("nb-message").textContent.startsWith("loaded")`, nil, chromedp.WithPollingTimeout(20*time.Second)),
		chromedp.Evaluate(`document.querySelectorAll("#nb-cells section.cell").length`, &cells),
		chromedp.Click(`#cell-1 button.run`),
		chromedp.Poll(`document.querySelector("#cell-1 .status").classList.contains("ok")`, nil, chromedp.WithPollingTimeout(30*time.Second)),
		chromedp.TextContent(`#cell-1 .outputs pre.out`, &out),
	)
	if err != nil {
		t.Fatal(err)
	}
	if cells != 2 || !strings.Contains(out, "alphabeta") {
		t.Errorf("loaded %d cells (want 2); cell 1 printed %q", cells, out)
	}
}
