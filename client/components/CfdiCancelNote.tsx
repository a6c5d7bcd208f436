// Where a CFDI's cancellation before SAT stands, as every stamped document shows it (invoices,
// payroll receipts): the state, SAT's motivo and, for motivo 01, the CFDI that substitutes it.
import { Alert, Stack, Text } from '@mantine/core';

export const CFDI_CANCEL_TEXTS = { motivo: 'Motivo', substitutedBy: 'La sustituye el CFDI' } as const;

export function CfdiCancelNote(props: {
  statusLabel: string;
  color: string;
  motivoLabel?: string | null;
  substituteUuid?: string | null;
  /** Extra lines of the document (the written reason, who asked for it). */
  details?: readonly string[];
  testId?: string;
  substituteTestId?: string;
}) {
  return (
    <Alert color={props.color} variant="light" p="xs" data-testid={props.testId}>
      <Stack gap={2}>
        <Text size="sm">{props.statusLabel}</Text>
        {props.motivoLabel ? (
          <Text size="sm">
            {CFDI_CANCEL_TEXTS.motivo}: {props.motivoLabel}
          </Text>
        ) : null}
        {props.substituteUuid ? (
          <Text size="sm">
            {CFDI_CANCEL_TEXTS.substitutedBy}{' '}
            <Text span size="sm" ff="monospace" data-testid={props.substituteTestId}>
              {props.substituteUuid}
            </Text>
          </Text>
        ) : null}
        {props.details?.map((d) => (
          <Text key={d} size="xs" c="dimmed">
            {d}
          </Text>
        ))}
      </Stack>
    </Alert>
  );
}
