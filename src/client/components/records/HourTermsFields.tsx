import { Group, SegmentedControl, SimpleGrid, Stack, Switch, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { hourTermsText, type HourTermsDto, type RolloverUnit } from '../../../shared/hour-blocks.js';
import { numberFromText } from '../../../shared/validation.js';

/** The fields' text as typed; a blank validity means the hours never expire. */
type TermsText = { validity: string; rollover: boolean; limit: string; unit: RolloverUnit; months: string };

const textOf = (terms: Partial<HourTermsDto>): TermsText => ({
  validity: terms.validityMonths == null ? '' : String(terms.validityMonths),
  rollover: Boolean(terms.rollover),
  limit: terms.rollover ? String(terms.rollover.limit) : '',
  unit: terms.rollover?.unit ?? 'hours',
  months: terms.rollover ? String(terms.rollover.months) : '1',
});

/** The terms as the API takes them. */
function termsOf(text: TermsText): HourTermsDto {
  if (text.validity.trim() === '') return { validityMonths: null, rollover: null };
  const rollover = text.rollover ? { limit: numberFromText(text.limit), unit: text.unit, months: numberFromText(text.months) } : null;
  return { validityMonths: numberFromText(text.validity), rollover };
}

/** The hour terms' form state: the fields' props, and the terms to send. */
export function useHourTerms(initial: Partial<HourTermsDto>) {
  const [text, setText] = useState<TermsText>(() => textOf(initial));
  return { text, setText, terms: termsOf(text) };
}

type HourTermsFieldsProps = ReturnType<typeof useHourTerms> & { errorOn: (field: string) => string | undefined };

/** Validity and rollover, for a package or an invoice: how long its hours stay valid once paid, and what of them rolls over. */
export function HourTermsFields({ text, setText, terms, errorOn }: HourTermsFieldsProps) {
  const set = (change: Partial<TermsText>) => setText((current) => ({ ...current, ...change }));
  const expires = text.validity.trim() !== '';
  const complete = Number.isFinite(terms.validityMonths ?? 0) && (!terms.rollover || (Number.isFinite(terms.rollover.limit) && Number.isFinite(terms.rollover.months)));
  return (
    <Stack gap="xs">
      <TextInput
        label="Hours valid for (months)"
        description="From the day the invoice is paid in full; leave blank and the hours never expire"
        placeholder="Never expire"
        inputMode="numeric"
        value={text.validity}
        onChange={(event) => set({ validity: event.currentTarget.value })}
        error={errorOn('validityMonths')}
      />
      <Switch
        label="Roll over unused hours at the expiry"
        checked={expires && text.rollover}
        disabled={!expires}
        onChange={(event) => set({ rollover: event.currentTarget.checked })}
      />
      {expires && text.rollover && (
        <SimpleGrid cols={{ base: 1, sm: 2 }} verticalSpacing="xs">
          <Group gap="xs" align="flex-end" wrap="nowrap">
            <TextInput label="Up to" description="Of the unused hours" inputMode="decimal" value={text.limit} onChange={(event) => set({ limit: event.currentTarget.value })} error={errorOn('rollover')} style={{ flex: 1 }} />
            <SegmentedControl
              aria-label="Rollover limit in"
              value={text.unit}
              onChange={(unit) => set({ unit: unit as RolloverUnit })}
              data={[
                { value: 'hours', label: 'hours' },
                { value: 'percent', label: '%' },
              ]}
            />
          </Group>
          <TextInput label="Valid for (months)" description="The rolled-over hours, from the expiry" inputMode="numeric" value={text.months} onChange={(event) => set({ months: event.currentTarget.value })} />
        </SimpleGrid>
      )}
      {complete && (
        <Text size="sm" c="dimmed">
          {hourTermsText(terms)}
        </Text>
      )}
    </Stack>
  );
}
