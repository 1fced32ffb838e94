import type {
  MissionReview,
  MissionReviewState,
  ReviewHelpfulResponse,
  ReviewPage,
  ReviewReportRequest,
  ReviewRequest,
  ReviewSort,
  ReviewSummary,
} from '@fanmission/contracts';
import { infiniteQueryOptions, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../api/client';
import { queryKeys } from '../api/query-keys';

/*
 * Reviews of completed missions (docs/rules/reviews.md): a mission's review with what the caller may do, a creator's
 * summary and his pages of reviews (by cursor), and the writes. Every write refreshes every review read.
 */

export function useMissionReview(missionId: number, userId: number | null) {
  return useQuery({
    queryKey: queryKeys.reviews.mission(missionId, userId),
    queryFn: async () => (await api<MissionReviewState>(`/missions/${missionId}/review`)).data,
  });
}

export function useReviewSummary(creatorId: number) {
  return useQuery({
    queryKey: queryKeys.reviews.summary(creatorId),
    queryFn: async () =>
      (await api<ReviewSummary>(`/creators/${creatorId}/reviews/summary`, { globalErrors: 'none' })).data,
  });
}

export const reviewPagesQueryOptions = (creatorId: number, sort: ReviewSort, userId: number | null) =>
  infiniteQueryOptions({
    queryKey: queryKeys.reviews.page(creatorId, sort, userId),
    initialPageParam: null as string | null,
    queryFn: async ({ pageParam }) =>
      (
        await api<ReviewPage>(`/creators/${creatorId}/reviews/page`, {
          query: { sort, ...(pageParam !== null && { cursor: pageParam }) },
          globalErrors: 'none',
        })
      ).data,
    getNextPageParam: (last) => last.nextCursor,
  });

export function useReviewPages(creatorId: number, sort: ReviewSort, userId: number | null) {
  return useInfiniteQuery(reviewPagesQueryOptions(creatorId, sort, userId));
}

type Write =
  | { kind: 'create' | 'edit'; missionId: number; body: ReviewRequest }
  | { kind: 'reply' | 'editReply'; reviewId: number; content: string }
  | { kind: 'helpful'; reviewId: number; on: boolean }
  | { kind: 'report'; reviewId: number; body: ReviewReportRequest };

async function write(change: Write): Promise<MissionReview | ReviewHelpfulResponse> {
  const options = { globalErrors: 'none' as const };
  switch (change.kind) {
    case 'create':
    case 'edit':
      return (
        await api<MissionReview>(`/missions/${change.missionId}/review`, {
          method: change.kind === 'create' ? 'POST' : 'PUT',
          body: change.body,
          ...options,
        })
      ).data;
    case 'reply':
    case 'editReply':
      return (
        await api<MissionReview>(`/mission-reviews/${change.reviewId}/reply`, {
          method: change.kind === 'reply' ? 'POST' : 'PUT',
          body: { content: change.content },
          ...options,
        })
      ).data;
    case 'helpful':
      return (
        await api<ReviewHelpfulResponse>(`/mission-reviews/${change.reviewId}/helpful`, {
          method: change.on ? 'POST' : 'DELETE',
          ...options,
        })
      ).data;
    case 'report':
      return (
        await api<MissionReview>(`/mission-reviews/${change.reviewId}/reports`, {
          method: 'POST',
          body: change.body,
          ...options,
        })
      ).data;
  }
}

/** Any review write; once it is done every review read is asked again. */
export function useReviewWrite() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSettled: () => client.invalidateQueries({ queryKey: queryKeys.reviews.all }),
  });
}
