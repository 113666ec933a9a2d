/**
 * The address rule of outgoing calls: which addresses are refused, how the
 * operator's allowance reads, and that no server code calls out except through the guard.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { allowListOf, refusalOf, refusedRange } from '../../server/outgoing/address-rule';
import { configProblems, readConfig } from '../../server/config';

const none = allowListOf(undefined);

describe('refused addresses', () => {
  it.each([
    ['127.0.0.1', 'loopback'],
    ['127.255.255.254', 'loopback'],
    ['10.1.2.3', 'private'],
    ['172.31.255.255', 'private'],
    ['192.168.0.1', 'private'],
    ['169.254.169.254', 'link-local'],
    ['100.64.0.1', 'CGNAT'],
    ['100.127.255.255', 'CGNAT'],
    ['0.0.0.0', 'unspecified'],
    ['224.0.0.251', 'multicast'],
    ['239.255.255.250', 'multicast'],
    ['255.255.255.255', 'reserved'],
    ['198.18.0.1', 'reserved'],
    ['::', 'unspecified'],
    ['::1', 'loopback'],
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:a9fe:a9fe', 'link-local'],
    ['[::ffff:10.0.0.5]', 'private'],
    ['64:ff9b::192.168.0.1', 'private'],
    ['::127.0.0.1', 'reserved'],
    ['fe80::1%eth0', 'link-local'],
    ['fd00::1', 'private'],
    ['ff02::1', 'multicast'],
    ['2002:7f00:1::1', 'reserved'],
    ['2001:db8::1', 'reserved'],
    ['4000::1', 'reserved'],
    ['localhost', 'not an IP address'],
  ])('%s is %s', (address, range) => {
    expect(refusedRange(address)).toMatch(new RegExp(`^${range}`));
  });

  it.each(['93.184.216.34', '8.8.8.8', '100.128.0.1', '172.32.0.1', '2606:4700::1111', '::ffff:8.8.8.8', '64:ff9b::8.8.8.8'])('%s is public', (address) => {
    expect(refusedRange(address)).toBeNull();
    expect(refusalOf(address, none)).toBeNull();
  });
});

describe('CALLBACK_ALLOW_PRIVATE', () => {
  it('allows exactly the named blocks, an IPv4 one also in its IPv4-mapped spelling', () => {
    const allowed = allowListOf('127.0.0.0/8, 10.0.0.5 ,fd00::/8');
    expect(refusalOf('127.0.0.2', allowed)).toBeNull();
    expect(refusalOf('::ffff:127.0.0.2', allowed)).toBeNull();
    expect(refusalOf('10.0.0.5', allowed)).toBeNull();
    expect(refusalOf('fd00::5', allowed)).toBeNull();
    expect(refusalOf('10.0.0.6', allowed)).toEqual({ ip: '10.0.0.6', range: 'private (10.0.0.0/8)' });
    expect(refusalOf('::1', allowed)).toEqual({ ip: '::1', range: 'loopback (::1/128)' });
    expect(refusalOf('169.254.169.254', allowed)).toMatchObject({ range: 'link-local (169.254.0.0/16)' });
  });

  it('unset allows nothing', () => {
    expect(refusalOf('127.0.0.1', readConfig({}).outgoing.allowed)).not.toBeNull();
  });

  it('keeps the server from starting with an entry that is not an address or block', () => {
    expect(configProblems(readConfig({ CALLBACK_ALLOW_PRIVATE: '127.0.0.0/8,::1' }), { CALLBACK_ALLOW_PRIVATE: '127.0.0.0/8,::1' })).toEqual([]);
    for (const value of ['localhost', '10.0.0.0/33', '10.0.0.0/', '10.0.0.0/8/8', '::1/129', '10.0.0.0/x']) {
      const env = { CALLBACK_ALLOW_PRIVATE: value };
      expect(configProblems(readConfig(env), env), value).toEqual([expect.stringContaining('CALLBACK_ALLOW_PRIVATE')]);
    }
  });
});

describe('outgoing calls', () => {
  const root = path.resolve(__dirname, '../../server');
  const files = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((entry) => (entry.isDirectory() ? files(path.join(dir, entry.name)) : entry.name.endsWith('.ts') ? [path.join(dir, entry.name)] : []));

  it('go only through server/outgoing/guarded-fetch.ts, so every one is checked against the address rule', () => {
    const client = /\bfetch\(|from 'undici'|from 'node:https?'|\b(?:http|https)\.(?:request|get)\(|new WebSocket\(|from '(?:axios|got|node-fetch)'/;
    const callers = files(root)
      .filter((file) => file !== path.join(root, 'outgoing', 'guarded-fetch.ts'))
      .filter((file) => readFileSync(file, 'utf8').split('\n').some((line) => client.test(line) && !/^\s*(\*|\/\/)/.test(line) && !/^import type /.test(line)))
      .map((file) => path.relative(root, file));
    expect(callers).toEqual([]);
  });
});
