package notebook

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"os"
	"runtime/debug"
	"strings"
	"time"
)

// Starting a server as `plylab lesson serve` does: the limits a person
// sets, checked; listening; the address and the lines around a run.

// Limits are the limits a person sets when starting a server (the flags
// of `plylab lesson serve` carry the same names); Apply puts them in a
// Config.
type Limits struct {
	TimeLimit     time.Duration // stop a cell's command after this long
	NodeBudget    uint64        // stop a cell's command after this many search nodes
	MaxConcurrent int           // run at most this many cells at once
	// MaxConcurrentPerClient is the part of them one client address may
	// run at once (zero: half, at least one).
	MaxConcurrentPerClient int
	// TimePerClient is the cell time one client address may use in five
	// minutes (zero: DefaultClientTime).
	TimePerClient time.Duration
	MaxBody       int64 // refuse request bodies over this many bytes
	MaxOutput     int   // keep at most this many bytes of a cell's output
	// MaxSessions bounds the sessions kept at once; SessionsPerClient the
	// sessions one client address makes in ten minutes.
	MaxSessions, SessionsPerClient int
	// MaxConns and MaxConnsPerClient bound the connections open at once,
	// in all and from one client address.
	MaxConns, MaxConnsPerClient int
}

// LimitError is a limit out of its range. Name is the limit as the serve
// command's flag names it ("time-limit"), Rule what it must be.
type LimitError struct {
	Name, Rule string
}

// Error says which limit and what it must be.
func (e *LimitError) Error() string { return e.Name + " " + e.Rule }

// Check returns a *LimitError for the first limit out of its range: a
// positive time limit, at least one node and one cell at once, at least
// 1024 bytes of request body and of output, at least one session, and
// room for a browser's connections.
func (l Limits) Check() error {
	switch {
	case l.TimeLimit <= 0:
		return &LimitError{"time-limit", "must be positive, e.g. 30s"}
	case l.NodeBudget == 0:
		return &LimitError{"node-budget", "must be at least 1, e.g. 50000000"}
	case l.MaxConcurrent < 1:
		return &LimitError{"max-concurrent", "must be at least 1"}
	case l.MaxConcurrentPerClient < 0 || l.MaxConcurrentPerClient > l.MaxConcurrent:
		return &LimitError{"max-concurrent-per-client", "must be from 1 to --max-concurrent"}
	case l.TimePerClient != 0 && l.TimePerClient < l.TimeLimit:
		return &LimitError{"time-per-client", "must be at least --time-limit (one whole cell), e.g. 90s"}
	case l.MaxBody < 1024:
		return &LimitError{"max-body", "must be at least 1024 bytes"}
	case l.MaxOutput < 1024:
		return &LimitError{"max-output", "must be at least 1024 bytes"}
	case l.MaxSessions < 1:
		return &LimitError{"max-sessions", "must be at least 1"}
	case l.SessionsPerClient < 1:
		return &LimitError{"sessions-per-client", "must be at least 1"}
	case l.MaxConns < 8:
		return &LimitError{"max-conns", "must be at least 8"}
	case l.MaxConnsPerClient < 8 || l.MaxConnsPerClient > l.MaxConns:
		return &LimitError{"max-conns-per-client", "must be at least 8 (a browser opens about six) and at most --max-conns"}
	}
	return nil
}

// ServerMemoryLimit is the soft memory limit of a server started by Run
// (runtime/debug.SetMemoryLimit), unless GOMEMLIMIT sets one.
const ServerMemoryLimit = 768 << 20

// RunOptions are what a person sets when starting a server with Run.
type RunOptions struct {
	Addr string // listen here, HOST:PORT (port 0: a free one)
	Open bool   // open the address in the default browser
	// Hosts are host names requests may also name (Config.Hosts).
	Hosts []string
	Limits
}

// Apply sets cfg's limits to l.
func (l Limits) Apply(cfg *Config) {
	cfg.TimeLimit, cfg.NodeBudget, cfg.MaxConcurrent = l.TimeLimit, l.NodeBudget, l.MaxConcurrent
	cfg.MaxConcurrentPerClient = l.MaxConcurrentPerClient
	cfg.ClientTime = l.TimePerClient
	cfg.MaxBody, cfg.MaxOutput = l.MaxBody, l.MaxOutput
	cfg.MaxSessions, cfg.SessionsPerClient = l.MaxSessions, l.SessionsPerClient
	cfg.MaxConns, cfg.MaxConnsPerClient = l.MaxConns, l.MaxConnsPerClient
}

// ListenError is Run's error when it cannot listen on Addr.
type ListenError struct {
	Addr string
	Err  error // the net package's error
}

// Error names the address and why.
func (e *ListenError) Error() string { return fmt.Sprintf("cannot listen on %s: %v", e.Addr, e.Err) }

// Unwrap returns the net package's error.
func (e *ListenError) Unwrap() error { return e.Err }

// Run listens on o.Addr and serves cfg with o's limits until ctx ends
// (Serve), with a new token (NewToken) when cfg has none. The address to
// open, with its token (URL), is stdout's first line, then how many
// lessons are served; the server's log (cfg.Log) goes to stderr. With
// o.Open the address is opened in the default browser, or stderr says to
// open it by hand. A clean stop ends with "stopped the notebook server";
// a failure to listen is a *ListenError.
func Run(ctx context.Context, cfg Config, o RunOptions, stdout, stderr io.Writer) error {
	o.Limits.Apply(&cfg)
	if os.Getenv("GOMEMLIMIT") == "" {
		// A soft limit: near it the collector works harder rather than
		// let two large runs and their garbage grow the process past
		// what a classroom's machine can spare. GOMEMLIMIT overrides it.
		debug.SetMemoryLimit(ServerMemoryLimit)
	}
	cfg.Hosts = append(cfg.Hosts, o.Hosts...)
	cfg.Log = stderr
	if cfg.Token == "" {
		token, err := NewToken()
		if err != nil {
			return err
		}
		cfg.Token = token
	}
	ln, err := net.Listen("tcp", o.Addr)
	if err != nil {
		return &ListenError{Addr: o.Addr, Err: err}
	}
	srv, err := New(cfg)
	if err != nil {
		ln.Close()
		return err
	}
	defer srv.Close()
	url := URL(ln.Addr(), cfg.Token)
	fmt.Fprintln(stdout, url)
	if others := ClassURLs(ln.Addr(), cfg.Token); len(others) > 0 {
		fmt.Fprintf(stdout, "students on this network open: %s\n", strings.Join(others, " or "))
	}
	fmt.Fprintf(stdout, "serving %s as live notebooks; press Ctrl-C to stop\n", srv.servingLine())
	err = Serve(ctx, ln, srv, func() {
		if o.Open {
			if err := OpenBrowser(url); err != nil {
				fmt.Fprintf(stderr, "plylab: cannot open a browser (%v); open %s yourself\n", err, url)
			}
		}
	})
	if err != nil {
		return err
	}
	fmt.Fprintln(stdout, "stopped the notebook server")
	return nil
}

// ClassURLs are the addresses students on the network open when the
// server listens on every interface (0.0.0.0 or ::): one per IPv4 address
// of this computer that is not a loopback one. A server listening on one
// address has none besides URL's.
func ClassURLs(addr net.Addr, token string) []string {
	host, port, _ := net.SplitHostPort(addr.String())
	if ip := net.ParseIP(host); ip == nil || !ip.IsUnspecified() {
		return nil
	}
	ifaddrs, err := net.InterfaceAddrs()
	if err != nil {
		return nil
	}
	var out []string
	for _, a := range ifaddrs {
		if n, ok := a.(*net.IPNet); ok && n.IP.To4() != nil && !n.IP.IsLoopback() && !n.IP.IsLinkLocalUnicast() {
			out = append(out, fmt.Sprintf("http://%s/?token=%s", net.JoinHostPort(n.IP.String(), port), token))
		}
	}
	return out
}

// TokenFromFile reads the token kept in path, or makes a new one
// (NewToken) and writes it there, readable by its owner only; made says
// which. A token in a file keeps a course's address from one start of
// the server to the next. A file whose token is shorter than 16
// characters, or has characters other than letters, digits, '-' and '_',
// is an error.
func TokenFromFile(path string) (token string, made bool, err error) {
	data, err := os.ReadFile(path)
	if errors.Is(err, os.ErrNotExist) {
		if token, err = NewToken(); err != nil {
			return "", false, err
		}
		f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600)
		if err != nil {
			return "", false, fmt.Errorf("cannot make the file: %v", err)
		}
		_, werr := f.WriteString(token + "\n")
		if cerr := f.Close(); werr == nil {
			werr = cerr
		}
		if werr != nil {
			return "", false, fmt.Errorf("cannot write the file: %v", werr)
		}
		return token, true, nil
	}
	if err != nil {
		return "", false, fmt.Errorf("cannot read the file: %v", err)
	}
	token = strings.TrimSpace(string(data))
	if len(token) < 16 || strings.TrimLeft(token, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_") != "" {
		return "", false, errors.New("the token in it must be at least 16 letters, digits, '-' or '_'; delete the file for a new one")
	}
	return token, false, nil
}
