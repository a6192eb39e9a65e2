import { IconEdit, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import type { PackageDto } from '../../../../shared/packages.js';
import { formatDollars, formatHours } from '../../../../shared/format.js';
import { AdminList, ConfirmDialog, RowAction, adminErrorText, useAdminList, useDialog, type Column, listCache } from '../../../components/admin-list/index.js';
import { trpc } from '../../../trpc.js';
import { lazyPart } from '../../../lib/lazyNamed.js';
import { formatPackageDate } from './packageText.js';

// The editor and its date picker (@mantine/dates, dayjs) load after the list has shown.
const PackageDialog = lazyPart(() => import('./PackageDialog.js'), 'PackageDialog', { prefetch: true });

const columns: Column<PackageDto>[] = [
  { key: 'description', header: 'Description', sortable: true, render: (pkg) => pkg.description },
  { key: 'hours', header: 'Hours', sortable: true, align: 'right', render: (pkg) => formatHours(pkg.hours) },
  { key: 'rate', header: 'Rate', sortable: true, align: 'right', render: (pkg) => formatDollars(pkg.rate) },
  { key: 'price', header: 'Price', sortable: true, align: 'right', render: (pkg) => formatDollars(pkg.price) },
  { key: 'companyName', header: 'Company', sortable: true, render: (pkg) => pkg.companyName ?? '—' },
  { key: 'startDate', header: 'Start Date', sortable: true, render: (pkg) => formatPackageDate(pkg.startDate) },
  { key: 'endDate', header: 'End Date', sortable: true, render: (pkg) => formatPackageDate(pkg.endDate) || '—' },
];

const sortValues = {
  description: (pkg: PackageDto) => pkg.description,
  hours: (pkg: PackageDto) => pkg.hours,
  rate: (pkg: PackageDto) => pkg.rate,
  price: (pkg: PackageDto) => pkg.price,
  companyName: (pkg: PackageDto) => pkg.companyName,
  startDate: (pkg: PackageDto) => pkg.startDate,
  endDate: (pkg: PackageDto) => pkg.endDate,
};

const searchText = (pkg: PackageDto) => [pkg.description];
const companyOf = (pkg: PackageDto) => pkg.company;

/** Packages admin (/allpackages): every package, by rate, highest first. */
export function AllPackagesPage() {
  const utils = trpc.useUtils();
  const packages = trpc.superadmin.packages.list.useQuery();
  const companies = trpc.superadmin.companies.list.useQuery();
  const list = useAdminList({
    rows: packages.data,
    searchText,
    companyOf,
    sortValues,
    defaultSort: { key: 'rate', direction: 'desc' },
  });
  const editor = useDialog<Partial<PackageDto>>();
  const [deleting, setDeleting] = useState<PackageDto | null>(null);

  const { save: replaceRow, remove: removeRow } = listCache(utils.superadmin.packages.list);
  const closeDelete = () => {
    setDeleting(null);
    remove.reset();
  };
  const remove = trpc.superadmin.packages.delete.useMutation({
    onSuccess: (_result, { id }) => {
      removeRow(id);
      closeDelete();
    },
  });

  return (
    <>
      <AdminList
        title="Packages"
        list={list}
        columns={columns}
        rowKey={(pkg) => pkg._id}
        loading={packages.isFetching}
        error={packages.isError ? adminErrorText(packages.error) : null}
        emptyText="No Packages Found"
        companies={companies.data}
        onAdd={() => editor.open({})}
        addLabel="Add Package"
        onRefresh={() => void packages.refetch()}
        actions={(pkg) => (
          <>
            <RowAction label="Edit Package" onClick={() => editor.open(pkg)}>
              <IconEdit size={18} />
            </RowAction>
            <RowAction label="Delete Package" color="red" onClick={() => setDeleting(pkg)}>
              <IconTrash size={18} />
            </RowAction>
          </>
        )}
      />
      {editor.target && (
        <PackageDialog pkg={editor.target} companies={companies.data ?? []} defaultCompanyId={list.companyId} onClose={editor.close} onSaved={(saved) => (replaceRow(saved), editor.close())} />
      )}
      {deleting && (
        <ConfirmDialog
          opened
          title="Confirm Delete"
          message={`Are you sure you want to DELETE this Package? (${deleting.description})`}
          confirmLabel="Delete"
          confirmColor="red"
          onConfirm={() => remove.mutate({ id: deleting._id })}
          onClose={closeDelete}
          busy={remove.isPending}
          error={remove.isError ? adminErrorText(remove.error) : null}
        />
      )}
    </>
  );
}
