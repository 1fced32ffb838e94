import {
  PAGE_SIZES,
  type CommentLikeResponse,
  type CommentReportRequest,
  type CurrentCommentEvent,
  type MissionComment,
  type Page as ApiPage,
} from '@fanmission/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';

/*
 * The calls of the comments panel.
 */

export function fetchCommentPage(missionId: number, page: number, parentCommentId?: number) {
  return api<ApiPage<MissionComment>>(`/missions/${missionId}/comments/page`, {
    query: {
      page,
      size: PAGE_SIZES.comments,
      ...(parentCommentId === undefined ? { parentOnly: true } : { parentCommentId }),
    },
  }).then((response) => response.data);
}

/** The comment coin event running now, told beside the comment box; asked again after a minute at most. */
export function useCurrentCommentEvent() {
  return useQuery({
    queryKey: ['comment-events', 'current'],
    queryFn: () => api<CurrentCommentEvent>('/comment-events/current').then((response) => response.data.event),
    staleTime: 60_000,
  });
}

export function postComment(missionId: number, content: string, parentCommentId?: number) {
  return api<MissionComment>(`/missions/${missionId}/comments`, {
    method: 'POST',
    body: { content, ...(parentCommentId !== undefined && { parentCommentId }) },
    globalErrors: 'none',
  }).then((response) => response.data);
}

export function editComment(missionId: number, commentId: number, content: string) {
  return api<MissionComment>(`/missions/${missionId}/comments/${commentId}`, {
    method: 'PUT',
    body: { content },
    globalErrors: 'none',
  }).then((response) => response.data);
}

export function deleteComment(missionId: number, commentId: number) {
  return api<MissionComment>(`/missions/${missionId}/comments/${commentId}`, {
    method: 'DELETE',
    globalErrors: 'none',
  }).then((response) => response.data);
}

/** Reports a comment with the reason (or, `null`, takes the report back). */
export function reportComment(missionId: number, commentId: number, report: CommentReportRequest | null) {
  return api<MissionComment>(`/missions/${missionId}/comments/${commentId}/blocks`, {
    method: report ? 'POST' : 'DELETE',
    ...(report && { body: report }),
    globalErrors: 'none',
  }).then((response) => response.data);
}

export function likeComment(commentId: number, liked: boolean) {
  return api<CommentLikeResponse>(`/mission-comments/${commentId}/likes`, {
    method: liked ? 'POST' : 'DELETE',
  }).then((response) => response.data);
}
