/**
 * The authenticator (TOTP) secret as the users row keeps it: encrypted with the secrets key, like
 * merchant keys and bank passwords (security/secrets.ts), so a copy of the database or a backup
 * without the key cannot mint codes. A secret stored before encryption (plain base32) still reads,
 * and is stored encrypted at its next accepted code (attempts.ts).
 */
import { decryptSecret, encryptSecret } from '../security/secrets.js';

export const sealGoogleSecret = (plain: string): string => encryptSecret(plain);

/** Whether the stored value is a secret kept from before encryption. */
export const isPlainGoogleSecret = (stored: string): boolean => !stored.startsWith('v1:');

/**
 * The user's secret in clear; null when none is stored, or when the stored one cannot be read (the
 * secrets key changed): every code is then refused, counted, until an account manager resets the
 * binding, and the owner's next binding draws a new secret (google-binding.ts).
 */
export function googleSecretOf(user: { googleSecret: string | null }): string | null {
  const stored = user.googleSecret;
  if (!stored) return null;
  if (isPlainGoogleSecret(stored)) return stored;
  try {
    return decryptSecret(stored);
  } catch {
    return null;
  }
}
