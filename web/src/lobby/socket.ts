// The lobby's WebSocket (/ws/lobby): every message to the handler, reconnection with a growing pause.
import type { LobbyMessage } from './types';

export class LobbySocket {
  private socket: WebSocket | null = null;
  private retry = 0;
  private closed = false;
  private timer: number | undefined;
  private pending: string[] = [];

  constructor(private readonly onMessage: (msg: LobbyMessage) => void) {
    this.open();
  }

  /** Sends now, or once the socket opens (a click on the lobby drawn before its socket is up still counts). */
  send(msg: Record<string, unknown>): void {
    if (this.socket?.readyState === WebSocket.OPEN) this.socket.send(JSON.stringify(msg));
    else if (this.pending.length < 8) this.pending.push(JSON.stringify(msg));
  }

  close(): void {
    this.closed = true;
    window.clearTimeout(this.timer);
    this.socket?.close();
  }

  private open(): void {
    const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:';
    const socket = new WebSocket(`${scheme}//${location.host}/ws/lobby`);
    this.socket = socket;
    socket.onopen = () => {
      this.retry = 0;
      for (const text of this.pending.splice(0)) socket.send(text);
    };
    socket.onmessage = ev => {
      try {
        this.onMessage(JSON.parse(String(ev.data)) as LobbyMessage);
      } catch {
        /* not JSON: ignored */
      }
    };
    socket.onclose = () => {
      if (this.closed) return;
      const pause = Math.min(10_000, 500 * 2 ** this.retry++);
      this.timer = window.setTimeout(() => this.open(), pause);
    };
  }
}
