import { describe, expect, it } from 'vitest';
import { holderInitials } from './initials';

describe('holderInitials', () => {
  it.each([
    ['Maria Anna', 'Silva', 'M. A. S.'],
    ['maria  anna ', ' silva', 'M. A. S.'],
    ['Jean-Pierre', "O'Brien", 'J. O.'],
    ['Émile', 'Zola', 'É. Z.'],
    ['E\u0301mile', 'Zola', 'É. Z.'],
    ['', 'Madonna', 'M.'],
    ['Ørjan', 'Ødegård', 'Ø. Ø.'],
    ['Олег Иванович', 'Петров', 'О. И. П.'],
    ['Γιώργος', 'Παπαδόπουλος', 'Γ. Π.'],
    ['محمد علي', 'السيد', 'م. ع. ا.'],
    ['小明', '王', '王 小'],
    ['秀英', '欧阳', '欧 秀'],
    ['ひろし', '山田', '山 ひ'],
    ['지민', '박', '박 지'],
    ['Xiaoming', 'Wang', 'X. W.'],
  ])('%s %s gives %s', (given, family, initials) => {
    expect(holderInitials(given, family)).toBe(initials);
  });

  it('keeps a letter with its marks and an emoji-free name whole', () => {
    // A Devanagari syllable with its vowel sign is one grapheme.
    expect(holderInitials('क्षितिज', 'शर्मा')).toBe('क्षि. श.');
  });
});
