// How long a sign-in lasts: a token ends SESSION_LIFETIME.maxDays after it was issued whatever happens, and
// earlier when it goes unused for idleDays; each use renews the idle lifetime (noted at most once per
// renewAfterMinutes, so a busy shopper's calls do not each write a row).
export const SESSION_LIFETIME = {
  idleDays: 30,
  maxDays: 180,
  renewAfterMinutes: 60,
} as const;
