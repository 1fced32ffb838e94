import { MY_CREATOR_PATH, type MyCreator } from '@fanmission/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../shared/api/client';
import { refetchWhilePending } from '../../shared/media/pending';

export const myCreatorQueryKey = ['creators', 'me'] as const;

/** `GET /creators/me`: the caller's own creator with bank fields, newbie flags and review. */
export function useMyCreator() {
  return useQuery({
    queryKey: myCreatorQueryKey,
    queryFn: async () => (await api<MyCreator>(MY_CREATOR_PATH)).data,
    // A new intro plays once converted, without a reload.
    refetchInterval: refetchWhilePending((creator: MyCreator) => [creator.intro, creator.avatar]),
  });
}
