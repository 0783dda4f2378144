import { describe, expect, it } from 'vitest';
import { alignTo, settleLine1, settleLine2, toCells, type Engine, type EngineCells, type LinePicture } from './decode';
import type { OcrSymbol } from './ocr';
import { td3Lines } from './td3';

const [LINE1, LINE2] = td3Lines({
  issuingCountry: 'D',
  surname: 'DUBOIS<MUELLER',
  givenNames: 'ANNA',
  documentNumber: 'C01X0OT47',
  nationality: 'D',
  dateOfBirth: '640812',
  sex: 'F',
  dateOfExpiry: '310101',
});

/** A line as an engine read it, one character a cell: `text` with its characters at a pitch of 20 pixels. */
function read(engine: Engine, text: string): EngineCells {
  return { engine, cells: [...text].map((char) => (char === '?' ? [] : [char])) };
}

/** Readings of both engines at two sizes, each given as (lstm, legacy) pairs. */
const both = (...pairs: [string, string][]): EngineCells[] =>
  pairs.flatMap(([lstm, legacy]) => [read('lstm', lstm), read('legacy', legacy)]);

/**
 * A picture of a line as cut for the OCR, 20 pixels a cell: each character drawn as a pattern of dark blocks of its own
 * (made from its code), the same wherever it stands; `shown` is what the picture shows, `read` what the boxes say.
 */
function drawn(shown: string, read = shown): LinePicture {
  const pad = 18;
  const width = 2 * pad + 20 * 44;
  const height = 2 * pad + 30;
  const data = new Uint8Array(width * height).fill(255);
  for (const [cell, char] of [...shown].entries()) {
    let bits = (char.charCodeAt(0) * 2654435761) >>> 0;
    for (let block = 0; block < 24; block += 1) {
      bits = (bits * 1103515245 + 12345) >>> 0;
      if (bits >>> 31 === 0) continue;
      const [bx, by] = [pad + 20 * cell + 2 + 4 * (block % 4), pad + 3 + 4 * Math.floor(block / 4)];
      for (let y = by; y < by + 4; y += 1) for (let x = bx; x < bx + 4; x += 1) data[y * width + x] = 20;
    }
  }
  const symbols = [...read].map((text, i) => ({ text, confidence: 80, x0: pad + 20 * i + 2, x1: pad + 20 * i + 18 }));
  return { crop: { data, width, height, textLeft: pad, textRight: pad + 20 * 44 - 4 }, symbols };
}

/** The readings with the classifier's given the picture. */
const seen = (readings: EngineCells[], picture: LinePicture): EngineCells[] =>
  readings.map((reading) => (reading.engine === 'legacy' ? { ...reading, picture } : reading));

describe('placing what an engine read in the line’s cells', () => {
  const symbols = (text: string, at = (i: number) => 10 + 20 * i): OcrSymbol[] =>
    [...text].map((char, i) => ({ text: char, confidence: 90, x0: at(i) + 2, x1: at(i) + 16 }));

  it('puts a character an engine left out as a gap, not as a shift of the rest', () => {
    const text = LINE2.slice(0, 20) + LINE2.slice(21);
    const found = symbols(text, (i) => 10 + 20 * (i < 20 ? i : i + 1));
    const cells = toCells({ symbols: found, textLeft: 10, textRight: 10 + 20 * 44 - 4 });
    expect(cells[20]).toEqual([]);
    expect(cells.map((cell) => cell[0] ?? LINE2[20]).join('')).toBe(LINE2);
  });

  it('leaves out a mark beside the line (the edge of the page) read as a character', () => {
    const found = [{ text: 'I', confidence: 60, x0: 0, x1: 4 }, ...symbols(LINE1, (i) => 60 + 20 * i)];
    const cells = toCells({ symbols: found, textLeft: 0, textRight: 60 + 20 * 44 - 4 });
    expect(cells.map((cell) => cell.join('')).join('')).toBe(LINE1);
  });

  it('lines up a reading whose boxes are all a cell or more off with the other engine’s', () => {
    const reference = read('legacy', LINE1).cells;
    const shifted = read('lstm', `??${LINE1.slice(0, 42)}`).cells;
    expect(alignTo(shifted, reference)).toEqual([...reference.slice(0, 42), [], []]);
    expect(alignTo(reference, reference)).toBe(reference);
  });

  it('keeps both characters an engine read in one cell', () => {
    const found = symbols(LINE2);
    found.splice(3, 1, { text: '7', confidence: 80, x0: 70, x1: 75 }, { text: '2', confidence: 80, x0: 76, x1: 86 });
    const cells = toCells({ symbols: found, textLeft: 12, textRight: 12 + 20 * 44 - 4 });
    expect(cells[3]).toEqual(['7', '2']);
    expect(cells[4]).toEqual([LINE2[4]]);
  });
});

describe('settling line 2 by its check digits', () => {
  it('takes a line both engines read as it is', () => {
    expect(settleLine2(both([LINE2, LINE2], [LINE2, LINE2]))).toMatchObject({ line: LINE2 });
  });

  it('corrects the characters each engine is known to mistake when the check digits settle them', () => {
    // The network reads a narrow 0 as O or B, the classifier as 9; in a date only a digit may stand.
    expect(LINE2.slice(13, 28)).toBe('6408125F3101012');
    const lstm = LINE2.replace('6408125', '64O8125').replace('3101012', '31B1012');
    const legacy = LINE2.replace('6408125', '6498125').replace('3101012', '3191012');
    expect(settleLine2(both([lstm, legacy], [lstm, legacy]))).toMatchObject({ line: LINE2 });
  });

  it('reads nothing rather than guess between readings the check digits cannot tell apart', () => {
    // G and 6 have the same value modulo 10: no check digit tells them apart, and the engines disagree.
    const [, line2] = td3Lines({
      issuingCountry: 'D',
      surname: 'X',
      givenNames: 'Y',
      documentNumber: 'C01XGOT47',
      nationality: 'D',
      dateOfBirth: '640812',
      sex: 'F',
      dateOfExpiry: '310101',
    });
    const with6 = line2.replace('XGOT', 'X6OT');
    expect(settleLine2(both([line2, with6], [line2, with6]))).toHaveProperty('problem');
  });

  it('tells such readings apart by the glyphs: the one whose cells of a character look alike', () => {
    const [, line2] = td3Lines({
      issuingCountry: 'D',
      surname: 'X',
      givenNames: 'Y',
      documentNumber: 'C01XGOT47',
      nationality: 'D',
      dateOfBirth: '640812',
      sex: 'F',
      dateOfExpiry: '310101',
    });
    const with6 = line2.replace('XGOT', 'X6OT');
    const readings = both([line2, with6], [line2, with6]);
    // A 6 like the date of birth's is a 6.
    expect(settleLine2(seen(readings, drawn(with6)))).toMatchObject({ line: with6 });
    // A glyph unlike every other of the line is not taken for the G found nowhere else: it may be a 6 under glare.
    expect(settleLine2(seen(readings, drawn(line2)))).toHaveProperty('problem');
    // A glyph like the O beside it is neither G nor 6: nothing is read.
    const withO = line2.replace('XGOT', 'XOOT');
    expect(settleLine2(seen(readings, drawn(withO, line2)))).toHaveProperty('problem');
  });

  it('never accepts a line whose check digits fail', () => {
    const wrong = LINE2.replace('6408125', '6408135');
    expect(wrong).not.toBe(LINE2);
    expect(settleLine2(both([wrong, wrong], [wrong, wrong]))).toHaveProperty('problem');
  });
});

describe('settling line 1, which no check digit covers', () => {
  it('takes the names when every reading agrees, a digit read in a name as the letter it stands for', () => {
    const legacy = LINE1.replace('MUELLER', 'MUELLER');
    const lstm = LINE1.replace('DUBOIS', 'DUB0IS');
    expect(settleLine1(both([lstm, legacy], [LINE1, legacy]))).toEqual({ line: LINE1 });
  });

  it('reads nothing when the engines read a letter of a name differently', () => {
    const other = LINE1.replace('ANNA', 'ANMA');
    expect(settleLine1(both([LINE1, other], [LINE1, other]))).toHaveProperty('problem');
  });

  it('settles a letter the engines read differently by its glyph, when the names hold that letter elsewhere', () => {
    const other = LINE1.replace('ANNA', 'ANMA');
    const readings = both([LINE1, other], [LINE1, other]);
    expect(settleLine1(seen(readings, drawn(LINE1)))).toEqual({ line: LINE1 });
    expect(settleLine1(seen(readings, drawn(other)))).toEqual({ line: other });
    // A glyph like neither N nor M: nothing is read.
    expect(settleLine1(seen(readings, drawn(LINE1.replace('ANNA', 'ANXA'), LINE1)))).toHaveProperty('problem');
  });

  it('reads nothing when a cell of the names was left unread by the classifier', () => {
    const gap = `${LINE1.slice(0, 10)}?${LINE1.slice(11)}`;
    expect(settleLine1(both([LINE1, gap], [LINE1, gap]))).toHaveProperty('problem');
  });
});
