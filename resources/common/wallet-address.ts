/**
 * Wallet addresses: TRON (Base58Check) and EVM (EIP-55), their checksums verified. A module of its
 * own because the checksums need sha256 and keccak-256 (@noble/hashes): only the screens and
 * schemas that take an address load them (the rule is a function, so a module importing this one
 * for a constant's sake carries none of it). docs/reliability.md ("Identifier formats").
 */
import { z } from 'zod';
import { keccak_256 } from '@noble/hashes/sha3.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';

const BASE58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';

/** Base58 text to bytes (leading '1's are zero bytes), or null for a character outside the alphabet. */
function base58Decode(text: string): Uint8Array | null {
  const bytes: number[] = []; // little-endian while building
  for (const ch of text) {
    let carry = BASE58.indexOf(ch);
    if (carry < 0) return null;
    for (let i = 0; i < bytes.length; i++) {
      carry += bytes[i] * 58;
      bytes[i] = carry & 0xff;
      carry >>= 8;
    }
    for (; carry > 0; carry >>= 8) bytes.push(carry & 0xff);
  }
  for (let i = 0; i < text.length && text[i] === '1'; i++) bytes.push(0);
  return Uint8Array.from(bytes.reverse());
}

/** The first 4 bytes of sha256(sha256(payload)): Base58Check's checksum. */
const checksumOf = (payload: Uint8Array): Uint8Array => sha256(sha256(payload)).subarray(0, 4);

/** TRON mainnet: 0x41 then the 20-byte account, Base58Check: 'T' and 33 more characters. */
const TRON_SHAPE = /^T[1-9A-HJ-NP-Za-km-z]{33}$/;
const TRON_PREFIX = 0x41;

/** 0x and 40 hex digits (Ethereum and the other EVM chains). */
const EVM_SHAPE = /^0x[0-9a-fA-F]{40}$/;

/** EIP-55: a letter of the address is upper case exactly when the matching hex digit of keccak-256(lower-case address) is 8 or more. */
function eip55Holds(hex: string): boolean {
  const hash = bytesToHex(keccak_256(utf8ToBytes(hex.toLowerCase())));
  for (let i = 0; i < hex.length; i++) {
    const c = hex[i];
    if (c >= '0' && c <= '9') continue;
    if ((parseInt(hash[i], 16) >= 8) !== (c === c.toUpperCase())) return false;
  }
  return true;
}

/**
 * Why a text is not a wallet address: `usdtAddress` when it has neither shape, `addressChecksum`
 * when it has one but its checksum fails (a mistyped character); null for a valid address. An EVM
 * address in one case only carries no checksum (EIP-55 is a mixed-case encoding), so it is taken.
 */
export function walletAddressFault(text: string): 'usdtAddress' | 'addressChecksum' | null {
  if (TRON_SHAPE.test(text)) {
    const bytes = base58Decode(text);
    if (!bytes || bytes.length !== 25 || bytes[0] !== TRON_PREFIX) return 'addressChecksum';
    const expected = checksumOf(bytes.subarray(0, 21));
    return expected.every((b, i) => b === bytes[21 + i]) ? null : 'addressChecksum';
  }
  if (EVM_SHAPE.test(text)) {
    const hex = text.slice(2);
    if (hex === hex.toLowerCase() || hex === hex.toUpperCase()) return null;
    return eip55Holds(hex) ? null : 'addressChecksum';
  }
  return 'usdtAddress';
}

/** The rule of a TRON or EVM wallet address, its checksum verified; the reason says which test failed. */
export const walletAddress = () =>
  z
    .string({ error: 'required' })
    .trim()
    .superRefine((v, ctx) => {
      const fault = walletAddressFault(v);
      if (fault) ctx.addIssue({ code: 'custom', message: fault, input: v });
    });
