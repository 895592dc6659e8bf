package notebook

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"

	"github.com/plylab/plylab/lessons"
	"github.com/plylab/plylab/lessons/live"
)

// TestParamsAPI: POST /api/lesson/plan lists the cells a changed
// parameter runs again, and a run bound to its lesson's cell answers the
// values of the prose that reads it.
func TestParamsAPI(t *testing.T) {
	_, ts := newTestServer(t, func(c *Config) {
		src := "---\ntitle: P\nparam depth: 3 (2-4) the depth\n---\n\n```plylab\ncompare --depth {depth}\n```\n\nIt visited {{nodes}} nodes at depth {depth}.\n\n```plylab\ntree --toy binary-2\n```\n"
		l, err := lessons.Parse("04-params.md", []byte(src), testRules)
		if err != nil {
			t.Fatal(err)
		}
		c.Lessons = append(c.Lessons, l)
	})
	planError := func(body string) (int, string) {
		t.Helper()
		status, r := post(t, ts, "/api/lesson/plan", body, nil)
		if r.Err == nil {
			return status, ""
		}
		return status, r.Err.Code + ": " + r.Err.Message
	}
	// The plan itself, decoded whole.
	resp, err := ts.Client().Post(ts.URL+"/api/lesson/plan?token="+testToken, "application/json", strings.NewReader(`{"lesson":"params","params":{"depth":"2"},"changed":["depth"]}`))
	if err != nil {
		t.Fatal(err)
	}
	var p live.Plan
	if err := json.NewDecoder(resp.Body).Decode(&p); err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	want := live.Plan{Params: map[string]string{"depth": "2"}, Cells: []live.PlannedCell{{Cell: 1, Source: "plylab compare --depth 2"}}}
	if resp.StatusCode != 200 || !reflect.DeepEqual(p, want) {
		t.Errorf("plan: %d %+v, want %+v", resp.StatusCode, p, want)
	}
	for _, tc := range []struct {
		body   string
		status int
		want   string
	}{
		{`{"lesson":"params","params":{"depth":"7"},"changed":["depth"]}`, 400, `bad_param: depth: "7" is not a whole number from 2 to 4`},
		{`{"lesson":"params","params":{},"changed":["algo"]}`, 400, `bad_param: the lesson has no parameter "algo"`},
		{`{"lesson":"nope","params":{},"changed":[]}`, 404, `not_found: no lesson "nope"; the index lists them`},
	} {
		status, got := planError(tc.body)
		if status != tc.status || got != tc.want {
			t.Errorf("plan %s: %d %q, want %d %q", tc.body, status, got, tc.status, tc.want)
		}
	}

	// A run bound to cell 1 under depth=2.
	b, _ := json.Marshal(RunRequest{Command: "plylab compare --depth 2", Bind: &live.Binding{Lesson: "04-params", Cell: 1, Params: map[string]string{"depth": "2"}}})
	status, r := post(t, ts, "/api/run", string(b), nil)
	if status != 200 || r.Err != nil || !reflect.DeepEqual(r.Refs, []live.BoundRef{{Ref: "1-0", Value: "497"}}) {
		t.Errorf("bound run: %d %+v, refs %+v", status, r.Err, r.Refs)
	}
	// Unbound: no values; bound to a command the cell does not run (an
	// edit): each value marked as not shown by this output.
	b, _ = json.Marshal(RunRequest{Command: "plylab compare --depth 2"})
	if _, r := post(t, ts, "/api/run", string(b), nil); r.Refs != nil {
		t.Errorf("unbound: refs %+v", r.Refs)
	}
	b, _ = json.Marshal(RunRequest{Command: "plylab compare --depth 4", Bind: &live.Binding{Lesson: "04-params", Cell: 1}})
	if _, r := post(t, ts, "/api/run", string(b), nil); len(r.Refs) != 1 || r.Refs[0].Value != "" || !strings.HasPrefix(r.Refs[0].Error, "not shown by the current output") {
		t.Errorf("edited: refs %+v", r.Refs)
	}
	// The page: a form for the parameter, the prose's values marked.
	_, page := get(t, ts, "/lesson/04-params", map[string]string{"X-Plylab-Token": testToken})
	for _, want := range []string{`<form class="params" data-lesson="04-params">`, `<input type="number" name="depth" value="3" min="2" max="4" step="1" data-default="3" />`,
		`It visited <span class="ref" data-ref="1-0" data-cell="1" data-sel="nodes">497</span> nodes at depth <span class="param-value" data-param="depth">3</span>.`} {
		if !strings.Contains(page, want) {
			t.Errorf("the page lacks %s", want)
		}
	}
}
