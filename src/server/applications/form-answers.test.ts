import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { TEST_SCHEMAS_DIR } from '../testing/harness';
import { createFormCheckers } from './form-answers';
import { validApplicationForm } from './testing/client';

const applicationUi = JSON.parse(readFileSync(join(TEST_SCHEMAS_DIR, 'application-form.ui.json'), 'utf8'));
const uiPages = (applicationUi as { 'ui:pages': { id: string }[] })['ui:pages'];

const { 'application-form': form, declarations } = createFormCheckers(
  ['application-form', 'declarations'],
  TEST_SCHEMAS_DIR,
);

describe('form checker', () => {
  it('reads the pages of the UI schema, conditions included', () => {
    expect(form.pages.map((p) => p.id)).toEqual(uiPages.map((p) => p.id));
    expect(form.pageApplies(form.page('host')!, { purposeOfVisit: 'VISITING_FRIENDS_AND_RELATIVES' })).toBe(true);
    expect(form.pageApplies(form.page('host')!, { purposeOfVisit: 'TRANSIT' })).toBe(false);
    expect(form.pageApplies(form.page('mission')!, { purposeOfVisit: 'DIPLOMATIC_VISITOR' })).toBe(true);
    expect(form.pageApplies(form.page('work-details')!, { occupationType: 'UNKNOWN' })).toBe(false);
    expect(form.pageApplies(form.page('work-details')!, {})).toBe(false);
  });

  it('drops answers of pages that do not apply, keeping everything else', () => {
    const answers = {
      occupationType: 'UNKNOWN',
      jobTitle: 'Teacher',
      purposeOfVisit: 'TRANSIT',
      onwardCountry: 'NA',
      eventName: 'Summit',
    };
    expect(form.withoutSkipped(answers)).toEqual({
      occupationType: 'UNKNOWN',
      purposeOfVisit: 'TRANSIT',
      onwardCountry: 'NA',
    });
  });

  it('finds no problem in a valid example, and the first page that needs answers otherwise', () => {
    expect(form.check(validApplicationForm()).problems).toEqual([]);
    expect(form.firstPageWithProblems(validApplicationForm())).toBeUndefined();
    expect(form.firstPageWithProblems({ ...validApplicationForm(), refusedBefore: true })?.id).toBe('refusal');
    expect(form.firstPageWithProblems({})?.id).toBe('personal-details');
  });

  it('separates what a draft may keep (missing, half-typed) from what it may not (types, unknown fields, lists)', () => {
    const result = form.check({
      arrivalDate: '2031-0',
      givenNames: { first: 'Ana' },
      nationality: 'F',
      portOfEntry: 'HEATHROW',
      extra: true,
    });
    expect(result.problems.map((p) => p.path)).toEqual(
      expect.arrayContaining(['arrivalDate', 'givenNames', 'nationality', 'portOfEntry', 'extra', 'title']),
    );
    expect(result.draftProblems.map((p) => p.path).sort()).toEqual(['extra', 'givenNames', 'portOfEntry']);
  });

  it('coerces and normalises answers like the browser (E.164 numbers)', () => {
    const result = form.check(validApplicationForm());
    expect(result.data.mobile).toEqual({ isoAlpha2Code: 'FR', mobileNumber: '+33612345678' });
    expect(declarations.check({ criminalConviction: 'true' }).data.criminalConviction).toBe(true);
  });

  it('does not count an unticked declaration as a wrong answer in a draft', () => {
    expect(declarations.check({ declarationTrueAndComplete: false }).draftProblems).toEqual([]);
  });
});
