// On-demand screen code (SPEC §1): one React.lazy per loader, forgotten when
// the import fails so "Reintentar" really imports again.
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { ScreenLoader } from './types';

export const SCREEN_LOAD_MESSAGE = 'No se pudo cargar la pantalla.';

/** A failed dynamic import of a screen (deploy replaced the chunk, network down). */
export class ScreenLoadError extends Error {
  constructor(cause: unknown) {
    super(SCREEN_LOAD_MESSAGE, { cause });
    this.name = 'ScreenLoadError';
  }
}

export function isScreenLoadError(error: unknown): error is ScreenLoadError {
  return error instanceof ScreenLoadError;
}

const cache = new Map<ScreenLoader, LazyExoticComponent<ComponentType>>();

export function lazyScreen(load: ScreenLoader): LazyExoticComponent<ComponentType> {
  let screen = cache.get(load);
  if (!screen) {
    screen = lazy(() =>
      load().then(
        (Screen) => ({ default: Screen }),
        (error: unknown) => {
          cache.delete(load);
          throw new ScreenLoadError(error);
        },
      ),
    );
    cache.set(load, screen);
  }
  return screen;
}
