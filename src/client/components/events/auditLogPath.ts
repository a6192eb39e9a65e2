/** The audit log narrowed to a record's History, or to a company's events. */
export const auditLogPath = (filter: { subject: string } | { company: string }) => `/auditlog?${new URLSearchParams(filter)}`;
