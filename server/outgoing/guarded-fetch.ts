/**
 * The only way the server calls out (merchant callbacks today; any later bot, SMS or gateway call
 * must come through here too: tests/unit/outgoing-calls.test.ts fails on a fetch or http client
 * anywhere else in server/). Each connection is checked when it is made, after DNS, against
 * ./address-rule.ts: a literal address before connecting, a name by resolving it here and handing
 * the socket only the addresses checked, so a name cannot answer differently between the check and
 * the connection. A name with any refused address is refused as a whole.
 */
import { promises as dns, type LookupAddress, type LookupOptions } from 'node:dns';
import { isIP, type BlockList, type LookupFunction } from 'node:net';
import { Agent, buildConnector, fetch, type RequestInit, type Response } from 'undici';
import { refusalOf } from './address-rule.js';

/** Resolves a name to every address it has (dns.lookup by default; tests hand in their own). */
export type Resolve = (hostname: string) => Promise<LookupAddress[]>;

export interface OutgoingRule {
  /** Refused addresses the operator allowed (CALLBACK_ALLOW_PRIVATE). */
  allowed: BlockList;
  resolve?: Resolve;
}

/** A call the address rule stopped before any byte was sent; `message` says which address and why. */
class OutgoingRefused extends Error {
  readonly code = 'EOUTGOINGREFUSED';
}

const systemResolve: Resolve = (hostname) => dns.lookup(hostname, { all: true, verbatim: true });

/** Resolves `hostname` and throws OutgoingRefused when any of its addresses is refused. */
export async function checkedAddresses(rule: OutgoingRule, hostname: string): Promise<LookupAddress[]> {
  const literal = hostname.replace(/^\[(.*)\]$/, '$1');
  const addresses = isIP(literal) ? [{ address: literal, family: isIP(literal) }] : await (rule.resolve ?? systemResolve)(hostname);
  for (const { address } of addresses) {
    const refused = refusalOf(address, rule.allowed);
    if (refused) throw new OutgoingRefused(isIP(literal) ? `${refused.ip} is ${refused.range}` : `${hostname} resolves to ${refused.ip}, which is ${refused.range}`);
  }
  return addresses;
}

/** net.connect's lookup: the checked addresses, in the shape asked for (one, or all for happy eyeballs). */
const guardedLookup =
  (rule: OutgoingRule): LookupFunction =>
  (hostname: string, options: LookupOptions, callback) => {
    const family = options.family === 'IPv4' ? 4 : options.family === 'IPv6' ? 6 : (options.family ?? 0);
    checkedAddresses(rule, hostname).then(
      (addresses) => {
        const usable = addresses.filter((a) => family === 0 || a.family === family);
        if (!usable.length) callback(Object.assign(new Error(`${hostname} has no IPv${family} address`), { code: 'ENOTFOUND' }), '');
        else if (options.all) callback(null, usable);
        else callback(null, usable[0].address, usable[0].family);
      },
      (error: NodeJS.ErrnoException) => callback(error, ''),
    );
  };

/** Connects only where the rule allows: a literal address is checked here (net.connect skips lookup for one). */
function guardedConnector(rule: OutgoingRule): buildConnector.connector {
  const connect = buildConnector({ lookup: guardedLookup(rule) });
  return (options, callback) => {
    const refused = isIP(options.hostname) ? refusalOf(options.hostname, rule.allowed) : null;
    if (refused) callback(new OutgoingRefused(`${refused.ip} is ${refused.range}`), null);
    else connect(options, callback);
  };
}

const agents = new WeakMap<OutgoingRule, Agent>();

/** fetch through the rule's connections. */
export function guardedFetch(rule: OutgoingRule, url: string, init: RequestInit): Promise<Response> {
  let agent = agents.get(rule);
  if (!agent) agents.set(rule, (agent = new Agent({ connect: guardedConnector(rule) })));
  return fetch(url, { ...init, dispatcher: agent });
}

/** The refusal behind a failed call (fetch wraps it as the cause), or null when something else failed. */
export function refusalIn(error: unknown): OutgoingRefused | null {
  for (let e = error; e instanceof Error; e = e.cause) if (e instanceof OutgoingRefused) return e;
  return null;
}
