import { useCallback, useEffect, useRef, useState } from 'react';
import { showsPicture } from './frame-check';

/** Why the camera cannot be used: each has its own explanation (capture.json entry.camera). */
export type CameraProblem = 'denied' | 'missing' | 'busy' | 'unsupported';

export type CameraState =
  { kind: 'off' } | { kind: 'starting' } | { kind: 'ready' } | { kind: 'failed'; problem: CameraProblem };

/** What "take photo" gives: the frame as a JPEG, or nothing because the camera shows no picture (black). */
export type CaptureResult = { kind: 'photo'; blob: Blob } | { kind: 'no-picture' };

/** How often the video is looked at for its first picture where the browser cannot call back on each frame. */
const WATCH_INTERVAL_MS = 200;

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
 * 600x800 for a face and 1000 px across for a passport page. `picture` turns true once the video shows real
 * frames that are not almost black (a camera that has just started, or a covered lens, shows black).
 */
export function useCamera(facingMode: 'user' | 'environment') {
  const [state, setState] = useState<CameraState>({ kind: 'off' });
  const streamRef = useRef<MediaStream | null>(null);
  const videoRef = useRef<HTMLVideoElement | null>(null);
  const attempt = useRef(0);
  const [picture, setPicture] = useState(false);
  const unwatch = useRef<() => void>(() => undefined);

  /** Looks at each new frame (or every WATCH_INTERVAL_MS) until the video shows a picture. */
  const watch = useCallback(() => {
    unwatch.current();
    setPicture(false);
    const video = videoRef.current;
    if (!video || !streamRef.current) return;
    let done = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const events = ['loadeddata', 'playing', 'resize'] as const;
    const check = () => {
      if (done) return;
      if (showsPicture(video)) {
        finish();
        setPicture(true);
        return;
      }
      clearTimeout(timer);
      if (typeof video.requestVideoFrameCallback === 'function') video.requestVideoFrameCallback(check);
      else timer = setTimeout(check, WATCH_INTERVAL_MS);
    };
    const finish = () => {
      done = true;
      clearTimeout(timer);
      for (const name of events) video.removeEventListener(name, check);
    };
    for (const name of events) video.addEventListener(name, check);
    unwatch.current = finish;
    check();
  }, []);

  const attach = useCallback(() => {
    const video = videoRef.current;
    const stream = streamRef.current;
    if (video && stream && video.srcObject !== stream) {
      video.srcObject = stream;
      // play() may refuse (autoplay rules) or, in some engines, return nothing; autoPlay starts it anyway.
      Promise.resolve()
        .then(() => video.play())
        .catch(() => undefined);
      watch();
    }
  }, [watch]);

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
    unwatch.current();
    setPicture(false);
    streamRef.current?.getTracks().forEach((track) => track.stop());
    streamRef.current = null;
    if (videoRef.current) videoRef.current.srcObject = null;
    setState({ kind: 'off' });
  }, []);

  const start = useCallback(async () => {
    const mine = ++attempt.current;
    unwatch.current();
    setPicture(false);
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

  useEffect(
    () => () => {
      attempt.current += 1;
      unwatch.current();
      streamRef.current?.getTracks().forEach((track) => track.stop());
    },
    [],
  );

  /**
   * The current frame as a JPEG, at the camera's full resolution. A frame that is almost black is not a photo:
   * the answer says so, and `picture` is false again until the video shows one.
   */
  const capture = useCallback(async (): Promise<CaptureResult | undefined> => {
    const video = videoRef.current;
    if (!video) return undefined;
    if (!showsPicture(video)) {
      watch();
      return { kind: 'no-picture' };
    }
    const canvas = document.createElement('canvas');
    canvas.width = video.videoWidth;
    canvas.height = video.videoHeight;
    const context = canvas.getContext('2d');
    if (!context) return undefined;
    context.drawImage(video, 0, 0, canvas.width, canvas.height);
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', 0.92));
    return blob ? { kind: 'photo', blob } : undefined;
  }, [watch]);

  return { state, picture, start, stop, capture, setVideo };
}
