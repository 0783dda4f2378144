import { createRequire } from 'node:module';
import path from 'node:path';
import sharp from 'sharp';
import { printedDate, type identity } from './identity';
import type { Random } from './random';

/**
 * A passport's data page as it is printed: guilloche background, photo, labelled fields in the visual zone, and the
 * two MRZ lines in a monospace close to OCR-B (Roboto Mono, from npm, never a system font).
 */

const require = createRequire(import.meta.url);
const fontFile = (pkg: string, file: string) => path.join(path.dirname(require.resolve(`${pkg}/package.json`)), file);
const MRZ_FONT = {
  family: 'Roboto Mono',
  file: fontFile('@expo-google-fonts/roboto-mono', '400Regular/RobotoMono_400Regular.ttf'),
};
const TEXT_FONT = {
  family: 'Noto Sans',
  file: fontFile('@expo-google-fonts/noto-sans', '400Regular/NotoSans_400Regular.ttf'),
};
const BOLD_FONT = {
  family: 'Noto Sans Bold',
  file: fontFile('@expo-google-fonts/noto-sans', '700Bold/NotoSans_700Bold.ttf'),
};

const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** A line of text as an RGBA picture, its font `em` pixels high. */
async function text(content: string, font: { family: string; file: string }, em: number, colour: string) {
  const image = await sharp({
    text: {
      text: `<span foreground="${colour}">${escape(content)}</span>`,
      font: `${font.family} 40`,
      fontfile: font.file,
      dpi: 72,
      rgba: true,
    },
  })
    .png()
    .toBuffer({ resolveWithObject: true });
  const scale = em / 40;
  return sharp(image.data)
    .resize(Math.max(1, Math.round(image.info.width * scale)), Math.max(1, Math.round(image.info.height * scale)))
    .png()
    .toBuffer();
}

/** An MRZ line exactly `width` pixels wide: 44 characters at the 2.54 mm pitch of OCR-B, in the font's proportions. */
async function mrzLine(line: string, width: number) {
  const image = await sharp({
    text: { text: escape(line), font: `${MRZ_FONT.family} 60`, fontfile: MRZ_FONT.file, dpi: 72, rgba: true },
  })
    .png()
    .toBuffer();
  return sharp(image)
    .resize({ width: Math.round(width) })
    .png()
    .toBuffer();
}

/** The data page, `width` pixels wide (125 x 88 mm). */
export async function page(rng: Random, person: ReturnType<typeof identity>, lines: [string, string], width: number) {
  const s = width / 125; // pixels per millimetre
  const height = Math.round(88 * s);
  const hue = rng.int(0, 360);
  const tint = `hsl(${hue}, 45%, 92%)`;
  const ink = `hsl(${hue}, 35%, 70%)`;
  const waves: string[] = [];
  for (let i = 0; i < 26; i += 1) {
    const amplitude = rng.between(2, 6) * s;
    const period = rng.between(12, 30) * s;
    const y0 = (i / 26) * height;
    let d = `M0 ${y0.toFixed(1)}`;
    for (let x = 0; x <= width; x += s * 2)
      d += ` L${x.toFixed(1)} ${(y0 + amplitude * Math.sin(x / period + i)).toFixed(1)}`;
    waves.push(`<path d="${d}" stroke="${ink}" stroke-width="${(0.15 * s).toFixed(2)}" fill="none" opacity="0.7"/>`);
  }
  const photo = { x: 6 * s, y: 17 * s, w: 30 * s, h: 40 * s };
  const skin = `hsl(${rng.int(15, 35)}, ${rng.int(25, 55)}%, ${rng.int(30, 75)}%)`;
  const background = `
    <svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
      <rect width="100%" height="100%" fill="${tint}"/>
      ${waves.join('')}
      <rect x="${photo.x}" y="${photo.y}" width="${photo.w}" height="${photo.h}" fill="hsl(${hue}, 10%, 80%)"/>
      <ellipse cx="${photo.x + photo.w / 2}" cy="${photo.y + photo.h * 0.4}" rx="${photo.w * 0.26}" ry="${photo.h * 0.24}" fill="${skin}"/>
      <path d="M${photo.x + photo.w * 0.08} ${photo.y + photo.h} Q${photo.x + photo.w / 2} ${photo.y + photo.h * 0.55} ${photo.x + photo.w * 0.92} ${photo.y + photo.h} Z" fill="hsl(${rng.int(0, 360)}, 20%, 30%)"/>
      <rect x="0" y="${69 * s}" width="${width}" height="${19 * s}" fill="white" opacity="0.35"/>
    </svg>`;
  const dark = '#1d1d2b';
  const label = '#4b4b66';
  const items: { input: Buffer; left: number; top: number }[] = [];
  const put = async (content: string, font: typeof TEXT_FONT, x: number, y: number, mm: number, colour: string) =>
    items.push({ input: await text(content, font, mm * s, colour), left: Math.round(x * s), top: Math.round(y * s) });
  await put(`PASSPORT / PASSEPORT   ${person.countryName.toUpperCase()}`, BOLD_FONT, 6, 4, 4, dark);
  const fields: [string, string, number, number][] = [
    ['Type / Type', 'P', 40, 12],
    ['Code / Code', person.fields.issuingCountry, 58, 12],
    ['Passport No. / No. du passeport', person.fields.documentNumber, 80, 12],
    ['Surname / Nom', person.surname.toUpperCase(), 40, 20],
    ['Given names / Prénoms', person.givenNames.toUpperCase(), 40, 28],
    ['Nationality / Nationalité', person.countryName.toUpperCase(), 40, 36],
    ['Date of birth / Date de naissance', printedDate(person.born), 40, 44],
    ['Sex / Sexe', person.fields.sex === '<' ? 'X' : person.fields.sex, 96, 44],
    ['Date of issue / Date de délivrance', printedDate(person.issued), 40, 52],
    ['Date of expiry / Date d’expiration', printedDate(person.expires), 40, 60],
    ['Authority / Autorité', 'HOME OFFICE', 96, 52],
  ];
  for (const [name, value, x, y] of fields) {
    await put(name, TEXT_FONT, x, y, 1.9, label);
    await put(value, BOLD_FONT, x, y + 2.3, 3, dark);
  }
  // The MRZ: 44 characters at 2.54 mm from 6.5 mm in, two lines 5.5 mm apart near the bottom edge.
  for (const [i, line] of lines.entries()) {
    items.push({
      input: await mrzLine(line, 44 * 2.54 * s),
      left: Math.round(6.5 * s),
      top: Math.round((71 + i * 5.5) * s),
    });
  }
  return sharp(Buffer.from(background)).composite(items).removeAlpha().raw().toBuffer({ resolveWithObject: true });
}
