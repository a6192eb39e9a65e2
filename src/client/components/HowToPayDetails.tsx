import { Badge, Card, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useId } from 'react';
import { CHOSEN_METHOD_NOTE, type HowToPay, type ShownDetail } from '../../shared/payment-options.js';

/** Labels and values side by side; a multi-line value (an address) keeps its lines. */
export function PaymentDetailList({ details }: { details: ShownDetail[] }) {
  return (
    <dl style={{ margin: 0, display: 'grid', gridTemplateColumns: 'max-content 1fr', gap: '4px 16px' }}>
      {details.map(({ label, value }) => (
        <div key={label} style={{ display: 'contents' }}>
          <Text component="dt" size="sm" c="dimmed">
            {label}
          </Text>
          <Text component="dd" m={0} size="sm" fw={600} style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-line' }}>
            {value}
          </Text>
        </div>
      ))}
    </dl>
  );
}

/**
 * How to pay one unpaid invoice, as the shared howToPay builds it for the PDF and the emails too:
 * amount due and reference, the method(s) with their details, other ways to pay, whom to ask.
 */
export function HowToPayDetails({ content }: { content: HowToPay }) {
  const headingId = useId();
  return (
    <Stack gap="sm" component="section" aria-labelledby={headingId} data-testid="how-to-pay">
      <Title order={2} fz="md" id={headingId}>
        {content.title}
      </Title>
      <PaymentDetailList details={content.facts} />
      <Text size="sm">{content.referenceNote}</Text>
      <SimpleGrid cols={{ base: 1, sm: Math.min(content.methods.length, 3) }} spacing="sm">
        {content.methods.map((method) => (
          <Card key={method.channel} withBorder radius="sm" padding="sm" data-chosen={method.chosen || undefined} style={method.chosen ? { borderColor: 'var(--mantine-primary-color-filled)' } : undefined}>
            <Stack gap={6}>
              <Text fw={600} size="sm">
                {method.title}
              </Text>
              {method.chosen && (
                <Badge variant="light" size="sm" tt="none" c="var(--mantine-color-text)">
                  {CHOSEN_METHOD_NOTE}
                </Badge>
              )}
              <Text size="sm">{method.action}</Text>
              <PaymentDetailList details={method.details} />
            </Stack>
          </Card>
        ))}
      </SimpleGrid>
      {content.otherInstructions && (
        <div>
          <Text fw={600} size="sm">
            {content.otherInstructions.title}
          </Text>
          <Text size="sm" style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
            {content.otherInstructions.text}
          </Text>
        </div>
      )}
      <div>
        <Text fw={600} size="sm" mb={4}>
          {content.contact.title}
        </Text>
        <PaymentDetailList details={content.contact.details} />
      </div>
    </Stack>
  );
}
