// What Historial contributes for its own audited records (registered in
// ../index.ts): a note and a saved view are named, and have no Historial of
// their own (a note belongs to the record it was left on).
import type { ModuleContributions } from '../../lib/contributions';
import { name } from '../../lib/references';
import { referenceParts } from './data';

export const sessionContributions: ModuleContributions = {
  auditReferences: {
    record_note: { parts: referenceParts.record_note, label: name },
    saved_view: { parts: referenceParts.saved_view, label: name },
  },
};
