import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { ConfigError, loadConfig, loadConfigOrExit, missingPaymentDetails, warnMissingPaymentDetails } from './config.js';

describe('loadConfig', () => {
  it('applies the documented defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      dataDir: path.resolve('./data'),
      databasePath: path.resolve('./data/hourbank.db'),
      appUrl: 'http://localhost:3000',
      smtpUrl: undefined,
      schedulerWebhookUrl: undefined,
      logLevel: 'info',
      trustProxy: false,
    });
    expect(config.provider.name).toBe('Hourbank Consulting');
    expect(config.timeZone).toBeTruthy();
  });

  it('reads every variable', () => {
    const config = loadConfig({
      PORT: '8080',
      HOST: '0.0.0.0',
      DATA_DIR: '/srv/hourbank',
      DATABASE_PATH: '/srv/db/main.db',
      APP_URL: 'https://hours.example.com/',
      SMTP_URL: 'smtp://mail.example.com:587',
      MAIL_FROM: 'Billing <billing@example.com>',
      PROVIDER_NAME: 'Acme Consulting',
      PROVIDER_EMAIL: 'owner@example.com',
      PROVIDER_ADDRESS: '1 Road, Town',
      PROVIDER_BANK_NAME: 'First Bank',
      PROVIDER_ROUTING_NUMBER: '011000015',
      PROVIDER_ACCOUNT_NUMBER: '123456789',
      PROVIDER_PAYMENT_EMAIL: 'pay@example.com',
      APP_TIMEZONE: 'Europe/Berlin',
      SCHEDULER_WEBHOOK_URL: 'https://script.example.com/exec',
      EVENT_RETENTION_DAYS: '365',
      SESSION_SECRET: 'x'.repeat(32),
      TRUST_PROXY: 'loopback, 10.0.0.0/8,::1',
    });
    expect(config).toMatchObject({
      trustProxy: ['loopback', '10.0.0.0/8', '::1'],
      port: 8080,
      host: '0.0.0.0',
      dataDir: '/srv/hourbank',
      databasePath: '/srv/db/main.db',
      appUrl: 'https://hours.example.com',
      smtpUrl: 'smtp://mail.example.com:587',
      mailFrom: 'Billing <billing@example.com>',
      timeZone: 'Europe/Berlin',
      schedulerWebhookUrl: 'https://script.example.com/exec',
      eventRetentionDays: 365,
      provider: {
        name: 'Acme Consulting',
        email: 'owner@example.com',
        address: '1 Road, Town',
        bankName: 'First Bank',
        routingNumber: '011000015',
        accountNumber: '123456789',
        paymentEmail: 'pay@example.com',
      },
    });
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT: PORT must be a number'],
    [{ PORT: '70000' }, 'PORT: PORT must be between 0 and 65535'],
    [{ APP_URL: 'not a url' }, 'APP_URL: APP_URL must be a full URL'],
    [{ SMTP_URL: 'http://mail' }, 'SMTP_URL: SMTP_URL must start with smtp:// or smtps://'],
    [{ APP_TIMEZONE: 'Mars/Olympus' }, 'APP_TIMEZONE: APP_TIMEZONE must be an IANA time zone'],
    [{ PROVIDER_EMAIL: 'nope' }, 'PROVIDER_EMAIL: PROVIDER_EMAIL must be an email address'],
    [{ SESSION_SECRET: 'short' }, 'SESSION_SECRET: SESSION_SECRET must be at least 32 characters long'],
    [{ TRUST_PROXY: 'true' }, 'TRUST_PROXY: TRUST_PROXY must list the addresses or networks of the proxies'],
    [{ TRUST_PROXY: '1' }, 'a hop count cannot tell a proxy from a client'],
    [{ TRUST_PROXY: '10.0.0.0/33' }, 'TRUST_PROXY: TRUST_PROXY must list'],
    [{ TRUST_PROXY: '10.0.0.1,proxy.example.com' }, 'TRUST_PROXY: TRUST_PROXY must list'],
    [{ EVENT_RETENTION_DAYS: '7' }, 'EVENT_RETENTION_DAYS: EVENT_RETENTION_DAYS must be a whole number of days from 30 to 36500'],
    [{ EVENT_RETENTION_DAYS: 'forever' }, 'EVENT_RETENTION_DAYS: EVENT_RETENTION_DAYS must be a whole number of days'],
  ])('stops on %j with a clear message', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });

  it('reads the running-low threshold in hours, 5 unless set', () => {
    expect(loadConfig({}).lowBalanceHundredths).toBe(500);
    expect(loadConfig({ LOW_BALANCE_HOURS: '' }).lowBalanceHundredths).toBe(500);
    expect(loadConfig({ LOW_BALANCE_HOURS: '2.5' }).lowBalanceHundredths).toBe(250);
    expect(loadConfig({ LOW_BALANCE_HOURS: '0' }).lowBalanceHundredths).toBe(0);
  });

  it.each(['-1', 'five', '1.234', '10000.01', '1e3'])('refuses LOW_BALANCE_HOURS=%s', (value) => {
    expect(() => loadConfig({ LOW_BALANCE_HOURS: value })).toThrow(
      'LOW_BALANCE_HOURS must be a number of hours from 0 to 10000 with at most 2 decimals, e.g. 5 or 2.5',
    );
  });

  it('waits 60 s for a whole request and closes a stalled download within 30 s, unless set', () => {
    expect(loadConfig({})).toMatchObject({ requestTimeoutMs: 60_000, downloadStallMs: 30_000 });
    expect(loadConfig({ REQUEST_TIMEOUT_SECONDS: '120', DOWNLOAD_STALL_SECONDS: '' })).toMatchObject({ requestTimeoutMs: 120_000, downloadStallMs: 30_000 });
  });

  it.each([
    ['REQUEST_TIMEOUT_SECONDS', '0'],
    ['REQUEST_TIMEOUT_SECONDS', '1.5'],
    ['DOWNLOAD_STALL_SECONDS', 'soon'],
    ['DOWNLOAD_STALL_SECONDS', '3601'],
  ])('refuses %s=%s', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(`${name}: ${name} must be a whole number of seconds from 1 to 3600`);
  });

  it('treats empty values as unset', () => {
    expect(loadConfig({ SMTP_URL: '', PORT: '' }).smtpUrl).toBeUndefined();
  });
});

describe('loadConfigOrExit (the server and every script)', () => {
  it('gives the configuration when it is valid', () => {
    expect(loadConfigOrExit({ PORT: '4100' }).port).toBe(4100);
  });

  it('prints the problems and exits with 1 when it is not', () => {
    const exit = vi.spyOn(process, 'exit').mockImplementation(((code: number) => {
      throw new Error(`exit ${code}`);
    }) as never);
    const printed = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      expect(() => loadConfigOrExit({ PORT: 'eighty' })).toThrow('exit 1');
      expect(printed).toHaveBeenCalledWith(expect.stringContaining('Invalid configuration:\n  - PORT'));
    } finally {
      exit.mockRestore();
      printed.mockRestore();
    }
  });
});

describe('missing payment details', () => {
  it('names every unset payment detail with its setting, and none once all are set', () => {
    const settings = (env: Record<string, string>) => missingPaymentDetails(loadConfig(env).provider).map(({ setting }) => setting);
    expect(settings({})).toEqual(['PROVIDER_BANK_NAME', 'PROVIDER_ROUTING_NUMBER', 'PROVIDER_ACCOUNT_NUMBER', 'PROVIDER_PAYMENT_EMAIL', 'PROVIDER_ADDRESS']);
    expect(settings({ PROVIDER_BANK_NAME: 'First Bank', PROVIDER_ADDRESS: ' ' })).toEqual(['PROVIDER_ROUTING_NUMBER', 'PROVIDER_ACCOUNT_NUMBER', 'PROVIDER_PAYMENT_EMAIL', 'PROVIDER_ADDRESS']);
    const all = { PROVIDER_BANK_NAME: 'B', PROVIDER_ROUTING_NUMBER: '1', PROVIDER_ACCOUNT_NUMBER: '2', PROVIDER_PAYMENT_EMAIL: 'pay@x.example', PROVIDER_ADDRESS: '1 Main St' };
    expect(settings(all)).toEqual([]);
  });

  it('logs one warning at start-up per unset detail, naming its setting', () => {
    const warn = vi.fn();
    warnMissingPaymentDetails(loadConfig({ PROVIDER_BANK_NAME: 'B', PROVIDER_ROUTING_NUMBER: '1', PROVIDER_ACCOUNT_NUMBER: '2' }).provider, { warn });
    expect(warn.mock.calls).toEqual([
      [{ setting: 'PROVIDER_PAYMENT_EMAIL' }, 'Payment email (Zelle) is not set (Settings page, or PROVIDER_PAYMENT_EMAIL): invoice emails and PDFs say "please contact us" in its place.'],
      [{ setting: 'PROVIDER_ADDRESS' }, 'Mailing address (checks) is not set (Settings page, or PROVIDER_ADDRESS): invoice emails and PDFs say "please contact us" in its place.'],
    ]);
  });
});
