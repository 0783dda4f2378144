import { describe, expect, it } from 'vitest';
import { checkQuery } from './query-params';

const captureResult = {
  status: { required: true, enum: ['success', 'failure'] },
  errorCode: { required: false },
  routeFrom: { required: true, enum: ['web', 'mobile'] },
  captureType: { required: true, enum: ['biometrics', 'passport'] },
  sessionIdentifier: { required: true },
};

const check = (search: string) => checkQuery(captureResult, new URLSearchParams(search));

describe('query parameter checks', () => {
  it('accepts a complete, valid link and ignores undeclared parameters', () => {
    expect(check('status=success&routeFrom=web&captureType=passport&sessionIdentifier=s1&utm_source=mail')).toEqual([]);
    expect(check('status=failure&errorCode=E1&routeFrom=mobile&captureType=biometrics&sessionIdentifier=s1')).toEqual(
      [],
    );
  });

  it('reports each missing required parameter, blank counting as missing', () => {
    expect(check('status=success&routeFrom=web&captureType=passport&sessionIdentifier=%20')).toEqual([
      { param: 'sessionIdentifier', kind: 'missing' },
    ]);
    expect(check('').map((problem) => problem.param)).toEqual([
      'status',
      'routeFrom',
      'captureType',
      'sessionIdentifier',
    ]);
  });

  it('reports a value outside the allowed ones with the allowed values', () => {
    expect(check('status=maybe&routeFrom=web&captureType=passport&sessionIdentifier=s1')).toEqual([
      { param: 'status', kind: 'invalid', allowed: ['success', 'failure'] },
    ]);
  });

  it('checks optional parameters only when present', () => {
    const spec = { routeFrom: { required: false, enum: ['web', 'mobile'] }, sessionIdentifier: { required: true } };
    expect(checkQuery(spec, new URLSearchParams('sessionIdentifier=s'))).toEqual([]);
    expect(checkQuery(spec, new URLSearchParams('sessionIdentifier=s&routeFrom=fax'))).toEqual([
      { param: 'routeFrom', kind: 'invalid', allowed: ['web', 'mobile'] },
    ]);
    expect(checkQuery(spec, new URLSearchParams('sessionIdentifier=s&routeFrom=WEB'))[0]?.kind).toBe('invalid');
  });

  it('accepts anything for a route without a query declaration', () => {
    expect(checkQuery(undefined, new URLSearchParams('a=b'))).toEqual([]);
  });
});
