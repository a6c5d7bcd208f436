// The one form screen: header, the module's fields, a sticky save bar and the
// "unsaved changes" guard (router navigation through useBlocker, tab close and
// reload through beforeunload). useBlocker needs the data router the shell
// creates with createBrowserRouter. Saving, validation and mapping server
// errors stay with the view; this component only shows the outcome.
import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { ActionIcon, Alert, Button, getDefaultZIndex, Group, Paper, Popover, Skeleton, Stack, Text } from '@mantine/core';
import type { FormErrors } from '@mantine/form';
import { IconAlertCircle, IconAlertTriangle, IconDeviceFloppy, IconDots, IconRefresh } from '@tabler/icons-react';
import { useBlocker, useLocation } from 'react-router-dom';
import { confirmAction } from './confirm';
import { ERROR_MESSAGES, readGraphQLError, type AppError } from './graphqlErrors';
import { MORE_ACTIONS_LABEL } from './DocumentActions';
import { notifyError, SAVE_BAR_HEIGHT_VAR } from './notify';
import { focusRefusedNumber } from './NumberField';
import { PageHeader } from './PageHeader';
import { usePhone } from './phone';
import { RecordActionProvider, type RecordName } from './recordActions';
import { RecordHistoryButton } from './RecordHistory';
import { useScreenTitle } from './screenTitle';
import { useRecordChanges } from './useRecordChanges';
import { useSaveShortcut } from './useSaveShortcut';

export type FormPageProps = {
  /** The record's name ("Gasto G-12 · ACME"): a saved record (`?id=`) is headed and titled by it instead of
   *  "Formulario de …"; a new one shows it under the screen title ("Nuevo gasto"). */
  title?: string;
  description?: ReactNode;
  /** Buttons in the header (e.g. "Imprimir", a status transition). */
  headerActions?: ReactNode;
  /** Validates and saves; errors should be caught by the view and passed back as `error`. */
  onSubmit: () => Promise<void>;
  onCancel: () => void;
  /** Unsaved changes exist: leaving asks first. */
  dirty: boolean;
  saving: boolean;
  /** The record is still loading: fields are replaced by placeholders. */
  loading?: boolean;
  children: ReactNode;
  error?: AppError | null;
  /** Shown as "Recargar" on a CONFLICT (stale version). */
  onReload?: () => void;
  /** Extra buttons on the left of the save bar. */
  extraActions?: ReactNode;
  submitLabel?: string;
  submitDisabled?: boolean;
  /** Audit entity of the record at `?id=` (expense, invoice…): when another user saves it meanwhile, the form says so and offers to
   *  reload, and the header offers its Historial (audit entries with the fields that changed, and people's notes). */
  entity?: string;
  /** The record's id when it is not the URL's `?id=` (catalogue editors opened with `?record=`). */
  liveRecordId?: string | null;
  /** Hides "Guardar" (e.g. a closed document opened for reading). */
  readOnly?: boolean;
  /** How the record is named when an irreversible action asks first («el permiso», «PT-000012»). */
  record?: RecordName;
};

export const LEAVE_MESSAGE = 'Hay cambios sin guardar. ¿Salir sin guardar?';

/** Puts BAD_USER_INPUT messages ("lines.0.quantity" → text) under the matching @mantine/form inputs. */
export function applyServerFieldErrors(
  form: { errors: FormErrors; setErrors: (errors: FormErrors) => void },
  fields: Record<string, string>,
): boolean {
  if (Object.keys(fields).length === 0) return false;
  form.setErrors({ ...form.errors, ...fields });
  return true;
}

/** Records open with `?id=`: another id is another record even on the same path. */
function recordId(search: string): string | null {
  return new URLSearchParams(search).get('id');
}

function useLeaveGuard(dirty: boolean, bypass: { current: boolean }) {
  // Other query-string changes (list state of a panel, a tab) stay on the same
  // record, so they do not ask.
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirty &&
      !bypass.current &&
      (currentLocation.pathname !== nextLocation.pathname ||
        recordId(currentLocation.search) !== recordId(nextLocation.search)),
  );
  const blockerRef = useRef(blocker);
  useEffect(() => {
    blockerRef.current = blocker;
  });

  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    confirmAction({
      title: 'Cambios sin guardar',
      message: LEAVE_MESSAGE,
      confirmLabel: 'Salir sin guardar',
      onConfirm: () => blockerRef.current.proceed?.(),
      onCancel: () => blockerRef.current.reset?.(),
    });
  }, [blocker.state]);

  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers only show their prompt when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);
}

/** The alert above a form after a failed save; a CONFLICT offers "Recargar". */
export function SaveErrorAlert({ error, onReload }: { error: AppError; onReload?: () => void }) {
  // A stale version; a CONFLICT with its own reason (a rule of the record, e.g. "ya tiene la nómina de finiquito 3") says it below.
  if (error.code === 'CONFLICT' && error.message === ERROR_MESSAGES.CONFLICT) {
    return (
      <Alert color="orange" variant="light" icon={<IconAlertCircle size={18} />} title="Conflicto de edición">
        <Stack gap="xs" align="flex-start">
          {ERROR_MESSAGES.CONFLICT}
          {onReload ? (
            <Button size="xs" variant="light" color="orange" leftSection={<IconRefresh size={14} />} onClick={onReload}>
              Recargar
            </Button>
          ) : null}
        </Stack>
      </Alert>
    );
  }
  return (
    <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} title="No se pudo guardar">
      {error.message}
    </Alert>
  );
}

/** Whether an element holds something to press (extra actions may render nothing: a closed document has no moves). */
function useHasActions(element: HTMLElement | null): boolean {
  const [has, setHas] = useState(false);
  useEffect(() => {
    if (!element) return;
    const check = () => setHas(element.querySelector('button, a[href]') !== null);
    check();
    const observer = new MutationObserver(check);
    observer.observe(element, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, [element]);
  return has;
}

/** Publishes the save bar's height (SAVE_BAR_HEIGHT_VAR) while it shows, so a phone's toasts sit above it. */
function usePublishedHeight(element: HTMLElement | null, shown: boolean): void {
  useEffect(() => {
    const root = document.documentElement;
    if (!element || !shown || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => root.style.setProperty(SAVE_BAR_HEIGHT_VAR, `${element.offsetHeight}px`));
    observer.observe(element);
    return () => {
      observer.disconnect();
      root.style.removeProperty(SAVE_BAR_HEIGHT_VAR);
    };
  }, [element, shown]);
}

export function FormPage({
  title,
  description,
  headerActions,
  onSubmit,
  onCancel,
  dirty,
  saving,
  loading = false,
  children,
  error,
  onReload,
  extraActions,
  submitLabel = 'Guardar',
  submitDisabled = false,
  readOnly = false,
  entity,
  liveRecordId,
  record,
}: FormPageProps) {
  // While saving, the view may navigate away (e.g. back to the list) before
  // the form is marked clean; that navigation must not ask.
  const bypass = useRef(false);
  useLeaveGuard(dirty, bypass);
  const formRef = useRef<HTMLFormElement>(null);
  useSaveShortcut(formRef, !readOnly && !saving && !loading);
  const shownId = recordId(useLocation().search);
  const savedRecord = shownId !== null;
  useScreenTitle(savedRecord && !loading ? title : null);
  const [changedElsewhere, setChangedElsewhere] = useState(false);
  const watchedId = liveRecordId !== undefined ? liveRecordId : shownId;
  useRecordChanges(watchedId !== null ? entity : null, (id, byMe) => {
    if (id === watchedId && !byMe) setChangedElsewhere(true);
  });
  const reload = () => {
    setChangedElsewhere(false);
    if (onReload) onReload();
    else window.location.reload();
  };

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (saving || readOnly) return;
    // A figure the field refused is not sent as nothing or as the old value.
    if (focusRefusedNumber(formRef.current)) return;
    bypass.current = true;
    try {
      await onSubmit();
    } catch (caught) {
      // Safety net: a view that let an error escape still tells the user.
      notifyError(readGraphQLError(caught)?.message ?? ERROR_MESSAGES.INTERNAL, 'No se pudo guardar');
    } finally {
      bypass.current = false;
    }
  };

  // Actions anywhere in the form (header, fields, save bar) follow the record-action rules.
  const actionRecord = record ?? (savedRecord && title ? { noun: '', reference: title } : null);
  const scoped = (node: ReactNode) =>
    node === null || node === undefined ? node : (
      <RecordActionProvider dirty={dirty} record={actionRecord}>
        {node}
      </RecordActionProvider>
    );

  const phone = usePhone();
  const [bar, setBar] = useState<HTMLDivElement | null>(null);
  const [extra, setExtra] = useState<HTMLDivElement | null>(null);
  const [moreOpen, setMoreOpen] = useState(false);
  const hasExtra = useHasActions(extra);
  const barShown = !readOnly || hasExtra;
  usePublishedHeight(bar, barShown);
  const submitButton = readOnly ? null : (
    <Button type="submit" size={phone ? 'sm' : undefined} loading={saving} disabled={submitDisabled || loading} leftSection={<IconDeviceFloppy size={16} />}>
      {submitLabel}
    </Button>
  );

  return (
    <form ref={formRef} onSubmit={(event) => void handleSubmit(event)} noValidate>
      <Stack gap="md">
        <PageHeader
          title={savedRecord ? undefined : title}
          description={description}
          actions={
            entity && watchedId ? (
              <>
                {scoped(headerActions)}
                <RecordHistoryButton entity={entity} entityId={watchedId} reference={title} />
              </>
            ) : (
              scoped(headerActions)
            )
          }
        />
        {changedElsewhere ? (
          <Alert color="yellow" variant="light" icon={<IconAlertTriangle size={18} />} title="Hay cambios">
            <Group justify="space-between" gap="sm">
              <Text size="sm">Otro usuario modificó este registro mientras lo tenías abierto. Recarga para ver su versión antes de guardar.</Text>
              <Button size="xs" variant="light" color="yellow" onClick={reload}>
                Recargar
              </Button>
            </Group>
          </Alert>
        ) : null}
        {error ? <SaveErrorAlert error={error} onReload={onReload} /> : null}
        {loading ? (
          <Stack gap="sm" aria-busy>
            {Array.from({ length: 5 }, (_, index) => (
              <Skeleton key={index} height={36} radius="sm" />
            ))}
          </Stack>
        ) : (
          scoped(children)
        )}
        {/* The sticky save bar. It shows only with something to do: «Guardar», or a move of the record (a closed
            order opened for reading has neither, and a bar with only «Cancelar» took room for nothing). On a phone
            it is one compact row: Cancelar, the record's other moves behind «Más acciones», and Guardar. */}
        <Paper
          ref={setBar}
          withBorder
          radius="md"
          p={phone ? 6 : 'sm'}
          data-save-bar
          style={{ position: 'sticky', bottom: 0, zIndex: 5, background: 'var(--mantine-color-body)', display: barShown ? undefined : 'none' }}
        >
          {phone ? (
            <Group justify="flex-end" wrap="nowrap" gap="xs">
              <Button variant="subtle" color="gray" size="sm" onClick={onCancel} disabled={saving} mr="auto">
                Cancelar
              </Button>
              {/* Above a toast, which on a phone sits right over the bar where this menu opens. */}
              <Popover opened={moreOpen} onChange={setMoreOpen} position="top-end" keepMounted shadow="md" withinPortal zIndex={getDefaultZIndex('max')}>
                <Popover.Target>
                  <ActionIcon variant="default" size={36} aria-label={MORE_ACTIONS_LABEL} onClick={() => setMoreOpen((open) => !open)} style={{ display: hasExtra ? undefined : 'none' }}>
                    <IconDots size={18} />
                  </ActionIcon>
                </Popover.Target>
                <Popover.Dropdown
                  ref={setExtra}
                  p="xs"
                  maw="calc(100vw - 2rem)"
                  onClickCapture={(event) => {
                    // A move pressed here runs (or asks first) on its own: the menu gets out of the way.
                    if ((event.target as HTMLElement).closest('button, a[href]')) setMoreOpen(false);
                  }}
                >
                  {scoped(extraActions)}
                </Popover.Dropdown>
              </Popover>
              {submitButton}
            </Group>
          ) : (
            <Group justify="space-between" wrap="wrap" gap="sm">
              <Group gap="xs" ref={setExtra}>{scoped(extraActions)}</Group>
              <Group gap="xs">
                <Button variant="default" onClick={onCancel} disabled={saving}>
                  Cancelar
                </Button>
                {submitButton}
              </Group>
            </Group>
          )}
        </Paper>
      </Stack>
    </form>
  );
}
