// The profile (PUT /v1/changeinfo/): names, e-mail and phone (unique, §8 messages) and an optional new
// password; the same call finishes the registration of a social user who had no e-mail.
import type { ChangeInfoRequest } from '../../common/contract/accounts.ts';
import type { Db } from '../db/driver.ts';
import { HttpError } from '../plugins/errors.ts';
import { updateUser, userProfile } from './users-sql.ts';
import { ACCOUNT_MESSAGES, checkNewPassword, checkedEmail, checkedPhone } from './account-rules.ts';
import { hashPassword } from './passwords.ts';
import { checkUnique } from './sessions.ts';

export async function changeProfile(db: Db, userId: number, input: ChangeInfoRequest): Promise<void> {
  const current = await userProfile(db, userId);
  if (!current) throw new HttpError(401, ACCOUNT_MESSAGES.signInNeeded);
  const email = checkedEmail(input.email);
  // No phone field: the phone stays; an empty one removes it.
  const phone = input.phone === undefined ? current.phone : checkedPhone(input.phone);
  const [first_name, last_name, second_name] = [input.first_name, input.last_name, input.middle_name].map((s) => s.trim());
  if (!first_name || !last_name) throw new HttpError(400, ACCOUNT_MESSAGES.names);
  const newPassword = input.password_one || input.password_two;
  if (newPassword) checkNewPassword(input.password_one ?? '', input.password_two ?? '');
  await checkUnique(db, email, phone, userId);
  const password_hash = newPassword ? await hashPassword(input.password_one ?? '') : undefined;
  await db.transaction(async (tx) => {
    if (!(await updateUser(tx, userId, { email, phone, first_name, last_name, second_name, password_hash }))) {
      await checkUnique(tx, email, phone, userId); // taken meanwhile: say which
      throw new HttpError(400, ACCOUNT_MESSAGES.emailTaken);
    }
  });
}
