import { Badge, Center, Loader, Paper, Table, Text } from '@mantine/core';
import { useEffect } from 'react';
import type { z } from 'zod';
import type { companyUserOutput } from '../../../shared/users.js';
import { PageHeader } from '../../components/PageHeader.js';
import { usePageTitle } from '../../lib/usePageTitle.js';
import { trpc } from '../../trpc.js';

export const USERS_LOAD_FAILED = 'Error getting the list of Users.';

type CompanyUser = z.infer<typeof companyUserOutput>;

/** Users (/users): the company's users with name, email and role. */
export function UsersPage() {
  usePageTitle('Users');
  const users = trpc.users.list.useQuery();

  useEffect(() => {
    if (users.error) console.error('Users failed to load', users.error);
  }, [users.error]);

  return (
    <>
      <PageHeader title="Users" subtitle="Everyone in your company who can sign in to this portal." />
      {users.isPending ? (
        <Center py="xl">
          <Loader aria-label="Loading users" />
        </Center>
      ) : users.isError ? (
        <Text c="red" role="alert">
          {USERS_LOAD_FAILED}
        </Text>
      ) : (
        <UsersTable users={users.data} />
      )}
    </>
  );
}

function UsersTable({ users }: { users: CompanyUser[] }) {
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
