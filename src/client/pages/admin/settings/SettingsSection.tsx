import { Button, Card, Group, Select, SimpleGrid, Text, TextInput, Textarea, Title } from '@mantine/core';
import { useState, type FormEvent, type ReactNode } from 'react';
import { SETTING_ENVIRONMENT, SETTING_LABELS, type SettingName, type SettingsDto } from '../../../../shared/settings.js';
import { fieldErrorReader } from '../../../components/records/fieldErrors.js';
import { FormMessage } from '../../../components/FormMessage.js';
import { toastDone } from '../../../lib/toast.js';
import { errorText, trpc } from '../../../trpc.js';

/** How one setting is edited: a line, a few lines, or a choice; with what the provider should know. */
export type FieldSpec = {
  name: SettingName;
  kind?: 'line' | 'lines' | 'choice';
  choices?: string[];
  help?: string;
  placeholder?: string;
  type?: 'email' | 'tel' | 'url';
  inputMode?: 'numeric' | 'decimal';
  wide?: boolean;
};

type Values = Partial<Record<SettingName, string>>;

const asText = (value: SettingsDto[SettingName]) => (value === null || value === undefined ? '' : String(value));
const valuesOf = (settings: SettingsDto, fields: FieldSpec[]): Values =>
  Object.fromEntries(fields.map(({ name }) => [name, asText(settings[name])]));

/** Where a value comes from while it has never been saved here, so the provider knows which wins. */
function sourceNote(name: SettingName, settings: SettingsDto): string | undefined {
  if (!settings.unsaved.includes(name)) return undefined;
  const variable = SETTING_ENVIRONMENT[name];
  if (!variable || !asText(settings[name])) return undefined;
  return `From the server's ${variable} until you save it here.`;
}

/** One card of the Settings page: its fields, saved together; the server checks each and names a refused one. */
export function SettingsSection({ id, title, intro, fields, settings, children }: {
  id: string;
  title: string;
  intro: ReactNode;
  fields: FieldSpec[];
  settings: SettingsDto;
  children?: ReactNode;
}) {
  const utils = trpc.useUtils();
  const [values, setValues] = useState<Values>(() => valuesOf(settings, fields));
  const save = trpc.superadmin.settings.update.useMutation({
    onSuccess: (saved) => {
      utils.superadmin.settings.get.setData(undefined, saved);
      void utils.superadmin.settings.missing.invalidate();
      void utils.superadmin.setup.checklist.invalidate();
      void utils.branding.invalidate();
      setValues(valuesOf(saved, fields));
      toastDone(`${title} saved`, 'Every page, email and PDF uses them from now on.');
    },
  });
  const errorOn = fieldErrorReader(save.error);
  const refusedField = fields.some(({ name }) => errorOn(name));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(Object.fromEntries(fields.map(({ name }) => [name, values[name]?.trim() === '' ? null : values[name]])) as never);
  };

  const input = (spec: FieldSpec) => {
    const common = {
      label: SETTING_LABELS[spec.name],
      description: [spec.help, sourceNote(spec.name, settings)].filter(Boolean).join(' ') || undefined,
      error: errorOn(spec.name),
      placeholder: spec.placeholder,
      value: values[spec.name] ?? '',
    };
    const set = (value: string | null) => setValues((current) => ({ ...current, [spec.name]: value ?? '' }));
    if (spec.kind === 'choice') {
      return <Select key={spec.name} {...common} data={spec.choices ?? []} searchable allowDeselect={false} nothingFoundMessage="No such time zone" onChange={set} />;
    }
    if (spec.kind === 'lines') {
      return <Textarea key={spec.name} {...common} autosize minRows={2} maxRows={6} onChange={(event) => set(event.currentTarget.value)} />;
    }
    return <TextInput key={spec.name} {...common} type={spec.type} inputMode={spec.inputMode} onChange={(event) => set(event.currentTarget.value)} />;
  };

  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby={`${id}-title`}>
      <form onSubmit={submit} noValidate>
        <Title order={2} fz="h3" id={`${id}-title`} mb={4}>
          {title}
        </Title>
        <Text size="sm" c="dimmed" mb="md">
          {intro}
        </Text>
        {children}
        <SimpleGrid cols={{ base: 1, sm: 2 }} mb="md">
          {fields.filter((spec) => !spec.wide).map(input)}
        </SimpleGrid>
        {fields.filter((spec) => spec.wide).map((spec) => (
          <div key={spec.name} style={{ marginBottom: 'var(--mantine-spacing-md)' }}>
            {input(spec)}
          </div>
        ))}
        <FormMessage error={save.isError && !refusedField ? errorText(save.error, `${title} could not be saved.`) : null} />
        <Group justify="flex-end" mt="md">
          <Button type="submit" loading={save.isPending}>
            Save {title.toLowerCase()}
          </Button>
        </Group>
      </form>
    </Card>
  );
}
