import type { UserDto } from '../../../../shared/users.js';
import type { Column } from '../../../components/records/index.js';
import { CompanyLink } from '../../../components/CompanyLink.js';
import { EmailText } from '../../../components/EmailText.js';

/** The Users list's columns; a company's page shows them without Company. */
export const userColumns: Column<UserDto>[] = [
  { key: 'firstName', header: 'First Name', sortable: true, render: (user) => user.firstName },
  { key: 'lastName', header: 'Last Name', sortable: true, render: (user) => user.lastName },
  { key: 'emailAddress', header: 'Email', sortable: true, render: (user) => <EmailText address={user.emailAddress} /> },
  { key: 'companyName', header: 'Company', sortable: true, render: (user) => <CompanyLink companyId={user.company}>{user.companyName ?? '—'}</CompanyLink> },
  { key: 'role', header: 'Role', sortable: true, render: (user) => user.role },
  { key: 'approved', header: 'Approved', sortable: true, render: (user) => (user.approved ? 'Yes' : 'No') },
];
