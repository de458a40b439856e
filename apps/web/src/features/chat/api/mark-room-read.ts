import { chatEndpoints } from '@localloop/contract';
import { call } from '../../../api/client.ts';

/** Moves the caller's read receipt up to a message (the server never moves it back). */
export function markRoomRead(roomId: string, messageId: string) {
  return call(chatEndpoints.readChatRoom, { params: { room_id: roomId }, body: { message_id: messageId } });
}
