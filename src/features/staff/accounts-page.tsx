import { Button, Field, Input, Link, makeStyles, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { useActionData, useLoaderData, useSearchParams } from 'react-router-dom';
import { ProblemPanel } from '@/engine/problem-panel';
import { FORM_FIELDS } from '@/engine/form-address';
import { Notice } from '@/ui/notice';
import { usePageStyles } from '@/ui/page-styles';
import { PostForm } from '@/ui/post-form';
import { QrCode } from '@/ui/qr-code';
import { STAFF_PAGE_PATHS } from '@/shared/staff-routes';
import { ACCOUNT_ACTIONS, DONE_PARAM, MEMBER_PARAM, type AccountsActionData } from './accounts-action';
import type { StaffAccountsData } from './page-loaders';
import { RoleChoices } from './role-choices';
import { ScrolledTable } from './scrolled-table';
import { StaffPage } from './staff-page';
import { useStaffDate } from './staff-date';
import { useStaffTableStyles } from './staff-styles';

const useStyles = makeStyles({
  secret: { fontFamily: tokens.fontFamilyMonospace, fontSize: tokens.fontSizeBase400, overflowWrap: 'anywhere' },
  qr: { display: 'block', maxWidth: '100%', height: 'auto', margin: `${tokens.spacingVerticalM} 0` },
  form: { marginBottom: tokens.spacingVerticalXXL },
});

/**
 * Staff accounts (`/staff/accounts`, administrators): every account with its roles; a member's roles changed or
 * their account disabled (`?member=`); a new member added, whose password and authenticator key (as text and as a
 * QR code) are shown this once, to be handed to them.
 */
export default function StaffAccountsPage() {
  const { t } = useTranslation('staff');
  const page = usePageStyles();
  const table = useStaffTableStyles();
  const styles = useStyles();
  const date = useStaffDate();
  const [search] = useSearchParams();
  const { member, accounts } = useLoaderData() as StaffAccountsData;
  const answered = useActionData() as AccountsActionData | undefined;
  const refused = answered && 'refused' in answered ? answered : undefined;
  const added = answered && 'added' in answered ? answered.added : undefined;
  const chosenEmail = refused?.refused !== 'add' && refused ? refused.email : search.get(MEMBER_PARAM);
  const chosen = accounts?.find((account) => account.email === chosenEmail && !account.disabled);
  const done = search.get(DONE_PARAM);
  const errorOf = (form: 'add' | 'roles', field: string) =>
    refused?.refused === form ? refused.errors.find((e) => e.field === field)?.message : undefined;

  if (!accounts) {
    return (
      <StaffPage member={member} title={t('accounts.title')}>
        <ProblemPanel message={t('accounts.administratorsOnly')} />
      </StaffPage>
    );
  }
  return (
    <StaffPage member={member} title={t('accounts.title')}>
      {done && !answered && (
        <Notice tone="success" focus>
          {t(done === 'disabled' ? 'accounts.disabledDone' : 'accounts.rolesDone', { email: search.get(MEMBER_PARAM) })}
        </Notice>
      )}
      {refused?.problem && <ProblemPanel message={refused.problem} />}
      {added && (
        <section aria-labelledby="added-title">
          <h2 id="added-title" className={page.h2}>
            {t('accounts.added.title', { email: added.member.email })}
          </h2>
          <p className={page.text}>{t('accounts.added.once')}</p>
          <p className={page.text}>
            {t('accounts.added.password')} <span className={styles.secret}>{added.password}</span>
          </p>
          <p className={page.text}>
            {t('accounts.added.key')} <span className={styles.secret}>{added.totpSecret}</span>
          </p>
          <QrCode
            text={added.totpAddress}
            label={t('accounts.added.qr')}
            className={styles.qr}
            sizing={{ pixelsPerModule: 5, minimum: 3, maxSide: 260 }}
          />
        </section>
      )}
      <ScrolledTable labelledBy="accounts-caption">
        <table className={table.table}>
          <caption id="accounts-caption" className={table.caption}>
            {t('accounts.caption', { count: accounts.length })}
          </caption>
          <thead>
            <tr>
              {(['email', 'roles', 'since', 'status'] as const).map((column) => (
                <th key={column} scope="col" className={table.cell}>
                  {t(`accounts.columns.${column}`)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {accounts.map((account) => (
              <tr key={account.email}>
                <th scope="row" className={table.cell}>
                  {account.disabled ? (
                    account.email
                  ) : (
                    <Link
                      href={`${STAFF_PAGE_PATHS.accounts}?${MEMBER_PARAM}=${encodeURIComponent(account.email)}#change`}
                    >
                      {account.email}
                    </Link>
                  )}
                </th>
                <td className={table.cell}>
                  {account.roles.map((role) => t(`roles.${role}`)).join(', ')}
                  {account.languages.length > 0 && ` (${account.languages.join(', ')})`}
                </td>
                <td className={table.cell}>{date(account.createdAt)}</td>
                <td className={table.cell}>{t(account.disabled ? 'accounts.disabled' : 'accounts.active')}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrolledTable>

      {chosen && (
        <section aria-labelledby="change" className={styles.form}>
          <h2 id="change" className={page.h2} tabIndex={-1}>
            {t('accounts.change.title', { email: chosen.email })}
          </h2>
          <PostForm aria-labelledby="change">
            <input type="hidden" name="email" value={chosen.email} />
            <RoleChoices
              idPrefix="change"
              roles={refused?.refused === 'roles' ? refused.roles : chosen.roles}
              languages={refused?.refused === 'roles' ? refused.languages : chosen.languages}
              errors={{ roles: errorOf('roles', 'roles'), languages: errorOf('roles', 'languages') }}
            />
            <div className={page.actions}>
              <Button type="submit" appearance="primary" name={FORM_FIELDS.action} value={ACCOUNT_ACTIONS.roles}>
                {t('accounts.change.submit')}
              </Button>
            </div>
          </PostForm>
          <PostForm aria-label={t('accounts.disable.label', { email: chosen.email })}>
            <input type="hidden" name="email" value={chosen.email} />
            <p className={page.text}>{t('accounts.disable.hint')}</p>
            <Button type="submit" name={FORM_FIELDS.action} value={ACCOUNT_ACTIONS.disable}>
              {t('accounts.disable.submit', { email: chosen.email })}
            </Button>
          </PostForm>
        </section>
      )}

      <section aria-labelledby="add-title" className={styles.form}>
        <h2 id="add-title" className={page.h2}>
          {t('accounts.add.title')}
        </h2>
        <PostForm aria-labelledby="add-title" noValidate>
          <Field
            label={{ children: t('accounts.add.email'), htmlFor: 'add-email' }}
            {...(errorOf('add', 'email')
              ? { validationMessage: errorOf('add', 'email'), validationState: 'error' as const }
              : {})}
          >
            <Input
              id="add-email"
              name="email"
              type="email"
              autoComplete="off"
              spellCheck={false}
              defaultValue={refused?.refused === 'add' ? refused.email : ''}
            />
          </Field>
          <RoleChoices
            idPrefix="add"
            roles={refused?.refused === 'add' ? refused.roles : []}
            languages={refused?.refused === 'add' ? refused.languages : []}
            errors={{ roles: errorOf('add', 'roles'), languages: errorOf('add', 'languages') }}
          />
          <div className={page.actions}>
            <Button type="submit" appearance="primary" name={FORM_FIELDS.action} value={ACCOUNT_ACTIONS.add}>
              {t('accounts.add.submit')}
            </Button>
          </div>
        </PostForm>
      </section>
    </StaffPage>
  );
}
