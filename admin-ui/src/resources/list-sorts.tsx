import { Children, cloneElement, isValidElement, useEffect, type ReactNode } from 'react';
import { useListContext, useNotify, useResourceContext, useTranslate, type SortPayload } from 'react-admin';

/*
 * A console list sorts by the fields its contract names (ADMIN_LIST_SORT_FIELDS in contracts/src/admin-lists.ts), the
 * same list the server validates `sort` against: a header is sortable exactly when its field is one of them, and a
 * sort the server refuses anyway (one stored by an older console, or typed into the address) is dropped.
 */

interface ColumnProps {
  source?: string;
  sortBy?: string;
  sortable?: boolean;
}

/** The columns with `sortable` set from the list's sort fields: a column's field is its `sortBy`, else its `source`. */
export function withContractSorts(children: ReactNode, sortFields: readonly string[]): ReactNode {
  return Children.map(children, (child) => {
    if (!isValidElement<ColumnProps>(child)) return child;
    const field = child.props.sortBy ?? child.props.source;
    if (field === undefined) return child;
    return cloneElement(child, { sortable: sortFields.includes(field) });
  });
}

/** Whether a list's error is the server's refusal of its sort: a 400 whose sub-errors name `sort`. */
export function isRefusedSort(error: unknown): boolean {
  if (error === null || typeof error !== 'object') return false;
  const { status, body } = error as { status?: number; body?: { subErrors?: { field?: string }[] } };
  if (status !== 400) return false;
  return (body?.subErrors ?? []).some(({ field }) => field === 'sort' || field?.startsWith('sort[') === true);
}

/**
 * Inside a list: when the server refuses the list's sort, the sort goes back to the list's default (in the address
 * and in react-admin's store, so that no later visit asks for it again) and a warning names the column.
 */
export function DropRefusedSort({ defaultSort }: { defaultSort: SortPayload }) {
  const { error, sort, setSort } = useListContext();
  const resource = useResourceContext();
  const notify = useNotify();
  const translate = useTranslate();
  const refused = isRefusedSort(error);
  const isDefault = sort.field === defaultSort.field && sort.order === defaultSort.order;
  useEffect(() => {
    if (!refused || isDefault) return;
    const field = translate(`resources.${resource}.fields.${sort.field}`, { _: sort.field });
    setSort(defaultSort);
    notify('console.list.sortRefused', { type: 'warning', messageArgs: { field } });
  }, [refused, isDefault, sort.field, resource, defaultSort, setSort, notify, translate]);
  return null;
}
