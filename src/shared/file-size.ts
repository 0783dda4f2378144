/**
 * A file's size for people, in the language's digits and units: "512 bytes", "240 kB", "1.4 MB" (and "١٫٤ م.ب" in
 * Arabic).
 */
export function formatFileSize(bytes: number, language: string): string {
  const units = [
    { unit: 'megabyte', size: 1_000_000 },
    { unit: 'kilobyte', size: 1_000 },
  ] as const;
  const chosen = units.find((u) => bytes >= u.size);
  const value = chosen ? bytes / chosen.size : bytes;
  return new Intl.NumberFormat(language, {
    style: 'unit',
    unit: chosen?.unit ?? 'byte',
    // The short form of a byte is "byte" in English whatever the number; the long one says "512 bytes".
    unitDisplay: chosen ? 'short' : 'long',
    // Whole numbers from 10 on, one decimal below: "1.4 MB", "12 MB"; never "1.0 MB".
    maximumFractionDigits: value < 10 && chosen ? 1 : 0,
  }).format(value);
}
