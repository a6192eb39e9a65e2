import type { FastifyRequest } from 'fastify';
import { PASSWORD_LINK_PATH } from './modules/account/links.js';

/*
 * Links that work without a session carry their key in the URL: a download or invoice PDF link
 * its signature (sig=...), a reset or set-password link its token (/reset-password/<token>). The
 * info log records each request's URL, and whoever reads the log must not be able to use them: the
 * log keeps the request, its path and the rest of its query, with the key replaced.
 */
export const REDACTED = '[redacted]';

const SECRET_QUERY_VALUE = /([?&](?:sig|token)=)[^&#]*/gi;
const TOKEN_IN_PATH = new RegExp(`(${PASSWORD_LINK_PATH})[^/?#]+`, 'gi');

/** The URL as the log may show it. */
export function redactUrl(url: string): string {
  return url.replace(TOKEN_IN_PATH, `$1${REDACTED}`).replace(SECRET_QUERY_VALUE, `$1${REDACTED}`);
}

/** The request as Fastify logs it (method, URL, host, address), with the URL's keys left out. */
export function loggedRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    version: request.headers?.['accept-version'],
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}
