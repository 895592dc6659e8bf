package notebook

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"os/exec"
	"runtime"
	"time"
)

// URL is the address a browser opens for a server listening on addr with
// token: http://HOST:PORT/?token=TOKEN. A server listening on every
// interface (0.0.0.0 or ::) is reached on this computer as 127.0.0.1.
func URL(addr net.Addr, token string) string {
	host, port, _ := net.SplitHostPort(addr.String())
	if ip := net.ParseIP(host); ip != nil && ip.IsUnspecified() {
		host = "127.0.0.1" // listening everywhere: this computer's own address works
	}
	return fmt.Sprintf("http://%s/?token=%s", net.JoinHostPort(host, port), token)
}

// Serve serves s on ln until ctx ends, calling started (if not nil) once
// the HTTP server runs. It bounds the connections open at once, in all
// and from one client address (Config.MaxConns, MaxConnsPerClient), and
// the time a request's header may take. Then it closes s, which stops the running cells,
// and shuts the HTTP server down, waiting up to five seconds for open
// requests; a clean stop returns nil, a failure of the HTTP server its
// error (s is then still open).
func Serve(ctx context.Context, ln net.Listener, s *Server, started func()) error {
	// No ReadTimeout: the handler bounds a body's time itself (readBody),
	// and a server-wide one would cut the answers of long runs.
	hs := &http.Server{Handler: s, ReadHeaderTimeout: 10 * time.Second, IdleTimeout: 2 * time.Minute, MaxHeaderBytes: 64 << 10}
	errc := make(chan error, 1)
	lim := limitConns(ln, s.cfg.MaxConns, s.cfg.MaxConnsPerClient)
	go func() { errc <- hs.Serve(lim) }()
	if started != nil {
		started()
	}
	select {
	case err := <-errc:
		return err
	case <-ctx.Done():
	}
	s.Close() // stops the running cells
	sctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if err := hs.Shutdown(sctx); err != nil && !errors.Is(err, context.DeadlineExceeded) {
		return err
	}
	return nil
}

// OpenBrowser opens url with the system's opener (xdg-open, open or
// rundll32) and does not wait for it.
func OpenBrowser(url string) error {
	var name string
	var args []string
	switch runtime.GOOS {
	case "darwin":
		name = "open"
	case "windows":
		name, args = "rundll32", []string{"url.dll,FileProtocolHandler"}
	default:
		name = "xdg-open"
	}
	path, err := exec.LookPath(name)
	if err != nil {
		return fmt.Errorf("%s not found", name)
	}
	cmd := exec.Command(path, append(args, url)...)
	if err := cmd.Start(); err != nil {
		return err
	}
	go cmd.Wait()
	return nil
}
