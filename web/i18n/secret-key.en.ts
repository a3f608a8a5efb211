/** English texts of Login secret key: its admin section and what users see of it. */
export const secretKeyEn = {
  title: 'Login secret key',
  intro:
    'A system you trust (an intranet portal, a ticket system) can log people into Folio with a link it signs with this key. Anyone who has the key can log in as any non-administrator: keep it on servers only.',
  key: 'Secret key',
  reveal: 'Show the key',
  hide: 'Hide the key',
  copy: 'Copy',
  copied: 'The key was copied',
  copyFailed: 'This browser does not allow copying here: show the key and copy it by hand.',
  reset: 'Reset the key',
  resetTitle: 'Reset the login secret key?',
  resetBody: 'Every system that signs links with the current key stops working until it is given the new one.',
  resetOk: 'Reset',
  resetDone: 'A new key was made',
  createUser: 'Create an account on first use',
  createUserHelp: 'When a link names a username that has no account yet, make one (marked as single sign-on). Off: such links are refused.',
  saved: 'Saved',
  formatTitle: 'The link format',
  formatText:
    'token is md5(username + key + time), time is the current Unix time in seconds. A link works once, within 5 minutes of its time; redirect must be a path of this site. Administrators cannot log in this way.',
};
