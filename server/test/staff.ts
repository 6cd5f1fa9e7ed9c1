import type { StaffRole } from '../../contract/schemas/staff';
import { addStaff, setStaffPassword } from '../staff/staff.service';
import type { TestServer } from './harness';

/** A password no list of common ones holds. */
export const STAFF_PASSWORD = 'tafelberg-sunrise-0471';

let people = 0;

/** A staff member with a password set, not signed in: answers their e-mail and password. */
export async function createStaff(
  server: TestServer,
  { role = 'admin', email, name = 'Test Staff' }: { role?: StaffRole; email?: string; name?: string } = {},
) {
  const address = email ?? `staff${++people}-${role}@procura.example`;
  const link = await addStaff(server.database.db, server.config.publicUrl, { email: address, name, role }, server.app.deps.clock());
  const token = new URL(link).searchParams.get('token')!;
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
