import { Button, Card, Group, Progress, Stack, Text, ThemeIcon, Title, VisuallyHidden } from '@mantine/core';
import { IconCheck, IconCircleDashed } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { SETUP_STEP_TITLES, type SetupDto, type SetupStep } from '../../../../shared/setup.js';
import { trpc } from '../../../trpc.js';
import { EmailDelivery } from '../settings/EmailDelivery.js';
import { AWAITING_APPROVAL_LIST } from './SignupsCard.js';
import classes from './OverviewPage.module.css';

type StepGuide = { text: ReactNode; action?: { label: string; href: string } };

const signUpAddress = () => `${window.location.origin}/signup`;

/** What each step asks for, and where it is done. */
function guideOf(step: SetupStep, email: SetupDto['email']): StepGuide {
  switch (step) {
    case 'businessProfile':
      return { text: 'Your business email and a phone number or address, so customers can reach you. A logo is optional.', action: { label: 'Fill in the business profile', href: '/settings#profile-title' } };
    case 'paymentDetails':
      return { text: 'At least one way to pay you in full: bank details, a Zelle address, a mailing address for checks, or other instructions. Every invoice prints them.', action: { label: 'Add payment details', href: '/settings#payment-title' } };
    case 'firstPackage':
      return { text: 'A block of hours at a rate that customers can buy at checkout.', action: { label: 'Create a package', href: '/allpackages' } };
    case 'emailDelivery':
      return { text: <EmailDelivery email={email} /> };
    case 'firstCustomer':
      return {
        text: `Customers sign up at ${signUpAddress()}; each sign-up waits for your approval and you are emailed about it.`,
        action: { label: 'View sign-ups', href: AWAITING_APPROVAL_LIST },
      };
  }
}

/** The provider's first-day checklist, on the overview until every step is done or the provider hides it. */
export function SetupChecklist() {
  const utils = trpc.useUtils();
  const setup = trpc.superadmin.setup.checklist.useQuery();
  const hide = trpc.superadmin.setup.hide.useMutation({ onSuccess: (saved) => utils.superadmin.setup.checklist.setData(undefined, saved) });
  if (!setup.data || setup.data.hidden) return null;
  const { steps, email } = setup.data;
  const done = steps.filter((step) => step.done).length;
  if (done === steps.length) return null;
  return (
    <Card withBorder radius="md" padding="lg" shadow="xs" component="section" aria-labelledby="setup-title" mb="lg" data-testid="setup-checklist">
      <Group justify="space-between" align="flex-start" mb="xs">
        <div>
          <Title order={2} fz="h4" id="setup-title">
            Get set up
          </Title>
          <Text size="sm" c="dimmed">
            {done} of {steps.length} done. What your first customer needs before they can buy hours and pay you.
          </Text>
        </div>
        <Button variant="subtle" size="xs" loading={hide.isPending} onClick={() => hide.mutate({ hidden: true })}>
          Hide checklist
        </Button>
      </Group>
      <Progress value={(done / steps.length) * 100} mb="md" aria-label={`${done} of ${steps.length} setup steps done`} />
      <ol className={classes.list}>
        {steps.map(({ step, done: stepDone }) => {
          const guide = guideOf(step, email);
          return (
            <li key={step} data-step={step} data-done={stepDone}>
              <Group wrap="nowrap" align="flex-start" gap="sm">
                <ThemeIcon variant={stepDone ? 'filled' : 'light'} color={stepDone ? 'teal.8' : 'gray'} radius="xl" size="md" aria-hidden="true">
                  {stepDone ? <IconCheck size={16} /> : <IconCircleDashed size={16} />}
                </ThemeIcon>
                <Stack gap={4} flex={1} className={classes.wrap}>
                  <Text fw={600} c={stepDone ? 'dimmed' : undefined}>
                    {SETUP_STEP_TITLES[step]}
                    <VisuallyHidden>{stepDone ? ' (done)' : ' (to do)'}</VisuallyHidden>
                  </Text>
                  {!stepDone && (typeof guide.text === 'string' ? <Text size="sm">{guide.text}</Text> : guide.text)}
                  {!stepDone && guide.action && (
                    <Group>
                      <Button component={Link} href={guide.action.href} size="xs" variant="light">
                        {guide.action.label}
                      </Button>
                    </Group>
                  )}
                </Stack>
              </Group>
            </li>
          );
        })}
      </ol>
    </Card>
  );
}
