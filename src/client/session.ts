import { useSyncExternalStore } from 'react';
import type { LoginOutput } from '../shared/account.js';

/*
 * The browser session as local storage keeps it: `token`, the `user` object, and `isAdmin` /
 * `isSuperAdmin` as the text 'true' or 'false' (other tabs and older builds read the same keys).
 */
export type SessionUser = { name: string; userId: string; isAdmin: boolean; isSuperAdmin: boolean; role?: string };
export type Session = { token: string; user: SessionUser; isAdmin: boolean; isSuperAdmin: boolean };

const KEYS = { token: 'token', user: 'user', isAdmin: 'isAdmin', isSuperAdmin: 'isSuperAdmin' } as const;
const listeners = new Set<() => void>();
let cached: { raw: string; session: Session | null } | undefined;

function readStorage(): Session | null {
  const token = localStorage.getItem(KEYS.token);
  const rawUser = localStorage.getItem(KEYS.user);
  if (!token || !rawUser) return null;
  try {
    const user = JSON.parse(rawUser) as SessionUser;
    return {
      token,
      user,
      isAdmin: localStorage.getItem(KEYS.isAdmin) === 'true',
      isSuperAdmin: localStorage.getItem(KEYS.isSuperAdmin) === 'true',
    };
  } catch {
    return null;
  }
}

/** The current session; the same object until storage changes, as useSyncExternalStore needs. */
export function getSession(): Session | null {
  const raw = [KEYS.token, KEYS.user, KEYS.isAdmin, KEYS.isSuperAdmin].map((key) => localStorage.getItem(key)).join('\u0000');
  if (cached?.raw !== raw) cached = { raw, session: readStorage() };
  return cached.session;
}

function notify() {
  for (const listener of listeners) listener();
}

export function saveSession(login: LoginOutput): void {
  const user: SessionUser = {
    name: login.name,
    userId: login.userId,
    isAdmin: login.isAdmin,
    isSuperAdmin: login.isSuperAdmin,
    role: login.role,
  };
  localStorage.setItem(KEYS.token, login.token);
  localStorage.setItem(KEYS.user, JSON.stringify(user));
  localStorage.setItem(KEYS.isAdmin, String(login.isAdmin));
  localStorage.setItem(KEYS.isSuperAdmin, String(login.isSuperAdmin));
  notify();
}

/** Keeps the stored name in step after the profile is edited. */
export function renameSessionUser(name: string): void {
  const session = getSession();
  if (!session) return;
  localStorage.setItem(KEYS.user, JSON.stringify({ ...session.user, name }));
  notify();
}

export function clearSession(): void {
  for (const key of Object.values(KEYS)) localStorage.removeItem(key);
  notify();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  // Another tab signing in or out changes this one too.
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || Object.values(KEYS).includes(event.key as never)) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

export function useSession(): Session | null {
  return useSyncExternalStore(subscribe, getSession, () => null);
}

/**
 * A required role of isAdmin or isSuperAdmin is checked through its flag; any other
 * value is checked as a named role.
 */
export type RequiredRole = 'isAdmin' | 'isSuperAdmin' | (string & {});

export function hasRole(session: Session, required: RequiredRole): boolean {
  if (required === 'isAdmin') return session.isAdmin;
  if (required === 'isSuperAdmin') return session.isSuperAdmin;
  return session.user.role?.trim().toLowerCase() === required.trim().toLowerCase();
}

/** The event the call layer raises on any 401; the app answers it by going to /signin. */
export const UNAUTHORIZED_EVENT = 'unauthorized';
export function raiseUnauthorized(): void {
  window.dispatchEvent(new Event(UNAUTHORIZED_EVENT));
}
