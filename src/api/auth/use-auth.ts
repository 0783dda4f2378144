import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import type { LoginResult } from '@/shared/api-types';
import { logout, signIn } from './session';
import { useLoggedIn } from './tokens';

export interface AuthState {
  loggedIn: boolean;
  /** Stores the login answer's tokens and remembers its profileIdentifier. */
  signIn(result: LoginResult): void;
  /** Ends the session on the server and locally and empties the react-query cache; the caller navigates. */
  signOut(): Promise<void>;
}

/** React hook: the login state and the sign-in / sign-out actions. */
export function useAuth(): AuthState {
  const loggedIn = useLoggedIn();
  const queryClient = useQueryClient();
  const signOut = useCallback(async () => {
    try {
      await logout();
    } finally {
      queryClient.clear();
    }
  }, [queryClient]);
  return useMemo(() => ({ loggedIn, signIn, signOut }), [loggedIn, signOut]);
}
