package lessons

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"sync"
)

// LessonRun is one lesson run to the end (for export and check).
type LessonRun struct {
	Lesson *Lesson
	Result *Result
	Err    error
}

// RunMany runs each lesson to the end, at most jobs at a time, each in a
// temporary folder of its own (removed afterwards), its cells through the
// RunFunc newRun returns. progress, if not nil, is called (one call at a
// time) after each lesson with the number done so far. The runs come back
// in the order of ls; on cancellation the ones not finished carry ctx's
// error, which RunMany also returns.
func RunMany(ctx context.Context, ls []*Lesson, newRun func(context.Context) RunFunc, jobs int, progress func(done int, l *Lesson)) ([]LessonRun, error) {
	root, err := os.MkdirTemp("", "plylab-lessons-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(root)
	out := make([]LessonRun, len(ls))
	jobs = max(1, min(jobs, len(ls)))
	var mu sync.Mutex
	done := 0
	next := make(chan int)
	var wg sync.WaitGroup
	for w := 0; w < jobs; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				l := ls[i]
				dir := filepath.Join(root, fmt.Sprintf("%03d-%s", i, l.Slug))
				r := LessonRun{Lesson: l}
				if r.Err = os.MkdirAll(dir, 0o755); r.Err == nil && ctx.Err() == nil {
					r.Result, r.Err = NewSession(l, newRun(ctx), dir).RunAll()
				}
				if r.Err == nil {
					r.Err = ctx.Err()
				}
				mu.Lock()
				out[i] = r
				done++
				if progress != nil {
					progress(done, l)
				}
				mu.Unlock()
			}
		}()
	}
	for i := range ls {
		next <- i
	}
	close(next)
	wg.Wait()
	if err := ctx.Err(); err != nil {
		return out, err
	}
	return out, nil
}
