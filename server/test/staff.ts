import { expect } from 'vitest';
import { STAFF_MESSAGES, type StaffRole } from '../../contract/schemas/staff';
import { addStaff, setStaffPassword } from '../staff/staff.service';
import type { TestServer } from './harness';

/** A password no list of common ones holds. */
export const STAFF_PASSWORD = 'tafelberg-sunrise-0471';

let people = 0;

/** The token of a set-password link, which rides in its fragment: `…/staff/set-password#st_…`. */
export const staffLinkToken = (link: string) => new URL(link).hash.slice(1);

/** A staff member with a password set, not signed in: answers their e-mail and password. */
export async function createStaff(
  server: TestServer,
  { role = 'admin', email, name = 'Test Staff' }: { role?: StaffRole; email?: string; name?: string } = {},
) {
  const address = email ?? `staff${++people}-${role}@procura.example`;
  const link = await addStaff(server.database.db, server.config.publicUrl, { email: address, name, role }, server.app.deps.clock());
  const token = staffLinkToken(link);
  await setStaffPassword(server.database.db, { token, password: STAFF_PASSWORD }, server.app.deps.clock());
  return { email: address, password: STAFF_PASSWORD, name, role };
}

/**
 * Signs a new staff member of `role` in through the API; answers the headers a browser on a
 * Procura page would send with every call: the session cookie and PUBLIC_URL's origin.
 */
export async function signInStaff(server: TestServer, options: { role?: StaffRole; email?: string; name?: string } = {}) {
  const person = await createStaff(server, options);
  const origin = new URL(server.config.publicUrl).origin;
  const res = await server.request('POST', '/api/staff/sign-in', { body: { email: person.email, password: person.password }, headers: { origin } });
  if (res.status !== 200) throw new Error(`sign-in answered ${res.status}: ${res.text}`);
  const cookie = res.headers.get('set-cookie')!.split(';')[0]!;
  return { ...person, cookie, headers: { cookie, origin } };
}

/** A staff call to check the gate on: its method, path and body. */
export type StaffCall = [method: string, path: string, body?: unknown];

/** The answer each call gets with `headers`, beside what it should be, so a failure names the call. */
async function expectEach(server: TestServer, calls: StaffCall[], headers: Record<string, string>, status: number, error: unknown) {
  for (const [method, path, body] of calls) {
    const res = await server.request(method, path, { body, headers });
    expect([method, path, res.status, res.json?.error]).toEqual([method, path, status, error]);
  }
}

/** Every call answers 401 signed out, even from a Procura page (`origin`). */
export const expectSignedOutRefused = (server: TestServer, calls: StaffCall[], origin: string) =>
  expectEach(server, calls, { origin }, 401, { code: 'unauthorized', message: STAFF_MESSAGES.signedOut });

/** Every call answers 403 to a staff member of a role it is not for (`headers`, as signInStaff gives them). */
export const expectWrongRoleRefused = (server: TestServer, calls: StaffCall[], headers: Record<string, string>) =>
  expectEach(server, calls, headers, 403, { code: 'forbidden', message: STAFF_MESSAGES.wrongRole });

/** Every change answers 403 `bad_origin` to the right person's `cookie` sent without an Origin or from another site. */
export async function expectForeignOriginRefused(server: TestServer, calls: StaffCall[], cookie: string) {
  const changes = calls.filter(([method]) => method !== 'GET');
  const error = { code: 'bad_origin', message: 'This request did not come from a Procura page. Open Procura at http://procura.test and try again there.' };
  await expectEach(server, changes, { cookie }, 403, error);
  await expectEach(server, changes, { cookie, origin: 'https://evil.example' }, 403, error);
}

/**
 * A staff admin for a file whose clock moves: answers the admin's headers, signing in at the first
 * call and again whenever the clock has moved past the session's life.
 */
export function staffAdmin(server: () => TestServer): () => Promise<Record<string, string>> {
  let admin: Awaited<ReturnType<typeof signInStaff>> | undefined;
  return async () => {
    if (!admin || (await server().request('GET', '/api/staff/me', { headers: admin.headers })).status !== 200) admin = await signInStaff(server());
    return admin.headers;
  };
}
