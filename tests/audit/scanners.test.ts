import { describe, expect, it } from 'vitest';
import { sqlmapFindings } from './scanners';

/** Lines as sqlmap 1.7 prints them (Debian bookworm's package). */
const INJECTABLE = [
  "[01:23:45] [INFO] (custom) POST parameter 'JSON email' appears to be 'AND boolean-based blind - WHERE or HAVING clause' injectable",
  "[01:23:50] [INFO] (custom) POST parameter 'JSON email' is 'Generic UNION query (NULL) - 1 to 20 columns' injectable",
].join('\n');
const CLEAN = [
  "[01:23:45] [WARNING] (custom) POST parameter 'JSON email' does not seem to be injectable",
  '[01:23:46] [CRITICAL] all tested parameters do not appear to be injectable. Try to increase values for --level',
  '[01:23:46] [WARNING] HTTP error codes detected during run:\n400 (Bad Request) - 120 times',
].join('\n');

describe('reading sqlmap output', () => {
  it('reports each injectable parameter as high, with its technique', () => {
    const findings = sqlmapFindings('POST /api/eta/profile/login', INJECTABLE);
    expect(findings).toHaveLength(2);
    expect(findings.every((f) => f.severity === 'high' && f.tool === 'sqlmap')).toBe(true);
    expect(findings[0].finding).toBe('SQL injection: JSON email (AND boolean-based blind - WHERE or HAVING clause)');
  });

  it('reports a reflected-input heuristic as cross-site scripting and server errors as medium', () => {
    const output = [
      "[01:23:45] [INFO] heuristic (XSS) test shows that GET parameter 'search' might be vulnerable to cross-site scripting (XSS) attacks",
      '[01:23:46] [WARNING] HTTP error codes detected during run:',
      '500 (Internal Server Error) - 3 times, 400 (Bad Request) - 7 times',
    ].join('\n');
    expect(sqlmapFindings('GET /api/eta/static/countries', output).map((f) => [f.severity, f.finding])).toEqual([
      ['high', "cross-site scripting (heuristic): GET parameter 'search'"],
      ['medium', 'server errors: 500 (Internal Server Error) - 3 times, 400 (Bad Request) - 7 times'],
    ]);
  });

  it('finds nothing in a clean run, refused requests included', () => {
    expect(sqlmapFindings('POST /api/eta/profile/login', CLEAN)).toEqual([]);
  });
});
