// «Complemento de pago» of a recorded payment: whether it needs one and where it stands — no
// requerido, sin emitir, pendiente, timbrado (UUID, fecha de timbrado) or rechazado (the PAC's code
// and reason). A sandbox stamp says loudly that the CFDI has no fiscal validity. The actions
// (timbrar, XML, PDF, ZIP) live in the payment's header.
import { Alert, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { ClientPaymentDetailQuery } from '../../../../generated/modules/sales/graphql';
import { CopyValue } from '../../../components/CopyValue';
import { formatDateTime } from '../../../components/format';
import { InfoField } from '../../../components/InfoField';
import { StatusBadge } from '../../../components/StatusBadge';
import { COMPLEMENT_BADGES, texts } from '../texts';

const t = texts.payments.complement;
const stampTexts = texts.bills.timbre;
type Payment = Pick<NonNullable<ClientPaymentDetailQuery['clientPayment']>, 'complementStatus' | 'uuid' | 'stampedAt' | 'stampSandbox' | 'complementRefusal'>;

export function PaymentComplement({ payment }: { payment: Payment }) {
  const status = payment.complementStatus;
  return (
    <Paper withBorder radius="md" p="md" data-testid="payment-complement">
      <Stack gap="sm">
        <Group justify="space-between" gap="xs">
          <Text fw={600}>{t.title}</Text>
          <StatusBadge status={status} labels={COMPLEMENT_BADGES} />
        </Group>
        {status === 'timbrado' || status === 'cancelado' ? (
          <>
            {status === 'cancelado' ? (
              <Text size="sm" c="dimmed">
                {t.cancelled}
              </Text>
            ) : null}
            {payment.stampSandbox ? (
              <Alert color="red" variant="filled" icon={<IconAlertTriangle size={18} />} p="xs">
                <Text size="sm" fw={700}>
                  {stampTexts.sandbox}
                </Text>
              </Alert>
            ) : null}
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              <InfoField label={stampTexts.uuid} value={payment.uuid ? <CopyValue value={payment.uuid} label={stampTexts.copy} testId="payment-uuid" /> : ''} />
              <InfoField label={stampTexts.stampedAt} value={formatDateTime(payment.stampedAt)} />
            </SimpleGrid>
          </>
        ) : status === 'rechazado' && payment.complementRefusal ? (
          <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} title={t.refused(payment.complementRefusal.code)} data-testid="payment-complement-refusal">
            <Stack gap={4}>
              <Text size="sm">{payment.complementRefusal.message}</Text>
              <Text size="xs" c="dimmed">
                {t.refusedAt}: {formatDateTime(payment.complementRefusal.at)}
              </Text>
              <Text size="sm">{t.refusedHint}</Text>
            </Stack>
          </Alert>
        ) : (
          <Text size="sm" c="dimmed">
            {status === 'pendiente' ? t.pending : status === 'sin_emitir' ? t.notIssued : t.notRequired}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
