import { CreateButton, ExportButton, FilterButton, TopToolbar } from 'react-admin';

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
