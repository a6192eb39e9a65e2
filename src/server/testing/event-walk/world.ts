import type { EventType } from '../../../shared/events.js';
import type { TestApp } from '../app.js';

/*
 * The event walk (event-walk.test.ts): each mutation of the router called once with an input that
 * succeeds, and the events it records checked. Each group of procedures keeps its entries in a file
 * of this folder; a mutation without an entry fails the walk.
 */

/** Who calls: the least role the procedure lets in (see authorization-matrix.test.ts). */
export type WalkCaller = 'anonymous' | 'member' | 'admin' | 'superadmin';

/** What every entry starts from: one company with a member and an admin, and the provider. */
export type WalkWorld = {
  t: TestApp;
  companyId: string;
  userIds: Record<Exclude<WalkCaller, 'anonymous'>, string>;
};

export type WalkEntry = {
  as: WalkCaller;
  /** The call's input, after making the records it acts on (a fresh one per entry); undefined for a call that takes none. */
  input: (world: WalkWorld) => Promise<unknown> | unknown;
  /** The types of event the call records, each at least once. */
  records: EventType[];
  /**
   * The user the events name, when the caller is anonymous (a sign-in names the user who signed in;
   * null: no known user), asked after the call (a sign-up's user exists only then). A signed-in
   * caller's events always name the caller.
   */
  actorId?: (world: WalkWorld, input: unknown) => Promise<string | null> | string | null;
};

export type WalkEntries = Record<string, WalkEntry>;
