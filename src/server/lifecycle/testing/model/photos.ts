import sharp from 'sharp';
import type { CaptureType } from '../../../../shared/contract';
import type { ImageCheckResult } from '../../../biometrics/image-checks';

/**
 * Stands in for the photos' image analysis in the model-based test, for photos known to be good: a JPEG is kept
 * as it was sent, at the size its header gives; anything else is refused as the analysis would refuse it.
 */
export async function acceptedAsTaken(data: Buffer, _type: CaptureType): Promise<ImageCheckResult> {
  const jpeg = data.length > 3 && data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff;
  if (!jpeg) return { ok: false, code: 'IMAGE_TYPE_NOT_ALLOWED' };
  const { width = 0, height = 0 } = await sharp(data).metadata();
  return {
    ok: true,
    image: { jpeg: data, width, height },
    measures: { width, height, meanLuminance: 128, clippedShare: 0, sharpness: 100 },
  };
}
