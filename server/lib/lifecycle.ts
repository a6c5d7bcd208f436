// Document lifecycles on the server: a service names the action it performs
// and the move it is about to make; the move goes ahead only if that action
// owns that edge (schema/lifecycle.ts). Owning the edge is per action: the
// edge pagada_parcial → emitida belongs to a cancelled payment, so emission
// cannot take it even though the lifecycle has it.
import { canAct, refusal, type Lifecycle } from '../../schema/lifecycle';
import { appError } from './errors';

export { canAct } from '../../schema/lifecycle';

/** CONFLICT with a Spanish message naming both states unless `action` owns from → to. */
export function assertAction<S extends string, A extends string>(lc: Lifecycle<S, A>, action: NoInfer<A>, from: S, to: NoInfer<S>): void {
  if (!canAct(lc, action, from, to)) throw appError('CONFLICT', refusal(lc, from, to));
}
