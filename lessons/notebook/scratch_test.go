package notebook

import (
	"encoding/json"
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"
)

// The scratch notebook's files and lesson files, and sessions at once.

func TestScratchConfinement(t *testing.T) {
	s, ts := newTestServer(t, nil)
	_, r := run(t, ts, "plylab tree --depth 2 -o t.svg")
	if len(r.Files) != 1 {
		t.Fatalf("files %+v", r.Files)
	}
	sess := r.Session
	dir := filepath.Join(s.Root(), sess)
	if _, err := os.Stat(filepath.Join(dir, "t.svg")); err != nil {
		t.Fatalf("the file is not in the session folder: %v", err)
	}
	// A secret next to the scratch root, and a symlink to it inside.
	secret := filepath.Join(filepath.Dir(s.Root()), "secret.txt")
	os.WriteFile(secret, []byte("TOP-SECRET"), 0o644)
	os.Symlink(secret, filepath.Join(dir, "link.txt"))
	os.Symlink("t.svg", filepath.Join(dir, "inner.svg"))
	os.WriteFile(filepath.Join(dir, ".hidden"), []byte("x"), 0o644)
	os.Mkdir(filepath.Join(dir, "sub"), 0o755)
	os.Mkdir(filepath.Join(dir, "sub.svg"), 0o755)
	auth := map[string]string{"X-Plylab-Token": testToken}
	for _, tc := range []struct {
		path   string
		status int
	}{
		{"/files/" + sess + "/t.svg", 200},
		{"/files/" + sess + "/missing.svg", 404},
		{"/files/" + sess + "/link.txt", 404},
		{"/files/" + sess + "/inner.svg", 404},
		{"/files/" + sess + "/sub", 400},
		{"/files/" + sess + "/sub.svg", 404},
		{"/files/" + sess + "/.hidden", 400},
		{"/files/" + sess + "/..%2fsecret.txt", 400},
		{"/files/" + sess + "/%2e%2e", 400},
		{"/files/" + sess + "/%2e%2e%2f%2e%2e%2fsecret.txt", 400},
		{"/files/" + sess + "/..%5csecret.txt", 400},
		{"/files/" + sess + "/%2fetc%2fpasswd", 400},
		{"/files/..%2f" + sess + "/t.svg", 400},
		{"/files/" + sess + "/../../secret.txt", 404}, // cleaned by the mux: no route
		{"/files/000000000000000000000000/t.svg", 404},
		{"/files/not-a-session/t.svg", 400},
	} {
		t.Run(tc.path, func(t *testing.T) {
			resp, body := get(t, ts, tc.path, auth)
			if resp.StatusCode != tc.status && !(tc.status == 404 && resp.StatusCode == 301) {
				t.Fatalf("status %d, want %d: %s", resp.StatusCode, tc.status, body)
			}
			if strings.Contains(body, "TOP-SECRET") {
				t.Fatalf("served the secret")
			}
			if tc.status == 200 {
				if ct := resp.Header.Get("Content-Type"); ct != "image/svg+xml" {
					t.Errorf("content type %q", ct)
				}
				if csp := resp.Header.Get("Content-Security-Policy"); !strings.Contains(csp, "sandbox") {
					t.Errorf("file CSP %q", csp)
				}
			}
		})
	}
	// Another notebook session cannot reach the first one's file by name.
	_, r2 := run(t, ts, "plylab compare")
	if r2.Session == sess {
		t.Fatal("two runs without a session shared one")
	}
	// Close removes the scratch folder.
	root := s.Root()
	s.Close()
	if _, err := os.Stat(root); !os.IsNotExist(err) {
		t.Errorf("scratch folder left after Close: %v", err)
	}
}

func TestNotebookParseAndExport(t *testing.T) {
	_, ts := newTestServer(t, nil)
	for _, tc := range []struct {
		name, md string
		status   int
		line     int
		msg      string
	}{
		{"good", "# Mine\n\nA note.\n\n```plylab\nplylab compare --depth 3\n```\n", 200, 0, ""},
		{"unknown command", "# Mine\n\ntext\n\n```plylab\nplylab frob\n```\n", 400, 6, "not a plylab command"},
		{"writes outside", "# Mine\n\n```plylab\nplylab tree --toy binary-3 -o /tmp/x.svg\n```\n", 400, 4, "names a folder"},
		{"starts another program", "# Mine\n\n```plylab\nplylab tune --label-engine /bin/true\n```\n", 400, 4, "starts another program"},
		{"unclosed fence", "# Mine\n\n```plylab\nplylab compare\n", 400, 3, ""},
		{"shell", "# Mine\n\n```plylab\nplylab compare; rm -rf ~\n```\n", 400, 4, "not a shell"},
		{"disallowed", "# Mine\n\n```plylab\nplylab play\n```\n", 400, 4, "terminal"},
		{"no title", "```plylab\nplylab compare\n```\n", 400, 1, "title"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			b, _ := json.Marshal(map[string]string{"name": "mine.md", "markdown": tc.md})
			status, r := post(t, ts, "/api/notebook/parse", string(b), nil)
			if status != tc.status {
				t.Fatalf("status %d, want %d (%+v)", status, tc.status, r.Err)
			}
			if tc.status != 200 {
				if r.Err == nil || r.Err.Code != "bad_lesson" || r.Err.Line != tc.line || !strings.Contains(r.Err.Message, tc.msg) {
					t.Fatalf("error %+v, want line %d and %q", r.Err, tc.line, tc.msg)
				}
				if tc.line > 0 && !strings.Contains(r.Err.Message, fmt.Sprintf("mine.md:%d:", tc.line)) {
					t.Errorf("message %q lacks file:line", r.Err.Message)
				}
			}
		})
	}
	// Export then parse gives the same notebook back.
	nb := Notebook{Title: "Alpha-beta at home", Cells: []NotebookCell{
		{Prose: "First, minimax.", Source: "# count them\nplylab compare --depth 3"},
		{Prose: "", Source: "plylab tree --depth 2 -o t.svg"},
	}}
	b, _ := json.Marshal(nb)
	req, _ := http.NewRequest("POST", ts.URL+"/api/notebook/export", strings.NewReader(string(b)))
	req.Header.Set("X-Plylab-Token", testToken)
	resp, err := ts.Client().Do(req)
	if err != nil {
		t.Fatal(err)
	}
	var out struct{ Markdown, Filename string }
	json.NewDecoder(resp.Body).Decode(&out)
	resp.Body.Close()
	if out.Filename != "alpha-beta-at-home.md" {
		t.Errorf("file name %q", out.Filename)
	}
	b, _ = json.Marshal(map[string]string{"name": out.Filename, "markdown": out.Markdown})
	req, _ = http.NewRequest("POST", ts.URL+"/api/notebook/parse", strings.NewReader(string(b)))
	req.Header.Set("X-Plylab-Token", testToken)
	resp, err = ts.Client().Do(req)
	if err != nil {
		t.Fatal(err)
	}
	var back Notebook
	json.NewDecoder(resp.Body).Decode(&back)
	resp.Body.Close()
	if back.Title != nb.Title || len(back.Cells) != 2 || back.Cells[0].Source != nb.Cells[0].Source || back.Cells[0].Prose != nb.Cells[0].Prose || back.Cells[1].Source != nb.Cells[1].Source {
		t.Fatalf("round trip:\n%s\ngave %+v", out.Markdown, back)
	}
}

func TestConcurrentSessions(t *testing.T) {
	_, ts := newTestServer(t, func(c *Config) { c.QueueWait = 5 * time.Second })
	var wg sync.WaitGroup
	errs := make(chan string, 20)
	for i := 0; i < 20; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			b, _ := json.Marshal(RunRequest{Command: "plylab compare"})
			req, _ := http.NewRequest("POST", ts.URL+"/api/run", strings.NewReader(string(b)))
			req.Header.Set("X-Plylab-Token", testToken)
			resp, err := ts.Client().Do(req)
			if err != nil {
				errs <- err.Error()
				return
			}
			resp.Body.Close()
			if resp.StatusCode != 200 {
				errs <- resp.Status
			}
		}()
	}
	wg.Wait()
	close(errs)
	for e := range errs {
		t.Error(e)
	}
}
