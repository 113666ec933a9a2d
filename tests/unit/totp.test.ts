import { describe, expect, it } from 'vitest';
import { codeAt, newSecret, otpauthUri, verifyCode } from '../../server/security/totp';

// RFC 6238 appendix B, SHA-1: the secret "12345678901234567890" in base32.
const RFC_SECRET = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';

describe('TOTP (RFC 6238)', () => {
  it('matches the RFC test vectors (6-digit truncation)', () => {
    expect(codeAt(RFC_SECRET, 59_000)).toBe('287082');
    expect(codeAt(RFC_SECRET, 1_111_111_109_000)).toBe('081804');
    expect(codeAt(RFC_SECRET, 1_234_567_890_000)).toBe('005924');
  });

  it('accepts a fresh code and refuses the same code again', () => {
    const secret = newSecret();
    const now = Date.now();
    const step = verifyCode(secret, codeAt(secret, now), 0, now);
    expect(step).toBe(Math.floor(now / 30_000));
    expect(verifyCode(secret, codeAt(secret, now), step!, now)).toBeNull();
  });

  it('accepts the code of the previous step once, and refuses one two steps old', () => {
    const secret = newSecret();
    const now = Date.now();
    expect(verifyCode(secret, codeAt(secret, now - 30_000), 0, now)).toBe(Math.floor(now / 30_000) - 1);
    expect(verifyCode(secret, codeAt(secret, now - 60_000), 0, now)).toBeNull();
    expect(verifyCode(secret, codeAt(secret, now + 30_000), 0, now)).toBeNull();
  });

  it('refuses malformed codes and names the account in the otpauth URI', () => {
    const secret = newSecret();
    expect(verifyCode(secret, '12345', 0)).toBeNull();
    expect(verifyCode(secret, 'abcdef', 0)).toBeNull();
    expect(otpauthUri(secret, 'merchant', 'Payment Admin')).toMatch(new RegExp(`^otpauth://totp/Payment%20Admin:merchant\\?.*secret=${secret}`));
  });
});
