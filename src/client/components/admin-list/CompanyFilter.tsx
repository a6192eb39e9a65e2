import { Select } from '@mantine/core';
import { ALL_COMPANIES } from './useAdminList.js';

type CompanyFilterProps = {
  label: string;
  companies: { _id: string; companyName: string }[];
  value: string;
  onChange: (companyId: string) => void;
  allLabel?: string;
};

/** 'All' first, then each company by name; searchable by typing. */
export function CompanyFilter({ label, companies, value, onChange, allLabel = 'All' }: CompanyFilterProps) {
  const data = [
    { value: ALL_COMPANIES, label: allLabel },
    ...[...companies]
      .sort((a, b) => a.companyName.localeCompare(b.companyName))
      .map((company) => ({ value: company._id, label: company.companyName })),
  ];
  return (
    <Select
      label={label}
      data={data}
      value={value}
      onChange={(next) => onChange(next ?? ALL_COMPANIES)}
      searchable
      allowDeselect={false}
      nothingFoundMessage="No company by that name"
      w={{ base: '100%', sm: 260 }}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
