import { ERROR_CODES, type Profile } from '../../shared/contract';
import { ApiError } from '../errors';
import { availableLanguages, translate } from '../i18n';
import { signedIn, type AccountCaller, type AccountsDeps } from './deps';
import type { ProfilesTable } from './tables';

/** The profile as GET /api/eta/profile answers it. */
export function profileView(row: ProfilesTable): Profile {
  return {
    profileIdentifier: row.id,
    title: row.title,
    givenNames: row.given_names,
    familyName: row.family_name,
    email: row.email,
    mobile: { isoAlpha2Code: row.mobile_country, mobileNumber: row.mobile_number },
    emailVerified: row.email_verified === 1,
    language: row.language,
  };
}

/** The signed-in user's profile. */
export async function ownProfile(deps: AccountsDeps, caller: AccountCaller): Promise<Profile> {
  return profileView(await signedIn(deps, caller));
}

/** Saves the language the API answers and e-mails the signed-in user in: one of the offered languages. */
export async function setLanguage(deps: AccountsDeps, caller: AccountCaller, language: string): Promise<Profile> {
  if (!availableLanguages().includes(language)) {
    throw new ApiError(400, ERROR_CODES.validationFailed, 'validation:request.invalid', {
      fields: [
        {
          field: 'language',
          key: 'api:accounts.languageNotOffered',
          message: translate(caller.lang, 'api:accounts.languageNotOffered'),
        },
      ],
    });
  }
  await deps.repositories.profiles.update(caller.profileId ?? '', { language }, new Date());
  return profileView(await signedIn(deps, caller));
}
