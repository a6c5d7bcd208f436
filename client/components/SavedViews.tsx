// "Vistas" on every list screen: save the list as it is now (search, filters,
// sort, page size: the URL's query string, page aside) under a name, and come
// back to it from the menu. Views are kept on the server, per person.
import { useContext, useState } from 'react';
import { ActionIcon, Button, Group, Menu, Modal, Stack, Text, TextInput } from '@mantine/core';
import { IconBookmark, IconChevronDown, IconDeviceFloppy, IconTrash } from '@tabler/icons-react';
import { useForm } from '@mantine/form';
import { getApolloContext } from '@apollo/client/react';
import { useLocation, useNavigate } from 'react-router-dom';
import { MySavedViewsDocument, SavedViewDeleteDocument, SavedViewSaveDocument, type MySavedViewsQuery } from '../../generated/components/graphql';
import { readGraphQLError } from './graphqlErrors';
import { notifyError, notifySuccess } from './notify';
import { useFormSave } from './useFormSave';

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
  const form = useForm({ mode: 'controlled', initialValues: { name: '' } });
  // A message about the name goes under it; any other failure in a notice (the dialog has no room for an alert).
  const { save: runSave, saving } = useFormSave({
    form,
    fields: ['name'],
    onSaved: () => {
      setNaming(false);
      form.reset();
      setViews(null);
    },
    asNotice: (e) => !e.fields.name,
    noticeTitle: VIEW_TEXTS.failed,
  });
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

  const save = () =>
    runSave(async ({ name }) => {
      const r = await client.mutate({ mutation: SavedViewSaveDocument, variables: { input: { path, name, query: current } } });
      return VIEW_TEXTS.saved(r.data?.savedViewSave.name ?? name);
    });

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
            <TextInput label={VIEW_TEXTS.name} placeholder={VIEW_TEXTS.namePlaceholder} maxLength={60} data-autofocus {...form.getInputProps('name')} />
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
