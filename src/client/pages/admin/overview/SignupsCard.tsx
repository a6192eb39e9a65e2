import { Text } from '@mantine/core';
import { IconUserCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { dateText } from '../../../../shared/dates.js';
import type { SignupDto } from '../../../../shared/overview.js';
import { ConfirmAction } from '../../../components/records/ConfirmAction.js';
import { DashboardCard } from '../../../components/DashboardCard.js';
import { EmailText } from '../../../components/EmailText.js';
import { trpc } from '../../../trpc.js';
import { CardState } from './CardState.js';
import { toastApproved } from '../users/approvedToast.js';
import { ActionList } from './ActionList.js';
import { CompanyLink } from '../../../components/CompanyLink.js';

export const AWAITING_APPROVAL_LIST = '/allusers?awaitingApproval=true';

/** 'Sign-ups Awaiting Approval (n)': the newest few, each approved from here as on the Users list (which emails them). */
export function SignupsCard() {
  const signups = trpc.superadmin.overview.signups.useQuery();
  // the card itself refreshes through lib/freshness.ts; the toast says the email went out
  const activate = trpc.superadmin.users.activate.useMutation({ onSuccess: toastApproved });
  const [approving, setApproving] = useState<SignupDto | null>(null);

  return (
    <DashboardCard
      title={`Sign-ups Awaiting Approval (${signups.data?.count ?? '…'})`}
      icon={IconUserCheck}
      action={{ label: 'View Awaiting Approval', href: AWAITING_APPROVAL_LIST }}
    >
      <CardState query={signups} what="sign-ups" />
      {signups.data?.newest.length === 0 && <Text c="dimmed">No sign-ups awaiting approval.</Text>}
      {signups.data && signups.data.newest.length > 0 && (
        <ActionList
          items={signups.data.newest.map((user) => ({
            key: user._id,
            content: (
              <>
                <Text fw={500}>
                  {user.firstName} {user.lastName}
                </Text>
                <Text size="sm" c="dimmed">
                  <EmailText address={user.emailAddress} />
                </Text>
                <Text size="sm" c="dimmed">
                  <CompanyLink companyId={user.company}>{user.companyName ?? 'No company'}</CompanyLink> · {dateText(user.createdAt)}
                </Text>
              </>
            ),
            action: { label: 'Approve', name: `Approve ${user.firstName} ${user.lastName}`, onClick: () => setApproving(user) },
          }))}
        />
      )}
      {approving && (
        <ConfirmAction
          title="Confirm Activate and Send Email"
          message={`Approve this user and email them that their account is active? (${approving.firstName} ${approving.lastName}, ${approving.emailAddress})`}
          confirmLabel="Activate and Send Email"
          mutation={activate}
          input={{ id: approving._id }}
          onClose={() => setApproving(null)}
        />
      )}
    </DashboardCard>
  );
}
