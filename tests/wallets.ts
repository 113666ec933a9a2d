/**
 * Wallet addresses for tests: valid TRON addresses made from random bytes (Base58Check of 0x41 and
 * 20 bytes), so a test that needs an address no earlier run has used still passes the checksum rule.
 */
import { randomBytes } from 'node:crypto';
import { sha256 } from '@noble/hashes/sha2.js';

const BASE58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';

function base58(bytes: Uint8Array): string {
  let n = BigInt(`0x${Buffer.from(bytes).toString('hex')}`);
  let text = '';
  for (; n > 0n; n /= 58n) text = BASE58[Number(n % 58n)] + text;
  for (let i = 0; i < bytes.length && bytes[i] === 0; i++) text = `1${text}`;
  return text;
}

/** The TRON address of a 20-byte account. */
export function tronAddress(account: Uint8Array): string {
  const payload = Uint8Array.from([0x41, ...account]);
  return base58(Uint8Array.from([...payload, ...sha256(sha256(payload)).subarray(0, 4)]));
}

/** A valid TRON address no earlier run has used. */
export const uniqueTron = (): string => tronAddress(randomBytes(20));
