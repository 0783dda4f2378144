import { Suspense, useCallback, useEffect, useId, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { markSessionEnded, refreshSessionNow } from '@/api/profile-session';
import { holdActivity, sessionDeadline, subscribeActivity } from '@/api/auth/activity';
import { getRefreshTokenExpiry, useLoggedIn } from '@/api/auth/tokens';
import { useAuth } from '@/api/auth/use-auth';
import { useSettings } from '@/api/settings';
import { lazyComponent } from '@/ui/lazy-component';
import { preloadWhenIdle } from '@/ui/idle-modules';
import { secondsLeft } from './countdown';
import { PATHS } from '@/shared/route-paths';

/** Fluent's dialog comes in its own chunk, loaded once a user is signed in. */
export const sessionTimeoutDialog = lazyComponent(
  async () => (await import('./session-timeout-dialog')).SessionTimeoutDialog,
  { idle: 'sessionTimeoutDialog' },
);

/** Default warning time when SESSION_WARNING_SECONDS is missing or not a number (spec: two minutes). */
const DEFAULT_WARNING_SECONDS = 120;

/**
 * The session's deadline (inactivity limit or refresh token expiry, whichever comes first) in epoch ms,
 * re-read every second and whenever activity is recorded here or in another tab.
 */
function useSessionDeadline(active: boolean): { deadline: number | undefined; now: number } {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active) return undefined;
    const tick = () => setNow(Date.now());
    const timer = setInterval(tick, 1000);
    const unsubscribe = subscribeActivity(tick);
    return () => {
      clearInterval(timer);
      unsubscribe();
    };
  }, [active]);
  return { deadline: active ? sessionDeadline() : undefined, now };
}

/**
 * WCAG 2.2.1 session time-out warning (the GOV.UK pattern): SESSION_WARNING_SECONDS before the session ends
 * for inactivity (or its refresh token runs out), an alert dialog offers to stay signed in (activity, and a
 * refresh now) or to sign out. At the end of the session's absolute lifetime, when staying gives no more time,
 * it says so and offers to carry on until then or to sign out now. The refresh scheduler ends the session at the
 * deadline and sends the user to /login with the time-out message; this dialog only warns. Mounted once by the
 * root layout.
 */
export function SessionTimeoutWarning() {
  const loggedIn = useLoggedIn();
  const settings = useSettings();
  const { signOut } = useAuth();
  const navigate = useNavigate();
  const location = useLocation();
  const { deadline, now } = useSessionDeadline(loggedIn);
  useEffect(() => {
    if (loggedIn) preloadWhenIdle(sessionTimeoutDialog);
  }, [loggedIn]);
  const [busy, setBusy] = useState(false);
  const bodyId = useId();
  const ending = useRef(false);

  const parsed = Number(settings.SESSION_WARNING_SECONDS);
  const warningSeconds = Number.isFinite(parsed) && parsed > 0 ? parsed : DEFAULT_WARNING_SECONDS;

  const endSession = useCallback(
    async (reason: 'expired' | 'chosen') => {
      if (ending.current) return;
      ending.current = true;
      const from = `${location.pathname}${location.search}${location.hash}`;
      if (reason === 'expired') markSessionEnded();
      try {
        await signOut();
      } finally {
        ending.current = false;
        if (reason === 'expired') navigate(PATHS.login, { replace: true, state: { from, notice: 'sessionExpired' } });
        else navigate('/', { replace: true });
      }
    },
    [location.pathname, location.search, location.hash, navigate, signOut],
  );

  // A session has an absolute lifetime on the server: near its end a refresh succeeds but gives no more time.
  // The warning then says so and offers to carry on until the end (dismissing it for that deadline) instead.
  const [final, setFinal] = useState(false);
  const [dismissedDeadline, setDismissedDeadline] = useState<number>();

  const stay = async () => {
    setBusy(true);
    try {
      const renewed = await refreshSessionNow();
      if (!renewed && !getRefreshTokenExpiry()) {
        await endSession('expired');
        return;
      }
      const after = sessionDeadline();
      if (renewed && after !== undefined && secondsLeft(after, Date.now()) <= warningSeconds) setFinal(true);
    } finally {
      setBusy(false);
    }
  };

  const seconds = deadline === undefined ? Infinity : secondsLeft(deadline, now);
  const open = loggedIn && seconds > 0 && seconds <= warningSeconds && deadline !== dismissedDeadline;
  useEffect(() => {
    if (!open) setFinal(false);
  }, [open]);
  // While the warning is open, keys and clicks on the page are not activity: only 'Stay signed in' extends.
  useEffect(() => (open ? holdActivity() : undefined), [open]);
  // Fluent's modal machinery (focus-trap elements on <body>) exists only while the dialog is mounted, so it is
  // mounted only around the warning; it is closed through `open` and unmounted a moment later, so that Fluent
  // always undoes its modal hiding of the page first.
  const [mounted, setMounted] = useState(false);
  useEffect(() => {
    if (open) {
      setMounted(true);
      return undefined;
    }
    const timer = setTimeout(() => setMounted(false), 1500);
    return () => clearTimeout(timer);
  }, [open]);
  if (!open && !mounted) return null;
  return (
    <Suspense fallback={null}>
      <sessionTimeoutDialog.Component
        open={open}
        bodyId={bodyId}
        seconds={seconds}
        busy={busy}
        final={final}
        onStay={() => void stay()}
        onCarryOn={() => setDismissedDeadline(deadline)}
        onSignOut={() => void endSession('chosen')}
      />
    </Suspense>
  );
}
