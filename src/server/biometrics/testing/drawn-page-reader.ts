import type { MrzReader } from '../../passport-mrz/reader';
import { notRead, readingOfLines } from '../../passport-mrz/read';
import { linesDrawnOn } from './test-images';

/**
 * An MRZ reader for tests in which the reading is not what is tested: it knows the lines passportPage drew on each
 * page of this process and answers what they say, parsed and validated as the real reader does, without its OCR
 * (a second a photo); any other picture has no MRZ it can find. The real reader reads those pages too.
 */
export function drawnPageReader(): MrzReader {
  return {
    read: async (image) => {
      const lines = linesDrawnOn(image);
      return lines ? readingOfLines(lines) : notRead('NOT_FOUND');
    },
    warm: async () => {},
    close: async () => {},
  };
}
