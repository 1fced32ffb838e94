import { adminListSortFields } from '@fanmission/contracts';
import { Box, useMediaQuery, type Theme } from '@mui/material';
import { Children, cloneElement, isValidElement, useEffect, type ReactElement, type ReactNode } from 'react';
import {
  CreateButton,
  Datagrid,
  ExportButton,
  FilterButton,
  List,
  TopToolbar,
  useNotify,
  useResourceContext,
  useTranslateLabel,
  type DatagridProps,
  type ListProps,
  type SortPayload,
} from 'react-admin';
import { consoleExporter } from '../csv-export';
import { useCanWrite } from '../permissions';
import { DropRefusedSort, isRefusedSort, withContractSorts } from './list-sorts';

/** List actions with the create button only for roles that may write to the resource. */
export function ListActions({ create, filters = false }: { create: boolean; filters?: boolean }) {
  return (
    <TopToolbar>
      {filters && <FilterButton />}
      {create && <CreateButton />}
      <ExportButton />
    </TopToolbar>
  );
}

/**
 * Whether the console has room for a list's every column (900 px and wider, MUI's `md`). Below that (a tablet, 768 px)
 * the wide lists show their essential columns only (the rest is on the record's show page or in the export); react-admin's
 * own responsive-list pattern (`useMediaQuery`).
 */
export function useWideConsole(): boolean {
  return useMediaQuery((theme: Theme) => theme.breakpoints.up('md'), { noSsr: true });
}

/**
 * Whether the console is on a phone (narrower than 600 px, MUI's `sm`): every list's rows are cards there, as the web
 * app's income and coin history tables are.
 */
export function usePhoneConsole(): boolean {
  return useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'), { noSsr: true });
}

/** Marks a list shown as cards, and the label of a value in its card. */
const CARDS_CLASS = 'ConsoleList-cards';
const CARD_LABEL_CLASS = 'ConsoleList-cardLabel';

type ColumnProps = { source?: string; label?: string | false; children?: ReactNode };

/**
 * A column's value in a card: its label (the header it has in the table) before it. It keeps the column's own props, so
 * that the table's header and sort read them as they read the column's.
 */
function CardCell({ column, ...props }: ColumnProps & { column: ReactElement<ColumnProps> }) {
  const resource = useResourceContext();
  const translateLabel = useTranslateLabel();
  const label =
    props.label === false ? '' : translateLabel({ label: props.label, resource, source: props.source ?? '' });
  return (
    <>
      {label !== '' && <span className={CARD_LABEL_CLASS}>{label}</span>}
      {column}
    </>
  );
}

/** A list's columns as card lines: each column's element inside a CardCell that carries its props. */
function asCardCells(children: ReactNode): ReactNode {
  return Children.map(children, (child) =>
    isValidElement<ColumnProps>(child)
      ? cloneElement(<CardCell {...child.props} column={child} />, { key: child.key ?? undefined })
      : child,
  );
}

/**
 * A list's decisions (block, confirm, mark paid…) in one column (headed `label="console.actions.column"`), the buttons wrapping onto lines of
 * their own instead of one column per button (whose headers would be the buttons' names).
 */
export function ActionsColumn({ children }: { label: string; children: ReactNode }) {
  return (
    <Box className={ACTIONS_CLASS} sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, minWidth: 96 }}>
      {children}
    </Box>
  );
}

/** Marks a list's actions column, which ConsoleList keeps in view at the right edge of its table. */
const ACTIONS_CLASS = 'ConsoleActions';

/** For a text column whose values may be long (e-mails, comments, names): it wraps anywhere instead of widening the table. */
export const WRAP = { overflowWrap: 'anywhere' } as const;

/**
 * For a column of names on a narrow table: a few characters stay on a line (a squeezed column broke "member8" one
 * syllable per line), a long name wraps anywhere beyond that.
 */
export const NAME_TEXT = { display: 'inline-block', minWidth: '5em', overflowWrap: 'anywhere' } as const;

/**
 * For a column of sentences (a reason, an objection): a readable width of its own, broken between words (a narrow
 * column broke Korean one syllable per line), a very long word anywhere.
 */
export const READABLE_TEXT = {
  display: 'block',
  minWidth: '10em',
  maxWidth: '24em',
  wordBreak: 'keep-all',
  overflowWrap: 'anywhere',
} as const;

export type ConsoleListProps = Omit<ListProps, 'children'> & {
  /** What a click on a row opens; nothing by default. */
  rowClick?: 'show' | 'edit' | false;
  /** The actions on the rows selected, and which rows may be selected; no selection by default. */
  bulkActionButtons?: DatagridProps['bulkActionButtons'];
  isRowSelectable?: DatagridProps['isRowSelectable'];
  children: ReactNode;
};

/** react-admin's order of a list that names none. */
const REACT_ADMIN_DEFAULT_SORT: SortPayload = { field: 'id', order: 'ASC' };

/**
 * Names each row's selection checkbox on its input, where a screen reader looks: react-admin's DatagridRow gives MUI's
 * Checkbox an `aria-label`, which lands on its span (axe: `label`, `aria-prohibited-attr`). Moved as rows appear; React
 * leaves the attribute alone afterwards (its value never changes).
 */
function LabelRowCheckboxes() {
  useEffect(() => {
    const relabel = () => {
      for (const span of document.querySelectorAll<HTMLElement>('.select-item[aria-label]')) {
        span.querySelector('input')?.setAttribute('aria-label', span.getAttribute('aria-label') ?? '');
        span.removeAttribute('aria-label');
      }
    };
    relabel();
    const observer = new MutationObserver(relabel);
    observer.observe(document.body, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, []);
  return null;
}

/**
 * A console list: one table of the records (on a phone, one card a record), no bulk actions unless it names them. Headers break between words only (Korean headers do not
 * split inside a word); long texts (e-mails, comments, names) wrap anywhere so that no cell widens the table. A
 * column's header sorts exactly when the list's contract names its field (`withContractSorts`); a sort the server
 * refuses is dropped for the list's default order, with a warning instead of the generic error.
 */
export function ConsoleList({
  rowClick = false,
  bulkActionButtons = false,
  isRowSelectable,
  children,
  ...listProps
}: ConsoleListProps) {
  const resource = useResourceContext(listProps) ?? '';
  const notify = useNotify();
  const phone = usePhoneConsole();
  const columns = withContractSorts(children, adminListSortFields(resource));
  const defaultSort = listProps.sort ?? REACT_ADMIN_DEFAULT_SORT;
  return (
    <List
      exporter={consoleExporter}
      {...listProps}
      sort={defaultSort}
      queryOptions={{
        ...listProps.queryOptions,
        onError: (error: Error) => {
          if (isRefusedSort(error)) return;
          notify(error.message || 'ra.notification.http_error', { type: 'error', messageArgs: { _: error.message } });
        },
      }}
    >
      <DropRefusedSort defaultSort={defaultSort} />
      {bulkActionButtons !== false && <LabelRowCheckboxes />}
      <Datagrid
        rowClick={rowClick}
        bulkActionButtons={bulkActionButtons}
        {...(isRowSelectable && { isRowSelectable })}
        {...(phone && { className: CARDS_CLASS, header: () => null })}
        sx={(theme) => ({
          // Narrower cell padding below 900 px: eight columns' padding alone is a third of a tablet's width.
          [theme.breakpoints.down('md')]: { '& .MuiTableCell-root': { paddingLeft: '8px', paddingRight: '8px' } },
          '& .MuiTableCell-head': { wordBreak: 'keep-all', lineHeight: 1.3 },
          '& .MuiTableCell-body .MuiButton-root': { wordBreak: 'keep-all' },
          // The actions column (the last) stays at the right edge while a wide table scrolls sideways, on a phone too.
          [`& td:has(> .${ACTIONS_CLASS}), &:has(td > .${ACTIONS_CLASS}) th:last-child`]: {
            position: 'sticky',
            right: 0,
            zIndex: 1,
            backgroundColor: theme.palette.background.paper,
            boxShadow: `-1px 0 0 ${theme.palette.divider}`,
          },
          // Above the other headers, which stick to the top over the rows (z-index 2).
          [`&:has(td > .${ACTIONS_CLASS}) th:last-child`]: { zIndex: 3 },
          // The selection's actions take their own room above the table (react-admin draws them 48 px up, over the
          // filters, where the table's scrolling box hides them), wrapping on a phone.
          '& .RaBulkActionsToolbar-toolbar:not(.RaBulkActionsToolbar-collapsed)': {
            position: 'relative',
            transform: 'none',
            flexWrap: 'wrap',
            height: 'auto',
            rowGap: theme.spacing(0.5),
            py: 0.5,
          },
          // On a phone each row is a card of "label: value" lines, the whole width of the screen: no column is
          // squeezed to two characters and nothing scrolls sideways.
          [`&.${CARDS_CLASS}`]: {
            '& .RaDatagrid-tableWrapper, & table, & tbody': { display: 'block', width: '100%' },
            '& tbody > tr': {
              display: 'block',
              height: 'auto',
              margin: theme.spacing(1, 0),
              padding: theme.spacing(0.5, 0),
              border: `1px solid ${theme.palette.divider}`,
              borderRadius: `${theme.shape.borderRadius}px`,
            },
            '& tbody > tr > td': {
              display: 'grid',
              gridTemplateColumns: 'minmax(6.5em, 35%) minmax(0, 1fr)',
              columnGap: theme.spacing(1.5),
              alignItems: 'baseline',
              border: 'none',
              padding: theme.spacing(0.5, 1.5),
              textAlign: 'left',
              overflowWrap: 'anywhere',
            },
            [`& tbody > tr > td:not(:has(> .${CARD_LABEL_CLASS}))`]: { display: 'block' },
            [`& .${CARD_LABEL_CLASS}`]: {
              ...theme.typography.body2,
              color: theme.palette.text.secondary,
              wordBreak: 'keep-all',
            },
            // The actions are the card's last line, in place (no sticky column on a card).
            [`& td:has(> .${ACTIONS_CLASS})`]: { position: 'static', boxShadow: 'none' },
          },
        })}
      >
        {phone ? asCardCells(columns) : columns}
      </Datagrid>
    </List>
  );
}

/**
 * A list of a resource the staff may edit: roles that may write to it get the create button and open a row's edit
 * form; the others read it.
 */
export function WritableList({
  resource,
  children,
  ...listProps
}: Omit<ConsoleListProps, 'rowClick' | 'actions' | 'resource'> & { resource: string }) {
  const canWrite = useCanWrite(resource);
  return (
    <ConsoleList {...listProps} actions={<ListActions create={canWrite} />} rowClick={canWrite ? 'edit' : false}>
      {children}
    </ConsoleList>
  );
}
