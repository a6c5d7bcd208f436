// Presenter of the role permission matrix: one block per module with its
// "Seleccionar todo", one row per screen with its "Todo" and one check box per
// permission the screen offers. State and toggling live in permissionMatrix.ts.
import { Badge, Checkbox, Group, Paper, Stack, Table, Text, Tooltip } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { ModuleIcon } from '../../../components/icons';
import { permissionLabel, texts } from '../texts';
import {
  checkboxState,
  isGranted,
  missingVer,
  moduleCount,
  moduleState,
  PERMISSION_COLUMNS,
  submoduleState,
  toggle,
  toggleModule,
  toggleSubmodule,
  type GrantSet,
  type MatrixModule,
} from './permissionMatrix';

const t = texts.permissions;

export type MatrixModuleView = MatrixModule & { icon: string };

/** Applied to the latest grants, so quick successive clicks never work on a stale set. */
export type GrantUpdate = (current: GrantSet) => Set<string>;

export type PermissionMatrixProps = {
  modules: readonly MatrixModuleView[];
  grants: GrantSet;
  onChange: (update: GrantUpdate) => void;
  disabled: boolean;
};

function InactiveBadge() {
  return (
    <Badge color="gray" variant="light" radius="sm" size="sm">
      {t.inactive}
    </Badge>
  );
}

function ModuleBlock({
  mod,
  grants,
  onChange,
  disabled,
}: {
  mod: MatrixModuleView;
  grants: GrantSet;
  onChange: (update: GrantUpdate) => void;
  disabled: boolean;
}) {
  const { granted, offered } = moduleCount(grants, mod);
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label={mod.name}>
      <Group justify="space-between" wrap="wrap" gap="sm" mb="sm">
        <Group gap="xs" wrap="nowrap">
          <ModuleIcon name={mod.icon} size={22} stroke={1.6} aria-hidden />
          <Text fw={600}>{mod.name}</Text>
          {mod.active ? null : <InactiveBadge />}
          <Text size="sm" c="dimmed">
            {t.count(granted, offered)}
          </Text>
        </Group>
        <Checkbox
          label={t.selectAll}
          aria-label={t.selectAllOf(mod.name)}
          {...checkboxState(moduleState(grants, mod))}
          disabled={disabled || offered === 0}
          onChange={() => onChange((current) => toggleModule(current, mod))}
        />
      </Group>
      {mod.submodules.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t.noSubmodules}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={720}>
          <Table verticalSpacing={6} striped withRowBorders={false}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t.screen}</Table.Th>
                <Table.Th style={{ textAlign: 'center', width: 80 }}>{t.all}</Table.Th>
                {PERMISSION_COLUMNS.map((name) => (
                  <Table.Th key={name} style={{ textAlign: 'center', width: 90 }}>
                    {permissionLabel(name)}
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {mod.submodules.map((sub) => (
                <Table.Tr key={sub.id}>
                  <Table.Td>
                    <Group gap={6} wrap="nowrap">
                      <Text size="sm">{sub.name}</Text>
                      {sub.active ? null : <InactiveBadge />}
                      {missingVer(grants, sub) ? (
                        <Tooltip label={t.missingVer}>
                          <IconAlertTriangle size={16} color="var(--mantine-color-orange-6)" aria-label={t.missingVer} />
                        </Tooltip>
                      ) : null}
                    </Group>
                  </Table.Td>
                  <Table.Td>
                    <Checkbox
                      aria-label={t.rowAllOf(sub.name)}
                      {...checkboxState(submoduleState(grants, sub))}
                      disabled={disabled || sub.permissions.length === 0}
                      onChange={() => onChange((current) => toggleSubmodule(current, sub))}
                      styles={{ body: { justifyContent: 'center' } }}
                    />
                  </Table.Td>
                  {PERMISSION_COLUMNS.map((name) => (
                    <Table.Td key={name}>
                      {sub.permissions.includes(name) ? (
                        <Checkbox
                          aria-label={t.cellLabel(permissionLabel(name), sub.name)}
                          checked={isGranted(grants, sub.id, name)}
                          disabled={disabled}
                          onChange={() => onChange((current) => toggle(current, sub.id, name))}
                          styles={{ body: { justifyContent: 'center' } }}
                        />
                      ) : null}
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Paper>
  );
}

export function PermissionMatrix({ modules, grants, onChange, disabled }: PermissionMatrixProps) {
  return (
    <Stack gap="md">
      {modules.map((mod) => (
        <ModuleBlock key={mod.id} mod={mod} grants={grants} onChange={onChange} disabled={disabled} />
      ))}
    </Stack>
  );
}
