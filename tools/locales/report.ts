import { englishName } from './language-terms';
import type { FindingKind, LanguageReport } from './locale-finding';

// The findings as the translators read them: lines to print, and a table of how complete each language is.

/** Findings that say a text is still to translate (rather than a text that is wrong). */
export const TO_TRANSLATE_KINDS: ReadonlySet<FindingKind> = new Set(['missing', 'empty', 'untranslated']);

const TO_TRANSLATE_WORDS: Partial<Record<FindingKind, string>> = {
  untranslated: 'the same as English',
  missing: 'missing',
  empty: 'empty',
};

/**
 * The lines to print for a language's findings, one per problem; but once more than `limit` texts are still to
 * translate (missing, empty or the same as English: a language just begun), those are counted per file instead,
 * unless `all` asks for every one. Problems that break a screen (placeholders, plural forms, unknown keys) are
 * always listed.
 */
export function findingLines(report: LanguageReport, options: { all?: boolean; limit?: number } = {}): string[] {
  const { all = false, limit = 20 } = options;
  const toTranslate = report.findings.filter((f) => TO_TRANSLATE_KINDS.has(f.kind));
  if (all || toTranslate.length <= limit) return report.findings.map((f) => f.message);
  const lines = report.findings.filter((f) => !TO_TRANSLATE_KINDS.has(f.kind)).map((f) => f.message);
  const byFile = new Map<string, Map<FindingKind, number>>();
  for (const f of toTranslate) {
    const counts = byFile.get(f.file) ?? new Map<FindingKind, number>();
    counts.set(f.kind, (counts.get(f.kind) ?? 0) + 1);
    byFile.set(f.file, counts);
  }
  for (const [file, counts] of byFile) {
    const parts = [...counts].map(([kind, n]) => `${n} ${TO_TRANSLATE_WORDS[kind]}`);
    lines.push(`${file}: ${parts.join(', ')} (texts still to translate)`);
  }
  lines.push(
    `Texts of ${englishName(report.lng)} not yet complete: ${report.total - report.done} of ${report.total}, counted per file above (add --all to list each one)`,
  );
  return lines;
}

/** Percentage complete, rounded down to one decimal so only a complete language shows 100. */
export function percent(report: LanguageReport): number {
  if (report.total === 0) return 100;
  return Math.floor((report.done / report.total) * 1000) / 10;
}

/** A plain-text table: language, its own name, percentage complete, texts done, problems. */
export function completionTable(reports: LanguageReport[]): string {
  const rows = [
    ['language', 'name', 'complete', 'texts', 'problems'],
    ...reports.map((r) => [
      r.lng,
      englishName(r.lng),
      `${percent(r).toFixed(1)} %`,
      `${r.done}/${r.total}`,
      String(r.findings.length),
    ]),
  ];
  const widths = rows[0].map((_, i) => Math.max(...rows.map((row) => row[i].length)));
  const line = (row: string[]) =>
    row.map((cell, i) => (i >= 2 ? cell.padStart(widths[i]) : cell.padEnd(widths[i]))).join('  ');
  return [line(rows[0]), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.slice(1).map(line)].join('\n');
}
