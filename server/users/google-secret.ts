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

/** The user's secret in clear, or null when none is stored. */
export function googleSecretOf(user: { googleSecret: string | null }): string | null {
  const stored = user.googleSecret;
  if (!stored) return null;
  return isPlainGoogleSecret(stored) ? stored : decryptSecret(stored);
}
