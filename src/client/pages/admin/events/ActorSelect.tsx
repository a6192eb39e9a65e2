import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData } from '@tanstack/react-query';
import { useState } from 'react';
import { trpc } from '../../../trpc.js';

/** Users offered at once; typing narrows them on the server. */
const OFFERED_USERS = 20;

/** A user as a choice: their name and email address. */
const userLabel = (user: { firstName: string; lastName: string; emailAddress: string }) => `${user.firstName} ${user.lastName} <${user.emailAddress}>`;

/**
 * The Audit Log's actor filter: 'Anyone' first, then users the server finds by name or email as the
 * provider types; the chosen user stays among the choices.
 */
export function ActorSelect({ value, onChange }: { value: string; onChange: (userId: string) => void }) {
  const [searchValue, setSearchValue] = useState('');
  // what the provider typed; '' while the box just shows the chosen user
  const [typed, setTyped] = useState('');
  const [search] = useDebouncedValue(typed.trim(), 250);
  const found = trpc.superadmin.users.list.useQuery({ search, perPage: OFFERED_USERS }, { placeholderData: keepPreviousData, staleTime: 30_000 });
  const chosen = trpc.superadmin.users.list.useQuery({ id: value, perPage: 1 }, { enabled: value !== '', staleTime: 30_000 });
  const users = [...(chosen.data?.items ?? []), ...(found.data?.items ?? []).filter((user) => user._id !== value)];
  const data = [{ value: '', label: 'Anyone' }, ...users.map((user) => ({ value: user._id, label: userLabel(user) }))];
  const labelOf = (id: string) => data.find((choice) => choice.value === id)?.label;
  return (
    <Select
      label="By"
      data={data}
      value={value}
      allowDeselect={false}
      searchable
      searchValue={searchValue}
      onSearchChange={(next) => {
        setSearchValue(next);
        setTyped(next === labelOf(value) ? '' : next);
      }}
      filter={({ options }) => options}
      onChange={(next) => {
        setTyped('');
        onChange(next ?? '');
      }}
      nothingFoundMessage={found.isFetching ? 'Searching…' : 'No user by that name or email'}
      comboboxProps={{ withinPortal: true }}
      w={{ base: '100%', sm: 260 }}
    />
  );
}
