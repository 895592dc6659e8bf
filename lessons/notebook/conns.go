package notebook

import (
	"fmt"
	"net"
	"sync"
	"sync/atomic"
	"time"
)

// A classroom's server is shared: no one client may hold what the others
// need. connLimiter bounds the connections open at once, in all and from
// one client address, at the listener, before any byte of a request is
// read. A connection over a bound is answered at once with "503, try
// again" and closed, so a client that opens thousands of slow connections
// holds a few dozen file handles, not thousands.

// Defaults for the connection bounds.
const (
	DefaultMaxConns          = 512 // every client together
	DefaultMaxConnsPerClient = 32  // one address; a browser opens about six per server
)

// connLimiter is a net.Listener that keeps at most max connections open,
// at most perClient from one IP address.
type connLimiter struct {
	net.Listener
	max, perClient int

	mu       sync.Mutex
	open     int
	byClient map[string]int
	refused  atomic.Uint64
}

// limitConns wraps ln with the bounds max and perClient.
func limitConns(ln net.Listener, max, perClient int) *connLimiter {
	return &connLimiter{Listener: ln, max: max, perClient: perClient, byClient: map[string]int{}}
}

// clientOf is the client address of a connection or request: its IP
// without the port (every connection of one browser shares it).
func clientOf(remote string) string {
	if h, _, err := net.SplitHostPort(remote); err == nil {
		return h
	}
	return remote
}

// fullAnswer is what a connection over a bound gets before it is closed.
const fullAnswer = "HTTP/1.1 503 Service Unavailable\r\nContent-Type: application/json; charset=utf-8\r\nRetry-After: 5\r\nConnection: close\r\nContent-Length: %d\r\n\r\n%s"

// Accept returns the next connection within the bounds; one over them is
// answered 503 and closed here.
func (l *connLimiter) Accept() (net.Conn, error) {
	for {
		c, err := l.Listener.Accept()
		if err != nil {
			return nil, err
		}
		client := clientOf(c.RemoteAddr().String())
		l.mu.Lock()
		over := ""
		switch {
		case l.open >= l.max:
			over = fmt.Sprintf("the server has %d connections open, its limit; try again in a few seconds (the teacher can raise --max-conns)", l.max)
		case l.byClient[client] >= l.perClient:
			over = fmt.Sprintf("your computer has %d connections open to this server, the limit for one address; close some tabs or try again in a few seconds (the teacher can raise --max-conns-per-client)", l.perClient)
		default:
			l.open++
			l.byClient[client]++
		}
		l.mu.Unlock()
		if over != "" {
			l.refused.Add(1)
			go refuseConn(c, over)
			continue
		}
		return &limitedConn{Conn: c, l: l, client: client}, nil
	}
}

// refuseConn answers c with 503 and msg within a second, then closes it.
func refuseConn(c net.Conn, msg string) {
	body := fmt.Sprintf(`{"error":{"code":"busy","message":%q}}`+"\n", msg)
	c.SetWriteDeadline(time.Now().Add(time.Second))
	fmt.Fprintf(c, fullAnswer, len(body), body)
	c.Close()
}

// release counts a connection of client as closed.
func (l *connLimiter) release(client string) {
	l.mu.Lock()
	l.open--
	if l.byClient[client]--; l.byClient[client] <= 0 {
		delete(l.byClient, client)
	}
	l.mu.Unlock()
}

// limitedConn is a connection counted by its limiter until closed.
type limitedConn struct {
	net.Conn
	l      *connLimiter
	client string
	once   sync.Once
}

// Close closes the connection and releases its place.
func (c *limitedConn) Close() error {
	err := c.Conn.Close()
	c.once.Do(func() { c.l.release(c.client) })
	return err
}
