package lessons

import (
	"context"
	"sync"

	"github.com/plylab/plylab/lessons/sandbox"
)

// LessonRun is one lesson run to the end (for export and check).
type LessonRun struct {
	Lesson *Lesson
	Result *Result
	Err    error
}

// RunMany runs each lesson to the end, at most jobs at a time, each with
// a folder in memory for its files (sandbox.Memory), its cells through the
// RunFunc newRun returns. progress, if not nil, is called (one call at a
// time) after each lesson with the number done so far. The runs come back
// in the order of ls; on cancellation the ones not finished carry ctx's
// error, which RunMany also returns.
func RunMany(ctx context.Context, ls []*Lesson, newRun func(context.Context) RunFunc, jobs int, progress func(done int, l *Lesson)) ([]LessonRun, error) {
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
				r := LessonRun{Lesson: l}
				if ctx.Err() == nil {
					r.Result, r.Err = NewSession(l, newRun(ctx), sandbox.NewMemory(sandbox.Quota{})).RunAll()
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
