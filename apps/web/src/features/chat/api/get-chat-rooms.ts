import { chatEndpoints } from '@localloop/contract';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../api/client.ts';
import { useAccountId } from '../../../session/auth-context.tsx';

export const chatRoomsKeyPrefix = ['chat', 'rooms'] as const;

/** The rooms of an activity the caller is in (the group room first), with unread counts and read receipts. */
export function useChatRooms(activityId: string, enabled = true) {
  const viewerId = useAccountId();
  return useQuery({
    queryKey: [...chatRoomsKeyPrefix, activityId, viewerId],
    queryFn: ({ signal }) => call(chatEndpoints.chatRooms, { params: { id: activityId }, signal }),
    enabled,
  });
}
