import sharp from 'sharp';

/**
 * Pictures for tests and for the browser's fake camera, drawn here rather than kept as binary fixtures:
 * a well-lit, sharp, face-like portrait and a passport-like data page, and from them the faulty photos a
 * traveller might send (too dark, too bright, blurred, too small, turned by EXIF, carrying metadata).
 */

/** An SVG of a face on a plain light background: skin, hair, eyes, brows, nose, mouth, shoulders. */
export function faceSvg(width = 720, height = 960): string {
  // Drawn on a 600x800 canvas and scaled, so every size keeps the same proportions.
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 600 800" preserveAspectRatio="none">
<defs><radialGradient id="skin" cx="50%" cy="45%" r="60%"><stop offset="0" stop-color="#f1c7a5"/><stop offset="1" stop-color="#b97f5c"/></radialGradient></defs>
<rect width="600" height="800" fill="#e8eef2"/>
<rect x="120" y="620" width="360" height="200" rx="80" fill="#2d4a6b"/>
<rect x="255" y="520" width="90" height="120" fill="#c9906b"/>
<ellipse cx="300" cy="380" rx="165" ry="215" fill="url(#skin)"/>
<path d="M135 330 Q150 150 300 150 Q450 150 465 330 Q440 220 300 215 Q160 220 135 330Z" fill="#3b2a1e"/>
<path d="M195 320 Q235 300 270 318" stroke="#3b2a1e" stroke-width="10" fill="none"/>
<path d="M330 318 Q365 300 405 320" stroke="#3b2a1e" stroke-width="10" fill="none"/>
<ellipse cx="235" cy="355" rx="30" ry="16" fill="#fff"/><circle cx="235" cy="355" r="12" fill="#3a2a1a"/>
<ellipse cx="365" cy="355" rx="30" ry="16" fill="#fff"/><circle cx="365" cy="355" r="12" fill="#3a2a1a"/>
<path d="M300 370 L285 450 Q300 462 315 450Z" fill="#b87c5a"/>
<path d="M245 500 Q300 535 355 500 Q300 515 245 500Z" fill="#a0404a"/>
</svg>`;
}

/** Bars standing in for printed characters, so that the page does not depend on installed fonts. */
function textLine(x: number, y: number, characters: number, size: number, seed: number): string {
  let out = '';
  let at = x;
  for (let i = 0; i < characters; i += 1) {
    const wide = (seed * 31 + i * 17) % 7;
    if (wide !== 0) out += `<rect x="${at}" y="${y}" width="${size * 0.55}" height="${size}" fill="#1f2630"/>`;
    at += size * 0.75;
  }
  return out;
}

/** An SVG of a passport data page: tinted page, guilloche lines, the holder's portrait, fields and two MRZ lines. */
export function passportPageSvg(width = 1250, height = 880): string {
  const guilloche = Array.from(
    { length: 14 },
    (_, i) =>
      `<path d="M0 ${120 + i * 45} Q312 ${60 + i * 45} 625 ${120 + i * 45} T1250 ${120 + i * 45}" stroke="#b9cfc4" stroke-width="3" fill="none"/>`,
  ).join('');
  const fields = Array.from(
    { length: 6 },
    (_, i) => `${textLine(470, 200 + i * 62, 5, 14, i)}${textLine(470, 222 + i * 62, 14 + (i % 3) * 4, 24, i + 7)}`,
  ).join('');
  const mrz = `${textLine(60, 700, 44, 34, 3)}${textLine(60, 770, 44, 34, 5)}`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 1250 880" preserveAspectRatio="none">
<rect width="1250" height="880" fill="#dfe9e2"/>${guilloche}
<rect x="0" y="0" width="1250" height="110" fill="#3d6b57"/>${textLine(60, 35, 22, 40, 11)}
<svg x="60" y="170" width="360" height="470" viewBox="0 0 600 800" preserveAspectRatio="none">${faceSvg(600, 800).replace(/^<svg[^>]*>|<\/svg>$/g, '')}</svg>
<rect x="60" y="170" width="360" height="470" fill="none" stroke="#1f2630" stroke-width="4"/>
${fields}
<rect x="40" y="670" width="1170" height="170" fill="#f4f7f2"/>${mrz}
</svg>`;
}

/** A valid selfie: a sharp, evenly lit, face-like portrait (720x960 JPEG unless told). */
export function validSelfie(width = 720, height = 960): Promise<Buffer> {
  return sharp(Buffer.from(faceSvg(width, height)))
    .jpeg({ quality: 92 })
    .toBuffer();
}

/** A valid passport data page (1250x880 JPEG unless told). */
export function validPassportPage(width = 1250, height = 880): Promise<Buffer> {
  return sharp(Buffer.from(passportPageSvg(width, height)))
    .jpeg({ quality: 92 })
    .toBuffer();
}

/** The same picture taken in a dark room. */
export async function darkened(image: Buffer): Promise<Buffer> {
  return sharp(image).linear(0.18, 0).jpeg().toBuffer();
}

/** The same picture washed out by a flash or a window behind. */
export async function overexposed(image: Buffer): Promise<Buffer> {
  return sharp(image).linear(0.25, 205).jpeg().toBuffer();
}

/** The same picture out of focus or shaken. */
export async function blurred(image: Buffer, sigma = 8): Promise<Buffer> {
  return sharp(image).blur(sigma).jpeg().toBuffer();
}

/** The same picture at a lower resolution. */
export async function shrunk(image: Buffer, width: number): Promise<Buffer> {
  return sharp(image).resize({ width }).jpeg().toBuffer();
}

/** The same picture stored on its side with an EXIF orientation (6: turn 90° clockwise to view), as phones do. */
export async function storedSideways(image: Buffer): Promise<Buffer> {
  return sharp(image).rotate(-90).withMetadata({ orientation: 6 }).jpeg().toBuffer();
}

/** The same picture carrying camera and owner metadata that must not be kept. */
export async function withCameraMetadata(image: Buffer): Promise<Buffer> {
  return sharp(image)
    .withExif({ IFD0: { Make: 'ExampleCam', Model: 'X100', Copyright: 'Amelie Dubois', Artist: 'Amelie Dubois' } })
    .jpeg()
    .toBuffer();
}

/** A plain light picture without any face. */
export function faceless(width = 720, height = 960): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="100%" height="100%" fill="#cfd8de"/>${Array.from({ length: 12 }, (_, i) => `<rect x="${40 + i * 50}" y="${100 + (i % 4) * 180}" width="30" height="140" fill="#2d4a6b"/>`).join('')}</svg>`;
  return sharp(Buffer.from(svg)).jpeg().toBuffer();
}

/** Two faces side by side (a second person in the picture). */
export async function twoFaces(width = 1200, height = 960): Promise<Buffer> {
  const half = Math.floor(width / 2);
  const face = await sharp(Buffer.from(faceSvg(half, height)))
    .png()
    .toBuffer();
  return sharp({ create: { width, height, channels: 3, background: '#e8eef2' } })
    .composite([
      { input: face, left: 0, top: 0 },
      { input: face, left: half, top: 0 },
    ])
    .jpeg()
    .toBuffer();
}

/** A face far away: a small portrait (`faceWidth` pixels wide) in the middle of a large plain background. */
export async function distantFace(faceWidth = 250, width = 1200, height = 1600): Promise<Buffer> {
  const faceHeight = Math.round((faceWidth * 4) / 3);
  const face = await sharp(Buffer.from(faceSvg(faceWidth, faceHeight)))
    .png()
    .toBuffer();
  return sharp({ create: { width, height, channels: 3, background: '#cfd8de' } })
    .composite([{ input: face, left: Math.floor((width - faceWidth) / 2), top: Math.floor((height - faceHeight) / 2) }])
    .jpeg()
    .toBuffer();
}
