import { createRequire } from 'node:module';
import path from 'node:path';
import { statSync } from 'node:fs';
import { createWorker, OEM, PSM, type Worker } from 'tesseract.js';

/**
 * Tesseract (tesseract.js, WebAssembly) reading one MRZ line at a time with two of its engines: the LSTM network
 * (English, "best" integer model) and the older character classifier ("legacy", English). They misread different
 * characters (the network takes a narrow 0 for O, B or Q; the classifier takes it for 9 or 6, and 5 for S), so where
 * they agree the character is sure, and where they differ the check digits choose between their two readings.
 *
 * Both models are files of the npm package @tesseract.js-data/eng, read from node_modules: nothing is fetched from
 * the network (langPath is a folder, and tesseract.js neither reads nor writes its cache of downloaded models).
 */

const require = createRequire(import.meta.url);
const DATA = path.dirname(require.resolve('@tesseract.js-data/eng/package.json'));
const MODELS = { lstm: path.join(DATA, '4.0.0_best_int'), legacy: path.join(DATA, '4.0.0') } as const;

/** The model files the reader loads, and their size in bytes (gzip-compressed, as installed). */
export function modelFiles(): { file: string; bytes: number }[] {
  return Object.values(MODELS).map((folder) => {
    const file = path.join(folder, 'eng.traineddata.gz');
    return { file, bytes: statSync(file).size };
  });
}

export const MRZ_CHARACTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789<';

export type EngineName = keyof typeof MODELS;

/** A character as an engine read it: where (its box's left and right, in the picture's pixels) and how sure it is. */
export interface OcrSymbol {
  text: string;
  confidence: number;
  x0: number;
  x1: number;
}

/** Reads one line of MRZ text in a picture (PNG) with one engine. */
export interface LineReader {
  /** `characters`: the only ones it may read (MRZ_CHARACTERS unless told). */
  readLine(png: Buffer, characters?: string): Promise<OcrSymbol[]>;
  terminate(): Promise<void>;
}

// Tesseract's dictionaries would pull the MRZ's letters towards English words: none is loaded.
const NO_DICTIONARIES = {
  load_system_dawg: '0',
  load_freq_dawg: '0',
  load_unambig_dawg: '0',
  load_punc_dawg: '0',
  load_number_dawg: '0',
  load_bigram_dawg: '0',
};

/** Starts one engine's tesseract.js worker (a thread of its own) with its model loaded: about a second. */
export async function startEngine(engine: EngineName): Promise<LineReader> {
  const legacy = engine === 'legacy';
  const worker: Worker = await createWorker(
    'eng',
    legacy ? OEM.TESSERACT_ONLY : OEM.LSTM_ONLY,
    {
      langPath: MODELS[engine],
      gzip: true,
      // Never a download, never a copy of the model written to the working folder.
      cacheMethod: 'none',
      legacyCore: legacy,
      legacyLang: legacy,
    },
    NO_DICTIONARIES,
  );
  await worker.setParameters({
    tessedit_char_whitelist: MRZ_CHARACTERS,
    tessedit_pageseg_mode: PSM.SINGLE_LINE,
    // The crops carry no resolution; this is about what their text height means at print size.
    user_defined_dpi: '300',
    // The MRZ has no spaces: a gap the engine thinks it sees must not split a character's box from its line.
    preserve_interword_spaces: '0',
  });
  let whitelist = MRZ_CHARACTERS;
  return {
    async readLine(png, characters = MRZ_CHARACTERS) {
      if (characters !== whitelist) {
        await worker.setParameters({ tessedit_char_whitelist: characters });
        whitelist = characters;
      }
      const { data } = await worker.recognize(png, {}, { blocks: true, text: false });
      const symbols: OcrSymbol[] = [];
      for (const block of data.blocks ?? [])
        for (const paragraph of block.paragraphs)
          for (const line of paragraph.lines)
            for (const word of line.words)
              for (const symbol of word.symbols)
                for (const char of symbol.text.replace(/\s/g, ''))
                  symbols.push({ text: char, confidence: symbol.confidence, x0: symbol.bbox.x0, x1: symbol.bbox.x1 });
      return symbols;
    },
    async terminate() {
      await worker.terminate();
    },
  };
}
