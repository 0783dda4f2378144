import { openSync, readSync, closeSync } from 'node:fs';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/** The mark a test file carries near its top when it runs much longer than the others (a fuzz, a model-based test). */
export const LONG_RUNNING_MARK = '@long-running';

/** Whether the file's first 2 KB carry the mark. */
function marked(file: string): boolean {
  const head = Buffer.alloc(2048);
  const fd = openSync(file, 'r');
  try {
    return head
      .subarray(0, readSync(fd, head, 0, head.length, 0))
      .toString('utf8')
      .includes(LONG_RUNNING_MARK);
  } finally {
    closeSync(fd);
  }
}

/**
 * Vitest's order (by group, then by the durations it remembers, or by size on a fresh clone, which has none), with the
 * files marked long-running first within their group: started last, a minute-long file keeps one worker busy after
 * every other has finished.
 */
export class LongFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const group = (spec: TestSpecification) => spec.project.config.sequence.groupOrder ?? 0;
    return sorted
      .map((spec, index) => ({ spec, index, long: marked(spec.moduleId) }))
      .sort((a, b) => group(a.spec) - group(b.spec) || Number(b.long) - Number(a.long) || a.index - b.index)
      .map(({ spec }) => spec);
  }
}
