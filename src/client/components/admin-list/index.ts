export { AdminDialog, ConfirmDialog, RecordDialog } from './AdminDialog.js';
export { AdminList, type Column, type ListControls } from './AdminList.js';
export { CompanyFilter } from './CompanyFilter.js';
export { CompanySelect } from './CompanySelect.js';
export { RowAction } from './RowAction.js';
export { ALL_COMPANIES, DEFAULT_PAGE_SIZE, PAGE_SIZES, pageView, useAdminList, type AdminListState } from './useAdminList.js';
export { useDialog } from './useDialog.js';
export { adminErrorText } from './adminErrorText.js';
export { inCompanyFilter, listCache, withSaved } from './listCache.js';
