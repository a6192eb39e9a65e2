import { Button } from '@mantine/core';
import { IconPaperclip } from '@tabler/icons-react';
import { useState } from 'react';
import { trpc } from '../trpc.js';
import { startDownload } from './downloads/startDownload.js';

/**
 * Downloads a reported payment's proof: a signed link first (the session header cannot ride on a
 * download), then the file as an attachment. The customer's page and the provider's dialog share it.
 */
export function ProofDownloadButton({ reportId, invoiceNumber }: { reportId: string; invoiceNumber: string }) {
  const utils = trpc.useUtils();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const download = async () => {
    setBusy(true);
    setError(null);
    try {
      startDownload((await utils.client.reportedPayments.proofLink.query({ id: reportId })).url);
    } catch (cause) {
      setError(cause instanceof Error ? cause.message : 'The proof could not be downloaded. Please try again.');
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      variant="light"
      size="xs"
      leftSection={<IconPaperclip size={16} aria-hidden="true" />}
      loading={busy}
      onClick={() => void download()}
      aria-label={`Download the proof of payment for invoice ${invoiceNumber}`}
      color={error ? 'red' : undefined}
      title={error ?? undefined}
    >
      {error ? 'Download failed: try again' : 'Download proof'}
    </Button>
  );
}
