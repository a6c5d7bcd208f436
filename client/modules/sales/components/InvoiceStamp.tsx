// «Timbre fiscal» of an emitted invoice: whether the PAC stamped it, its folio
// fiscal (UUID) and when; a sandbox stamp says loudly that the CFDI has no
// fiscal validity. An invoice emitted before stamping existed says it has none.
// A cancellation before SAT says where it stands, its motivo and, for 01, the
// CFDI that replaces the cancelled one.
import { Alert, Badge, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { InvoiceDetailQuery } from '../../../../generated/modules/sales/graphql';
import { CfdiCancelNote } from '../../../components/CfdiCancelNote';
import { CopyValue } from '../../../components/CopyValue';
import { formatDateTime } from '../../../components/format';
import { InfoField } from '../../../components/InfoField';
import { texts } from '../texts';
import { SAT_CANCEL_MOTIVOS, SAT_CANCEL_STATUS_LABELS } from '../../../../schema/sales/cancellation';

const t = texts.bills.timbre;
type Invoice = NonNullable<InvoiceDetailQuery['invoice']>;
type Stamp = Pick<Invoice, 'stampStatus' | 'uuid' | 'stampedAt' | 'stampSandbox'> & Partial<Pick<Invoice, 'satCancelStatus' | 'satCancelMotivo' | 'satCancelSubstitute'>>;

export function InvoiceStamp({ invoice }: { invoice: Stamp }) {
  if (!invoice.stampStatus) {
    return (
      <Alert color="gray" variant="light" icon={<IconAlertTriangle size={18} />}>
        {t.unstampedEmitted}
      </Alert>
    );
  }
  const stamped = invoice.stampStatus === 'timbrada';
  return (
    <Paper withBorder radius="md" p="md" data-testid="invoice-stamp">
      <Stack gap="sm">
        <Group justify="space-between" gap="xs">
          <Text fw={600}>{t.title}</Text>
          <Badge color={stamped ? 'teal' : 'orange'} variant="light">
            {t.statuses[invoice.stampStatus]}
          </Badge>
        </Group>
        {stamped && invoice.stampSandbox ? (
          <Alert color="red" variant="filled" icon={<IconAlertTriangle size={18} />} p="xs">
            <Text size="sm" fw={700}>
              {t.sandbox}
            </Text>
          </Alert>
        ) : null}
        {invoice.satCancelStatus ? (
          <CfdiCancelNote
            statusLabel={SAT_CANCEL_STATUS_LABELS[invoice.satCancelStatus]}
            color={invoice.satCancelStatus === 'rechazada' ? 'yellow' : invoice.satCancelStatus === 'cancelada' ? 'gray' : 'orange'}
            motivoLabel={invoice.satCancelMotivo ? (SAT_CANCEL_MOTIVOS.find((m) => m.value === invoice.satCancelMotivo)?.label ?? invoice.satCancelMotivo) : null}
            substituteUuid={invoice.satCancelSubstitute}
            testId="invoice-sat-cancel"
            substituteTestId="invoice-substitute-uuid"
          />
        ) : null}
        {stamped ? (
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <InfoField label={t.uuid} value={invoice.uuid ? <CopyValue value={invoice.uuid} label={t.copy} testId="invoice-uuid" /> : ''} />
            <InfoField label={t.stampedAt} value={formatDateTime(invoice.stampedAt)} />
          </SimpleGrid>
        ) : (
          <Text size="sm" c="dimmed">
            {t.pending}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
