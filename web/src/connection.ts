// One WebSocket per open game: hello with the seats held, pong to pings, every other message to the
// handler (the game's state, game/state.ts, decides about event numbers and gaps), and reconnection with a
// growing pause.
import { PROTOCOL_VERSION, type ClientMessage, type ServerMessage } from './protocol';

export interface ConnectionHandlers {
  message(msg: ServerMessage): void;
  status(connected: boolean): void;
}

export class Connection {
  private socket: WebSocket | null = null;
  private nextReq = 1;
  private retry = 0;
  private answered = false;
  private closed = false;
  private timer: number | undefined;

  constructor(
    private readonly gameId: string,
    private readonly tokens: string[],
    private readonly handlers: ConnectionHandlers,
  ) {
    this.open();
  }

  request(make: (req: number) => ClientMessage): number {
    const req = this.nextReq++;
    this.send(make(req));
    return req;
  }

  send(msg: ClientMessage): boolean {
    if (this.socket?.readyState !== WebSocket.OPEN) return false;
    this.socket.send(JSON.stringify(msg));
    return true;
  }

  close(): void {
    this.closed = true;
    window.clearTimeout(this.timer);
    this.socket?.close();
  }

  private open(): void {
    const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:';
    const socket = new WebSocket(`${scheme}//${location.host}/ws/${encodeURIComponent(this.gameId)}`);
    this.socket = socket;
    socket.onopen = () => {
      this.retry = 0;
      // No `since` on a reconnect: the clocks kept running (or were stopped by a restart) while the socket was
      // down, so the page needs the whole state with fresh clock readings, not only the events it missed (the
      // server answers a hello with `since` by the missed events alone). Gaps while connected use `resync`.
      const hello: ClientMessage = { t: 'hello', v: PROTOCOL_VERSION, seats: this.tokens };
      socket.send(JSON.stringify(hello));
    };
    socket.onmessage = ev => {
      let msg: ServerMessage;
      try {
        msg = JSON.parse(String(ev.data)) as ServerMessage;
      } catch {
        return;
      }
      // Connected means answered: the server's first message (the state after hello) is in.
      if (!this.answered && msg.t === 'state') {
        this.answered = true;
        this.handlers.status(true);
      }
      if (msg.t === 'ping') {
        this.send({ t: 'pong', n: msg.n });
        return;
      }
      this.handlers.message(msg);
    };
    socket.onclose = () => {
      if (this.socket !== socket) return;
      this.answered = false;
      this.socket = null;
      this.handlers.status(false);
      if (this.closed) return;
      const pause = Math.min(5000, 300 * 2 ** this.retry++);
      this.timer = window.setTimeout(() => this.open(), pause);
    };
  }
}
