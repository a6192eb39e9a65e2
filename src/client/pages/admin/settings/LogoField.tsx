import { Button, FileButton, Group, Image, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { LOGO_MAX_BYTES, LOGO_TYPES, type SettingsDto } from '../../../../shared/settings.js';
import { FormMessage } from '../../../components/FormMessage.js';
import { toastDone } from '../../../lib/toast.js';
import { errorText, trpc } from '../../../trpc.js';

const TOO_LARGE = `The logo must be at most ${LOGO_MAX_BYTES / 1024} KB.`;

function readAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read.'));
    reader.readAsDataURL(file);
  });
}

/** The business logo: a PNG or JPEG printed on invoices and statements and shown in emails. */
export function LogoField({ logo }: { logo: SettingsDto['logo'] }) {
  const utils = trpc.useUtils();
  const [problem, setProblem] = useState<string | null>(null);
  const saved = (settings: SettingsDto) => utils.superadmin.settings.get.setData(undefined, settings);
  const upload = trpc.superadmin.settings.saveLogo.useMutation({
    onSuccess: (settings) => {
      saved(settings);
      toastDone('Logo saved', 'Invoices, statements and emails show it from now on.');
    },
  });
  const remove = trpc.superadmin.settings.removeLogo.useMutation({
    onSuccess: () => {
      void utils.superadmin.settings.get.invalidate();
      toastDone('Logo removed');
    },
  });

  const choose = async (file: File | null) => {
    setProblem(null);
    upload.reset();
    if (!file) return;
    if (file.size > LOGO_MAX_BYTES) return setProblem(TOO_LARGE);
    upload.mutate({ dataUrl: await readAsDataUrl(file) });
  };

  const error = problem ?? (upload.isError ? errorText(upload.error, 'The logo could not be saved.') : null);
  return (
    <Stack gap="xs" mb="md">
      <Text size="sm" fw={500} id="logo-label">
        Logo
      </Text>
      <Group gap="md" align="center">
        {logo ? (
          <Image src={logo.url} alt="Your logo" h={56} w="auto" fit="contain" radius="sm" bd="1px solid var(--mantine-color-default-border)" p={4} />
        ) : (
          <Text size="sm" c="dimmed">
            No logo yet: invoices and emails show your business name.
          </Text>
        )}
        <FileButton onChange={(file) => void choose(file)} accept={LOGO_TYPES.join(',')}>
          {(props) => (
            <Button variant="default" loading={upload.isPending} aria-describedby="logo-label logo-help" {...props}>
              {logo ? 'Replace logo' : 'Upload logo'}
            </Button>
          )}
        </FileButton>
        {logo && (
          <Button variant="subtle" color="red" loading={remove.isPending} onClick={() => remove.mutate()}>
            Remove logo
          </Button>
        )}
      </Group>
      <Text size="xs" c="dimmed" id="logo-help">
        PNG or JPEG, at most {LOGO_MAX_BYTES / 1024} KB. Shown on invoices, statements and emails.
      </Text>
      <FormMessage error={error} />
    </Stack>
  );
}
