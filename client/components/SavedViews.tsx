// "Vistas" on every list screen: save the list as it is now (search, filters,
// sort, page size: the URL's query string, page aside) under a name, and come
// back to it from the menu. Views are kept on the server, per person.
import { useContext, useState } from 'react';
import { ActionIcon, Button, Group, Menu, Modal, Stack, Text, TextInput } from '@mantine/core';
import { IconBookmark, IconChevronDown, IconDeviceFloppy, IconTrash } from '@tabler/icons-react';
import { getApolloContext } from '@apollo/client/react';
import { useLocation, useNavigate } from 'react-router-dom';
import { MySavedViewsDocument, SavedViewDeleteDocument, SavedViewSaveDocument, type MySavedViewsQuery } from '../../generated/graphql';
import { readGraphQLError } from './graphqlErrors';
import { notifyError, notifySuccess } from './notify';

export const VIEW_TEXTS = {
  button: 'Vistas',
  none: 'Aún no guardas vistas de esta lista.',
  save: 'Guardar vista actual…',
  saveTitle: 'Guardar vista',
  name: 'Nombre de la vista',
  namePlaceholder: 'p. ej. Vencidas de este mes',
  help: 'Guarda la búsqueda, los filtros, el orden y el tamaño de página de la lista.',
  saved: (name: string) => `Vista «${name}» guardada.`,
  deleted: (name: string) => `Vista «${name}» borrada.`,
  remove: (name: string) => `Borrar la vista ${name}`,
  cancel: 'Cancelar',
  confirm: 'Guardar',
  failed: 'No se pudo guardar la vista',
} as const;

type View = MySavedViewsQuery['mySavedViews'][number];

/** The list's query string as a view keeps it: without "?" and without the page number. */
export function viewQuery(search: string): string {
  const params = new URLSearchParams(search.startsWith('?') ? search.slice(1) : search);
  params.delete('page');
  params.sort();
  return params.toString();
}

export function SavedViewsMenu() {
  // Lists rendered without a GraphQL client (unit tests of the presenters) simply have no views.
  const { client } = useContext(getApolloContext());
  const location = useLocation();
  const navigate = useNavigate();
  const [views, setViews] = useState<View[] | null>(null);
  const [naming, setNaming] = useState(false);
  const [name, setName] = useState('');
  const [nameError, setNameError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  if (!client) return null;
  const path = location.pathname;
  const current = viewQuery(location.search);

  const load = async () => {
    try {
      const r = await client.query({ query: MySavedViewsDocument, variables: { path }, fetchPolicy: 'network-only' });
      setViews(r.data?.mySavedViews ?? []);
    } catch (caught) {
      notifyError(readGraphQLError(caught)?.message ?? VIEW_TEXTS.failed);
    }
  };

  const save = async () => {
    setSaving(true);
    setNameError(null);
    try {
      const r = await client.mutate({ mutation: SavedViewSaveDocument, variables: { input: { path, name, query: current } } });
      notifySuccess(VIEW_TEXTS.saved(r.data?.savedViewSave.name ?? name));
      setNaming(false);
      setName('');
      setViews(null);
    } catch (caught) {
      const e = readGraphQLError(caught);
      if (e?.fields?.name) setNameError(e.fields.name);
      else notifyError(e?.message ?? VIEW_TEXTS.failed, VIEW_TEXTS.failed);
    } finally {
      setSaving(false);
    }
  };

  const remove = async (view: View) => {
    try {
      await client.mutate({ mutation: SavedViewDeleteDocument, variables: { id: view.id } });
      notifySuccess(VIEW_TEXTS.deleted(view.name));
      setViews((list) => (list ?? []).filter((v) => v.id !== view.id));
    } catch (caught) {
      notifyError(readGraphQLError(caught)?.message ?? VIEW_TEXTS.failed);
    }
  };

  return (
    <>
      <Menu position="bottom-end" withinPortal onOpen={() => void load()} closeOnItemClick>
        <Menu.Target>
          <Button variant="default" leftSection={<IconBookmark size={16} />} rightSection={<IconChevronDown size={14} />}>
            {VIEW_TEXTS.button}
          </Button>
        </Menu.Target>
        <Menu.Dropdown miw={260}>
          {views === null ? null : views.length === 0 ? (
            <Text size="sm" c="dimmed" px="sm" py={6}>{VIEW_TEXTS.none}</Text>
          ) : (
            views.map((view) => (
              <Menu.Item
                key={view.id}
                fw={view.query === current ? 600 : undefined}
                onClick={() => void navigate(view.query ? `${path}?${view.query}` : path)}
                rightSection={
                  <ActionIcon
                    component="span"
                    size="sm"
                    variant="subtle"
                    color="red"
                    aria-label={VIEW_TEXTS.remove(view.name)}
                    onClick={(event) => {
                      event.stopPropagation();
                      void remove(view);
                    }}
                  >
                    <IconTrash size={14} />
                  </ActionIcon>
                }
              >
                {view.name}
              </Menu.Item>
            ))
          )}
          <Menu.Divider />
          <Menu.Item leftSection={<IconDeviceFloppy size={14} />} onClick={() => setNaming(true)}>
            {VIEW_TEXTS.save}
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
      <Modal opened={naming} onClose={() => setNaming(false)} title={VIEW_TEXTS.saveTitle} centered>
        <form
          onSubmit={(event) => {
            event.preventDefault();
            event.stopPropagation();
            void save();
          }}
        >
          <Stack gap="sm">
            <Text size="sm" c="dimmed">{VIEW_TEXTS.help}</Text>
            <TextInput label={VIEW_TEXTS.name} placeholder={VIEW_TEXTS.namePlaceholder} value={name} error={nameError} maxLength={60} data-autofocus onChange={(e) => setName(e.currentTarget.value)} />
            <Group justify="flex-end" gap="xs">
              <Button variant="default" onClick={() => setNaming(false)}>{VIEW_TEXTS.cancel}</Button>
              <Button type="submit" loading={saving}>{VIEW_TEXTS.confirm}</Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </>
  );
}
