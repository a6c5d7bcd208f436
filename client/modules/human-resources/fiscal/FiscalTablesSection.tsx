// Tablas fiscales, a section of the Configuración RH landing: every stored
// year with its figures (ISR per period, subsidio, UMA, minimum wages, IMSS,
// other parameters and notes) and how many closed payrolls used it; "Agregar
// año" (?tablas=nuevo) captures the next year's set.
import { Accordion, Alert, Badge, Button, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@apollo/client/react';
import { IconAlertCircle, IconPlus } from '@tabler/icons-react';
import { RhFiscalYearListDocument } from '../../../../generated/modules/human-resources/graphql';
import { useScreenAccess } from '../../../components/access';
import { useDialogParam } from '../../../components/dialogParam';
import { readGraphQLError } from '../../../components/graphqlErrors';
import { AddFiscalYearDialog } from './AddFiscalYearDialog';
import { draftFromYear } from './fiscalYearSheet';
import { FiscalYearView } from './FiscalYearView';
import { texts } from './texts';

const t = texts.tables;

export function FiscalTablesSection() {
  const access = useScreenAccess('Recursos Humanos', 'Configuración RH');
  const dialog = useDialogParam('tablas');
  const { data, loading, error, refetch } = useQuery(RhFiscalYearListDocument, { fetchPolicy: 'cache-and-network' });
  const years = data?.rhFiscalYears ?? [];
  const latest = years[0] ?? null;
  const loadError = readGraphQLError(error);
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="fiscal-tables-title">
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" wrap="wrap">
          <Stack gap={2} style={{ flex: '1 1 24rem' }}>
            <Title order={3} id="fiscal-tables-title">
              {t.title}
            </Title>
            <Text size="sm" c="dimmed">
              {t.description}
            </Text>
          </Stack>
          {access.crear && latest ? (
            <Button leftSection={<IconPlus size={16} />} onClick={() => dialog.open('nuevo')}>
              {t.addYear}
            </Button>
          ) : null}
        </Group>
        {loadError ? (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} title={texts.common.loadFailed}>
            {loadError.message}
          </Alert>
        ) : null}
        {loading && !years.length ? <Skeleton height={120} radius="sm" /> : null}
        {!loading && !loadError && !years.length ? (
          <Text size="sm" c="dimmed">
            {t.empty}
          </Text>
        ) : null}
        {years.length ? (
          <Accordion variant="separated" defaultValue={String(years[0].year)}>
            {years.map((y) => (
              <Accordion.Item key={y.year} value={String(y.year)}>
                <Accordion.Control>
                  <Group gap="sm" wrap="wrap">
                    <Text fw={700}>{y.year}</Text>
                    <Badge variant="light" color={y.closedPayrolls ? 'teal' : 'gray'}>
                      {t.usedBy(y.closedPayrolls)}
                    </Badge>
                    {y.tariffs.some((x) => x.derived) ? (
                      <Text size="xs" c="dimmed">
                        {t.derived}: {y.tariffs.filter((x) => x.derived).map((x) => x.period.toLowerCase()).join(', ')}
                      </Text>
                    ) : null}
                  </Group>
                </Accordion.Control>
                <Accordion.Panel>
                  <FiscalYearView draft={draftFromYear(y, y.year)} />
                </Accordion.Panel>
              </Accordion.Item>
            ))}
          </Accordion>
        ) : null}
      </Stack>
      {dialog.value === 'nuevo' && latest && access.crear ? (
        <AddFiscalYearDialog
          latest={latest}
          onClose={dialog.close}
          onSaved={() => {
            dialog.close();
            void refetch();
          }}
        />
      ) : null}
    </Paper>
  );
}
