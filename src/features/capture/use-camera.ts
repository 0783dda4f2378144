import { useCallback, useEffect, useRef, useState } from 'react';

/** Why the camera cannot be used: each has its own explanation (capture.json entry.camera). */
export type CameraProblem = 'denied' | 'missing' | 'busy' | 'unsupported';

export type CameraState = { kind: 'off' } | { kind: 'starting' } | { kind: 'ready' } | { kind: 'failed'; problem: CameraProblem };

/** The explanation a getUserMedia failure deserves. */
export function cameraProblemOf(error: unknown): CameraProblem {
  const name = error instanceof Error || error instanceof DOMException ? error.name : '';
  if (name === 'NotAllowedError' || name === 'SecurityError' || name === 'PermissionDeniedError') return 'denied';
  if (name === 'NotFoundError' || name === 'OverconstrainedError' || name === 'DevicesNotFoundError') return 'missing';
  if (name === 'TypeError') return 'unsupported';
  return 'busy';
}

/**
 * The camera facing the user (selfie) or the world (passport) on a video element: `start()` asks for it,
 * `stop()` releases it (also on unmount). Asks for a large frame, since the photo checks need at least
 * 600x800 for a face and 1000 px across for a passport page.
 */
export function useCamera(facingMode: 'user' | 'environment') {
  const [state, setState] = useState<CameraState>({ kind: 'off' });
  const streamRef = useRef<MediaStream | null>(null);
  const videoRef = useRef<HTMLVideoElement | null>(null);
  const attempt = useRef(0);

  const attach = useCallback(() => {
    const video = videoRef.current;
    const stream = streamRef.current;
    if (video && stream && video.srcObject !== stream) {
      video.srcObject = stream;
      // play() may refuse (autoplay rules) or, in some engines, return nothing; autoPlay starts it anyway.
      Promise.resolve()
        .then(() => video.play())
        .catch(() => undefined);
    }
  }, []);

  /** Callback ref for the video element, so a re-mounted element gets the running stream again. */
  const setVideo = useCallback(
    (element: HTMLVideoElement | null) => {
      videoRef.current = element;
      attach();
    },
    [attach],
  );

  const stop = useCallback(() => {
    attempt.current += 1;
    streamRef.current?.getTracks().forEach((track) => track.stop());
    streamRef.current = null;
    if (videoRef.current) videoRef.current.srcObject = null;
    setState({ kind: 'off' });
  }, []);

  const start = useCallback(async () => {
    const mine = ++attempt.current;
    streamRef.current?.getTracks().forEach((track) => track.stop());
    streamRef.current = null;
    if (typeof navigator === 'undefined' || !navigator.mediaDevices?.getUserMedia) {
      setState({ kind: 'failed', problem: 'unsupported' });
      return;
    }
    setState({ kind: 'starting' });
    try {
      const stream = await navigator.mediaDevices.getUserMedia({
        audio: false,
        video: { facingMode: { ideal: facingMode }, width: { ideal: 1920 }, height: { ideal: 1080 } },
      });
      if (mine !== attempt.current) {
        // Stopped or restarted while the browser was asking: this stream is no longer wanted.
        stream.getTracks().forEach((track) => track.stop());
        return;
      }
      streamRef.current = stream;
      attach();
      setState({ kind: 'ready' });
    } catch (error) {
      if (mine === attempt.current) setState({ kind: 'failed', problem: cameraProblemOf(error) });
    }
  }, [facingMode, attach]);

  useEffect(() => () => {
    attempt.current += 1;
    streamRef.current?.getTracks().forEach((track) => track.stop());
  }, []);

  /** The current frame as a JPEG, at the camera's full resolution (undefined before the first frame). */
  const capture = useCallback(async (): Promise<Blob | undefined> => {
    const video = videoRef.current;
    if (!video || !video.videoWidth || !video.videoHeight) return undefined;
    const canvas = document.createElement('canvas');
    canvas.width = video.videoWidth;
    canvas.height = video.videoHeight;
    const context = canvas.getContext('2d');
    if (!context) return undefined;
    context.drawImage(video, 0, 0, canvas.width, canvas.height);
    return new Promise((resolve) => canvas.toBlob((blob) => resolve(blob ?? undefined), 'image/jpeg', 0.92));
  }, []);

  return { state, start, stop, capture, setVideo };
}
