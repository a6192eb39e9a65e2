import '@mantine/spotlight/styles.css';
import { Group, Loader, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { createSpotlight, Spotlight, useSpotlight } from '@mantine/spotlight';
import { IconBuilding, IconFileInvoice, IconListCheck, IconSearch, IconUser } from '@tabler/icons-react';
import { keepPreviousData } from '@tanstack/react-query';
import { useEffect, useId, useState, type ReactNode } from 'react';
import { useLocation } from 'wouter';
import {
  MAX_SEARCH_QUERY_LENGTH,
  SEARCH_HITS_PER_KIND,
  searchHitPath,
  type SearchGroup,
  type SearchHit,
  type SearchKind,
} from '../../shared/search.js';
import { trpc } from '../trpc.js';
import classes from './SearchPalette.module.css';

/*
 * The back office's Search (docs/product-rules.md, Finding things): Ctrl-K or Cmd-K, or the
 * header's Search button, opens it; the server finds companies, users, invoices and open tasks as
 * the text is typed; arrows move through the hits, Enter opens one. Loaded the first time it opens.
 */

const [paletteStore, palette] = createSpotlight();
export { palette };

/** Typing pauses this long before the server is asked. */
const TYPING_PAUSE_MS = 250;

const KINDS: Record<SearchKind, { label: string; noun: string; icon: ReactNode }> = {
  companies: { label: 'Companies', noun: 'companies', icon: <IconBuilding size={20} aria-hidden /> },
  users: { label: 'Users', noun: 'users', icon: <IconUser size={20} aria-hidden /> },
  invoices: { label: 'Invoices', noun: 'invoices', icon: <IconFileInvoice size={20} aria-hidden /> },
  tasks: { label: 'Open Tasks', noun: 'tasks', icon: <IconListCheck size={20} aria-hidden /> },
};

/** The hits "Show more" added to each kind's first few, for the text they were found for. */
type MoreHits = { text: string; byKind: Partial<Record<SearchKind, SearchHit[]>> };

export function SearchPalette() {
  const [, navigate] = useLocation();
  const utils = trpc.useUtils();
  const [query, setQuery] = useState('');
  const typed = query.trim().slice(0, MAX_SEARCH_QUERY_LENGTH);
  const [text] = useDebouncedValue(typed, TYPING_PAUSE_MS);
  const found = trpc.superadmin.search.find.useQuery({ q: text }, { enabled: text.length > 0, placeholderData: keepPreviousData, staleTime: 10_000 });
  // the hits on screen answer the text in the field: not while typing pauses, nor while the server is asked
  const settled = typed === text && !found.isPlaceholderData;
  const [more, setMore] = useState<MoreHits>({ text: '', byKind: {} });
  const [loadingMore, setLoadingMore] = useState<SearchKind | null>(null);
  const { selected, opened } = useSpotlight(paletteStore);
  const listId = `search-hits-${useId().replace(/:/g, '')}`;

  const groups: SearchGroup[] = text && found.data ? found.data.groups : [];
  const extra = more.text === text ? more.byKind : {};
  const shown = groups.map((group) => ({ ...group, items: [...group.items, ...(extra[group.kind] ?? [])] }));
  const hitCount = shown.reduce((sum, group) => sum + group.total, 0);

  // the ids of the options in the order the arrows walk them, so the field can name the selected one
  const optionIds: string[] = [];
  const optionId = (key: string) => {
    const id = `${listId}-${optionIds.length}-${key}`;
    optionIds.push(id);
    return id;
  };

  // New hits: the first is selected, so Enter opens it. Hits for earlier text stay in view but
  // none is selected, so Enter cannot open one the field no longer asks for. More hits of a kind:
  // the first of them takes the place "Show more" had, and stays selected.
  useEffect(() => {
    if (!opened) return;
    if (settled && found.data) selectSoon(0);
    else if (!settled) selectNone();
  }, [found.data, opened, settled]);
  useEffect(() => {
    if (opened) selectSoon(paletteStore.getState().selected);
  }, [more, opened]);

  const showMore = async (group: SearchGroup & { items: SearchHit[] }) => {
    setLoadingMore(group.kind);
    try {
      const page = Math.floor(group.items.length / SEARCH_HITS_PER_KIND) + 1;
      const answer = await utils.client.superadmin.search.find.query({ q: text, kind: group.kind, page, perPage: SEARCH_HITS_PER_KIND });
      const next = answer.groups[0]?.items ?? [];
      setMore((current) => {
        const byKind = current.text === text ? current.byKind : {};
        return { text, byKind: { ...byKind, [group.kind]: [...(byKind[group.kind] ?? []), ...next] } };
      });
    } finally {
      setLoadingMore(null);
    }
  };

  const open = (kind: SearchKind, hit: SearchHit) => navigate(searchHitPath(kind, hit));

  const status = !typed
    ? 'Type part of a company or user name, an email, an invoice number or a task title.'
    : found.isError && typed === text
      ? 'Search failed. Try again.'
      : found.data === undefined || !settled
        ? 'Searching…'
        : hitCount === 0
          ? `Nothing found for “${text}”.`
          : `${hitCount} found.`;

  return (
    <Spotlight.Root
      store={paletteStore}
      query={query}
      onQueryChange={setQuery}
      shortcut={null}
      scrollable
      maxHeight="min(60vh, 480px)"
      title="Search"
      classNames={{ header: classes.header, action: classes.action }}
    >
      <Spotlight.Search
        placeholder="Search companies, users, invoices, tasks…"
        aria-label="Search companies, users, invoices and tasks"
        role="combobox"
        aria-expanded={hitCount > 0}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={selected >= 0 && hitCount > 0 ? optionIds[selected] : undefined}
        maxLength={MAX_SEARCH_QUERY_LENGTH}
        leftSection={found.isFetching ? <Loader size={18} /> : <IconSearch size={20} stroke={1.5} />}
      />
      <Text size="sm" c="dimmed" px="md" py={6} role="status" aria-live="polite">
        {status}
      </Text>
      <Spotlight.ActionsList id={listId} role="listbox" aria-label="Search results">
        {shown
          .filter((group) => group.items.length > 0)
          .map((group) => (
            <Spotlight.ActionsGroup key={group.kind} label={`${KINDS[group.kind].label} (${group.total})`} role="group" aria-label={KINDS[group.kind].label}>
              {group.items.map((hit) => (
                <Spotlight.Action
                  key={hit._id}
                  id={optionId(hit._id)}
                  role="option"
                  aria-selected={optionIds.length - 1 === selected}
                  label={hit.title}
                  description={hit.detail}
                  leftSection={KINDS[group.kind].icon}
                  onClick={() => open(group.kind, hit)}
                />
              ))}
              {group.items.length < group.total && (
                <Spotlight.Action
                  id={optionId(`more-${group.kind}`)}
                  role="option"
                  aria-selected={optionIds.length - 1 === selected}
                  closeSpotlightOnTrigger={false}
                  onClick={() => void showMore(group)}
                >
                  <Group gap="xs" px="xs" py={4}>
                    {loadingMore === group.kind && <Loader size={14} />}
                    <Text size="sm" className={classes.more}>
                      Show more {KINDS[group.kind].noun} ({group.total - group.items.length} more)
                    </Text>
                  </Group>
                </Spotlight.Action>
              )}
            </Spotlight.ActionsGroup>
          ))}
      </Spotlight.ActionsList>
    </Spotlight.Root>
  );
}

/** Unselects every hit, as when the field's text has moved on from the hits shown. */
function selectNone() {
  const { listId } = paletteStore.getState();
  if (listId) for (const hit of document.getElementById(listId)?.querySelectorAll('[data-selected]') ?? []) hit.removeAttribute('data-selected');
  paletteStore.updateState((state) => ({ ...state, selected: -1 }));
}

/**
 * Marks the hit at `index` selected once the list on screen has it, as the palette's arrow keys do
 * (the data-selected attribute on the hit, its index in the store), since hits arrive after the
 * text that found them.
 */
function selectSoon(index: number) {
  queueMicrotask(() => {
    const { listId } = paletteStore.getState();
    const hits = listId ? [...(document.getElementById(listId)?.querySelectorAll<HTMLElement>('[data-action]') ?? [])] : [];
    if (hits.length === 0) return;
    const chosen = Math.min(Math.max(0, index), hits.length - 1);
    for (const hit of hits) hit.removeAttribute('data-selected');
    hits[chosen]!.setAttribute('data-selected', 'true');
    paletteStore.updateState((state) => ({ ...state, selected: chosen }));
  });
}
