import type { FastifyInstance } from 'fastify';
import { decisionFacts } from './facts';
import { decisionsRepository } from './repository';
import { OfficerDecisionError } from './service';

/** The case officer's commands, as `npm run officer -- help` prints them. */
export const OFFICER_USAGE = `Usage: npm run officer -- <command>

  list                                  referred applicants waiting for a decision, oldest first
  show <applicant>                      one referred applicant: why it was referred, and its facts
  approve <applicant> --officer <name>  approve: the ETA or permit is issued and e-mailed
  refuse <applicant> --officer <name> --reason <CODE> [--reason <CODE> ...]
                                        refuse with reasons from the configured list: the notice is issued and e-mailed
  reasons                               the configured refusal reasons
`;

/**
 * Characters that would move or hide text on the officer's terminal if printed as they are: every control
 * character (line breaks, tabs, escape sequences, C1 controls), the line and paragraph separators and the
 * bidirectional controls that reorder what follows them.
 */
const UNPRINTABLE = /[\p{Cc}\u2028\u2029\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/gu;
/** Those of them JSON.stringify leaves as they are in strings (it escapes U+0000 to U+001F itself). */
const UNESCAPED_BY_JSON = /[\u007F-\u009F\u2028\u2029\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/gu;

/** A stored value as the officer's tool prints it: characters of UNPRINTABLE written as \u{XXXX}. */
export function printable(value: unknown): string {
  return String(value).replace(
    UNPRINTABLE,
    (character) => `\\u{${character.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}}`,
  );
}

/** A line of the tool's own text with stored values put in printable (the text itself may hold line breaks). */
function line(text: TemplateStringsArray, ...values: unknown[]): string {
  return text.reduce((whole, part, i) => whole + part + (i < values.length ? printable(values[i]) : ''), '');
}

/** Facts as indented JSON, with the characters of UNESCAPED_BY_JSON written as JSON escapes too. */
function printableJson(value: unknown): string {
  return JSON.stringify(value, null, 2).replace(
    UNESCAPED_BY_JSON,
    (character) => `\\u${character.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`,
  );
}

/** Where the commands write. */
export interface OfficerOutput {
  out(line: string): void;
  err(line: string): void;
}

function option(args: string[], name: string): string[] {
  const values: string[] = [];
  args.forEach((arg, i) => {
    if (arg === name && args[i + 1] !== undefined) values.push(args[i + 1]);
  });
  return values;
}

/**
 * Runs one case-officer command against the app's database (its decision service records the decision and sends
 * the e-mail). Answers the exit code: 0 done, 1 refused (a clear line on `err`), 2 usage.
 */
export async function runOfficer(app: FastifyInstance, args: string[], output: OfficerOutput): Promise<number> {
  const [command, applicantId] = args;
  const repository = decisionsRepository(app.db);
  const officer = option(args, '--officer')[0];
  switch (command) {
    case 'list': {
      const referred = await repository.referred();
      if (referred.length === 0) output.out('No applicant is waiting for a case officer.');
      for (const row of referred) {
        const applicant = await repository.applicant(row.applicant_id);
        const reasons = (JSON.parse(row.reason_codes) as string[]).join(', ');
        const name = applicant ? `${applicant.given_names} ${applicant.family_name}` : '?';
        output.out(line`${row.applicant_id}  ${name}  referred ${row.decided_at?.slice(0, 16)}  ${reasons}`);
      }
      return 0;
    }
    case 'show': {
      const row = applicantId ? await repository.byApplicant(applicantId) : undefined;
      const applicant = row && (await repository.applicant(row.applicant_id));
      const application = row && (await repository.application(row.application_id));
      if (!row || !applicant || !application) {
        output.err(line`No decision is recorded for applicant ${applicantId ?? '(none given)'}.`);
        return 1;
      }
      const submission = await repository.submission(row.application_id);
      output.out(line`Applicant   ${applicant.given_names} ${applicant.family_name} (${applicant.id})`);
      output.out(line`Application ${submission?.reference ?? '?'}, ${application.application_type}`);
      output.out(
        line`State       ${row.state}${row.outcome ? ` ${row.outcome}` : ''}, rules ${row.rules_version ?? '-'}`,
      );
      output.out(line`Reasons     ${(JSON.parse(row.reason_codes) as string[]).join(', ') || '-'}`);
      output.out(`Facts       ${printableJson(await decisionFacts(app.db, application, applicant))}`);
      return 0;
    }
    case 'approve':
    case 'refuse': {
      if (!applicantId || !officer) {
        output.err(OFFICER_USAGE);
        return 2;
      }
      try {
        const decided = await app.decisions.officerDecide(
          applicantId,
          officer,
          command === 'approve' ? { approve: true } : { approve: false, reasons: option(args, '--reason') },
        );
        output.out(line`Recorded: ${decided?.outcome} ${decided?.document_number}, e-mail ${decided?.mail_state}.`);
        return 0;
      } catch (error) {
        if (!(error instanceof OfficerDecisionError)) throw error;
        output.err(printable(error.message));
        return 1;
      }
    }
    case 'reasons':
      for (const reason of app.decisions.refusalReasons) output.out(printable(reason));
      return 0;
    default:
      output.err(OFFICER_USAGE);
      return command === 'help' ? 0 : 2;
  }
}
