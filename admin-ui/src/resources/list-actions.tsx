import type { ReactNode } from 'react';
import { CreateButton, Datagrid, ExportButton, FilterButton, List, TopToolbar, type ListProps } from 'react-admin';
import { useCanWrite } from '../permissions';

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

export type ConsoleListProps = Omit<ListProps, 'children'> & {
  /** What a click on a row opens; nothing by default. */
  rowClick?: 'show' | 'edit' | false;
  children: ReactNode;
};

/** A console list: one table of the records, no bulk actions. */
export function ConsoleList({ rowClick = false, children, ...listProps }: ConsoleListProps) {
  return (
    <List {...listProps}>
      <Datagrid rowClick={rowClick} bulkActionButtons={false}>
        {children}
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
