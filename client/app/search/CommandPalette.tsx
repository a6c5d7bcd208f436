// The command palette (Ctrl+K / ⌘K, or the search button in the header):
// jump to any screen the user may open, or to a record by folio, RFC,
// number or name (clients, quotes, invoices, suppliers, expenses, employees,
// articles), each kind only when the user may see its screen.
import { useEffect, useMemo, useState } from 'react';
import { Group, Kbd, Text, UnstyledButton } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { createSpotlight, Spotlight, useSpotlight, type SpotlightActionData, type SpotlightActionGroupData } from '@mantine/spotlight';
import '@mantine/spotlight/styles.css';
import { IconFileText, IconLayoutGrid, IconSearch } from '@tabler/icons-react';
import { useQuery } from '@apollo/client/react';
import { useNavigate } from 'react-router-dom';
import { QuickSearchDocument } from '../../../generated/app/graphql';
import { buildAbility } from '../../../schema/abilities';
import { useSession } from '../session/session';
import { matchScreens, paletteScreens, recordPath } from './palette';

export const PALETTE_TEXTS = {
  button: 'Buscar',
  placeholder: 'Pantalla, folio, RFC o nombre…',
  nothingFound: 'Nada coincide.',
  screens: 'Pantallas',
  records: 'Registros',
  searching: 'Buscando registros…',
} as const;

const [paletteStore, palette] = createSpotlight();

/**
 * Marks the first result as selected, so Enter opens it without pressing ↓ first. Mantine selects
 * the first action only when its own store holds the query; here the query is ours and the record
 * hits arrive after it, replacing the list (and the element that carried the selection).
 */
function selectFirstResult(): void {
  const { listId } = paletteStore.getState();
  const list = listId ? document.getElementById(listId) : null;
  const first = list?.querySelector('[data-action]');
  if (!list || !first) return;
  list.querySelector('[data-selected]')?.removeAttribute('data-selected');
  first.setAttribute('data-selected', 'true');
  paletteStore.updateState((state) => ({ ...state, selected: 0 }));
}

export function CommandPalette() {
  const navigate = useNavigate();
  const session = useSession();
  const [query, setQuery] = useState('');
  const [term] = useDebouncedValue(query.trim(), 250);
  const screens = useMemo(() => {
    const ability = buildAbility(session.rules);
    return paletteScreens((action, subject) => ability.can(action, subject));
  }, [session.rules]);
  const records = useQuery(QuickSearchDocument, { variables: { term, limit: 5 }, skip: term.length < 2, fetchPolicy: 'network-only' });

  const actions: (SpotlightActionData | SpotlightActionGroupData)[] = [];
  const shown = matchScreens(screens, query);
  if (shown.length) {
    actions.push({
      group: PALETTE_TEXTS.screens,
      actions: shown.map((s) => ({ id: `screen:${s.path}`, label: s.label, description: s.description, leftSection: <IconLayoutGrid size={18} stroke={1.5} />, onClick: () => void navigate(s.path) })),
    });
  }
  const hits = term.length >= 2 && term === query.trim() ? (records.data?.quickSearch ?? []) : [];
  const openable = hits.flatMap((h) => {
    const path = recordPath(h.entity, h.id);
    return path ? [{ id: `record:${h.entity}:${h.id}`, label: h.label, description: h.description, leftSection: <IconFileText size={18} stroke={1.5} />, onClick: () => void navigate(path) }] : [];
  });
  if (openable.length) actions.push({ group: PALETTE_TEXTS.records, actions: openable });

  const { opened } = useSpotlight(paletteStore);
  const shownIds = actions.flatMap((group) => ('actions' in group ? group.actions.map((a) => a.id) : [group.id])).join('|');
  useEffect(() => {
    if (!opened || !shownIds) return;
    // After the modal's portal has painted the new list.
    const frame = requestAnimationFrame(selectFirstResult);
    return () => cancelAnimationFrame(frame);
  }, [opened, shownIds]);

  return (
    <>
      <UnstyledButton onClick={() => palette.open()} aria-label={PALETTE_TEXTS.button} px="xs" py={4} style={{ border: '1px solid var(--mantine-color-default-border)', borderRadius: 'var(--mantine-radius-sm)' }}>
        <Group gap={6} wrap="nowrap">
          <IconSearch size={16} stroke={1.6} />
          <Text size="sm" c="dimmed" visibleFrom="sm">{PALETTE_TEXTS.button}</Text>
          <Kbd size="xs" visibleFrom="sm">Ctrl K</Kbd>
        </Group>
      </UnstyledButton>
      <Spotlight
        store={paletteStore}
        actions={actions}
        filter={(_q, a) => a}
        query={query}
        onQueryChange={setQuery}
        shortcut="mod + K"
        tagsToIgnore={[]}
        nothingFound={records.loading ? PALETTE_TEXTS.searching : PALETTE_TEXTS.nothingFound}
        highlightQuery
        scrollable
        maxHeight={420}
        searchProps={{ leftSection: <IconSearch size={18} stroke={1.5} />, placeholder: PALETTE_TEXTS.placeholder, 'aria-label': PALETTE_TEXTS.placeholder }}
      />
    </>
  );
}
