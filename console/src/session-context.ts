import { createContext } from 'preact';
import { useContext } from 'preact/hooks';
import type { Scope, ViewerQuery } from './generated/graphql';

export type Viewer = ViewerQuery['viewer'];

/** The signed-in token and what it may do: pages ask `can` before showing an action. */
export interface Session {
  token: string;
  viewer: Viewer;
  can(scope: Scope): boolean;
  signOut(): void;
}

export const SessionContext = createContext<Session | null>(null);

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession outside a signed-in console');
  return session;
}
