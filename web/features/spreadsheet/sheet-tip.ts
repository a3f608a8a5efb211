/** Seed 001 "Spreadsheet draft": the auto-save tip shows until the user chooses not to be reminded. */
const TIP_KEY = 'folio.sheet.autosaveTip';

export function tipDismissedForever(): boolean {
  try {
    return window.localStorage.getItem(TIP_KEY) === 'off';
  } catch {
    return false;
  }
}

export function dismissTipForever(): void {
  try {
    window.localStorage.setItem(TIP_KEY, 'off');
  } catch {
    // Blocked storage: the tip shows again next time, nothing worse.
  }
}
