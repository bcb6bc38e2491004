'use client';

import { createContext, type ReactNode, useContext } from 'react';
import type { SavedChoices } from '@/lib/payments/saved/choices';

export type { MyAccountChoice, PayeeChoice, SavedChoices } from '@/lib/payments/saved/choices';

const SavedChoicesContext = createContext<SavedChoices>({ accounts: [], payees: [] });

/** The PSU's accounts and payees for the payment form under it (read by the page, on the server). */
export function SavedChoicesProvider({ value, children }: { value: SavedChoices; children: ReactNode }) {
  return <SavedChoicesContext.Provider value={value}>{children}</SavedChoicesContext.Provider>;
}

export function useSavedChoices(): SavedChoices {
  return useContext(SavedChoicesContext);
}
