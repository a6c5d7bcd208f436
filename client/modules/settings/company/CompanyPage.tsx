// Configuración › Empresa (issue 26): the company as emisor of every CFDI
// (invoices, payment complements, payroll receipts) and the CSD that seals
// them. The page shows both; editing opens the same two dialogs, kept in the
// address (`?dialog=empresa` / `?dialog=csd`) so the Tablero's CSD card can
// open the upload directly. Seeing needs "ver" and changing "editar" on
// Configuración-Empresa, as the server checks.
import { Button, Group, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@apollo/client/react';
import { IconBuilding, IconCertificate } from '@tabler/icons-react';
import { CompanyCsdDetailDocument, CompanyProfileFullDocument } from '../../../../generated/modules/settings/graphql';
import { catalogLabel, REGIMENES_FISCALES } from '../../../../schema/sat';
import { RIESGOS_PUESTO } from '../../../../schema/rh/satNomina';
import { useDialogParam } from '../../../components/dialogParam';
import { InfoField } from '../../../components/InfoField';
import { PageHeader } from '../../../components/PageHeader';
import { useScreenAccess } from '../access';
import { COMPANY_DIALOGS } from '../paths';
import { CompanyCsdDialog, CsdSummary } from './CompanyCsdDialog';
import { CompanyProfileDialog } from './CompanyProfileDialog';
import { texts } from './texts';

const t = texts.page;
const c = texts.company;
const orNone = (value: string | null | undefined) => (value ? value : t.none);

export function CompanyPage() {
  const access = useScreenAccess('Empresa');
  const dialog = useDialogParam('dialog');
  const profile = useQuery(CompanyProfileFullDocument, { fetchPolicy: 'cache-and-network' });
  const csd = useQuery(CompanyCsdDetailDocument, { fetchPolicy: 'cache-and-network' });
  const p = profile.data?.companyProfile;
  const close = () => {
    dialog.close();
    void profile.refetch();
    void csd.refetch();
  };
  return (
    <Stack gap="md">
      <PageHeader description={t.description} />
      <Paper withBorder radius="md" p="md">
        <Group justify="space-between" mb="sm" wrap="wrap">
          <Title order={4}>{t.profileTitle}</Title>
          {access.editar ? (
            <Button variant="default" leftSection={<IconBuilding size={16} />} onClick={() => dialog.open(COMPANY_DIALOGS.profile)}>
              {t.editProfile}
            </Button>
          ) : null}
        </Group>
        {p ? (
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm">
            <InfoField label={c.rfc} value={p.rfc} />
            <InfoField label={c.name} value={p.name} />
            <InfoField label={c.regimen} value={catalogLabel(REGIMENES_FISCALES, p.regimenFiscal)} />
            <InfoField label={c.postalCode} value={p.postalCode} />
            <InfoField label={c.address} value={orNone(p.address)} />
            <InfoField label={c.phone} value={orNone(p.phone)} />
            <InfoField label={c.email} value={orNone(p.email)} />
            <InfoField label={c.series} value={p.invoiceSeries.length ? t.series(p.invoiceSeries, p.defaultSeries) : t.none} />
            <InfoField label={c.registroPatronal} value={orNone(p.registroPatronal)} />
            <InfoField label={c.riesgoPuesto} value={p.riesgoPuesto ? catalogLabel(RIESGOS_PUESTO, p.riesgoPuesto) : t.none} />
          </SimpleGrid>
        ) : (
          <Skeleton height={96} radius="md" />
        )}
      </Paper>
      <Paper withBorder radius="md" p="md">
        <Group justify="space-between" mb="sm" wrap="wrap">
          <Title order={4}>{t.csdTitle}</Title>
          {access.editar ? (
            <Button variant="default" leftSection={<IconCertificate size={16} />} onClick={() => dialog.open(COMPANY_DIALOGS.csd)}>
              {csd.data?.companyCsd ? t.replaceCsd : t.uploadCsd}
            </Button>
          ) : null}
        </Group>
        {csd.loading && !csd.data ? <Skeleton height={96} radius="md" /> : <CsdSummary csd={csd.data?.companyCsd ?? null} />}
        <Text size="xs" c="dimmed" mt="xs">
          {texts.csd.uploadHelp}
        </Text>
      </Paper>
      <CompanyProfileDialog opened={dialog.value === COMPANY_DIALOGS.profile} readOnly={!access.editar} onClose={close} />
      <CompanyCsdDialog opened={dialog.value === COMPANY_DIALOGS.csd} readOnly={!access.editar} onClose={close} />
    </Stack>
  );
}
