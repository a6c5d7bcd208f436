// «Timbre fiscal» of an emitted invoice: whether the PAC stamped it, its folio
// fiscal (UUID) and when; a sandbox stamp says loudly that the CFDI has no
// fiscal validity. An invoice emitted before stamping existed says it has none.
import { Alert, Badge, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { InvoiceDetailQuery } from '../../../../generated/modules/sales/graphql';
import { CopyValue } from '../../../components/CopyValue';
import { formatDateTime } from '../../../components/format';
import { InfoField } from '../../../components/InfoField';
import { texts } from '../texts';
import { SAT_CANCEL_STATUS_LABELS } from '../../../../schema/sales/cancellation';

const t = texts.bills.timbre;
type Stamp = Pick<NonNullable<InvoiceDetailQuery['invoice']>, 'stampStatus' | 'uuid' | 'stampedAt' | 'stampSandbox'> & {
  satCancelStatus?: NonNullable<InvoiceDetailQuery['invoice']>['satCancelStatus'];
};

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
          <Alert color={invoice.satCancelStatus === 'rechazada' ? 'yellow' : invoice.satCancelStatus === 'cancelada' ? 'gray' : 'orange'} variant="light" p="xs" data-testid="invoice-sat-cancel">
            <Text size="sm">{SAT_CANCEL_STATUS_LABELS[invoice.satCancelStatus]}</Text>
          </Alert>
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
