import { eq } from 'drizzle-orm';
import { hoursToHundredths, hundredthsToHours } from '../../../shared/hours.js';
import { defaultSender, SETTING_NAMES, type SettingsDto, type SettingsFields } from '../../../shared/settings.js';
import { changedFields } from '../../../shared/events.js';
import type { Config, Provider } from '../../config.js';
import type { Tx } from '../../db.js';
import type { AppDeps } from '../../deps.js';
import type { EventSource } from '../events/service.js';
import { recordSettingsChange } from './events.js';
import { preparedPer } from '../../lib/prepared.js';
import { logoInfo } from './logo.js';

/*
 * The provider's settings (docs/product-rules.md#settings). The environment gives each its first
 * value; a value saved on the Settings page wins from then on, and takes effect on the next call,
 * email and PDF: every reader asks readSettings, which is one indexed read of one row.
 */

const KEY = 'business';

/** The settings every part of the app works with. */
export type EffectiveSettings = {
  provider: Provider;
  timeZone: string;
  /** The running-low threshold of companies without their own, in hundredths of an hour. */
  lowBalanceHundredths: number;
  schedulerWebhookUrl: string | undefined;
  mailFrom: string;
  /** Days the audit log keeps an event; null: forever. */
  eventRetentionDays: number | null;
};

type Saved = Partial<SettingsFields>;

/** The page's fields with the values the environment (or the built-in default) gives them. */
function environmentFields(config: Config): SettingsFields {
  const { provider } = config;
  return {
    name: provider.name,
    email: provider.email ?? null,
    phone: provider.phone ?? null,
    businessAddress: provider.businessAddress ?? null,
    bankName: provider.bankName ?? null,
    routingNumber: provider.routingNumber ?? null,
    accountNumber: provider.accountNumber ?? null,
    paymentEmail: provider.paymentEmail ?? null,
    checkAddress: provider.address ?? null,
    otherInstructions: provider.otherInstructions ?? null,
    lowBalanceHours: hundredthsToHours(config.lowBalanceHundredths),
    timeZone: config.timeZone,
    schedulerWebhookUrl: config.schedulerWebhookUrl ?? null,
    mailFrom: config.mailFrom ?? null,
    eventRetentionDays: config.eventRetentionDays,
  };
}

/** The values saved on the Settings page: one indexed read (every dashboard, email and PDF asks it). */
async function readSaved(tx: Tx): Promise<Saved> {
  const [row] = await savedRow(tx).execute();
  return row ? (JSON.parse(row.value) as Saved) : {};
}

const savedRow = preparedPer((tx) => {
  const { settings } = tx.t;
  return tx.select({ value: settings.value }).from(settings).where(eq(settings.key, KEY)).prepare();
});

async function currentFields(config: Config, tx: Tx): Promise<{ fields: SettingsFields; saved: Saved }> {
  const saved = await readSaved(tx);
  return { fields: { ...environmentFields(config), ...saved }, saved };
}

const orUndefined = (value: string | null) => value ?? undefined;

function effective(fields: SettingsFields): EffectiveSettings {
  return {
    provider: {
      name: fields.name,
      email: orUndefined(fields.email),
      phone: orUndefined(fields.phone),
      businessAddress: orUndefined(fields.businessAddress),
      address: orUndefined(fields.checkAddress),
      bankName: orUndefined(fields.bankName),
      routingNumber: orUndefined(fields.routingNumber),
      accountNumber: orUndefined(fields.accountNumber),
      paymentEmail: orUndefined(fields.paymentEmail),
      otherInstructions: orUndefined(fields.otherInstructions),
    },
    timeZone: fields.timeZone,
    lowBalanceHundredths: hoursToHundredths(fields.lowBalanceHours),
    schedulerWebhookUrl: orUndefined(fields.schedulerWebhookUrl),
    mailFrom: fields.mailFrom ?? defaultSender(fields.name),
    eventRetentionDays: fields.eventRetentionDays,
  };
}

/** The settings in force now: saved values over the environment's (tx: the database or an open transaction). */
export async function readSettings(config: Config, tx: Tx): Promise<EffectiveSettings> {
  return effective((await currentFields(config, tx)).fields);
}

/** The provider's details in force now, for emails, PDFs and pages, with the logo's address for emails. */
export async function providerOf(config: Config, tx: Tx): Promise<Provider> {
  const logo = await logoInfo(tx);
  return { ...(await readSettings(config, tx)).provider, ...(logo ? { logoUrl: `${config.appUrl}${logo.url}` } : {}) };
}

/** The Settings page's view: the values in force, which of them are still the environment's, and the logo. */
export async function settingsView(deps: { config: Config; db: Tx }): Promise<SettingsDto> {
  const { fields, saved } = await currentFields(deps.config, deps.db);
  const unsaved = SETTING_NAMES.filter((name) => !(name in saved));
  return { ...fields, unsaved, defaultMailFrom: defaultSender(fields.name), logo: await logoInfo(deps.db) };
}

/**
 * Saves the page's fields; a field left out keeps its value (saved or the environment's). What is
 * in force after. The values in force that changed are recorded (settings.updated), as the page shows them.
 */
export async function saveSettings(deps: Pick<AppDeps, 'config' | 'clock'>, tx: Tx, source: EventSource, sent: Saved): Promise<EffectiveSettings> {
  const { settings } = tx.t;
  const before = await currentFields(deps.config, tx);
  const saved = { ...before.saved, ...definedOnly(sent) };
  const value = JSON.stringify(saved);
  await tx.insert(settings).values({ key: KEY, value }).onConflictDoUpdate({ target: settings.key, set: { value } });
  const after = await currentFields(deps.config, tx);
  await recordSettingsChange(tx, source, deps.clock.now(), 'settings.updated', changedFields(before.fields, after.fields, SETTING_NAMES));
  return effective(after.fields);
}

function definedOnly(sent: Saved): Saved {
  return Object.fromEntries(Object.entries(sent).filter(([, value]) => value !== undefined)) as Saved;
}
