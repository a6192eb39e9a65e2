/** role is free text: 'admin' is a company admin, 'superadmin' the provider; anything else a plain user. */
export function rolesOf(role: string): { isAdmin: boolean; isSuperAdmin: boolean } {
  const normalized = role.trim().toLowerCase();
  const isSuperAdmin = normalized === 'superadmin';
  return { isSuperAdmin, isAdmin: isSuperAdmin || normalized === 'admin' };
}
