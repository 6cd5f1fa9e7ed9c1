import type { Server } from 'node:http';
import { Server as NetServer, type Socket } from 'node:net';

/** How long a connection that has sent no request yet may take to send one once the server stops. */
const FIRST_REQUEST_GRACE_MS = 1_000;

/**
 * Follows a server's connections, so that stopping it ends none with a request on it: `drain`
 * accepts what the kernel already queued and stops listening, closes each connection as soon as it is idle after an answer (answers given
 * while stopping say `Connection: close`), gives a connection that has not sent its first
 * request yet a moment to send it (it was accepted, and its request may be on the wire), and at
 * `deadline` closes whatever is left. Node's own `server.close()` closes idle connections at
 * once, new ones included, which resets requests that were already sent.
 */
export function connectionDrainer(server: Server) {
  const sockets = new Map<Socket, { requests: number; active: number }>();
  server.on('connection', (socket: Socket) => {
    sockets.set(socket, { requests: 0, active: 0 });
    socket.once('close', () => sockets.delete(socket));
  });
  server.on('request', (req, res) => {
    const state = sockets.get(req.socket);
    if (!state) return;
    state.requests += 1;
    state.active += 1;
    res.once('close', () => {
      state.active -= 1;
    });
  });

  return {
    /** Resolves once every connection has closed; at `deadline` (epoch ms) the rest are cut. */
    drain(deadline: number): Promise<void> {
      return new Promise((resolve) => {
        const graceUntil = Date.now() + FIRST_REQUEST_GRACE_MS;
        const sweep = () => {
          const now = Date.now();
          for (const [socket, state] of sockets) {
            const idle = state.active === 0 && (state.requests > 0 || now >= graceUntil);
            if (idle || now >= deadline) socket.destroy();
          }
        };
        const timer = setInterval(sweep, 50);
        // A poll phase of the event loop first, which accepts every connection the kernel holds
        // in the listening socket's backlog (closing the socket would reset them): the signal that
        // stops the server is handled within a poll phase, so the next one comes after two
        // check phases. Then the net server's close, which stops listening and calls back once
        // every connection ended.
        setImmediate(() =>
          setImmediate(() => {
            NetServer.prototype.close.call(server, () => {
              clearInterval(timer);
              resolve();
            });
            sweep();
          }),
        );
      });
    },
  };
}
