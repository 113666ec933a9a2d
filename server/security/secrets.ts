/**
 * Secrets the platform must read back (merchant keys, online-banking passwords) are stored
 * encrypted with AES-256-GCM; the admin only ever receives them masked. The key comes from
 * SECRETS_KEY (base64, 32 bytes) or a key file created once beside the embedded database.
 */
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

let key: Buffer | null = null;

export function setSecretsKey(value: Buffer): void {
  if (value.length !== 32) throw new Error('SECRETS_KEY must be 32 bytes (base64)');
  key = value;
}

/** The key file's name in DATA_DIR, where the embedded database keeps its key without SECRETS_KEY. */
export const SECRETS_KEY_FILE = 'secrets.key';

/** SECRETS_KEY, else `<dataDir>/secrets.key` (created on first start, readable by the owner only). */
export function loadSecretsKey(env: NodeJS.ProcessEnv, dataDir: string): void {
  if (env.SECRETS_KEY) return setSecretsKey(Buffer.from(env.SECRETS_KEY, 'base64'));
  const file = path.join(dataDir, SECRETS_KEY_FILE);
  if (!existsSync(file)) {
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(file, randomBytes(32).toString('base64'), { mode: 0o600 });
  }
  setSecretsKey(Buffer.from(readFileSync(file, 'utf8').trim(), 'base64'));
}

function currentKey(): Buffer {
  // Tests and tools that never loaded a key get a process-local one.
  key ??= randomBytes(32);
  return key;
}

/**
 * A key of its own for one purpose (signing public references), derived from the secrets key by
 * HKDF-SHA-256, so the encryption key itself never signs anything.
 */
export const derivedKey = (purpose: string): Buffer => Buffer.from(hkdfSync('sha256', currentKey(), Buffer.alloc(0), purpose, 32));

/** "v1:<iv>:<tag>:<ciphertext>" in base64 parts. */
export function encryptSecret(plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', currentKey(), iv);
  const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return ['v1', iv.toString('base64'), cipher.getAuthTag().toString('base64'), data.toString('base64')].join(':');
}

export function decryptSecret(stored: string): string {
  const [version, iv, tag, data] = stored.split(':');
  if (version !== 'v1') throw new Error('unknown secret format');
  const decipher = createDecipheriv('aes-256-gcm', currentKey(), Buffer.from(iv, 'base64'));
  decipher.setAuthTag(Buffer.from(tag, 'base64'));
  return Buffer.concat([decipher.update(Buffer.from(data, 'base64')), decipher.final()]).toString('utf8');
}

/** Shows only the ends: "demo••••••0001". */
export function maskSecret(plain: string | null | undefined): string {
  if (!plain) return '';
  if (plain.length <= 6) return '•'.repeat(plain.length);
  return `${plain.slice(0, 4)}${'•'.repeat(6)}${plain.slice(-4)}`;
}
