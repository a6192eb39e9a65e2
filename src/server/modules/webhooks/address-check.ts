import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';

/*
 * Where a webhook may be sent: not to the provider's own machine or network. Before each delivery
 * the endpoint's host is resolved, and every address it resolves to must be public; the request then
 * connects to the addresses checked (the next when one refuses), so a DNS answer that changes
 * between the check and the connection cannot point it elsewhere. An operator who runs receivers on
 * the local network allows them with WEBHOOKS_ALLOW_PRIVATE=true.
 */

/** Loopback, private, link-local, unique-local, carrier-grade NAT, multicast, unspecified and reserved ranges. */
const NOT_PUBLIC = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  NOT_PUBLIC.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
  ['64:ff9b::', 96],
] as const) {
  NOT_PUBLIC.addSubnet(network, prefix, 'ipv6');
}

/** Whether an address is one of the provider's own (loopback, private, link-local ...) rather than a public one. */
export function isPrivateAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return NOT_PUBLIC.check(address, 'ipv4');
  if (family !== 6) return true;
  // an IPv4 address written as IPv6 (::ffff:127.0.0.1) is checked as the IPv4 address it is
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  return mapped ? NOT_PUBLIC.check(mapped, 'ipv4') : NOT_PUBLIC.check(address, 'ipv6');
}

export type CheckedAddress = { address: string; family: 4 | 6 };

/** A host's addresses, as the system resolver answers them (all of them, in its order). */
export type HostLookup = (host: string) => Promise<{ address: string; family: number }[]>;

const systemLookup: HostLookup = (host) => lookup(host, { all: true, verbatim: true });

export const PRIVATE_ADDRESS = 'That address is on a private network (loopback, link-local or private); webhooks are sent to public addresses only.';

/**
 * The addresses to connect to for a URL's host, in the resolver's order, or why not: a host that
 * resolves to no address, or to any address that is not public (unless private ones are allowed).
 */
export async function resolvePublicAddresses(host: string, allowPrivate: boolean, lookupHost: HostLookup = systemLookup): Promise<{ addresses: CheckedAddress[] } | { refused: string }> {
  const bare = host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host;
  let found: { address: string; family: number }[];
  try {
    found = isIP(bare) ? [{ address: bare, family: isIP(bare) }] : await lookupHost(bare);
  } catch {
    return { refused: `The host ${host} could not be found.` };
  }
  if (found.length === 0) return { refused: `The host ${host} could not be found.` };
  if (!allowPrivate && found.some(({ address }) => isPrivateAddress(address))) return { refused: PRIVATE_ADDRESS };
  return { addresses: found.map(({ address, family }) => ({ address, family: family === 6 ? 6 : 4 })) };
}
