// Social sign-in (spec §4, §7): the provider's account finds its user through social_accounts, or a new
// user is made from the profile (no e-mail, or one already registered: e-mail left empty, so the app asks
// for it in the finish-registration popup; an existing account is never taken over by a matching e-mail).
// Then the session opens as at login, merging the visitor's basket.
import type { SessionClient } from '../http/public.ts';
import type { Db, Queryable } from '../db/public.ts';
import { holderOf, insertUser, linkSocial, lockSocialAccount, socialUserId } from './users-sql.ts';
import { openSession } from './sessions.ts';
import type { SocialProfile } from './social-providers.ts';

async function userFor(tx: Queryable, provider: string, p: SocialProfile): Promise<number> {
  const known = await socialUserId(tx, provider, p.uid);
  if (known !== null) return known;
  const free = p.email !== null && (await holderOf(tx, 'email', p.email)) === null;
  const user = {
    email: free ? p.email : null,
    phone: null,
    first_name: p.first_name,
    last_name: p.last_name,
    second_name: '',
    password_hash: null,
  };
  // null: the e-mail was taken in between, so the user is made without it.
  const userId = (await insertUser(tx, user)) ?? (await insertUser(tx, { ...user, email: null }))!;
  await linkSocial(tx, provider, p.uid, userId);
  return userId;
}

export async function socialSignIn(db: Db, provider: string, profile: SocialProfile, client: SessionClient): Promise<string> {
  return db.transaction(async (tx) => {
    await lockSocialAccount(tx, provider, profile.uid);
    return openSession(tx, await userFor(tx, provider, profile), client, 'social');
  });
}
