import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import { PRIVATE_FILE_MODE, PRIVATE_FOLDER_MODE } from '../lib/private-files.js';

export type OutgoingMail = {
  /** The same on every attempt of one email, so a receiver can tell a resend from a new email. */
  messageId: string;
  from: string;
  to: string[];
  subject: string;
  text: string;
  html: string;
  attachments: { filename: string; contentType: string; content: Buffer }[];
};

export type MailTransport = { send: (mail: OutgoingMail) => Promise<void>; close: () => void };

/** SMTP when a URL is configured; otherwise each email becomes an .eml file a person can open. */
export function createMailTransport(options: { smtpUrl?: string; emlFolder: string }): MailTransport {
  return options.smtpUrl ? smtpTransport(options.smtpUrl) : emlFileTransport(options.emlFolder);
}

/**
 * nodemailer waits up to 2 minutes to connect and 10 minutes on a silent socket; a stuck server
 * would hold the worker (and a graceful shutdown) that long. Options in SMTP_URL's query win.
 */
const SMTP_TIMEOUTS = { connectionTimeout: 30_000, greetingTimeout: 30_000, socketTimeout: 60_000 };

/**
 * Kept-open connections, reused for many emails: a new connection (and TLS handshake) per email
 * held sending to a few a second. The outbox sends up to SEND_CONCURRENCY at once over them.
 */
const SMTP_POOL = { pool: true, maxConnections: 5, maxMessages: 100 };

function smtpTransport(smtpUrl: string): MailTransport {
  const transporter = nodemailer.createTransport({ ...SMTP_TIMEOUTS, ...SMTP_POOL, url: smtpUrl });
  return {
    send: async (mail) => {
      await transporter.sendMail(mail);
    },
    close: () => transporter.close(),
  };
}

/**
 * The .eml files hold live set-password and reset links: each is readable by the server's account
 * only, in a folder only it may enter. A folder that already existed (under a data folder made by
 * hand, say) is narrowed too, before each email, so a loosened folder does not stay loose.
 */
function emlFileTransport(folder: string): MailTransport {
  const transporter = nodemailer.createTransport({ streamTransport: true, buffer: true });
  return {
    send: async (mail) => {
      const info = await transporter.sendMail(mail);
      await fs.mkdir(folder, { recursive: true, mode: PRIVATE_FOLDER_MODE });
      await fs.chmod(folder, PRIVATE_FOLDER_MODE);
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const name = `${stamp}-${info.messageId.replace(/[^a-zA-Z0-9]/g, '')}.eml`;
      // 'wx': a new file always, so it is created with the private mode (an old one would keep its own)
      await fs.writeFile(path.join(folder, name), info.message as Buffer, { mode: PRIVATE_FILE_MODE, flag: 'wx' });
    },
    close: () => transporter.close(),
  };
}
