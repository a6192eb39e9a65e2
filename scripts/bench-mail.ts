// npm run bench:mail [-- --emails 500]
// The outbox's sending rate: queues a burst of emails in one transaction on a throwaway database
// and times the worker delivering them, through the production SMTP transport (pooled), to an SMTP
// server on loopback that accepts everything. Prints emails/s against the target; asserts nothing.
import { parseArgs } from 'node:util';
import { Outbox, SEND_CONCURRENCY } from '../src/server/mail/outbox.js';
import { startSmtpServer, tempDatabase, TestClock } from '../src/server/testing/mail-kit.js';
import { createMailTransport } from '../src/server/mail/transport.js';

const TARGET_PER_SECOND = 50;
const { values } = parseArgs({ options: { emails: { type: 'string', default: '500' } } });
const emails = Number(values.emails);

const server = await startSmtpServer();
const temp = tempDatabase('hourbank-bench-mail-');
const { db } = temp.open();
const transport = createMailTransport({ smtpUrl: `smtp://127.0.0.1:${server.port}`, emlFolder: temp.folder });
const outbox = new Outbox({ db, clock: new TestClock(new Date()), transport, from: async () => '"Bench" <bench@localhost>' });
try {
  await db.transaction(async (tx) => {
    for (let n = 0; n < emails; n += 1) {
      await outbox.enqueue(tx, {
        to: [`client${n}@example.test`],
        subject: `Your hour balance (${n})`,
        text: `Hello,\n\nYour balance is ${n} hours.\n`,
        html: `<p>Hello,</p><p>Your balance is ${n} hours.</p>`,
      });
    }
  });
  const started = performance.now();
  const sent = await outbox.deliverDue();
  const seconds = (performance.now() - started) / 1000;
  const rate = sent / seconds;
  console.log(`Outbox to a local SMTP server: ${sent} of ${emails} emails in ${seconds.toFixed(2)} s, ${SEND_CONCURRENCY} at a time over pooled connections`);
  console.log(`${rate.toFixed(0)} emails/s  target >= ${TARGET_PER_SECOND} ${rate >= TARGET_PER_SECOND ? 'PASS' : 'FAIL'}`);
  if (server.messages.length !== emails) console.log(`BROKEN: the server received ${server.messages.length} of ${emails}`);
} finally {
  await outbox.stop();
  transport.close();
  await server.close();
  await temp.remove();
}
