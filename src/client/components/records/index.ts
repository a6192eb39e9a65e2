/*
 * Records on screen: the paged lists of the back office, and the dialogs and row actions that add, edit
 * and remove records, which the customer pages use too (inviting a colleague, a task's dialogs, sign-up's
 * field errors).
 */
export { FormDialog, ConfirmDialog, RecordDialog } from './FormDialog.js';
export { ConfirmAction, deleteConfirmation, type ConfirmedMutation } from './ConfirmAction.js';
export { AdminList, type Column, type ListControls } from './AdminList.js';
export { CompanyFilter } from './CompanyFilter.js';
export { CompanySelect } from './CompanySelect.js';
export { FilterSwitch } from './FilterSwitch.js';
export { DateRangeFilter, type DateRangeValue } from './DateRangeFilter.js';
export { OneRowNotice } from './OneRowNotice.js';
export { RowAction } from './RowAction.js';
export { RowMenu, type RowMenuItem } from './RowMenu.js';
export { SectionList } from './SectionList.js';
export { ALL_COMPANIES, DEFAULT_PAGE_SIZE, PAGE_SIZES, pageView, useAdminList, type AdminListState } from './useAdminList.js';
export { useDialog } from './useDialog.js';
export { failureText } from './failureText.js';
export { inCompanyFilter, listCache } from './listCache.js';
/*
 * Field errors on the field: when the server refuses a dialog's input it names the field
 * (a schema message, or an AppError thrown with a field). In a dialog:
 *   const errorOn = fieldErrorReader(saving.error);
 *   <TextInput label="Company Name" error={errorOn('companyName')} ... />
 * The dialog's alert titled Error still tells the refusal, as every dialog's does.
 * Field names are the call's input names.
 */
export { fieldErrorReader, serverFieldErrors } from './fieldErrors.js';
