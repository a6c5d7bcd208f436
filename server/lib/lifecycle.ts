// Document lifecycles: each document type declares its legal transitions
// once; services ask before changing a status and the UI offers only these.
import { appError } from './errors';

export type Lifecycle<S extends string> = {
  labels: Record<S, string>;
  transitions: Record<S, readonly S[]>;
};

export function defineLifecycle<S extends string>(lifecycle: Lifecycle<S>): Lifecycle<S> {
  return lifecycle;
}

export function canTransition<S extends string>(lc: Lifecycle<S>, from: S, to: S): boolean {
  return lc.transitions[from]?.includes(to) ?? false;
}

/** CONFLICT with a Spanish message naming both states when the move is not legal now. */
export function assertTransition<S extends string>(lc: Lifecycle<S>, from: S, to: S): void {
  if (!canTransition(lc, from, to)) {
    throw appError('CONFLICT', `No se puede pasar de "${lc.labels[from]}" a "${lc.labels[to]}".`);
  }
}
