import { chatEndpoints } from '@localloop/contract';
import type { ChatRequestDecision } from '@localloop/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../api/client.ts';
import { useAccountId } from '../../../session/auth-context.tsx';
import { activityKeyPrefix } from './get-activity.ts';

const chatRequestsKeyPrefix = ['activities', 'chat-requests'] as const;

/** The pending chat requests of an activity: its host's to answer. */
export function useChatRequests(activityId: string, enabled: boolean) {
  const viewerId = useAccountId();
  return useQuery({
    queryKey: [...chatRequestsKeyPrefix, activityId, viewerId],
    queryFn: ({ signal }) => call(chatEndpoints.chatRequests, { params: { id: activityId }, signal }),
    enabled,
  });
}

/** Asks the host for a one-to-one chat about the activity; the page then shows the request's state. */
export function useAskHost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ activityId, message }: { activityId: string; message: string }) => call(chatEndpoints.createChatRequest, { body: { activity_id: activityId, message } }),
    onSettled: (_result, _error, { activityId }) => queryClient.invalidateQueries({ queryKey: [...activityKeyPrefix, activityId] }),
  });
}

/** The host accepts (opening a one-to-one room) or declines chat requests, several at once, all or nothing. */
export function useDecideChatRequests() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ decisions }: { activityId: string; decisions: ChatRequestDecision[] }) => call(chatEndpoints.acceptChatRequests, { body: decisions }),
    onSettled: (_result, _error, { activityId }) =>
      Promise.all([queryClient.invalidateQueries({ queryKey: [...chatRequestsKeyPrefix, activityId] }), queryClient.invalidateQueries({ queryKey: ['chat', 'rooms', activityId] })]),
  });
}
