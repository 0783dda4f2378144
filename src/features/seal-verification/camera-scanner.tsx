import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { readQrFrom } from './read-qr';
import { useSealStyles } from './styles';

/** How often a camera frame is looked at for a code. */
const FRAME_INTERVAL_MS = 250;

/** Whether this browser can offer the camera at all. */
export function cameraAvailable(): boolean {
  return typeof navigator !== 'undefined' && typeof navigator.mediaDevices?.getUserMedia === 'function';
}

/**
 * The back camera's picture, looked at a few times a second until a QR code is read; the camera stops as soon as
 * it is, or when the scanner goes away.
 */
export function CameraScanner({ onRead, onFail }: { onRead(text: string): void; onFail(): void }) {
  const { t } = useTranslation('outcomes');
  const styles = useSealStyles();
  const video = useRef<HTMLVideoElement>(null);
  const callbacks = useRef({ onRead, onFail });
  callbacks.current = { onRead, onFail };

  useEffect(() => {
    let stopped = false;
    let stream: MediaStream | undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const canvas = document.createElement('canvas');
    const look = async () => {
      const element = video.current;
      if (stopped || !element) return;
      if (element.readyState >= 2 && element.videoWidth > 0) {
        const text = await readQrFrom(element, element.videoWidth, element.videoHeight, canvas);
        if (stopped) return;
        if (text) {
          callbacks.current.onRead(text);
          return;
        }
      }
      timer = setTimeout(() => void look(), FRAME_INTERVAL_MS);
    };
    navigator.mediaDevices
      .getUserMedia({ video: { facingMode: 'environment' }, audio: false })
      .then(async (opened) => {
        stream = opened;
        if (stopped || !video.current) return;
        video.current.srcObject = opened;
        await video.current.play();
        void look();
      })
      .catch(() => {
        if (!stopped) callbacks.current.onFail();
      });
    return () => {
      stopped = true;
      clearTimeout(timer);
      stream?.getTracks().forEach((track) => track.stop());
    };
  }, []);

  return <video ref={video} className={styles.video} aria-label={t('verify.cameraLabel')} muted playsInline />;
}
