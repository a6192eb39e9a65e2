import { Badge, Center, Loader, Paper, Table, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import type { CompanyUserDto } from '../../../shared/users.js';
import { LoadMoreButton } from '../../components/LoadMoreButton.js';
import { PageHeader } from '../../components/PageHeader.js';
import { combinePages, LOAD_MORE_PAGE_SIZE } from '../../lib/loadMore.js';
import { usePageTitle } from '../../lib/usePageTitle.js';
import { trpc } from '../../trpc.js';

export const USERS_LOAD_FAILED = 'Error getting the list of Users.';

/** Users (/users): the company's users with name, email and role, a page at a time ("Load more"). */
export function UsersPage() {
  usePageTitle('Users');
  const [pageCount, setPageCount] = useState(1);
  const users = combinePages(
    trpc.useQueries((t) => Array.from({ length: pageCount }, (_, index) => t.users.list({ page: index + 1, perPage: LOAD_MORE_PAGE_SIZE }))),
  );

  useEffect(() => {
    if (users.error) console.error('Users failed to load', users.error);
  }, [users.error]);

  return (
    <>
      <PageHeader title="Users" subtitle="Everyone in your company who can sign in to this portal." />
      {users.isPending && !users.error && (
        <Center py="xl">
          <Loader aria-label="Loading users" />
        </Center>
      )}
      {users.items.length > 0 || (!users.isPending && !users.error) ? <UsersTable users={users.items} /> : null}
      {users.error ? (
        <Text c="red" role="alert" mt="md">
          {USERS_LOAD_FAILED}
        </Text>
      ) : (
        <LoadMoreButton shown={users.items.length} total={users.total} loading={users.isLoadingMore} onClick={() => setPageCount((count) => count + 1)} />
      )}
    </>
  );
}

function UsersTable({ users }: { users: CompanyUserDto[] }) {
  return (
    <Paper withBorder radius="md" p={{ base: 'xs', sm: 'md' }}>
      <Table.ScrollContainer minWidth={520}>
        <Table striped highlightOnHover verticalSpacing="sm">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Name</Table.Th>
              <Table.Th>Email</Table.Th>
              <Table.Th>Role</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {users.length === 0 ? (
              <Table.Tr>
                <Table.Td colSpan={3}>
                  <Text c="dimmed" ta="center" py="md">
                    No users found.
                  </Text>
                </Table.Td>
              </Table.Tr>
            ) : (
              users.map((user) => (
                <Table.Tr key={user._id}>
                  <Table.Td fw={500}>{`${user.firstName} ${user.lastName}`}</Table.Td>
                  <Table.Td>{user.emailAddress}</Table.Td>
                  <Table.Td>
                    <Badge variant="light" color={user.role === 'admin' ? 'brand' : 'gray'} radius="sm" tt="none">
                      {user.role}
                    </Badge>
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
