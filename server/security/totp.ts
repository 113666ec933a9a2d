/** Google Authenticator codes: TOTP per RFC 6238 (SHA-1, 6 digits, 30 s), one past step allowed, no replay. */
import { Secret, TOTP } from 'otpauth';

const PERIOD = 30;

export function newSecret(): string {
  return new Secret({ size: 20 }).base32;
}

export function otpauthUri(secret: string, account: string, issuer: string): string {
  return new TOTP({ issuer, label: account, secret: Secret.fromBase32(secret), period: PERIOD }).toString();
}

/** The code for a given time (tests and the seed use it). */
export function codeAt(secret: string, timestamp = Date.now()): string {
  return new TOTP({ secret: Secret.fromBase32(secret), period: PERIOD }).generate({ timestamp });
}

/**
 * Checks a code and returns the time step it matched, or null. A code is good for its own step and
 * the one before; a step at or below `lastStep` was already used and is refused (replay).
 */
export function verifyCode(secret: string, code: string, lastStep: number, timestamp = Date.now()): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const totp = new TOTP({ secret: Secret.fromBase32(secret), period: PERIOD });
  const delta = totp.validate({ token: code, timestamp, window: 1 });
  if (delta === null || delta > 0) return null;
  const step = Math.floor(timestamp / 1000 / PERIOD) + delta;
  return step > lastStep ? step : null;
}
