// The credit notes of an invoice, inside its form: label, date, folio fiscal, total, the balance
// it left and status; XML, PDF, «Timbrar» when the PAC did not answer, and cancellation before
// SAT (motivo 02 or 03) that gives the total back to the invoice's balance.
import { useState } from 'react';
import { ActionIcon, Group, Paper, Select, Text, Tooltip } from '@mantine/core';
import { useApolloClient, useMutation } from '@apollo/client/react';
import { IconCertificate, IconCode, IconFileText, IconX } from '@tabler/icons-react';
import { CreditNoteCancelDocument, CreditNotePdfDocument, CreditNoteStampDocument, CreditNoteXmlDocument, type CreditNoteFieldsFragment } from '../../../../generated/modules/sales/graphql';
import { canAct } from '../../../../schema/lifecycle';
import { CREDIT_NOTE_LIFECYCLE } from '../../../../schema/sales/labels';
import { DetailTable } from '../../../components/DetailTable';
import { formatDate, formatMoney } from '../../../components/format';
import { notifyError, notifySuccess } from '../../../components/notify';
import { ReasonDialog } from '../../../components/ReasonDialog';
import { asAppError } from '../../../components/serverErrors';
import { StatusBadge } from '../../../components/StatusBadge';
import { CREDIT_NOTE_BADGES, texts } from '../texts';
import { downloadPdf, downloadXml } from './files';

const t = texts.creditNotes;

export function CreditNotes({ notes, canCreate, canCancel, onChanged }: { notes: CreditNoteFieldsFragment[]; canCreate: boolean; canCancel: boolean; onChanged: () => void }) {
  const apollo = useApolloClient();
  const [stamp] = useMutation(CreditNoteStampDocument);
  const [cancel] = useMutation(CreditNoteCancelDocument);
  const [cancelling, setCancelling] = useState<CreditNoteFieldsFragment | null>(null);
  const [motivo, setMotivo] = useState<string | null>(null);
  const [motivoError, setMotivoError] = useState<string | undefined>();

  const run = async (work: () => Promise<unknown>) => {
    try {
      await work();
    } catch (caught) {
      notifyError(asAppError(caught).message, texts.common.actionFailed);
      onChanged();
    }
  };
  const fetchXml = (n: CreditNoteFieldsFragment) =>
    run(async () => {
      const r = await apollo.query({ query: CreditNoteXmlDocument, variables: { id: n.id }, fetchPolicy: 'network-only' });
      if (r.data?.creditNoteXml) downloadXml(r.data.creditNoteXml, `NotaCredito-${n.label}`);
    });
  const fetchPdf = (n: CreditNoteFieldsFragment) =>
    run(async () => {
      const r = await apollo.query({ query: CreditNotePdfDocument, variables: { id: n.id }, fetchPolicy: 'network-only' });
      if (r.data) downloadPdf(r.data.creditNotePdf, `NotaCredito-${n.label}`);
    });

  return (
    <Paper withBorder radius="md" p="sm" data-testid="credit-notes">
      <Text fw={600} mb="xs">
        {t.section}
      </Text>
      <DetailTable
        rows={notes}
        rowKey={(n) => n.id}
        striped={false}
        aria-label={t.section}
        columns={[
          { key: 'label', header: t.cols.label, render: (n) => n.label },
          { key: 'date', header: t.cols.date, render: (n) => formatDate(n.date) },
          { key: 'relation', header: t.relation, render: (n) => (n.anticipoLabel ? `${t.relations[n.tipoRelacion]} ${n.anticipoLabel}` : t.relations[n.tipoRelacion]) },
          { key: 'uuid', header: t.cols.uuid, render: (n) => n.uuid ?? (n.stampStatus === 'pendiente' ? t.pending : '—') },
          { key: 'total', header: t.cols.total, align: 'right', render: (n) => formatMoney(n.total) },
          { key: 'remaining', header: t.cols.remaining, align: 'right', render: (n) => formatMoney(n.remainingBalance) },
          { key: 'status', header: t.cols.status, render: (n) => <StatusBadge status={n.status} labels={CREDIT_NOTE_BADGES} /> },
          {
            key: 'actions',
            header: '',
            exportable: false,
            render: (n) => (
              <Group gap={4} wrap="nowrap" justify="flex-end">
                {n.stampStatus ? (
                  <Tooltip label={t.xml}>
                    <ActionIcon variant="subtle" aria-label={`${t.xml} ${n.label}`} onClick={() => void fetchXml(n)}>
                      <IconCode size={16} />
                    </ActionIcon>
                  </Tooltip>
                ) : null}
                <Tooltip label={t.pdf}>
                  <ActionIcon variant="subtle" aria-label={`${t.pdf} ${n.label}`} onClick={() => void fetchPdf(n)}>
                    <IconFileText size={16} />
                  </ActionIcon>
                </Tooltip>
                {n.stampStatus === 'pendiente' && canCreate ? (
                  <Tooltip label={t.stamp}>
                    <ActionIcon
                      variant="subtle"
                      color="orange"
                      aria-label={`${t.stamp} ${n.label}`}
                      onClick={() =>
                        void run(async () => {
                          await stamp({ variables: { id: n.id } });
                          notifySuccess(t.stamped);
                          onChanged();
                        })
                      }
                    >
                      <IconCertificate size={16} />
                    </ActionIcon>
                  </Tooltip>
                ) : null}
                {canCancel && n.stampStatus === 'timbrada' && canAct(CREDIT_NOTE_LIFECYCLE, 'cancelar', n.status) && n.satCancelStatus !== 'solicitada' ? (
                  <Tooltip label={t.cancel}>
                    <ActionIcon variant="subtle" color="red" aria-label={`${t.cancel} ${n.label}`} onClick={() => setCancelling(n)}>
                      <IconX size={16} />
                    </ActionIcon>
                  </Tooltip>
                ) : null}
              </Group>
            ),
          },
        ]}
      />
      <ReasonDialog
        opened={cancelling !== null}
        title={cancelling ? t.cancelTitle(cancelling.label) : ''}
        message={t.cancelIntro}
        confirmLabel={t.cancel}
        onClose={() => {
          setCancelling(null);
          setMotivo(null);
          setMotivoError(undefined);
        }}
        extra={
          <Select
            label={t.motivo}
            data={t.motivos}
            value={motivo}
            onChange={(value) => {
              setMotivo(value);
              setMotivoError(undefined);
            }}
            error={motivoError}
            required
            allowDeselect={false}
            comboboxProps={{ withinPortal: true }}
          />
        }
        onFieldErrors={(fields) => {
          setMotivoError(fields.motivo);
          return Boolean(fields.motivo);
        }}
        onConfirm={async (reason) => {
          if (!cancelling) return;
          await cancel({ variables: { id: cancelling.id, version: cancelling.version, reason, motivo: motivo ?? '' } });
          notifySuccess(t.cancelled);
          onChanged();
        }}
      />
    </Paper>
  );
}
