/** A Content-Security-Policy header read as directives, each with its sources (lower case names). */
export function parseCsp(header: string): Map<string, string[]> {
  const directives = new Map<string, string[]>();
  for (const part of header.split(';')) {
    const [name, ...sources] = part.trim().split(/\s+/);
    // The first occurrence of a directive is the one browsers apply.
    if (name && !directives.has(name.toLowerCase())) directives.set(name.toLowerCase(), sources);
  }
  return directives;
}

/** Sources that would let a page run script it did not load from its own origin as a file. */
const UNSAFE_SCRIPT_SOURCES = ["'unsafe-inline'", "'unsafe-hashes'", 'data:', 'blob:', '*', 'http:', 'https:'];

/**
 * What is wrong with a policy, as sentences (none for a good one): eval allowed anywhere, inline or foreign script
 * allowed, plugins allowed, no base-uri, no frame-ancestors.
 */
export function cspProblems(header: string | undefined): string[] {
  if (!header) return ['no Content-Security-Policy'];
  const csp = parseCsp(header);
  const problems: string[] = [];
  for (const [name, sources] of csp) {
    if (sources.includes("'unsafe-eval'")) problems.push(`${name} allows eval`);
  }
  // script-src falls back to default-src; script-src-elem and -attr to script-src.
  const scripts = csp.get('script-src') ?? csp.get('default-src');
  if (!scripts) problems.push('no script-src nor default-src');
  for (const name of ['script-src', 'script-src-elem', 'script-src-attr']) {
    const sources = name === 'script-src' ? scripts : csp.get(name);
    for (const source of sources ?? [])
      if (UNSAFE_SCRIPT_SOURCES.includes(source)) problems.push(`${name} allows ${source}`);
  }
  if ((csp.get('object-src') ?? []).join(' ') !== "'none'") problems.push("object-src is not 'none'");
  const base = csp.get('base-uri');
  if (!base || !["'self'", "'none'"].includes(base.join(' '))) problems.push("base-uri is not 'self' or 'none'");
  const frames = csp.get('frame-ancestors');
  if (!frames || !["'self'", "'none'"].includes(frames.join(' ')))
    problems.push("frame-ancestors is not 'self' or 'none'");
  return problems;
}
