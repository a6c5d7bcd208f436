// Configuración de Permisos por Rol (?id=N): the matrix of every module ×
// screen × permission for one role. Guardar sends the whole list with the
// role's version; the server applies it to every user of the role at once.
// The editor is keyed by the role's version, so after a save (or a reload
// after a conflict) it starts again from what the server holds.
import { useMemo, useState } from 'react';
import { Alert, Button, Stack } from '@mantine/core';
import { useMutation, useQuery } from '@apollo/client/react';
import { IconAlertCircle, IconArrowLeft } from '@tabler/icons-react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import {
  PermissionCatalogDocument,
  RoleDetailDocument,
  RoleSetPermissionsDocument,
  type RoleDetailQuery,
} from '../../../../generated/modules/settings/graphql';
import { FormPage } from '../../../components/FormPage';
import { readGraphQLError, type AppError } from '../../../components/graphqlErrors';
import { notifyError, notifySuccess } from '../../../components/notify';
import { useScreenAccess } from '../access';
import { idParam, SETTINGS_PATHS } from '../paths';
import { PermissionMatrix, type GrantUpdate, type MatrixModuleView } from '../roles/PermissionMatrix';
import { grantSetOf, grantsToSave, offeredGrants, sameGrants } from '../roles/permissionMatrix';
import { asAppError, errorForForm } from '../../../components/serverErrors';
import { texts } from '../texts';

const t = texts.permissions;

type Role = NonNullable<RoleDetailQuery['role']>;

function BackToRoles() {
  return (
    <Button component={Link} to={SETTINGS_PATHS.roles} variant="default" leftSection={<IconArrowLeft size={16} />}>
      {t.backToRoles}
    </Button>
  );
}

function Problem({ message }: { message: string }) {
  return (
    <Stack gap="md" align="flex-start">
      <Alert color="orange" variant="light" icon={<IconAlertCircle size={18} />} title={texts.common.loadFailed}>
        {message}
      </Alert>
      <BackToRoles />
    </Stack>
  );
}

type EditorProps = {
  role: Role | null;
  catalog: readonly MatrixModuleView[];
  loading: boolean;
  canEdit: boolean;
  onReload: () => void;
};

function PermissionEditor({ role, catalog, loading, canEdit, onReload }: EditorProps) {
  const navigate = useNavigate();
  const [setPermissions, { loading: saving }] = useMutation(RoleSetPermissionsDocument);
  const [error, setError] = useState<AppError | null>(null);
  // Grants the catalog no longer offers are not shown and never sent back.
  const baseline = useMemo(() => offeredGrants(grantSetOf(role?.grants ?? []), catalog), [role, catalog]);
  const [grants, setGrants] = useState<ReadonlySet<string>>(baseline);
  const dirty = canEdit && !sameGrants(grants, baseline);

  const save = async () => {
    if (!role || !canEdit) return;
    setError(null);
    try {
      await setPermissions({ variables: { id: role.id, version: role.version, grants: grantsToSave(grants, catalog) } });
      notifySuccess(t.saved);
    } catch (caught) {
      // The guard rails name no input ("grants"): their message is the banner.
      const appError = errorForForm(asAppError(caught), []);
      setError(appError);
      // Guardar sits at the bottom of a long page, the banner at its top.
      notifyError(appError.message, texts.common.saveFailed);
      if (appError.code === 'CONFLICT') window.scrollTo({ top: 0, behavior: 'smooth' });
    }
  };

  const change = (update: GrantUpdate) => {
    setError(null);
    setGrants((current) => update(current));
  };

  return (
    <FormPage
      title={role?.name ?? ''}
      description={role ? `${t.description(role.userCount)} ${t.summary(grants.size)}.` : undefined}
      headerActions={<BackToRoles />}
      onSubmit={save}
      onCancel={() => void navigate(SETTINGS_PATHS.roles)}
      dirty={dirty}
      saving={saving}
      loading={loading}
      error={error}
      onReload={onReload}
      readOnly={!canEdit}
      submitDisabled={!dirty}
    >
      <Stack gap="md">
        {canEdit ? null : (
          <Alert color="gray" variant="light" icon={<IconAlertCircle size={18} />}>
            {texts.common.readOnly}
          </Alert>
        )}
        <PermissionMatrix modules={catalog} grants={grants} onChange={change} disabled={!canEdit || saving} />
      </Stack>
    </FormPage>
  );
}

export function RolePermissionsPage() {
  const [searchParams] = useSearchParams();
  const roleId = idParam(searchParams.get('id'));
  const access = useScreenAccess('Roles');
  // Both read fresh: the version goes back on save, and a screen's offered
  // permissions may have changed since they were last cached.
  const roleQuery = useQuery(RoleDetailDocument, {
    variables: { id: roleId ?? '' },
    skip: roleId === null,
    fetchPolicy: 'network-only',
  });
  const catalogQuery = useQuery(PermissionCatalogDocument, { fetchPolicy: 'network-only' });

  if (roleId === null) return <Problem message={t.missingRole} />;

  const loadError = readGraphQLError(roleQuery.error ?? catalogQuery.error);
  const role = roleQuery.data?.role ?? null;
  const catalog = catalogQuery.data?.permissionCatalog ?? null;
  if (loadError && (!role || !catalog)) {
    return <Problem message={loadError.code === 'NOT_FOUND' ? texts.roles.notFound : loadError.message} />;
  }
  if (!roleQuery.loading && roleQuery.data && !role) return <Problem message={texts.roles.notFound} />;

  const ready = role !== null && catalog !== null;
  return (
    <PermissionEditor
      key={ready ? `${role.id}:${role.version}` : 'loading'}
      role={ready ? role : null}
      catalog={catalog ?? []}
      loading={!ready}
      canEdit={access.editar}
      onReload={() => {
        void roleQuery.refetch();
        void catalogQuery.refetch();
      }}
    />
  );
}
