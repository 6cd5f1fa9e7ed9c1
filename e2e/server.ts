import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A port on loopback that nothing listens on. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

/** A fresh folder for one server's SQLite file. */
export function databaseFolder(): string {
  return mkdtempSync(join(tmpdir(), 'procura-e2e-'));
}

/**
 * What the built server is started with for the journeys: quiet, e-mail kept in the outbox, and a
 * rate limit no journey reaches, since every request comes from the one loopback address.
 */
export function serverEnvironment(port: number, databaseFile: string): Record<string, string> {
  return {
    DATABASE_URL: `sqlite:${databaseFile}`,
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    LOG_LEVEL: 'error',
    NODE_ENV: 'test',
    RFQ_RATE_LIMIT: '1000',
    SMTP_URL: '',
    BILLING_VAT_NUMBER: '4760312345',
  };
}

export interface Procura {
  base: string;
  /** The SQLite file the server writes. */
  databaseFile: string;
}

/** The built server (`npm run build` first) on a fresh SQLite file, for a journey that needs a database of its own. */
export async function startProcura(): Promise<Procura & { stop(): Promise<void> }> {
  const dir = databaseFolder();
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const databaseFile = join(dir, 'e2e.sqlite');
  const server = spawn('node', ['dist/server/main.js'], {
    env: { ...process.env, ...serverEnvironment(port, databaseFile) },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => server.once('exit', () => resolve()));
  const running = () => server.exitCode === null && server.signalCode === null;
  let ready = false;
  for (let i = 0; i < 300 && running() && !ready; i++) {
    ready = await fetch(`${base}/readyz`).then(
      (r) => r.ok,
      () => false,
    );
    if (!ready) await new Promise((r) => setTimeout(r, 100));
  }
  const stop = async () => {
    if (running()) {
      server.kill('SIGTERM');
      await exited;
    }
    rmSync(dir, { recursive: true, force: true });
  };
  if (!ready) {
    await stop();
    throw new Error(`The server on ${base} did not become ready (is dist/ built?)`);
  }
  return { base, databaseFile, stop };
}
