import { Badge, Button, Group, VisuallyHidden, Center, Loader, Paper, Table, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { AWAITING_APPROVAL, type CompanyUserDto } from '../../../shared/users.js';
import { LoadMoreButton } from '../../components/LoadMoreButton.js';
import { EmailText } from '../../components/EmailText.js';
import { PageHeader } from '../../components/PageHeader.js';
import { combinePages, LOAD_MORE_PAGE_SIZE } from '../../lib/loadMore.js';
import { usePageTitle } from '../../lib/usePageTitle.js';
import { useSession } from '../../session.js';
import { trpc } from '../../trpc.js';
import { InviteColleagueDialog } from './InviteColleagueDialog.js';
import { RemoveColleagueDialog } from './RemoveColleagueDialog.js';

export const USERS_LOAD_FAILED = 'Error getting the list of Users.';

/** Users (/users): the company's users with name, email and role, a page at a time ("Load more"); its admins invite and remove colleagues. */
export function UsersPage() {
  usePageTitle('Users');
  const [pageCount, setPageCount] = useState(1);
  const [inviting, setInviting] = useState(false);
  const [removing, setRemoving] = useState<CompanyUserDto | null>(null);
  const ownId = useSession()?.user.userId;
  const users = combinePages(
    trpc.useQueries((t) => Array.from({ length: pageCount }, (_, index) => t.users.list({ page: index + 1, perPage: LOAD_MORE_PAGE_SIZE }))),
  );

  useEffect(() => {
    if (users.error) console.error('Users failed to load', users.error);
  }, [users.error]);

  return (
    <>
      <PageHeader title="Users" subtitle="Everyone in your company who can sign in to this portal.">
        <Group mt="xs">
          <Button onClick={() => setInviting(true)}>Invite a colleague</Button>
        </Group>
      </PageHeader>
      {inviting && <InviteColleagueDialog onClose={() => setInviting(false)} />}
      {removing && <RemoveColleagueDialog user={removing} onClose={() => setRemoving(null)} />}
      {users.isPending && !users.error && (
        <Center py="xl">
          <Loader aria-label="Loading users" />
        </Center>
      )}
      {users.items.length > 0 || (!users.isPending && !users.error) ? <UsersTable users={users.items} ownId={ownId} onRemove={setRemoving} /> : null}
      {users.error ? (
        <Text c="red" role="alert" mt="md">
          {USERS_LOAD_FAILED}
        </Text>
      ) : (
        <LoadMoreButton shown={users.items.length} total={users.total} totalIsCapped={users.totalIsCapped} loading={users.isLoadingMore} onClick={() => setPageCount((count) => count + 1)} />
      )}
    </>
  );
}

function UsersTable({ users, ownId, onRemove }: { users: CompanyUserDto[]; ownId: string | undefined; onRemove: (user: CompanyUserDto) => void }) {
  return (
    <Paper withBorder radius="md" p={{ base: 'xs', sm: 'md' }}>
      <Table.ScrollContainer minWidth={340}>
        <Table striped highlightOnHover verticalSpacing="sm">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Name</Table.Th>
              <Table.Th visibleFrom="sm">Email</Table.Th>
              <Table.Th>Role</Table.Th>
              <Table.Th>
                <VisuallyHidden>Actions</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {users.length === 0 ? (
              <Table.Tr>
                <Table.Td colSpan={4}>
                  <Text c="dimmed" ta="center" py="md">
                    No users found.
                  </Text>
                </Table.Td>
              </Table.Tr>
            ) : (
              users.map((user) => (
                <Table.Tr key={user._id}>
                  <Table.Td fw={500}>
                    <span>{`${user.firstName} ${user.lastName}`}</span>
                    {/* on a phone the email goes under the name, so role and Remove stay in view */}
                    <Text size="xs" c="dimmed" hiddenFrom="sm" style={{ overflowWrap: 'anywhere' }}>
                      <EmailText address={user.emailAddress} />
                    </Text>
                    {!user.approved && <AwaitingApprovalBadge />}
                  </Table.Td>
                  <Table.Td visibleFrom="sm" style={{ overflowWrap: 'anywhere' }}>
                    <EmailText address={user.emailAddress} />
                  </Table.Td>
                  <Table.Td>
                    <Badge variant="light" color={user.role === 'admin' ? 'brand' : 'gray'} radius="sm" tt="none" miw="max-content">
                      {user.role}
                    </Badge>
                  </Table.Td>
                  <Table.Td ta="right">
                    {user._id !== ownId && (
                      <Button size="xs" variant="subtle" color="red" onClick={() => onRemove(user)} aria-label={`Remove ${user.firstName} ${user.lastName}`}>
                        Remove
                      </Button>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))
            )}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Paper>
  );
}

/** An invited colleague the provider has not approved yet: they cannot sign in until then. */
function AwaitingApprovalBadge() {
  return (
    <Badge display="block" w="fit-content" mt={4} variant="light" color="yellow" c="var(--mantine-color-text)" radius="sm" tt="none" title="The provider approves new users; they can sign in once approved.">
      {AWAITING_APPROVAL}
    </Badge>
  );
}
