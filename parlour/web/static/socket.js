/**
 * A table's WebSocket that says hello (token and how many log lines it has), pings, and reconnects
 * with exponential backoff (and jitter) when the connection drops.
 * @module socket
 */

const PING_EVERY = 25000;
const MAX_DELAY = 15000;

export class TableSocket {
  /**
   * @param {string} path - `/ws/tables/{id}`
   * @param {Object} opts
   * @param {string|null} opts.token - the seat's secret, or null to watch
   * @param {() => number} opts.seen - how many log lines the page has
   * @param {(msg: Object) => void} opts.onMessage
   * @param {(state: "connecting"|"open"|"waiting"|"closed", detail?: any) => void} opts.onStatus
   */
  constructor(path, opts) {
    const scheme = location.protocol === "https:" ? "wss:" : "ws:";
    this.url = `${scheme}//${location.host}${path}`;
    this.opts = opts;
    this.token = opts.token;
    this.ws = null;
    this.attempt = 0;
    this.timer = 0;
    this.pinger = 0;
    this.forceFull = false;
    this.stopped = false;
  }

  /** Open the connection (again). */
  connect() {
    clearTimeout(this.timer);
    if (this.stopped) return;
    this.opts.onStatus("connecting");
    let ws;
    try {
      ws = new WebSocket(this.url);
    } catch (error) {
      this.retry();
      return;
    }
    this.ws = ws;
    ws.addEventListener("open", () => {
      const seen = this.forceFull ? 0 : this.opts.seen();
      this.forceFull = false;
      ws.send(JSON.stringify({ type: "hello", token: this.token || null, seen }));
      this.opts.onStatus("open");
      clearInterval(this.pinger);
      this.pinger = setInterval(() => this.send({ type: "ping" }), PING_EVERY);
    });
    ws.addEventListener("message", (event) => {
      let msg;
      try {
        msg = JSON.parse(event.data);
      } catch {
        return;
      }
      // (the backoff starts again once the table has answered: a server that opens the socket and closes
      // it at once, its database refusing to read the table, was asked again every half second)
      if (msg && msg.type === "welcome") this.attempt = 0;
      if (msg && typeof msg === "object") this.opts.onMessage(msg);
    });
    ws.addEventListener("close", (event) => {
      clearInterval(this.pinger);
      if (this.ws !== ws) return;
      this.ws = null;
      if (event.code === 1008) this.opts.onStatus("closed", "The server closed the connection (too many messages).");
      this.retry();
    });
    ws.addEventListener("error", () => {
      /* a close event follows */
    });
  }

  /** Try again after a delay that doubles each time (0.5 s to 15 s, with jitter). */
  retry() {
    if (this.stopped) return;
    const delay = Math.min(MAX_DELAY, 500 * 2 ** this.attempt) * (0.75 + Math.random() * 0.5);
    this.attempt++;
    this.opts.onStatus("waiting", Math.max(1, Math.round(delay / 1000)));
    this.timer = setTimeout(() => this.connect(), delay);
  }

  /** Whether the connection is open. */
  isOpen() {
    return !!this.ws && this.ws.readyState === WebSocket.OPEN;
  }

  /** Send a message (JSON). @param {Object} msg */
  send(msg) {
    if (this.isOpen()) this.ws.send(JSON.stringify(msg));
  }

  /** Change the token for the next hello. @param {string|null} token */
  setToken(token) {
    this.token = token;
  }

  /** Reconnect at once asking for the whole log (after a gap or a change of seat). */
  resync() {
    this.forceFull = true;
    const ws = this.ws;
    this.ws = null;
    if (ws) ws.close();
    this.attempt = 0;
    this.connect();
  }
}
