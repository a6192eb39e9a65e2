import { Paper, SimpleGrid, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import type { CompanyDto } from '../../../../../shared/companies.js';
import { runOutDateText } from '../../../../../shared/forecast.js';
import { formatHours } from '../../../../../shared/format.js';
import { lastSentLines } from '../balanceEmailText.js';

function Figure({ label, value, note, color }: { label: string; value: ReactNode; note?: ReactNode; color?: string }) {
  return (
    <Paper withBorder radius="md" p="md">
      <Text size="sm" c="dimmed" fw={500}>
        {label}
      </Text>
      <Text fz={26} fw={700} c={color} style={{ fontVariantNumeric: 'tabular-nums' }}>
        {value}
      </Text>
      {note && (
        <Text size="xs" c="dimmed">
          {note}
        </Text>
      )}
    </Paper>
  );
}

/** The run-out date, or why there is none (docs/product-rules.md#low-balance-alerts-and-the-run-out-forecast). */
function runOut(company: CompanyDto): { value: string; note: string } {
  if (company.forecast) return { value: runOutDateText(company.forecast), note: `At its recent pace of ${formatHours(company.forecast.hoursPerWeek)} hours a week.` };
  if (company.hourBalance <= 0) return { value: 'Out of hours', note: 'The balance is used up.' };
  return { value: '—', note: 'No hours logged in the last 8 weeks.' };
}

/** The company's balance, pending hours, run-out forecast and low-balance threshold. */
export function CompanyFigures({ company }: { company: CompanyDto }) {
  const forecast = runOut(company);
  const sent = lastSentLines(company);
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="md">
      <Figure
        label="Hour Balance"
        value={`${formatHours(company.hourBalance)} h`}
        color={company.hourBalance < 0 ? 'red.8' : undefined}
        note={sent.length > 0 ? `Balance emails: ${sent.join(', ')}` : 'No balance email sent yet.'}
      />
      <Figure label="Pending Activation" value={`${formatHours(company.pendingHours)} h`} note="Bought, waiting for payment." />
      <Figure label="Runs Out" value={forecast.value} note={forecast.note} />
      <Figure
        label="Running-Low Threshold"
        value={`${formatHours(company.thresholdHours)} h`}
        note={company.lowBalanceHours === null ? "The provider's default." : "This company's own."}
      />
    </SimpleGrid>
  );
}
