/**
 * The reference that names an account's public pay page: `<id>.<mac>`, the account's id and an
 * HMAC-SHA-256 of it (192 bits kept) under a key derived from the secrets key. Only the server can
 * make one, so a page is found only from the link it handed out, never by counting ids; it needs
 * no column, and every instance on one database (one SECRETS_KEY) reads the same links.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { derivedKey } from '../security/secrets.js';

const MAC_LENGTH = 32;
const REF = /^(\d{1,9})\.([A-Za-z0-9_-]{32})$/;

const macOf = (id: number) => createHmac('sha256', derivedKey('pay-resource-ref')).update(String(id)).digest('base64url').slice(0, MAC_LENGTH);

export const payRefOf = (id: number): string => `${id}.${macOf(id)}`;

/** The account id a reference names, or null when the server did not make it. */
export function accountIdOfRef(ref: string): number | null {
  const match = REF.exec(ref);
  if (!match) return null;
  const id = Number(match[1]);
  return timingSafeEqual(Buffer.from(match[2]), Buffer.from(macOf(id))) ? id : null;
}
