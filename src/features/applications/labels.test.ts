import { describe, expect, it } from 'vitest';
import { distinctLabels } from './labels';

const numbered = (label: string, index: number, total: number) => `${label} (${index} of ${total})`;

describe('distinctLabels', () => {
  it('keeps the plainest label of every item that has it alone', () => {
    expect(distinctLabels([['Amina'], ['Léa', 'Léa, passport B']], numbered)).toEqual([
      { label: 'Amina', level: 0 },
      { label: 'Léa', level: 0 },
    ]);
  });

  it('makes only the items that share a label more specific, as far as they need', () => {
    const labels = distinctLabels(
      [
        ['Amina', 'Amina, passport A', 'Amina, passport A, 2025'],
        ['Amina', 'Amina, passport B', 'Amina, passport B, 2026'],
        ['Léa', 'Léa, passport C'],
        ['Amina', 'Amina, passport A', 'Amina, passport A, 2026'],
      ],
      numbered,
    );
    expect(labels).toEqual([
      { label: 'Amina, passport A, 2025', level: 2 },
      { label: 'Amina, passport B', level: 1 },
      { label: 'Léa', level: 0 },
      { label: 'Amina, passport A, 2026', level: 2 },
    ]);
  });

  it('numbers, in list order, the items still alike at their most specific', () => {
    const labels = distinctLabels(
      [['none', 'none at 12:05'], ['none', 'none at 12:05'], ['none', 'none at 12:30'], ['Amina']],
      numbered,
    );
    expect(labels.map((l) => l.label)).toEqual([
      'none at 12:05 (1 of 2)',
      'none at 12:05 (2 of 2)',
      'none at 12:30',
      'Amina',
    ]);
    expect(new Set(labels.map((l) => l.label)).size).toBe(labels.length);
  });

  it('answers an empty list with an empty list', () => {
    expect(distinctLabels([], numbered)).toEqual([]);
  });
});
