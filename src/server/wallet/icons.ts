import sharp from 'sharp';

/** The pass's green, the colour of the department's documents. */
export const PASS_GREEN = { red: 0, green: 122, blue: 77 };

/** A green square with a white shield and tick, drawn at `size` pixels. */
const emblem = (size: number) =>
  Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 100 100">
  <rect width="100" height="100" rx="18" fill="rgb(${PASS_GREEN.red},${PASS_GREEN.green},${PASS_GREEN.blue})"/>
  <path d="M50 14 L80 26 V50 C80 68 67 81 50 88 C33 81 20 68 20 50 V26 Z" fill="none" stroke="#fff" stroke-width="7" stroke-linejoin="round"/>
  <path d="M36 51 L46 61 L65 40" fill="none" stroke="#fff" stroke-width="8" stroke-linecap="round" stroke-linejoin="round"/>
</svg>`);

let drawn: Promise<Record<string, Buffer>> | undefined;

/** The icons Wallet requires of every pass (icon.png at 29 points, in 1x, 2x and 3x), drawn once. */
export function passIcons(): Promise<Record<string, Buffer>> {
  drawn ??= Promise.all(
    [
      ['icon.png', 29],
      ['icon@2x.png', 58],
      ['icon@3x.png', 87],
    ].map(
      async ([name, size]) =>
        [
          name,
          await sharp(emblem(size as number))
            .png()
            .toBuffer(),
        ] as const,
    ),
  ).then(Object.fromEntries, (error: unknown) => {
    drawn = undefined; // drawn again next time
    throw error;
  });
  return drawn;
}
