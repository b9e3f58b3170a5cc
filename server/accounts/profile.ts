// The profile (PUT /v1/changeinfo/): names and phone (unique, §8 messages) change at once; a new password
// or e-mail needs the current password (wrong ones rate limited per account). A new password signs the
// account out everywhere but here; a new e-mail waits for the link mailed to it (email-change.ts). The same
// call finishes the registration of a social user who had no e-mail: e-mail and password are set directly.
import type { ChangeInfoRequest } from '../../common/contract/accounts.ts';
import type { Db } from '../db/public.ts';
import { revokeOtherTokens } from '../sessions/public.ts';
import { LIMITS, forgetAttempts, spendAttempt } from '../http/public.ts';
import { Refusal } from '../refusal.ts';
import { passwordHashOf, updateUser, userProfile } from './users-sql.ts';
import { ACCOUNT_MESSAGES, checkNewPassword, checkedEmail, checkedNames, checkedPhone } from './account-rules.ts';
import { hashPassword, verifyPassword } from './passwords.ts';
import { checkUnique } from './sessions.ts';
import { askEmailChange } from './email-change.ts';
import { PASSWORD_NEEDED } from '../../common/input-rules.ts';

export interface ProfileCaller {
  userId: number;
  /** The session's token: a password change keeps it and ends the others. */
  token: string;
  publicUrl: string;
}

/** The current password, checked as a login would be: spent before, forgotten on success. */
async function checkCurrentPassword(db: Db, userId: number, given: string | undefined): Promise<void> {
  const hash = await passwordHashOf(db, userId);
  if (hash === null) throw new Refusal('invalid', ACCOUNT_MESSAGES.noPasswordYet);
  if (!given) throw new Refusal('invalid', ACCOUNT_MESSAGES.currentPasswordNeeded);
  await spendAttempt(db, [[LIMITS.reauthPerAccount, String(userId)]]);
  if (!(await verifyPassword(given, hash))) throw new Refusal('invalid', ACCOUNT_MESSAGES.currentPasswordWrong);
  await forgetAttempts(db, LIMITS.reauthPerAccount, String(userId));
}

export async function changeProfile(db: Db, caller: ProfileCaller, input: ChangeInfoRequest): Promise<void> {
  const { userId } = caller;
  const current = await userProfile(db, userId);
  if (!current) throw new Refusal('unauthenticated', ACCOUNT_MESSAGES.signInNeeded);
  // A social sign-up without an e-mail finishes here: nothing to prove yet, a password to set.
  const finishing = current.email === null;
  const email = checkedEmail(input.email);
  const { first_name, last_name, second_name } = checkedNames(input, finishing);
  // No phone field: the phone stays; an empty one removes it.
  const phone = input.phone === undefined ? current.phone : checkedPhone(input.phone);
  const newPassword = input.password_one || input.password_two;
  if (finishing && !newPassword) throw new Refusal('invalid', PASSWORD_NEEDED);
  if (newPassword) checkNewPassword(input.password_one ?? '', input.password_two ?? '');

  const emailChanges = !finishing && email !== current.email;
  if (!finishing && (newPassword || emailChanges)) await checkCurrentPassword(db, userId, input.current_password);
  await checkUnique(db, email, phone, userId);

  const password_hash = newPassword ? await hashPassword(input.password_one ?? '') : undefined;
  await db.transaction(async (tx) => {
    const stored = { email: finishing ? email : current.email, phone, first_name, last_name, second_name, password_hash };
    if (!(await updateUser(tx, userId, stored))) {
      await checkUnique(tx, email, phone, userId); // taken meanwhile: say which
      throw new Refusal('invalid', ACCOUNT_MESSAGES.emailTaken);
    }
    if (newPassword && !finishing) await revokeOtherTokens(tx, userId, caller.token);
    if (emailChanges) await askEmailChange(tx, userId, current.email!, email, caller.publicUrl);
  });
}
