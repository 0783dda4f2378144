import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailbox } from '../accounts/testing/client';
import { signIn } from '../applications/testing/client';
import { buildTestApp, databases } from '../testing/harness';
import { DEFAULT_FEES } from './config';
import { MAIL_RETRY_AFTER_MS } from '../mail/public';
import { retrySubmissionMails } from './mail';
import { submittedApplication } from './testing/client';

describe.each(databases())('the submission e-mail on %s', (kind) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp({ db: kind });
  });
  afterAll(async () => {
    await app.close();
  });

  const signedInIn = async (language: string) => {
    const caller = await signIn(app);
    await app.db.updateTable('profiles').set({ language }).where('id', '=', caller.profileId).execute();
    const { email } = await app.db
      .selectFrom('profiles')
      .select('email')
      .where('id', '=', caller.profileId)
      .executeTakeFirstOrThrow();
    return { caller, email };
  };

  it.each([
    ['en', 'Your application has been submitted'],
    ['fr', 'Votre demande a été soumise'],
    ['ar', 'تم تقديم طلبك'],
  ])(
    'is sent once, in the profile language (%s), with the reference, applicants and amount',
    async (language, subject) => {
      const { caller, email } = await signedInIn(language);
      const { guid, confirmation } = await submittedApplication(app, caller, 2);
      const messages = await mailbox(app, email);
      expect(messages).toHaveLength(1);
      const [message] = messages;
      expect(message.subject).toBe(subject);
      expect(message.text).toContain(confirmation.reference);
      expect(message.text).toContain('Amélie Dubois');
      expect(message.text).toContain('Lucas Dubois');
      // Two fees of R 500, as South Africans write the rand: R 1,000.00 (1 000,00 R in French), never ZAR 1,000.00.
      expect(2 * DEFAULT_FEES.ETA).toBe(100000);
      const amount = { en: 'R\u00a01,000.00', fr: '1\u202f000,00\u00a0R', ar: '1,000.00\u00a0R' }[language];
      expect(message.text).toContain(amount);
      expect(message.text).not.toContain('ZAR');
      expect(message.text).toContain(`${app.config.publicUrl}/my-applications`);
      const summary = await app.inject({
        url: `/api/eta/applications/${guid}/submission`,
        headers: { authorization: `Bearer ${caller.token}` },
      });
      expect(summary.json().accountEmail).toBe(email);
    },
  );

  it('keeps the submission when the mailer fails, and housekeeping sends it later, once', async () => {
    const { caller, email } = await signedInIn('pt');
    const send = app.mailer.send;
    app.mailer.send = async () => {
      throw new Error('SMTP server unavailable');
    };
    let result;
    try {
      result = await submittedApplication(app, caller);
    } finally {
      app.mailer.send = send;
    }
    expect(result.confirmation.status).toBe('PAID');
    expect(await mailbox(app, email)).toHaveLength(0);
    const row = await app.db
      .selectFrom('application_submissions')
      .selectAll()
      .where('application_id', '=', result.guid)
      .executeTakeFirstOrThrow();
    expect(row.mail_state).toBe('PENDING');

    // Not yet due, then due.
    await retrySubmissionMails(app, new Date());
    expect(await mailbox(app, email)).toHaveLength(0);
    const later = new Date(Date.now() + MAIL_RETRY_AFTER_MS + 1000);
    await retrySubmissionMails(app, later);
    await retrySubmissionMails(app, new Date(later.getTime() + MAIL_RETRY_AFTER_MS + 1000));
    const messages = await mailbox(app, email);
    expect(messages).toHaveLength(1);
    expect(messages[0].subject).toBe('A sua candidatura foi submetida');
  });
});
