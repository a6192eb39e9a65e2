import { Select, type SelectProps } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData } from '@tanstack/react-query';
import { useState } from 'react';
import { trpc } from '../../trpc.js';

export type CompanySelectProps = Omit<SelectProps, 'data' | 'value' | 'onChange' | 'searchable' | 'filter'> & {
  value: string;
  onChange: (companyId: string) => void;
  /** A first choice with the value '' (e.g. 'All'); leave out for a required company. */
  allLabel?: string;
};

/**
 * A company picker that asks the server: it offers the first companies by name and narrows them as
 * the user types, so no screen downloads every company.
 */
export function CompanySelect({ value, onChange, allLabel, ...selectProps }: CompanySelectProps) {
  const [searchValue, setSearchValue] = useState('');
  // What the user typed; '' while the box just shows the chosen company's name.
  const [typed, setTyped] = useState('');
  const [search] = useDebouncedValue(typed.trim(), 250);
  // The chosen company is always among the options (include), so its name is at hand.
  const options = trpc.superadmin.companies.options.useQuery({ search, include: value }, { placeholderData: keepPreviousData, staleTime: 30_000 });
  const nameOf = (id: string) => (id === '' ? allLabel : options.data?.find((company) => company._id === id)?.companyName);
  const data = [
    ...(allLabel !== undefined ? [{ value: '', label: allLabel }] : []),
    ...(options.data ?? []).map((company) => ({ value: company._id, label: company.companyName })),
  ];
  return (
    <Select
      // choosing the chosen company again keeps it (a company is required unless the box is clearable)
      allowDeselect={false}
      {...selectProps}
      data={data}
      value={value}
      onChange={(next) => {
        setTyped('');
        onChange(next ?? '');
      }}
      searchable
      searchValue={searchValue}
      onSearchChange={(next) => {
        setSearchValue(next);
        setTyped(next === nameOf(value) ? '' : next);
      }}
      filter={({ options: shown }) => shown}
      nothingFoundMessage={options.isFetching ? 'Searching…' : 'No company by that name'}
      comboboxProps={{ withinPortal: true, ...selectProps.comboboxProps }}
    />
  );
}
