import { describe, expect, it } from 'vitest';
import { getAtPath, toErrorSchema } from './dotted-paths';

describe('dotted paths', () => {
  it('reads an answer at a dotted path, or nothing past a missing part', () => {
    const data = { mobile: { mobileNumber: '07700 900123' }, nationality: 'FR' };
    expect(getAtPath(data, 'mobile.mobileNumber')).toBe('07700 900123');
    expect(getAtPath(data, 'nationality.code')).toBeUndefined();
    expect(getAtPath(data, '')).toBe(data);
  });

  it('builds the error schema of fields and nested fields, each message once and in the order given', () => {
    expect(
      toErrorSchema([
        { path: 'mobile.mobileNumber', message: 'Enter a mobile number' },
        { path: 'mobile.mobileNumber', message: 'Enter a UK mobile number' },
        { path: 'mobile.mobileNumber', message: 'Enter a mobile number' },
        { path: 'mobile', message: 'Tell us how to reach you' },
        { path: 'nationality', message: 'Choose a nationality' },
        { path: '', message: 'Something went wrong' },
      ]),
    ).toEqual({
      mobile: {
        mobileNumber: { __errors: ['Enter a mobile number', 'Enter a UK mobile number'] },
        __errors: ['Tell us how to reach you'],
      },
      nationality: { __errors: ['Choose a nationality'] },
      __errors: ['Something went wrong'],
    });
  });

  it('splits a path on its dots only', () => {
    expect(toErrorSchema([{ path: 'trips[0].city', message: 'Enter a city' }])).toEqual({
      'trips[0]': { city: { __errors: ['Enter a city'] } },
    });
    expect(toErrorSchema([{ path: 'passport.0', message: 'Enter a number' }])).toEqual({
      passport: { 0: { __errors: ['Enter a number'] } },
    });
  });
});
