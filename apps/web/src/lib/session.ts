import { useSyncExternalStore } from 'react';
import type { Account, AccountType } from '@pw/contracts';
import { STORAGE_KEYS } from './storage-keys';

/**
 * The session lives in localStorage under `user` and `accessToken` (docs/product.md §13.4, §13.5): logged in when a user
 * record exists; missing or the text "undefined" means logged out.
 */
export type SessionUser = Pick<Account, 'id' | 'type' | 'email' | 'first_name' | 'last_name' | 'photo_path'> &
  Partial<Account>;

const listeners = new Set<() => void>();
const emit = () => listeners.forEach((listener) => listener());

function readUser(): SessionUser | null {
  const raw = localStorage.getItem(STORAGE_KEYS.user);
  if (!raw || raw === 'undefined') return null;
  try {
    return JSON.parse(raw) as SessionUser;
  } catch {
    return null;
  }
}

let cachedRaw: string | null = null;
let cachedUser: SessionUser | null = null;
function snapshot(): SessionUser | null {
  const raw = localStorage.getItem(STORAGE_KEYS.user);
  if (raw !== cachedRaw) {
    cachedRaw = raw;
    cachedUser = readUser();
  }
  return cachedUser;
}

export const session = {
  user: snapshot,
  token: () => localStorage.getItem(STORAGE_KEYS.accessToken),
  signIn(user: SessionUser, token: string) {
    localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(user));
    localStorage.setItem(STORAGE_KEYS.accessToken, token);
    emit();
  },
  /** Keeps the stored record in step after a profile update. */
  update(user: SessionUser) {
    localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(user));
    emit();
  },
  /** Logout clears all local storage (docs/product.md §13.5). */
  clear() {
    localStorage.clear();
    emit();
  },
  subscribe(listener: () => void) {
    listeners.add(listener);
    const onStorage = (event: StorageEvent) => {
      if (event.key === null || event.key === STORAGE_KEYS.user) listener();
    };
    window.addEventListener('storage', onStorage);
    return () => {
      listeners.delete(listener);
      window.removeEventListener('storage', onStorage);
    };
  },
};

export function useSessionUser(): SessionUser | null {
  return useSyncExternalStore(session.subscribe, session.user, () => null);
}

/** Where each role's area starts (docs/product.md §13.3 route guards). */
export const AREA_HOME: Record<AccountType, string> = {
  user: '/user',
  'funeral-home': '/funeral',
  admin: '/admin',
};
