// Which frame popup is open (spec §2 popups): one at a time; Escape closes the ones spec §2 lists.
import { proxy, useSnapshot } from 'valtio';

export type PopupName = 'signup-choice' | 'login' | 'register' | 'forgot';

export const popups = proxy({ open: null as PopupName | null });

export const usePopups = () => useSnapshot(popups);

export function openPopup(name: PopupName): void {
  popups.open = name;
}

export function closePopup(): void {
  popups.open = null;
}
