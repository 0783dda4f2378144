import '@/engine/testing/forms-loaded';
import { describe, expect, it } from 'vitest';
import { CHECK_ANSWERS_PAGE, type Answers } from './flow';
import {
  fieldsByPage,
  navigationAt,
  pagesToCheck,
  positionNamed,
  sendingOf,
  showsCheckAnswers,
  stepAfterPage,
  type FlowPosition,
} from './navigation';
import { fixtureFlow, onePageSchema, tripSchema, tripUiSchema } from './testing/trip-flow';

const trip = fixtureFlow(tripSchema, tripUiSchema);
const onePage = fixtureFlow(onePageSchema, {});

const tourist: Answers = { purpose: 'TOURISM' };
const visitor: Answers = { purpose: 'VISITING_FRIENDS_AND_RELATIVES' };
const ids = (pages: { id: string }[]) => pages.map((p) => p.id);

describe('the pages before and after a page', () => {
  it.each([
    // [page, answers, next, previous]
    [undefined, tourist, 'purpose', undefined],
    ['purpose', tourist, 'dates', undefined],
    ['purpose', visitor, 'host', undefined],
    ['host', visitor, 'dates', 'purpose'],
    ['dates', visitor, undefined, 'host'],
    ['dates', tourist, undefined, 'purpose'],
  ] as const)('from %s with %o: next %s, previous %s', (pageId, answers, next, previous) => {
    expect(trip.nextPage(pageId, answers)?.id).toBe(next);
    if (pageId) expect(trip.previousPage(pageId, answers)?.id).toBe(previous);
  });

  it.each([
    // [page asked for, answers, page shown]
    [undefined, tourist, 'purpose'],
    ['dates', tourist, 'dates'],
    ['host', visitor, 'host'],
    ['host', tourist, 'dates'],
    ['nowhere', tourist, 'purpose'],
    [CHECK_ANSWERS_PAGE, visitor, 'purpose'],
  ] as const)('asked for %s with %o, shows %s', (pageId, answers, shown) => {
    expect(trip.pageToShow(pageId, answers).id).toBe(shown);
  });
});

describe('positionNamed', () => {
  it.each<[string | undefined, boolean, boolean | undefined, FlowPosition]>([
    [undefined, true, undefined, { pageId: undefined, reviewing: false, returnsToReview: false }],
    ['host', true, true, { pageId: 'host', reviewing: false, returnsToReview: true }],
    [CHECK_ANSWERS_PAGE, true, undefined, { pageId: undefined, reviewing: true, returnsToReview: false }],
    [CHECK_ANSWERS_PAGE, false, undefined, { pageId: undefined, reviewing: false, returnsToReview: false }],
  ])('names %s (check answers shown: %s, from review: %s)', (named, checkAnswers, fromReview, position) => {
    expect(positionNamed(named, { checkAnswers, fromReview })).toEqual(position);
  });
});

describe('showsCheckAnswers', () => {
  it.each([
    ['trip', undefined, true],
    ['trip', false, false],
    ['one page', undefined, false],
    ['one page', true, false],
  ] as const)('%s form, asked %s: %s', (form, asked, shows) => {
    expect(showsCheckAnswers(form === 'trip' ? trip : onePage, asked)).toBe(shows);
  });
});

describe('navigationAt', () => {
  const at = (pageId: string | undefined, reviewing = false) => ({ pageId, reviewing, returnsToReview: false });
  it.each([
    // [position, answers, check answers shown, page, previous, next, finishes]
    [at(undefined), tourist, true, 'purpose', undefined, 'dates', false],
    [at('host'), visitor, true, 'host', 'purpose', 'dates', false],
    [at('host'), tourist, true, 'dates', 'purpose', undefined, false],
    [at('dates'), tourist, false, 'dates', 'purpose', undefined, true],
    [at('dates', true), tourist, true, 'dates', 'purpose', undefined, true],
    [at(undefined, true), tourist, true, 'purpose', undefined, 'dates', true],
  ] as const)('at %o with %o', (position, answers, checkAnswers, page, previous, next, finishes) => {
    const shown = navigationAt(trip, position, answers, checkAnswers);
    expect([shown.page.id, shown.previous?.id, shown.next?.id, shown.finishes]).toEqual([
      page,
      previous,
      next,
      finishes,
    ]);
    expect(shown.reviewing).toBe(position.reviewing);
  });

  it('keeps whether the page returns to check answers', () => {
    const position = { pageId: 'purpose', reviewing: false, returnsToReview: true };
    expect(navigationAt(trip, position, tourist, true).returnsToReview).toBe(true);
  });

  it('shows the one page of a form without pages, which finishes it', () => {
    const shown = navigationAt(onePage, { reviewing: false, returnsToReview: false }, {}, false);
    expect([shown.page.id, shown.previous, shown.next, shown.finishes]).toEqual(['main', undefined, undefined, true]);
  });
});

describe('stepAfterPage', () => {
  it.each([
    // [page, answers, check answers shown, from review, step]
    ['purpose', tourist, true, false, { to: 'page', page: 'dates' }],
    ['purpose', visitor, true, false, { to: 'page', page: 'host' }],
    ['purpose', visitor, true, true, { to: 'check-answers' }],
    ['dates', visitor, true, false, { to: 'check-answers' }],
    ['dates', visitor, false, false, { to: 'send' }],
    ['dates', visitor, false, true, { to: 'check-answers' }],
  ] as const)(
    'from %s with %o (check answers %s, from review %s)',
    (pageId, answers, checkAnswers, fromReview, step) => {
      const found = stepAfterPage(trip, pageId, answers, { checkAnswers, fromReview });
      expect(found.to === 'page' ? { to: 'page', page: found.page.id } : found).toEqual(step);
    },
  );

  it('sends a form without pages', () => {
    expect(stepAfterPage(onePage, 'main', {}, { checkAnswers: false })).toEqual({ to: 'send' });
  });
});

describe('sendingOf', () => {
  it.each([
    // [answers, page with problems, or the answers sent]
    [{}, 'purpose', undefined],
    [visitor, 'host', undefined],
    [{ ...visitor, hostName: 'Ana' }, 'dates', undefined],
    [{ ...tourist, arrival: '2030-01-01', returning: true }, 'dates', undefined],
    [
      { ...tourist, hostName: 'Ana', arrival: '2030-01-01', returning: false, lastVisit: '2020-01-01' },
      undefined,
      { ...tourist, arrival: '2030-01-01', returning: false },
    ],
    [
      { ...visitor, hostName: 'Ana', arrival: '2030-01-01', returning: true, lastVisit: '2020-01-01' },
      undefined,
      { ...visitor, hostName: 'Ana', arrival: '2030-01-01', returning: true, lastVisit: '2020-01-01' },
    ],
  ])('%o', (answers, pageWithProblems, sent) => {
    const sending = sendingOf(trip, answers);
    expect(sending.pageWithProblems?.id).toBe(pageWithProblems);
    expect(sending.answers).toEqual(sent);
  });
});

describe('pagesToCheck', () => {
  it.each([
    [
      tourist,
      [
        ['purpose', ['purpose']],
        ['dates', ['arrival', 'returning']],
      ],
    ],
    [
      { ...visitor, returning: true },
      [
        ['purpose', ['purpose']],
        ['host', ['hostName']],
        ['dates', ['arrival', 'returning', 'lastVisit']],
      ],
    ],
  ])('with %o', (answers, pages) => {
    expect(pagesToCheck(trip, answers).map((p) => [p.id, p.fields])).toEqual(pages);
  });
});

describe('fieldsByPage', () => {
  it('lists every field of every page, whatever the answers', () => {
    expect(fieldsByPage(trip)).toEqual({
      purpose: ['purpose'],
      host: ['hostName'],
      dates: ['arrival', 'returning', 'lastVisit'],
    });
    expect(ids(onePage.pages)).toEqual(['main']);
    expect(fieldsByPage(onePage)).toEqual({ main: ['name'] });
  });
});
