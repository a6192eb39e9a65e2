import { Button, Group, Paper, Text, TextInput } from '@mantine/core';
import { IconFileTypeCsv, IconFileTypePdf } from '@tabler/icons-react';
import { useState } from 'react';
import { runtimeTimeZone } from '../../../shared/dates.js';
import { localDate } from '../../../shared/weekly.js';
import { startDownload } from '../../components/downloads/startDownload.js';
import { useSession } from '../../session.js';
import { trpc } from '../../trpc.js';

/** The first day of the month a year before `today` (YYYY-MM-DD): a default period of about a year. */
function aYearBefore(today: string): string {
  return `${Number(today.slice(0, 4)) - 1}${today.slice(4, 8)}01`;
}

const errorText = (error: unknown) => (error instanceof Error ? error.message : 'The download could not start. Please try again.');

/**
 * The Activities page's downloads: the whole ledger as CSV (any user of the company) and, for the
 * company's admins, a statement PDF of a period.
 */
export function ActivityDownloads() {
  const session = useSession();
  const utils = trpc.useUtils();
  const timeZone = runtimeTimeZone();
  const today = localDate(new Date(), timeZone);
  const [from, setFrom] = useState(aYearBefore(today));
  const [to, setTo] = useState(today);
  const [busy, setBusy] = useState<'csv' | 'pdf' | null>(null);
  const [error, setError] = useState<string | null>(null);

  const download = async (kind: 'csv' | 'pdf', link: () => Promise<{ url: string }>) => {
    setBusy(kind);
    setError(null);
    try {
      startDownload((await link()).url);
    } catch (cause) {
      setError(errorText(cause));
    } finally {
      setBusy(null);
    }
  };

  return (
    <Paper withBorder radius="md" p="sm" mb="lg" aria-label="Downloads" component="section">
      <Group gap="sm" align="flex-end" wrap="wrap">
        {session?.isAdmin && (
          <>
            <TextInput type="date" label="Statement from" value={from} max={to} onChange={(event) => setFrom(event.currentTarget.value)} w={{ base: '100%', xs: 170 }} />
            <TextInput type="date" label="Statement to" value={to} min={from} max={today} onChange={(event) => setTo(event.currentTarget.value)} w={{ base: '100%', xs: 170 }} />
            <Button
              leftSection={<IconFileTypePdf size={18} />}
              loading={busy === 'pdf'}
              onClick={() => void download('pdf', () => utils.client.activities.statementLink.query({ from, to, timeZone }))}
            >
              Download PDF
            </Button>
          </>
        )}
        <Button
          variant="light"
          leftSection={<IconFileTypeCsv size={18} />}
          loading={busy === 'csv'}
          onClick={() => void download('csv', () => utils.client.activities.exportLink.query({ timeZone }))}
        >
          Download CSV
        </Button>
      </Group>
      {error && (
        <Text c="red" size="sm" mt="xs" role="alert">
          {error}
        </Text>
      )}
    </Paper>
  );
}
