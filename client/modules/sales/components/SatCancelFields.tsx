// The SAT part of cancelling a stamped invoice, inside the cancel dialog: the motive (01–04) and,
// for 01, the client's stamped invoice that replaces this one (SAT needs it stamped first).
import { Select, Stack, Text } from '@mantine/core';
import { useQuery } from '@apollo/client/react';
import { InvoiceSubstituteOptionsDocument } from '../../../../generated/modules/sales/graphql';
import { SAT_CANCEL_MOTIVOS } from '../../../../schema/sales/cancellation';
import { formatMoney } from '../../../components/format';
import { texts } from '../texts';

const t = texts.bills.satCancel;

export type SatCancelValues = { motivo: string | null; substituteId: string | null };

export function SatCancelFields({
  invoice,
  values,
  errors,
  onChange,
}: {
  invoice: { id: string; client: { id: string } };
  values: SatCancelValues;
  errors: Record<string, string>;
  onChange: (values: SatCancelValues) => void;
}) {
  const options = useQuery(InvoiceSubstituteOptionsDocument, { variables: { clientId: invoice.client.id }, skip: values.motivo !== '01', fetchPolicy: 'network-only' });
  const substitutes = (options.data?.invoices.items ?? [])
    .filter((i) => i.id !== invoice.id && i.stampStatus === 'timbrada' && i.status !== 'cancelada')
    .map((i) => ({ value: i.id, label: `${i.label} · ${formatMoney(i.total)} · ${i.uuid?.slice(0, 8) ?? ''}` }));
  return (
    <Stack gap="xs">
      <Text size="sm">{t.intro}</Text>
      <Select
        label={t.motivo}
        placeholder={t.motivoPlaceholder}
        data={SAT_CANCEL_MOTIVOS.map((m) => ({ value: m.value, label: m.label }))}
        value={values.motivo}
        onChange={(motivo) => onChange({ motivo, substituteId: motivo === '01' ? values.substituteId : null })}
        error={errors.motivo}
        required
        allowDeselect={false}
        comboboxProps={{ withinPortal: true }}
      />
      {values.motivo === '01' ? (
        <Select
          label={t.substitute}
          placeholder={substitutes.length ? t.substitutePlaceholder : t.noSubstitutes}
          description={t.substituteHelp}
          data={substitutes}
          value={values.substituteId}
          onChange={(substituteId) => onChange({ ...values, substituteId })}
          error={errors.substituteId}
          required
          searchable
          nothingFoundMessage={t.noSubstitutes}
          comboboxProps={{ withinPortal: true }}
        />
      ) : null}
    </Stack>
  );
}
