import type { EventType, FieldChange } from '../../../shared/events.js';
import type { Tx } from '../../db.js';
import { recordEvent, type EventSource } from '../events/service.js';

/**
 * Records a change of the provider's settings (the page's fields, the logo, the two-factor policy,
 * the checklist's switch) in the caller's transaction: one record of no company and without an id
 * of its own, so its events name no subject id. A save that changes nothing records nothing.
 */
export async function recordSettingsChange(
  tx: Tx,
  source: EventSource,
  at: Date,
  type: Extract<EventType, 'settings.updated' | 'two_factor.policy_changed' | 'setup.checklist_hidden'>,
  changes: Record<string, FieldChange>,
): Promise<void> {
  if (Object.keys(changes).length === 0) return;
  await recordEvent(tx, source, at, { type, companyId: null, subjectType: 'settings', subjectId: null, changes });
}
