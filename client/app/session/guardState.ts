// Adapts the session state to the pure guard's input.
import type { GuardState } from '../routing/guard';
import type { SessionState } from './sessionStore';

export function guardStateOf(state: SessionState): GuardState {
  return {
    token: state.token,
    forcedPasswordReset: state.userData?.forcedPasswordReset ?? false,
    can: (action, subject) => state.ability.can(action, subject),
  };
}
