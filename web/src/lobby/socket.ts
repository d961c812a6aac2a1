// The lobby's WebSocket (/ws/lobby): every message to the handler, reconnection with a growing pause.
import type { LobbyMessage } from './types';

export class LobbySocket {
  private socket: WebSocket | null = null;
  private retry = 0;
  private closed = false;
  private timer: number | undefined;

  constructor(private readonly onMessage: (msg: LobbyMessage) => void) {
    this.open();
  }

  send(msg: Record<string, unknown>): boolean {
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
    const socket = new WebSocket(`${scheme}//${location.host}/ws/lobby`);
    this.socket = socket;
    socket.onopen = () => (this.retry = 0);
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
