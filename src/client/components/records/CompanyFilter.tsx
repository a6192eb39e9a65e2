import { CompanySelect } from './CompanySelect.js';

type CompanyFilterProps = {
  label: string;
  value: string;
  onChange: (companyId: string) => void;
  allLabel?: string;
};

/** 'All' first, then the companies by name; typing searches them on the server. */
export function CompanyFilter({ label, value, onChange, allLabel = 'All' }: CompanyFilterProps) {
  return <CompanySelect label={label} allLabel={allLabel} value={value} onChange={onChange} w={{ base: '100%', sm: 260 }} />;
}
