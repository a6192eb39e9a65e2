/*
 * Downloads read whole lists or ledgers, so only a few run at once. The provider's exports and the
 * customers' downloads draw on separate pools, and a company holds at most one customer slot, so
 * no customer can crowd out the provider or the other customers.
 */

export const MAX_RUNNING_DOWNLOADS = 3;
export const MAX_RUNNING_PER_COMPANY = 1;

export const TOO_MANY_RUNNING = 'Too many downloads are running at once. Please try again in a minute.';
export const COMPANY_DOWNLOAD_RUNNING = 'A download for your company is still running. Please try again when it has finished.';

/** Who a download runs for: the provider (back-office exports) or a customer company. */
export type DownloadHolder = { pool: 'provider' } | { pool: 'customers'; companyId: string };

export type SlotGrant = { granted: true; release: () => void } | { granted: false; message: string };

export class DownloadSlots {
  private readonly inPool = { provider: 0, customers: 0 };
  private readonly byCompany = new Map<string, number>();

  take(holder: DownloadHolder): SlotGrant {
    const companyId = holder.pool === 'customers' ? holder.companyId : undefined;
    if (companyId !== undefined && (this.byCompany.get(companyId) ?? 0) >= MAX_RUNNING_PER_COMPANY) {
      return { granted: false, message: COMPANY_DOWNLOAD_RUNNING };
    }
    if (this.inPool[holder.pool] >= MAX_RUNNING_DOWNLOADS) return { granted: false, message: TOO_MANY_RUNNING };
    this.inPool[holder.pool] += 1;
    if (companyId !== undefined) this.byCompany.set(companyId, (this.byCompany.get(companyId) ?? 0) + 1);
    let released = false;
    const release = () => {
      if (released) return;
      released = true;
      this.inPool[holder.pool] -= 1;
      if (companyId === undefined) return;
      const left = (this.byCompany.get(companyId) ?? 1) - 1;
      if (left === 0) this.byCompany.delete(companyId);
      else this.byCompany.set(companyId, left);
    };
    return { granted: true, release };
  }
}
