// Parent-path rule (SPEC §1): a route with a parent path stores it when it
// differs; a route without one resets it.

/** Returns the parent path to store after navigating to a route. */
export function nextParentPath(stored: string | null, routeParentPath: string | undefined): string | null {
  if (!routeParentPath) return null;
  return routeParentPath === stored ? stored : routeParentPath;
}
