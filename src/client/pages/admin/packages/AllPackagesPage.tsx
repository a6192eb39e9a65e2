import { IconEdit, IconTrash } from '@tabler/icons-react';
import { keepPreviousData } from '@tanstack/react-query';
import type { PackageDto, PackageSortKey } from '../../../../shared/packages.js';
import { formatDollars, formatHours } from '../../../../shared/format.js';
import { AdminList, ConfirmAction, RowAction, deleteConfirmation, useAdminList, useDialog, type Column, listCache } from '../../../components/records/index.js';
import { toastDone } from '../../../lib/toast.js';
import { trpc } from '../../../trpc.js';
import { lazyPart } from '../../../lib/lazyNamed.js';
import { formatPackageDate } from '../../../lib/packageText.js';
import { CompanyLink } from '../../../components/CompanyLink.js';
import { validityText } from '../../../../shared/hour-blocks.js';

// The editor and its date picker (@mantine/dates, dayjs) load after the list has shown.
const PackageDialog = lazyPart(() => import('./PackageDialog.js'), 'PackageDialog', { prefetch: true });

const columns: Column<PackageDto>[] = [
  { key: 'description', header: 'Description', sortable: true, render: (pkg) => pkg.description },
  { key: 'hours', header: 'Hours', sortable: true, align: 'right', render: (pkg) => formatHours(pkg.hours) },
  { key: 'rate', header: 'Rate', sortable: true, align: 'right', render: (pkg) => formatDollars(pkg.rate) },
  { key: 'price', header: 'Price', sortable: true, align: 'right', render: (pkg) => formatDollars(pkg.price) },
  { key: 'companyName', header: 'Company', sortable: true, render: (pkg) => <CompanyLink companyId={pkg.company}>{pkg.companyName ?? '—'}</CompanyLink> },
  { key: 'startDate', header: 'Start Date', sortable: true, render: (pkg) => formatPackageDate(pkg.startDate) },
  { key: 'endDate', header: 'End Date', sortable: true, render: (pkg) => formatPackageDate(pkg.endDate) || '—' },
  { key: 'validity', header: 'Hours Valid', render: (pkg) => validityText(pkg) },
];

/** Packages admin (/allpackages): the packages a page at a time, by rate, highest first. */
export function AllPackagesPage() {
  const utils = trpc.useUtils();
  const list = useAdminList<PackageSortKey>({ defaultSort: { key: 'rate', direction: 'desc' } });
  const packages = trpc.superadmin.packages.list.useQuery(list.query, { placeholderData: keepPreviousData });
  const editor = useDialog<Partial<PackageDto>>();
  const deleting = useDialog<PackageDto>();

  const { save: replaceRow, remove: removeRow } = listCache(utils.superadmin.packages.list, list.query);
  const remove = trpc.superadmin.packages.delete.useMutation({
    onSuccess: (_result, { id }) => {
      toastDone('Package deleted', deleting.target?.description);
      removeRow(id);
    },
  });

  return (
    <>
      <AdminList
        exportList="packages"
        title="Packages"
        list={list}
        query={packages}
        columns={columns}
        rowKey={(pkg) => pkg._id}
        emptyText="No Packages Found"
        companyFilter
        onAdd={() => editor.open({})}
        addLabel="Add Package"
        emptyHint="Packages are the blocks of hours at a rate that customers buy at checkout: general ones for everyone, or custom ones for one company."
        emptyAction="Create your first package"
        actions={(pkg) => (
          <>
            <RowAction label="Edit Package" onClick={() => editor.open(pkg)}>
              <IconEdit size={18} />
            </RowAction>
            <RowAction label="Delete Package" color="red" onClick={() => deleting.open(pkg)}>
              <IconTrash size={18} />
            </RowAction>
          </>
        )}
      />
      {editor.target && (
        <PackageDialog pkg={editor.target} defaultCompanyId={list.companyId} onClose={editor.close} onSaved={(saved) => (replaceRow(saved), editor.close())} />
      )}
      {deleting.target && (
        <ConfirmAction {...deleteConfirmation('Package', deleting.target.description)} mutation={remove} input={{ id: deleting.target._id }} onClose={deleting.close} />
      )}
    </>
  );
}
