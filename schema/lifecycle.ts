// Document lifecycles: each document type declares its statuses (with their
// Spanish labels) and its actions, each action with the edges it owns
// (from → the statuses it may reach from there). The legal transitions are
// the union of the actions' edges, never declared apart, so a move that no
// action owns cannot exist and an action cannot borrow another's edge
// ("emitir" takes borrador → emitida only; the balance a cancelled payment
// gives back is the edge of that cancellation, not of emission).
//
// Pure data shared by the server (server/lib/lifecycle.ts refuses what an
// action does not own) and the SPA (which offers an action only where it
// applies). Every lifecycle lives under schema/ and is built here:
// tests/unit/server/lifecycles.test.ts finds them all and walks every edge.

export type ActionEdges<S extends string> = Partial<Record<S, readonly S[]>>;

export type LifecycleAction<S extends string> = {
  /** Spanish name of the action, as the button says it («Emitir»). */
  label: string;
  /** The edges this action owns. */
  edges: ActionEdges<S>;
};

export type Lifecycle<S extends string, A extends string = string> = {
  readonly kind: 'lifecycle';
  labels: Record<S, string>;
  actions: Record<A, LifecycleAction<S>>;
  /** Union of the actions' edges: every move some action may make. */
  transitions: Record<S, readonly S[]>;
};

/** The statuses are the keys of `labels`; an edge naming any other status does not compile. */
export function defineLifecycle<S extends string, A extends string>(def: { labels: Record<S, string>; actions: Record<A, LifecycleAction<NoInfer<S>>> }): Lifecycle<S, A> {
  const statuses = Object.keys(def.labels) as S[];
  const transitions = Object.fromEntries(statuses.map((s) => [s, [] as S[]])) as Record<S, S[]>;
  for (const action of Object.values(def.actions) as LifecycleAction<S>[]) {
    for (const [from, tos] of Object.entries(action.edges) as [S, readonly S[]][]) {
      for (const to of tos) if (!transitions[from].includes(to)) transitions[from].push(to);
    }
  }
  return { kind: 'lifecycle', labels: def.labels, actions: def.actions, transitions };
}

export const isLifecycle = (value: unknown): value is Lifecycle<string, string> =>
  typeof value === 'object' && value !== null && (value as { kind?: unknown }).kind === 'lifecycle';

/** Whether some action may move a document from `from` to `to`. */
export function canTransition<S extends string>(lc: Lifecycle<S, string>, from: S, to: S): boolean {
  return lc.transitions[from]?.includes(to) ?? false;
}

/**
 * Whether `action` applies to a document in `from`: with `to`, whether it
 * owns that very edge; without, whether it owns any edge out of `from` (what
 * the SPA asks before offering the button).
 */
export function canAct<S extends string, A extends string>(lc: Lifecycle<S, A>, action: A, from: S, to?: S): boolean {
  const reach = lc.actions[action]?.edges[from];
  if (!reach) return false;
  return to === undefined ? reach.length > 0 : reach.includes(to);
}

/** Spanish refusal naming both states (the server wraps it in a CONFLICT). */
export const refusal = <S extends string>(lc: Lifecycle<S, string>, from: S, to: S): string =>
  `No se puede pasar de "${lc.labels[from] ?? from}" a "${lc.labels[to] ?? to}".`;
