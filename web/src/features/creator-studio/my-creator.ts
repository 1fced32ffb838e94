import { MY_CREATOR_PATH, type MyCreator } from '@fanmission/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../shared/api/client';

export const myCreatorQueryKey = ['creators', 'me'] as const;

/** `GET /creators/me`: the caller's own creator with bank fields, newbie flags and review. */
export function useMyCreator() {
  return useQuery({
    queryKey: myCreatorQueryKey,
    queryFn: async () => (await api<MyCreator>(MY_CREATOR_PATH)).data,
  });
}
