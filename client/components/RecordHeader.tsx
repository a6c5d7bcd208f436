// The head of a saved record shown for reading (a requisition once authorised,
// a PPE delivery): its status, its actions and its Historial, as FormPage
// gives every form. On a route of its own it also names the screen after the
// record («REQ-000005» instead of «Detalle de Requisiciones»).
import type { ReactNode } from 'react';
import { Group } from '@mantine/core';
import { RecordHistoryButton } from './RecordHistory';
import { useScreenTitle } from './screenTitle';

export type RecordHeaderProps = {
  /** The record's folio or name. */
  reference: string;
  /** Audit entity and id whose Historial is offered. */
  entity: string;
  entityId: string;
  status?: ReactNode;
  actions?: ReactNode;
  /** The record has its own route: the screen title becomes its reference. False inside a dialog, whose title names it. */
  namesScreen?: boolean;
};

export function RecordHeader({ reference, entity, entityId, status, actions, namesScreen = true }: RecordHeaderProps) {
  useScreenTitle(namesScreen ? reference : null);
  return (
    <Group justify="space-between" wrap="wrap" gap="sm">
      <Group gap="sm">{status}</Group>
      <Group gap="xs">
        {actions}
        <RecordHistoryButton entity={entity} entityId={entityId} reference={reference} />
      </Group>
    </Group>
  );
}
