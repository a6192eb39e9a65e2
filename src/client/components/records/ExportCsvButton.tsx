import { ActionIcon, Tooltip } from '@mantine/core';
import { IconFileDownload } from '@tabler/icons-react';
import { useState } from 'react';
import type { ExportList } from '../../../shared/exports.js';
import { runtimeTimeZone } from '../../../shared/dates.js';
import { trpc } from '../../trpc.js';
import { startDownload } from '../downloads/startDownload.js';
import { failureText } from './failureText.js';
import { toastFailed } from '../../lib/toast.js';

export const EXPORT_CSV_LABEL = 'Export CSV';

/**
 * Downloads the list as CSV with the search, filters and sort on screen (every row, not just the
 * page), dates written in the browser's zone.
 */
export function ExportCsvButton({ list, query }: { list: ExportList; query: Record<string, unknown> }) {
  const utils = trpc.useUtils();
  const [busy, setBusy] = useState(false);
  const exportCsv = async () => {
    setBusy(true);
    try {
      const { page: _page, perPage: _perPage, ...filters } = query;
      const { url } = await utils.client.superadmin.exports.link.query({ timeZone: runtimeTimeZone(), ...filters, list });
      startDownload(url);
    } catch (error) {
      toastFailed('Export failed', failureText(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Tooltip label={EXPORT_CSV_LABEL}>
      <ActionIcon size="lg" variant="light" onClick={() => void exportCsv()} loading={busy} aria-label={EXPORT_CSV_LABEL}>
        <IconFileDownload size={20} />
      </ActionIcon>
    </Tooltip>
  );
}
