package notebook

import "time"

// allowances are what each client address may still spend of something
// that comes back with time: new sessions, cell time. Each address has a
// bucket that holds up to full and refills evenly, full every window.
type allowances struct {
	full   float64
	window time.Duration
	of     map[string]*bucket
}

// bucket is one client's allowance as last read.
type bucket struct {
	tokens float64
	at     time.Time
}

func newAllowances(full float64, window time.Duration) *allowances {
	return &allowances{full: full, window: window, of: map[string]*bucket{}}
}

// rate is how much comes back a second.
func (a *allowances) rate() float64 { return a.full / a.window.Seconds() }

// get returns client's bucket, refilled for the time since it was last
// read (a new client starts full). Full buckets of others are forgotten
// when many clients have one. The server's lock is held.
func (a *allowances) get(client string) *bucket {
	now := time.Now()
	b := a.of[client]
	if b == nil {
		if len(a.of) >= 4096 {
			for k, o := range a.of {
				if o.tokens+now.Sub(o.at).Seconds()*a.rate() >= a.full {
					delete(a.of, k)
				}
			}
		}
		b = &bucket{tokens: a.full, at: now}
		a.of[client] = b
	}
	b.tokens = min(a.full, b.tokens+now.Sub(b.at).Seconds()*a.rate())
	b.at = now
	return b
}

// wait is how long client's bucket b takes to hold one again.
func (a *allowances) wait(b *bucket) time.Duration {
	return time.Duration((1 - b.tokens) / a.rate() * float64(time.Second))
}
