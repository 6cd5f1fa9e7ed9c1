import { spawn, type ChildProcess } from 'node:child_process';
import { createServer, type AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '../..');
const MAIN = join(root, 'dist/server/main.js');

/** A port on loopback that nothing listens on, for a server process a test starts itself. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer().once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/** A server process started from the built server, as an operator starts it. */
export interface ServerProcess {
  port: number;
  child: ChildProcess;
  /** Everything it wrote, stdout and stderr. */
  output(): string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/**
 * Starts dist/server/main.js on a free loopback port with `env(port)`, at log level info, and
 * answers once the process itself logs that it serves (60 s at most). Its own line, not /readyz:
 * a port found free can be taken by another file's server before this one listens, and that
 * server's /readyz would answer for a process that has already exited. A start refused because the
 * port was taken is tried again on another, twice at most.
 */
export async function startServerProcess(env: (port: number) => Record<string, string>): Promise<ServerProcess> {
  for (let attempt = 1; ; attempt += 1) {
    const port = await freePort();
    const child = spawn(process.execPath, [MAIN], {
      cwd: root,
      env: { PATH: process.env.PATH ?? '', NODE_ENV: 'test', HOST: '127.0.0.1', PORT: String(port), ...env(port), LOG_LEVEL: 'info' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    // 'close', not 'exit': by then its output is read to the end.
    const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((done) => child.once('close', (code, signal) => done({ code, signal })));
    const serving = await new Promise<boolean>((done) => {
      const timer = setTimeout(() => done(false), 60_000);
      const read = (chunk: Buffer) => {
        output += chunk.toString();
        if (output.includes('"msg":"Procura is serving on ')) {
          clearTimeout(timer);
          done(true);
        }
      };
      child.stdout!.on('data', read);
      child.stderr!.on('data', read);
      void exited.then(() => {
        clearTimeout(timer);
        done(false);
      });
    });
    if (serving) return { port, child, output: () => output, exited };
    child.kill('SIGKILL');
    await exited;
    if (!output.includes('EADDRINUSE') || attempt === 3) throw new Error(`the server did not start:\n${output}`);
  }
}
