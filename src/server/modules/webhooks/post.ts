import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { resolvePublicAddresses, type CheckedAddress, type HostLookup } from './address-check.js';

/*
 * One delivery attempt over HTTP: the endpoint's host is resolved and every address checked
 * (address-check.ts), then the request connects to the addresses checked, in order until one takes
 * the connection (a host with an IPv6 and an IPv4 address may listen on one only), with the URL's
 * host in the Host header and TLS name, so a DNS answer that changes in between cannot lead it
 * elsewhere.
 * Redirects are not followed (a 3xx is a failed attempt); the answer's body is not kept.
 */

/** How long one attempt may take, from connecting to the answer's status. */
export const ATTEMPT_TIMEOUT_MS = 10_000;

export type AttemptResult = { ok: boolean; responseStatus: number | null; durationMs: number; error: string | null };

type Attempt = { url: string; headers: Record<string, string>; body: string; allowPrivate: boolean; timeoutMs?: number; lookupHost?: HostLookup };

/** Posts the body, signed by `headers`, and says how it went; never throws. */
export async function postDelivery({ url, headers, body, allowPrivate, timeoutMs = ATTEMPT_TIMEOUT_MS, lookupHost }: Attempt): Promise<AttemptResult> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const target = new URL(url);
  const checked = await resolvePublicAddresses(target.hostname, allowPrivate, lookupHost);
  if ('refused' in checked) return { ok: false, responseStatus: null, durationMs: elapsed(), error: checked.refused };
  try {
    const status = await send(target, checked.addresses, headers, body, timeoutMs);
    const ok = status >= 200 && status < 300;
    return { ok, responseStatus: status, durationMs: elapsed(), error: ok ? null : `The endpoint answered HTTP ${status}${status >= 300 && status < 400 ? ' (redirects are not followed)' : ''}.` };
  } catch (error) {
    return { ok: false, responseStatus: null, durationMs: elapsed(), error: error instanceof Error ? error.message : String(error) };
  }
}

/**
 * A lookup that answers the checked addresses whatever it is asked, in the form asked: all of them
 * (the connection then tries each in turn: Node's default `autoSelectFamily`), or the first.
 */
function lookupOf(checked: readonly CheckedAddress[]): LookupFunction {
  return (_hostname, options, callback) => {
    if (options.all) callback(null, checked.map(({ address, family }) => ({ address, family })));
    else callback(null, checked[0]!.address, checked[0]!.family);
  };
}

function send(target: URL, checked: readonly CheckedAddress[], headers: Record<string, string>, body: string, timeoutMs: number): Promise<number> {
  const client = target.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const request = client.request(
      target,
      {
        method: 'POST',
        lookup: lookupOf(checked),
        // no pooled connection: each attempt connects to the address just checked
        agent: false,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body).toString(), 'user-agent': 'Hourbank-Webhooks', ...headers },
      },
      (response) => {
        clearTimeout(deadline);
        response.resume();
        resolve(response.statusCode ?? 0);
      },
    );
    // the whole attempt, however slowly the endpoint trickles its answer
    const deadline = setTimeout(() => request.destroy(new Error(`The endpoint did not answer within ${timeoutMs / 1000} seconds.`)), timeoutMs);
    request.on('error', (error) => {
      clearTimeout(deadline);
      reject(error);
    });
    request.end(body);
  });
}
