import fs from 'node:fs';
import path from 'node:path';

/** Reads the .eml files the server wrote (no SMTP_URL), decoding quoted-printable text. */
function decodeQuotedPrintable(text: string): string {
  return text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

export function emailsTo(dataDir: string, address: string): string[] {
  const folder = path.join(dataDir, 'outbox');
  if (!fs.existsSync(folder)) return [];
  return fs
    .readdirSync(folder)
    .sort()
    .map((name) => decodeQuotedPrintable(fs.readFileSync(path.join(folder, name), 'utf8')))
    .filter((message) => new RegExp(`^To: .*${address.replace(/[.+]/g, '\\$&')}`, 'mi').test(message));
}

export async function waitForEmail(dataDir: string, address: string, count = 1): Promise<string> {
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    const found = emailsTo(dataDir, address);
    if (found.length >= count) return found[count - 1]!;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no email number ${count} to ${address} within 15 s`);
}

export function linkToken(email: string): string {
  const match = /\/reset-password\/([\w-]+\.[\w-]+\.[\w-]+)/.exec(email);
  if (!match?.[1]) throw new Error(`no reset link in:\n${email}`);
  return match[1];
}
