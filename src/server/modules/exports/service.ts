import type { z } from 'zod';
import { changedFields } from '../../../shared/events.js';
import type { DownloadLink, ExportLinkInput, ExportList } from '../../../shared/exports.js';
import { EXPORT_LISTS } from '../../../shared/exports.js';
import { localDate } from '../../../shared/weekly.js';
import type { AppDeps } from '../../deps.js';
import { AppError } from '../../errors.js';
import { validationMessage } from '../../validation.js';
import { csvChunks } from './csv-stream.js';
import type { EventSource, NewEvent } from '../events/service.js';
import { downloadLink, recordedOnceRead } from './links.js';
import { providerLists } from './provider-lists.js';
import { readSettings } from '../settings/service.js';

/** Where a back-office list's CSV is fetched from. */
export const providerExportPath = (list: ExportList) => `/api/superadmin/exports/${list}.csv`;

type ListQueryPayload = { query: object; timeZone: string };

/** The list's own input check: a sort key or filter the list does not have is refused with its message. */
function checkedQuery(schema: z.ZodType<object>, input: object): object {
  const parsed = schema.safeParse(input);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new AppError('BAD_REQUEST', validationMessage(parsed.error), issue?.path.map(String).join('.') || undefined);
  }
  const { page: _page, perPage: _perPage, ...query } = parsed.data as { page?: number; perPage?: number };
  return query;
}

/** A signed link, for the super-admin `userId`, to the CSV of a back-office list with its current search, filters and sort. */
export async function providerExportLink(deps: AppDeps, userId: string, input: ExportLinkInput): Promise<DownloadLink> {
  const { list, timeZone, ...listQuery } = input;
  const given = Object.fromEntries(Object.entries(listQuery).filter(([, value]) => value !== undefined));
  const query = checkedQuery(providerLists[list].input, given);
  const payload: ListQueryPayload = { query, timeZone: timeZone ?? (await readSettings(deps.config, deps.db)).timeZone };
  return downloadLink(deps, providerExportPath(list), userId, payload);
}

export type CsvDownload = { fileName: string; chunks: AsyncGenerator<string> };

/** The list a signed export path names, or undefined. */
export function exportListOf(path: string): ExportList | undefined {
  return EXPORT_LISTS.find((list) => providerExportPath(list) === path);
}

/**
 * The CSV a signed export link names (its payload is ours, so it is checked again only by the
 * list's schema), fetched by `source`. Recorded once served (export.downloaded) with the list and
 * the search, filters and sort it was read with; of the company a filter names, if any.
 */
export async function providerExport(deps: AppDeps, source: EventSource, list: ExportList, payload: unknown): Promise<CsvDownload> {
  const definition = providerLists[list];
  const { query, timeZone } = payload as ListQueryPayload;
  const checked = checkedQuery(definition.input, query);
  const records = await definition.records(deps, checked, timeZone);
  const company = (checked as { company?: unknown }).company;
  const event: NewEvent = {
    type: 'export.downloaded',
    companyId: typeof company === 'string' && company !== '' ? company : null,
    subjectType: 'export',
    subjectId: null,
    changes: changedFields(undefined, { list, filters: checked }, ['list', 'filters']),
  };
  return {
    fileName: `${definition.fileName}-${localDate(deps.clock.now(), timeZone)}.csv`,
    chunks: recordedOnceRead(csvChunks(definition.headers, records), deps, source, event),
  };
}
